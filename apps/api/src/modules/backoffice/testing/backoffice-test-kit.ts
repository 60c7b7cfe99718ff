import { randomUUID } from 'node:crypto';
import { base32Decode, totp } from '@tessera/server/accounts';
import { ControllableFeed } from '@tessera/server/bets';
import type { Database } from '@tessera/server/db';
import { recordDeposit, reserveWithdrawal } from '@tessera/server/ledger';
import type { DocumentStorage } from '@tessera/server/verification';
import type { BackofficeRole } from '@tessera/shared/contract-api';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp } from '../../../testing/test-app';
import { ScriptedFeed, SteppedScheduler } from '../../bets/testing/bets-test-kit';

/** The console's app over the fixture brands (northbet, sunplay; brokenbet and malformed refused). */
export async function buildBackofficeApp(
  db: Database,
  options: { clock: () => Date; storage?: DocumentStorage; consoleDir?: string },
): Promise<FastifyInstance> {
  const app = await buildTestApp(db, {
    rateLimitPerMinute: 100_000,
    logger: false,
    clock: options.clock,
    feed: { provider: new ControllableFeed(new ScriptedFeed()), flushIntervalMs: 60_000 },
    payments: { sandbox: { scheduler: new SteppedScheduler(), confirmDelayMs: 0 }, withdrawalSweepMs: 0 },
    ...(options.storage ? { verification: { storage: options.storage } } : {}),
    // The console's settings come from the environment, as on a real server.
    environment: {
      BACKOFFICE_HOSTS: 'localhost,ops.example',
      ...(options.consoleDir ? { BACKOFFICE_DIST_DIR: options.consoleDir } : {}),
    },
  });
  await app.ready();
  return app;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An operator's browser on the console: keeps the operator cookie and sends the console's exact origin. */
export class ConsoleBrowser {
  token: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'localhost',
    readonly ip = '10.9.0.1',
  ) {}

  async request(method: Method, url: string, payload?: object, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        origin: `http://${this.host}`,
        'user-agent': 'Vitest console',
        ...(this.token ? { cookie: `tessera_op=${this.token}` } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
    const cookie = (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'tessera_op');
    if (cookie) this.token = cookie.value || undefined;
    return res;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request('GET', url);
  }

  post(url: string, payload: object = {}): Promise<LightMyRequestResponse> {
    return this.request('POST', url, payload);
  }
}

/** The authenticator's code for a base32 secret at a moment. */
export function codeAt(secret: string, at: Date): string {
  return totp(base32Decode(secret), at.getTime());
}

/**
 * A signed-in operator of a role: created through the development endpoint (as browser tests do), signed in with the
 * initial password, the authenticator enrolled and its first code given.
 */
export async function signedInOperator(
  app: FastifyInstance,
  now: () => Date,
  role: BackofficeRole,
  brands: string[] = ['*'],
): Promise<{ browser: ConsoleBrowser; email: string; id: string; secret: string; password: string }> {
  const browser = new ConsoleBrowser(app);
  const email = `${role}-${randomUUID().slice(0, 8)}@ops.example`;
  const created = await browser.post('/__dev/backoffice/operators', { email, role, brands });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const { initialPassword: password, operator } = created.json() as {
    initialPassword: string;
    operator: { id: string };
  };
  const first = await browser.post('/backoffice/api/session', { email, password });
  if (first.statusCode !== 200) throw new Error(`sign-in answered ${first.statusCode}: ${first.body}`);
  const { secret } = (await browser.post('/backoffice/api/session/totp/enrol')).json() as { secret: string };
  const second = await browser.post('/backoffice/api/session/totp', { code: codeAt(secret, now()) });
  if (second.statusCode !== 200) throw new Error(`totp answered ${second.statusCode}: ${second.body}`);
  return { browser, email, id: operator.id, secret, password };
}

/** A player row of a brand (what registration writes, as far as the console reads it). */
export async function insertPlayer(
  db: Database,
  brandId: string,
  fields: { email?: string; phone?: string; firstName?: string; lastName?: string } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into accounts_users (brand_id, email, phone, first_name, last_name, currency, country, registration_variant,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'EUR', 'kz', 'full', $6, $6) returning id::text as id`,
    [
      brandId,
      fields.email ?? null,
      fields.phone ?? null,
      fields.firstName ?? null,
      fields.lastName ?? null,
      new Date(),
    ],
  );
  return rows[0]?.id ?? '';
}

/** A withdrawal of a player waiting for a person: the deposit, the row and its ledger reserve. */
export async function waitingWithdrawal(
  db: Database,
  brandId: string,
  userId: string,
  amountMinor: number,
): Promise<string> {
  const id = randomUUID();
  const owner = { brandId, userId, currency: 'EUR' };
  const now = new Date();
  await recordDeposit(db, { ...owner, amount: amountMinor * 2, provider: 'test', reference: randomUUID() });
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into cashier_withdrawals (id, brand_id, user_id, country, currency, amount, request_id, method,
         method_reference, method_last4, state, created_at, updated_at)
       values ($1, $2, $3, 'kz', 'EUR', $4, $5, 'deposit', 'dep-1', '4242', 'requested', $6, $6)`,
      [id, brandId, userId, amountMinor, randomUUID(), now],
    );
    await reserveWithdrawal(tx, { ...owner, amount: amountMinor, withdrawalId: id });
  });
  return id;
}

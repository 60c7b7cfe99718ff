import { fileURLToPath } from 'node:url';
import type { Database } from '@tessera/server/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import type { BuildAppOptions } from '../../../app';

/** accountbet (kz default: phone, fast, full, short, SMS sign-in; de: no phone or fast variant, min age 21) and otherbet. */
export const accountBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** A clock tests move by hand. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A clock starting at a fixed moment. */
export function testClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)): TestClock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => void (at += ms) };
}

/** The app over the account fixture brands with a movable clock. */
export async function buildAccountsApp(
  db: Database,
  clock: TestClock,
  overrides: Partial<BuildAppOptions> = {},
): Promise<FastifyInstance> {
  return buildTestApp(db, {
    brandRegistry: await loadFixtureRegistry(accountBrandsDir),
    clock: clock.now,
    ...overrides,
  });
}

/** A browser of one site: keeps its cookies and sends the site's Origin, as a real page would. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'accountbet.example',
    readonly userAgent = 'Vitest browser',
    readonly ip = '10.1.0.1',
  ) {}

  /** Sends a request with this browser's cookies and stores the cookies it gets back. */
  async request(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        origin: `https://${this.host}`,
        'user-agent': this.userAgent,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, payload: object = {}, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request('POST', url, payload, headers);
  }

  put(url: string, payload: object): Promise<LightMyRequestResponse> {
    return this.request('PUT', url, payload);
  }

  /** The value of a cookie this browser holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** The newest message the development outbox holds for an address. */
export async function lastMessage(
  app: FastifyInstance,
  to: string,
): Promise<{ text: string; channel: string; status: string } | undefined> {
  const res = await app.inject({
    url: `/__dev/outbox?to=${encodeURIComponent(to)}`,
    headers: { host: 'accountbet.example' },
  });
  return (res.json() as { messages: Array<{ text: string; channel: string; status: string }> }).messages[0];
}

/** The 6-digit code in the newest message to an address. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const message = await lastMessage(app, to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the last message to ${to}: ${message?.text}`);
  return code;
}

/** Base64 of a text, as the password change payload wants its fields. */
export function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The newest message to an address once its text matches `pattern`: for messages sent after the answer (password
 * reset, libs/server/accounts README, "Second-step lockout, proving the new phone"). Gives up after `timeoutMs`.
 */
export async function waitForMessage(
  app: FastifyInstance,
  to: string,
  pattern: RegExp,
  timeoutMs = 3000,
): Promise<{ text: string; channel: string; status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await lastMessage(app, to);
    if (message && pattern.test(message.text)) return message;
    if (Date.now() > deadline) throw new Error(`No message matching ${pattern} to ${to}; the newest: ${message?.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Registers by e-mail the way the site does since ADR 0202: the registration answers 202, the code arrives in the
 * outbox after the answer, and `/registration/confirm` opens the account and signs the browser in. Answers the
 * confirmation's response (201 with account_id).
 */
export async function registerByEmail(
  app: FastifyInstance,
  browser: Browser,
  body: Record<string, unknown> & { email: string },
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const held = await browser.post(
    '/web-api/user/registration',
    { variant: 'short', age_confirmed: true, password: 'Secret-pass-1', ...body },
    headers,
  );
  if (held.statusCode !== 202) throw new Error(`registration answered ${held.statusCode}: ${held.body}`);
  const to = body.email.trim().toLowerCase();
  const deadline = Date.now() + 3000;
  let code: string | undefined;
  while (!code) {
    const outbox = await app.inject({
      url: `/__dev/outbox?to=${encodeURIComponent(to)}`,
      headers: { host: browser.host },
    });
    const newest = (outbox.json() as { messages?: Array<{ text: string }> }).messages?.[0]?.text ?? '';
    code = /registration code: (\d{6})/.exec(newest)?.[1];
    if (!code && Date.now() > deadline) throw new Error(`No registration code to ${to}; the newest: ${newest}`);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const confirmed = await browser.post('/web-api/user/registration/confirm', { email: body.email, code });
  if (confirmed.statusCode !== 201)
    throw new Error(`registration confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  return confirmed;
}

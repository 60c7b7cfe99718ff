// Two servers of one deployment (ADR 0365, 0366): two apps, each with its own connection pool, on one PostgreSQL database
// and one Redis (db 2, a key prefix of this file's own), as several processes behind the load balancer are. The
// servers are driven through their HTTP routes (inject); only the console's publish is called as the console calls it.
import { randomBytes, randomUUID } from 'node:crypto';
import { createConsoleDraft, publishConsoleDraft, type Actor, type ConfigContext } from '@tessera/server/backoffice';
import { AUTO_BET_SWEEP_JOB, LIVE_DELAY_JOB } from '@tessera/server/bets';
import {
  createPostgresDatabase,
  createPostgresTestDatabase,
  testDatabaseUrl,
  type Database,
  type PostgresTestDatabase,
} from '@tessera/server/db';
import { createJobQueue, type JobQueue } from '@tessera/server/jobs';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  betsBrandsDir,
  buildBetsApp,
  eurBalance,
  fund,
  GAME_IDS,
  HOST,
  outcome,
  signUp,
  until,
} from '../modules/bets/testing/bets-test-kit';
import { loadFixtureRegistry } from '../testing/test-app';
import { openSharedMode, type SharedMode } from './shared-mode';
import { testRedisUrl } from './testing/test-redis';

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';
const HISTORY = '/officeapi/getbetshistory';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Server = Awaited<ReturnType<typeof buildBetsApp>> & { db: Database };

describe('two servers on one PostgreSQL and one Redis', () => {
  let database: PostgresTestDatabase | undefined;
  let databaseUrl = '';
  /** The test's own reads and the console's writes: a third pool, as an operator's tool would be. */
  let db: Database;
  let redis: SharedMode;
  let inspector: JobQueue;
  const keyPrefix = `test:cluster:${randomBytes(4).toString('hex')}:`;
  const open: Server[] = [];
  let nextGame = 0;
  const game = (): number => {
    const id = GAME_IDS[nextGame++];
    if (id === undefined) throw new Error('out of scripted games');
    return id;
  };

  /** A server with its own pool on the shared database, counting per-address limits in the shared Redis. */
  const server = async (rateLimitPerMinute?: number): Promise<Server> => {
    const own = await createPostgresDatabase({ connectionString: databaseUrl, maxConnections: 4 });
    const built = await buildBetsApp(own, {
      shared: { redis: redis.redis, keyPrefix },
      ...(rateLimitPerMinute ? { rateLimitPerMinute } : {}),
    });
    const s = { ...built, db: own };
    open.push(s);
    return s;
  };
  const close = async (s: Server): Promise<void> => {
    open.splice(open.indexOf(s), 1);
    await s.app.close();
    await s.db.close();
  };
  const statusOf = async (guid: string): Promise<string | undefined> =>
    (await db.query<{ status: string }>(`select status from bets where bet_guid = $1`, [guid])).rows[0]?.status;

  beforeAll(async () => {
    // Shared mode runs on PostgreSQL and Redis: without either this suite fails here, naming what is missing.
    // A migrated database of its own (a clone of the test template, describe-each-database.ts).
    database = await createPostgresTestDatabase(testDatabaseUrl(), true);
    databaseUrl = database.url;
    db = await createPostgresDatabase({ connectionString: databaseUrl, maxConnections: 2 });
    redis = await openSharedMode({ redisUrl: testRedisUrl(), keyPrefix, commandTimeoutMs: 2_000 });
    inspector = createJobQueue({ database: db, log: quiet });
  });
  afterEach(async () => {
    for (const s of [...open]) await close(s);
  });
  afterAll(async () => {
    await inspector?.stop();
    if (redis) {
      const keys = await redis.redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.redis.del(...keys);
      await redis.close();
    }
    await db?.close();
    await database?.drop();
  });

  it('a bet placed through one server is in the history the other serves', async () => {
    const [a, b] = [await server(), await server()];
    const { browser, userId } = await signUp(a.app);
    await fund(db, userId, 100);
    const g = game();
    const guid = randomUUID();
    const placed = await browser.post(MAKE, {
      betGUID: guid,
      vid: 0,
      Summ: 10,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(placed.json()).toMatchObject({ status: 'accepted' });

    // The same session, sent to the other server (the load balancer keeps no affinity).
    const session = browser.cookie('tessera_session');
    expect(session).toBeDefined();
    const history = await b.app.inject({
      method: 'POST',
      url: HISTORY,
      headers: { host: HOST, origin: `https://${HOST}`, cookie: `tessera_session=${session}` },
      payload: {},
    });
    expect(history.statusCode).toBe(200);
    const body = history.json() as { total: number; items: Array<{ status: string; summ: number }> };
    expect(body.total).toBe(1);
    expect(body.items).toMatchObject([{ status: 'accepted', summ: 10 }]);
    expect(await eurBalance(browser)).toBe(90);
  });

  it('a held live bet is decided once, by one of the two servers', async () => {
    const [a, b] = [await server(), await server()];
    const { browser, userId } = await signUp(a.app);
    await fund(db, userId, 100);
    const g = game();
    // Both servers follow one feed in a deployment: the game is live on both.
    a.feed.start(g);
    b.feed.start(g);
    const guid = randomUUID();
    const held = await browser.post(MAKE, {
      betGUID: guid,
      vid: 0,
      Summ: 10,
      notWait: true,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(held.json()).toMatchObject({ status: 'waiting', reason: 'liveDelay' });
    await until(async () => (await statusOf(guid)) === 'accepted', 'the held bet to be decided', 1_000);
    const record = await inspector.job(LIVE_DELAY_JOB, inspector.idFor(LIVE_DELAY_JOB, guid));
    expect(record).toMatchObject({ state: 'completed', retryCount: 0, output: { decision: 'accepted' } });
    const stakes = await db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions t join bets b on t.idempotency_key = 'bet.stake:' || b.ledger_guid
        where b.bet_guid = $1`,
      [guid],
    );
    expect(stakes.rows[0]?.n).toBe(1);
    expect(await eurBalance(browser)).toBe(90);
    expect((await verifyLedger(db)).issues).toEqual([]);
  });

  it('an auto-bet taken by a server that stopped is accepted by the other when the odds reach it', async () => {
    const a = await server();
    const b = await server();
    const { browser, userId } = await signUp(a.app);
    await fund(db, userId, 100);
    const g = game();
    const guid = randomUUID();
    const auto = await browser.post(MAKE, {
      betGUID: guid,
      vid: 0,
      Summ: 10,
      isAutoBet: true,
      autoBetCf: 2.5,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(auto.json()).toMatchObject({ status: 'waiting', reason: 'autoBet' });
    await close(a); // the server that watched the bet's odds is gone
    b.feed.setOdds(outcome(g, 'home'), 2.6);
    await until(async () => (await statusOf(guid)) === 'accepted', 'the other server to accept the auto-bet', 1_000);
    const coef = await db.query<{ coef: string }>(
      `select s.coef::text as coef from bet_selections s join bets b on b.id = s.bet_id where b.bet_guid = $1`,
      [guid],
    );
    expect(Number(coef.rows[0]?.coef)).toBe(2.5);
    // The recurring look accepted it: exactly one of its runs, on one server, reports an acceptance.
    const accepting = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from job where name = $1 and state = 'completed' and output->>'accepted' = '1'`,
          [AUTO_BET_SWEEP_JOB],
        )
      ).rows[0]?.n;
    await until(async () => (await accepting()) === 1, 'the accepting run to complete', 300);
    expect((await verifyLedger(db)).issues).toEqual([]);
  });

  it('the per-address limit counts the requests of one address on both servers together', async () => {
    const [a, b] = [await server(10), await server(10)];
    const address = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const ask = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/web-api/site-config', remoteAddress: address, headers: { host: HOST } });
    const codes: number[] = [];
    // Alternating, as a round-robin balancer sends them: 6 to each server, 12 in all against a budget of 10.
    for (let i = 0; i < 6; i++) codes.push((await ask(a.app)).statusCode, (await ask(b.app)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes.slice(10)).toEqual([429, 429]);
    const refused = await ask(b.app);
    expect(refused.json()).toMatchObject({ message: 'Too many requests' });
    // Another address still has its whole budget on either server.
    const other = await a.app.inject({
      method: 'GET',
      url: '/web-api/site-config',
      remoteAddress: '10.78.0.1',
      headers: { host: HOST },
    });
    expect(other.statusCode).toBe(200);
    // The counter is in the deployment's Redis, under its prefix.
    expect(await redis.redis.keys(`${keyPrefix}rate-limit:${address}`)).toHaveLength(1);
  });

  it('a console change published through one server is served by the other within seconds', async () => {
    const [a, b] = [await server(), await server()];
    const sale = async (app: FastifyInstance): Promise<boolean | undefined> => {
      const res = await app.inject({ method: 'GET', url: '/web-api/site-config?country=kz', headers: { host: HOST } });
      return (res.json() as { config?: { coupon?: { features?: { sale?: boolean } } } }).config?.coupon?.features?.sale;
    };
    const before = await sale(b.app);
    expect(typeof before).toBe('boolean');
    const now = new Date();
    const operator = {
      id: randomUUID(),
      email: `cluster-admin-${randomUUID().slice(0, 6)}@ops.example`,
      role: 'admin' as const,
      brands: ['*'],
    };
    await db.query(
      `insert into backoffice_operators (id, email, password_hash, role, brands, created_at, updated_at)
       values ($1, $2, 'not used', $3, $4, $5, $5)`,
      [operator.id, operator.email, operator.role, operator.brands, now],
    );
    const actor: Actor = {
      operator: { ...operator, disabled: false, totpEnrolled: true, createdAt: now, lastSignInAt: now },
      sessionId: randomUUID(),
      origin: { ip: '127.0.0.1', userAgent: 'vitest' },
    };
    // Published as the console publishes (checks, audit, NOTIFY in its transaction), over server a's pool; each server
    // learns it from the notification (or its 2 s poll), the way a console on a third host reaches them.
    const config: ConfigContext = {
      db: a.db,
      clock: () => new Date(),
      registry: await loadFixtureRegistry(betsBrandsDir),
    };
    const draft = await createConsoleDraft(config, actor, {
      brand: 'betbet',
      country: 'kz',
      data: { coupon: { features: { sale: !before } } },
    });
    await publishConsoleDraft(config, actor, draft.id, 'cluster test: switched on one server');
    const since = Date.now();
    await until(async () => (await sale(b.app)) === !before, 'the other server to serve the change', 500);
    // The publishing server learns it the same way, not at once: each hears the notification on its own listener, so
    // either may be first (CI saw b serve it before a had, twice in one night).
    await until(async () => (await sale(a.app)) === !before, 'the publishing server to serve the change', 500);
    expect(Date.now() - since).toBeLessThan(5_000);
  });
});

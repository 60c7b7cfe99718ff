// Shared mode (issue 18, ADR 0365): bet placement throughput of two API servers against one, both on the same
// PostgreSQL schema and the same Redis, each behind HAProxy as the cluster script runs them. The one-server and the
// two-server load alternate round by round (the order rotates), so both see the same machine; the figure is their
// ratio per round, the median of the rounds with min and max. `npm run bench -- cluster`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createPostgresDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { Redis } from 'ioredis';
import {
  brandWithFastRegistration,
  fundBettor,
  MAKE_BET_PATH,
  openSelections,
  registerBettor,
  singleBet,
  writeHeaders,
  type Bettor,
  type CouponEvent,
} from '../api/bettors';
import { load, type LoadResult, type LoadTarget } from '../api/load';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { DEFAULT_POSTGRES_URL } from '../harness/postgres';
import { rotated, roundRatios } from '../harness/rounds';
import { freePort, waitForOk, type ApiProcess } from '../harness/servers';

const AREA = 'cluster';
const NAME = 'bet placement, 2 servers / 1 server on one PostgreSQL (throughput ratio)';

/** One line of the area's help. */
export const description =
  'shared mode: bet placement throughput of two servers behind HAProxy against one, same PostgreSQL and Redis (ratio)';

const duration = Math.max(1, Number(process.env['BENCH_DURATION'] ?? 5) || 5);
/** The same offered concurrency for both: the question is what a second server adds, not what more clients add. */
const connections = Math.max(2, Number(process.env['BENCH_CONNECTIONS'] ?? 32) || 32);
/** Accounts the bets rotate over (one wallet row lock per debit). */
const BETTORS = 16;
/** Redis database of the benchmark (0 and 1 stay the developer's, 2 the tests'). */
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379/4';

function haproxyBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'])
    if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** HAProxy with the cluster script's configuration (tools/cluster/haproxy.cfg.template) in front of `servers`. */
async function startHaproxy(
  ctx: BenchContext,
  binary: string,
  name: string,
  servers: readonly ApiProcess[],
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const template = fs.readFileSync(path.join(ctx.root, 'tools/cluster/haproxy.cfg.template'), 'utf8');
  const config =
    template.replace('@PORT@', String(port)).replace('@MAXCONN@', '4000') +
    servers.map((s, i) => `    server api${i + 1} 127.0.0.1:${s.port} check\n`).join('');
  const file = path.join(ctx.tmpDir, `haproxy-${name}.cfg`);
  fs.writeFileSync(file, config);
  const log = fs.openSync(path.join(ctx.tmpDir, `haproxy-${name}.log`), 'a');
  const child: ChildProcess = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseUrl}/health`, 20_000);
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The bet load: BETTORS funded accounts, singles at the minimum stake over open prematch selections, fresh betGUIDs. */
function betTarget(api: ApiProcess, brand: string, bettors: readonly Bettor[], selections: readonly CouponEvent[]) {
  let n = 0;
  const first = bettors[0] as Bettor;
  return (baseUrl: string): LoadTarget => ({
    name: `POST ${MAKE_BET_PATH}`,
    method: 'POST',
    path: `${MAKE_BET_PATH}?brand=${brand}`,
    // The page's origin is the balancer's: the CSRF check compares the Origin with the request's host.
    headers: { ...writeHeaders(api, first), origin: baseUrl },
    body: singleBet(randomUUID(), selections[0] as CouponEvent, first.minStake),
    prepare: (r) => {
      const i = n++;
      const bettor = bettors[i % bettors.length] as Bettor;
      return {
        ...r,
        headers: { ...r.headers, cookie: bettor.cookie },
        body: singleBet(randomUUID(), selections[i % selections.length] as CouponEvent, bettor.minStake),
      };
    },
  });
}

/** Runs the figure: two production servers on one schema and one Redis, HAProxy in front of one of them and of both. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const extra = { unit: 'ratio', better: 'higher' as const };
  if (!(await ctx.postgresReachable()))
    return [notMeasured(AREA, NAME, 'no PostgreSQL reachable (servers of one deployment share it)', extra)];
  if (!(await redisReachable(REDIS_URL)))
    return [notMeasured(AREA, NAME, `no Redis at ${REDIS_URL} (BENCH_REDIS_URL)`, extra)];
  const binary = haproxyBinary();
  if (!binary)
    return [
      notMeasured(AREA, NAME, 'HAProxy is not installed (npm run cluster installs it: apt-get install haproxy)', extra),
    ];

  const schema = await ctx.postgresSchema('cluster');
  const keyPrefix = `bench:${randomBytes(4).toString('hex')}:`;
  // The same feed world on both (FEED_SEED), so a selection of one server's line is open on the other's.
  const env = { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, FEED_SEED: '7' };
  const a = await ctx.startApi({ name: 'cluster-a', engine: 'postgres', databaseUrl: schema.url, env });
  const b = await ctx.startApi({ name: 'cluster-b', engine: 'postgres', databaseUrl: schema.url, env });
  const one = await startHaproxy(ctx, binary, 'one', [a]);
  const two = await startHaproxy(ctx, binary, 'two', [a, b]);
  try {
    const brand = await brandWithFastRegistration(a);
    if (!brand) return [notMeasured(AREA, NAME, 'no brand offers the fast registration variant', extra)];
    const bettors: Bettor[] = [];
    for (let i = 0; i < BETTORS; i++) bettors.push(await registerBettor(a, brand));
    for (const bettor of bettors) await fundBettor(a, bettor, bettor.minStake * 40_000);
    const selections = await openSelections(a, brand);
    const target = betTarget(a, brand, bettors, selections);

    const single: LoadResult[] = [];
    const double: LoadResult[] = [];
    for (let round = 0; round < ctx.rounds; round++) {
      const sides = rotated(
        [
          async () => single.push(await load(one.baseUrl, target(one.baseUrl), duration, connections)),
          async () => double.push(await load(two.baseUrl, target(two.baseUrl), duration, connections)),
        ],
        round,
      );
      for (const side of sides) await side();
      const s = single[single.length - 1] as LoadResult;
      const d = double[double.length - 1] as LoadResult;
      ctx.log(
        `cluster: round ${round + 1} of ${ctx.rounds}: 1 server ${s.rps.toFixed(0)} bets/s, 2 servers ${d.rps.toFixed(0)} bets/s`,
      );
    }
    const refused = [...single, ...double].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const statuses = [...single, ...double].flatMap((r) => Object.entries(r.otherStatuses));

    const db = await createPostgresDatabase({
      connectionString: DEFAULT_POSTGRES_URL,
      schema: schema.schema,
      maxConnections: 1,
    });
    let ledgerIssues: number;
    let bets: number;
    try {
      ledgerIssues = (await verifyLedger(db)).issues.length;
      bets = Number((await db.query<{ n: string }>(`select count(*) as n from bets`)).rows[0]?.n ?? 0);
    } finally {
      await db.close();
    }
    ctx.note(
      AREA,
      `two production servers (one PostgreSQL schema, Redis ${REDIS_URL} under ${keyPrefix}); HAProxy (tools/cluster/haproxy.cfg.template) ` +
        `in front of one of them, and of both round robin; ${connections} connections for ${duration} s each, the two loads alternating per round; ` +
        `${BETTORS} accounts, singles at the minimum stake, CheckCf 2, a fresh betGUID each; ${bets} bets stored, ledger ${ledgerIssues === 0 ? 'balanced' : `${ledgerIssues} issues`}`,
    );
    const ratios = roundRatios(
      double.map((r) => r.rps),
      single.map((r) => r.rps),
    );
    return [
      sampled({
        area: AREA,
        name: NAME,
        rounds: ratios,
        unit: 'ratio',
        better: 'higher',
        meaning:
          'what a second server adds to bet placement on the same database; on one machine both servers, HAProxy, PostgreSQL and the load generator share its cores',
        notes: `answers other than 2xx or errors: ${refused}${statuses.length ? ` (${statuses.map(([c, n]) => `${c}: ${n}`).join(', ')})` : ''}`,
      }),
      sampled({
        area: AREA,
        name: 'bet placement, 1 server behind HAProxy',
        rounds: single.map((r) => r.rps),
        unit: 'bets/s',
        better: 'higher',
      }),
      sampled({
        area: AREA,
        name: 'bet placement, 2 servers behind HAProxy',
        rounds: double.map((r) => r.rps),
        unit: 'bets/s',
        better: 'higher',
      }),
      sampled({ area: AREA, name: 'bet placement p99, 1 server', rounds: single.map((r) => r.p99), unit: 'ms' }),
      sampled({ area: AREA, name: 'bet placement p99, 2 servers', rounds: double.map((r) => r.p99), unit: 'ms' }),
      figure({ area: AREA, name: 'ledger issues after the load', value: ledgerIssues, unit: 'count', budget: 0 }),
    ];
  } finally {
    await one.stop();
    await two.stop();
    await a.stop();
    await b.stop();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } catch {
      // The keys expire with their windows anyway.
    } finally {
      redis.disconnect();
    }
  }
}

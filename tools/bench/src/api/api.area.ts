// API throughput and latency against the production bundle, on PGlite and on PostgreSQL: req/s, p50, p99 and the
// throughput ratio to a bare Fastify hello-world measured just before, on the same machine, in the same run.
import { randomUUID } from 'node:crypto';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { rotated, roundRatios } from '../harness/rounds';
import type { ApiProcess, Engine } from '../harness/servers';
import {
  brandWithFastRegistration,
  fundBettor,
  registerSignInAccount,
  MAKE_BET_PATH,
  openSelections,
  registerBettor,
  singleBet,
  writeHeaders,
  type Bettor,
  type CouponEvent,
  type SignInAccount,
} from './bettors';
import { load, startHelloWorld, type LoadResult, type LoadTarget } from './load';
import { fetchOpenApi, hasOperation } from './openapi';

const AREA = 'api';

/** One line of the area's help. */
export const description = 'API req/s, p50, p99 and ratio to hello-world, on PGlite and PostgreSQL (autocannon)';

const duration = Math.max(1, Number(process.env['BENCH_DURATION'] ?? 3) || 3);
const connections = Math.max(1, Number(process.env['BENCH_CONNECTIONS'] ?? 16) || 16);

/** The first brand the running API serves, and its default language. */
async function firstBrand(api: ApiProcess): Promise<string> {
  const res = await fetch(`${api.baseUrl}/ready`);
  const body = (await res.json()) as { brands?: { valid?: { id: string }[] } };
  const id = body.brands?.valid?.[0]?.id;
  if (!id) throw new Error('the API serves no valid brand');
  return id;
}

/** A game id from the line feed, for the one-game call. */
async function someGameId(api: ApiProcess, brand: string): Promise<number | undefined> {
  const res = await fetch(`${api.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=5&brand=${brand}`);
  if (!res.ok) return undefined;
  const body = (await res.json()) as { games?: { id?: number; I?: number }[] };
  const g = body.games?.[0];
  return g?.id ?? g?.I;
}

/** Accounts the sign-in load rotates over: more than the connections, so no account has two sign-ins at once. */
const SIGN_IN_ACCOUNTS = 24;

/** How many accounts share the bet load (one wallet row per account takes the lock of each debit). */
const BETTORS = 8;

/**
 * Bet placement under load: BETTORS fresh accounts, funded (deposit call, or a ledger deposit on PostgreSQL when the
 * API has no payment provider), each request a single at the minimum stake with a fresh betGUID, round robin over the
 * accounts and over open prematch selections.
 */
async function betTarget(api: ApiProcess): Promise<LoadTarget> {
  const brand = await brandWithFastRegistration(api);
  if (!brand) throw new Error('no brand offers the fast registration variant, so no account to bet with');
  const bettors: Bettor[] = [];
  for (let i = 0; i < BETTORS; i++) bettors.push(await registerBettor(api, brand));
  const funded = new Set<string>();
  // Enough for every request of the warm-up and the measured run at a few thousand bets per second.
  for (const b of bettors) funded.add(await fundBettor(api, b, b.minStake * 20_000));
  const selections = await openSelections(api, brand);
  let n = 0;
  return {
    name: `POST ${MAKE_BET_PATH} (bet placement)`,
    method: 'POST',
    path: `${MAKE_BET_PATH}?brand=${brand}`,
    headers: writeHeaders(api, bettors[0] as Bettor),
    body: singleBet(randomUUID(), selections[0] as CouponEvent, (bettors[0] as Bettor).minStake),
    note: `${BETTORS} accounts funded by ${[...funded].join(' and ')}; singles at the minimum stake (${(bettors[0] as Bettor).minStake} ${(bettors[0] as Bettor).currency}), CheckCf 2, a fresh betGUID per request, over ${selections.length} open selections`,
    prepare: (r) => {
      const i = n++;
      const bettor = bettors[i % bettors.length] as Bettor;
      const event = selections[i % selections.length] as CouponEvent;
      return {
        ...r,
        headers: { ...r.headers, ...writeHeaders(api, bettor) },
        body: singleBet(randomUUID(), event, bettor.minStake),
      };
    },
  };
}

async function targetsFor(api: ApiProcess, brand: string, out: Figure[], engine: Engine): Promise<LoadTarget[]> {
  const doc = await fetchOpenApi(api.baseUrl);
  const targets: LoadTarget[] = [
    { name: 'GET /health', path: '/health' },
    { name: 'GET /web-api/site-config', path: `/web-api/site-config?brand=${brand}` },
  ];
  const feedCalls: [string, string][] = [
    ['LineFeed', 'GetSportsShortZip'],
    ['LineFeed', 'Get1x2_VZip'],
    ['LiveFeed', 'Get1x2_VZip'],
  ];
  for (const [feed, call] of feedCalls) {
    const path = `/service-api/${feed}/${call}`;
    if (hasOperation(doc, 'get', path))
      targets.push({ name: `GET ${path}`, path: `${path}?brand=${brand}${call === 'Get1x2_VZip' ? '&count=50' : ''}` });
    else out.push(notMeasured(AREA, `${engine}: GET ${path}`, 'the API does not list this call'));
  }
  const gameId = hasOperation(doc, 'get', '/service-api/LineFeed/GetGameZip')
    ? await someGameId(api, brand)
    : undefined;
  if (gameId !== undefined)
    targets.push({
      name: 'GET /service-api/LineFeed/GetGameZip',
      path: `/service-api/LineFeed/GetGameZip?id=${gameId}&brand=${brand}`,
    });
  else
    out.push(
      notMeasured(AREA, `${engine}: GET /service-api/LineFeed/GetGameZip`, 'no game in the line feed or no such call'),
    );

  if (hasOperation(doc, 'post', '/web-api/user/auth')) {
    // One account per connection and more: 16 sign-ins at once into ONE account look like guessing to the lockout
    // (every attempt counts until it succeeds) and were answered 429: a figure of the bench, not of sign-in.
    const accounts: SignInAccount[] = [];
    let refusal: string | undefined;
    for (let i = 0; i < SIGN_IN_ACCOUNTS && refusal === undefined; i++) {
      const account = await registerSignInAccount(api);
      if (typeof account === 'string') refusal = account;
      else accounts.push(account);
    }
    const first = accounts[0];
    if (!first) out.push(notMeasured(AREA, `${engine}: POST /web-api/user/auth (sign-in)`, refusal ?? 'no account'));
    else {
      const body = (a: SignInAccount) => JSON.stringify({ login: a.login, password: a.password, login_type: 'id' });
      let n = 0;
      targets.push({
        name: 'POST /web-api/user/auth (sign-in)',
        method: 'POST',
        path: `/web-api/user/auth?brand=${first.brand}`,
        body: body(first),
        distinctClients: true,
        note: `${accounts.length} accounts signing in round robin, each request from its own address`,
        prepare: (r) => ({ ...r, body: body(accounts[n++ % accounts.length] as SignInAccount) }),
      });
    }
  } else
    out.push(
      notMeasured(
        AREA,
        `${engine}: POST /web-api/user/auth (sign-in)`,
        'the sign-in route is not in the OpenAPI document yet',
      ),
    );

  const betLabel = `${engine}: POST ${MAKE_BET_PATH} (bet placement)`;
  if (!hasOperation(doc, 'post', MAKE_BET_PATH))
    out.push(
      notMeasured(AREA, betLabel, 'bet placement endpoints do not exist yet', { unit: 'req/s', better: 'higher' }),
    );
  else {
    const bet = await betTarget(api).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    if (typeof bet === 'string') out.push(notMeasured(AREA, betLabel, bet, { unit: 'req/s', better: 'higher' }));
    else targets.push(bet);
  }
  return targets;
}

async function measureEngine(ctx: BenchContext, engine: Engine): Promise<Figure[]> {
  const out: Figure[] = [];
  const api = await ctx.api(engine);
  const brand = await firstBrand(api);
  const targets = (await targetsFor(api, brand, out, engine)).filter((t) => t.path !== '/health');
  const health: LoadTarget = { name: 'GET /health', path: '/health' };

  // Round by round: a bare Fastify hello-world in its own process once, then every route right after GET /health of
  // the same server (the platform's own hello-world), so each ratio's two sides share the machine's state.
  const hello = await startHelloWorld(ctx.root);
  const helloRounds: LoadResult[] = [];
  const rounds = new Map<string, { subject: LoadResult[]; health: LoadResult[] }>(
    targets.map((t) => [t.name, { subject: [], health: [] }]),
  );
  try {
    for (let round = 0; round < ctx.rounds; round++) {
      ctx.log(`api ${engine}: round ${round + 1} of ${ctx.rounds}, bare hello-world`);
      helloRounds.push(await load(hello.baseUrl, { name: 'hello', path: '/hello' }, duration, connections));
      for (const t of rotated(targets, round)) {
        ctx.log(`api ${engine}: round ${round + 1} of ${ctx.rounds}, GET /health then ${t.name}`);
        const r = rounds.get(t.name) as { subject: LoadResult[]; health: LoadResult[] };
        r.health.push(await load(api.baseUrl, health, duration, connections));
        r.subject.push(await load(api.baseUrl, t, duration, connections));
      }
    }
  } finally {
    await hello.stop();
  }
  out.push(
    sampled({
      area: AREA,
      name: `${engine}: baseline bare hello-world req/s`,
      rounds: helloRounds.map((h) => h.rps),
      unit: 'req/s',
      better: 'higher',
      notes: `p99 per round ${helloRounds.map((h) => h.p99).join(' / ')} ms`,
    }),
  );
  for (const t of targets) {
    const r = rounds.get(t.name) as { subject: LoadResult[]; health: LoadResult[] };
    const label = `${engine}: ${t.name}`;
    const requests = r.subject.reduce((a, x) => a + x.requests, 0);
    const non2xx = r.subject.reduce((a, x) => a + x.non2xx, 0);
    const errors = r.subject.reduce((a, x) => a + x.errors, 0);
    const failures = non2xx + errors;
    const statuses: Record<string, number> = {};
    for (const x of r.subject)
      for (const [code, n] of Object.entries(x.otherStatuses)) statuses[code] = (statuses[code] ?? 0) + n;
    const notes = [
      failures
        ? `${non2xx} non-2xx (by status ${JSON.stringify(statuses)}) and ${errors} errors of ${requests} requests`
        : `${requests} requests`,
      t.note,
    ]
      .filter(Boolean)
      .join('; ');
    out.push(
      sampled({
        area: AREA,
        name: `${label} req/s`,
        rounds: r.subject.map((x) => x.rps),
        unit: 'req/s',
        better: 'higher',
        notes,
      }),
    );
    out.push(sampled({ area: AREA, name: `${label} p50`, rounds: r.subject.map((x) => x.p50), unit: 'ms' }));
    out.push(sampled({ area: AREA, name: `${label} p99`, rounds: r.subject.map((x) => x.p99), unit: 'ms' }));
    out.push(
      sampled({
        area: AREA,
        name: `${label} throughput / GET /health`,
        rounds: roundRatios(
          r.subject.map((x) => x.rps),
          r.health.map((x) => x.rps),
        ),
        unit: '×',
        better: 'higher',
        notes: `GET /health just before: ${r.health.map((x) => Math.round(x.rps)).join(' / ')} req/s`,
      }),
    );
    out.push(
      sampled({
        area: AREA,
        name: `${label} throughput / hello-world`,
        rounds: roundRatios(
          r.subject.map((x) => x.rps),
          helloRounds.map((x) => x.rps),
        ),
        unit: '×',
        better: 'higher',
      }),
    );
    // A fast error is not throughput: answers other than 2xx fail the run.
    if (failures)
      out.push(
        figure({
          area: AREA,
          name: `${label} failed answers`,
          value: failures,
          unit: 'answers',
          budget: 0,
          notes: `by status ${JSON.stringify(statuses)}, ${errors} errors or timeouts`,
        }),
      );
  }
  return out;
}

/** Measures every route on PGlite, then on PostgreSQL when the server is reachable. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  ctx.note(
    AREA,
    `autocannon, ${connections} connections, ${duration} s per route after a 1 s warm-up, ${ctx.rounds} rounds; each route right after GET /health of the same server, a bare Fastify hello-world once per round; load generator and server share the machine`,
  );
  ctx.note(
    AREA,
    'the API runs with RATE_LIMIT_PER_MINUTE raised (the default 600/min per client would answer 429 to one load generator); sign-in uses a fresh X-Forwarded-For per request with TRUST_PROXY so its 10/min per-client limit stays out of the figure',
  );
  const out = await measureEngine(ctx, 'pglite');
  if (await ctx.postgresReachable()) out.push(...(await measureEngine(ctx, 'postgres')));
  else out.push(notMeasured(AREA, 'postgres: every route', 'PostgreSQL is not reachable at 127.0.0.1:5432'));
  return out;
}

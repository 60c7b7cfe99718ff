// Bet placement on real PostgreSQL (issue 5: at least 1,500 accepted bets/s, p99 < 50 ms, ledger invariant after).
// An area of `npm run bench` (`npm run bench -- bets`), and runnable alone:
//   npx tsx tools/bench/src/bets/bet-placement.bench.ts   (BENCH_DATABASE_URL, BENCH_BETS, BENCH_BETS_ROUNDS, BENCH_CONCURRENCY, BENCH_USERS)
// Measures @tessera/server/bets `place()` in process, the whole acceptance path of MakeBetWeb without HTTP and the
// session lookup: the stored-guid check, coupon rules, the live line and odds policy, pricing, then the bet rows and
// the ledger stake in one transaction. Works in a fresh schema that is dropped afterwards. The baseline is a plain
// single-row INSERT per request at the same concurrency over the same pool, measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BetRefusal,
  place,
  planSingle,
  siteOfferFor,
  type BetRules,
  type LineGame,
  type LineMarket,
  type LineModel,
  type MakeBetBody,
} from '@tessera/server/bets';
import { createPostgresDatabase, migrate, type Database } from '@tessera/server/db';
import { recordDeposit, stakeBet, verifyLedger } from '@tessera/server/ledger';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { driveInterleaved } from '../harness/interleave';
import { roundRatios } from '../harness/rounds';
import { DEFAULT_POSTGRES_URL, isPostgresReachable } from '../harness/postgres';
import { percentile } from '../harness/stats';

const AREA = 'bets';

/** One line of the area's help. */
export const description =
  'bet placement (MakeBetWeb core) on PostgreSQL: accepted bets/s, p50, p99, ratio to a plain INSERT, ledger invariant';

/**
 * Issue 5's targets as ratios to the ledger's bare stake measured beside them in the same round (issue 19): on the
 * quiet reference run the ledger staked 2,998 bets/s at p99 26.3 ms, so 1,500 bets/s and 50 ms are half its
 * throughput and about twice its p99. The absolute figures stay as information.
 */
export const BET_BUDGETS = { betsPerSecond: 1_500, p99Ms: 50, throughputOverStake: 0.5, p99OverStake: 2 } as const;

const brandId = 'bench-brand';
/** Slices of each round: INSERTs, stakes and placements alternate slice by slice (harness/interleave.ts). */
const SLICES = 6;
const currency = 'EUR';
const GAMES = 200;

/** A line of GAMES football games, 1x2 at 2.00 / 3.40 / 3.80, all open. */
function benchLine(): LineModel {
  const games = new Map<number, LineGame>();
  for (let id = 1; id <= GAMES; id++) {
    const market: LineMarket = {
      id: `${id}:1x2`,
      status: 'open',
      outcomes: [
        { id: `${id}:1x2:home`, odds: 2, status: 'open' },
        { id: `${id}:1x2:draw`, odds: 3.4, status: 'open' },
        { id: `${id}:1x2:away`, odds: 3.8, status: 'open' },
      ],
    };
    games.set(id, {
      game: { status: 'prematch', sportId: 1, home: { name: `Home ${id}` }, away: { name: `Away ${id}` } },
      markets: [market],
      outcomeById: new Map(market.outcomes.map((o) => [o.id, { market, outcome: o }])),
    });
  }
  return { games, sports: new Map([[1, { id: 1, kind: 'regular' }]]) };
}

/** The rules of a brand with every coupon feature on, EUR minimum 0.50, 10% of bets with no maximum. */
function benchRules(): BetRules {
  const on = {
    oneClick: true,
    autoBet: true,
    vipBet: true,
    powerBet: true,
    expressBoost: true,
    sale: true,
    partSale: true,
    saveLoad: true,
    print: true,
    promoCode: true,
    lobby: true,
    insurance: true,
    delete: true,
    multiBet: true,
    system: true,
    advanceBet: true,
  };
  return {
    coupon: { minStake: { EUR: 0.5 } },
    features: on,
    maxBet: {},
    saleMarginPercent: 5,
    historyDays: 7,
    checkCf: 0,
    vipDecisionMinutes: 10,
    insuranceMarginPercent: 10,
    liveBetDelaySeconds: 0,
    advance: { sharePercent: 50, maxAmount: {} },
    offer: siteOfferFor({}),
  };
}

interface RunResult {
  ok: number;
  refused: number;
  seconds: number;
  latencies: number[];
}

/** Runs `total` operations with `concurrency` in flight; each worker takes the next index until none is left. */
async function drive(total: number, concurrency: number, op: (i: number) => Promise<boolean>): Promise<RunResult> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let refused = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        if (await op(i)) ok++;
        else refused++;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return { ok, refused, seconds: Number(process.hrtime.bigint() - start) / 1e9, latencies };
}

/** Bet number i: three singles in four, an express of three in four; stakes 1.00 to 9.99 EUR. */
function betBody(i: number, guid: string): MakeBetBody {
  const game = (k: number) => ((i * 7 + k * 13) % GAMES) + 1;
  const summ = (100 + (i % 900)) / 100;
  if (i % 4 === 3)
    return {
      betGUID: guid,
      vid: 1,
      Summ: summ,
      Events: [0, 1, 2].map((k) => ({ gameId: game(k), outcomeId: `${game(k)}:1x2:home`, coef: 2 })),
    };
  return {
    betGUID: guid,
    vid: 0,
    Summ: summ,
    Events: [{ gameId: game(0), outcomeId: `${game(0)}:1x2:draw`, coef: 3.4 }],
  };
}

/** The knobs of one run. */
export interface BetBenchOptions {
  url: string;
  /** Placements per round. */
  bets: number;
  /** Rounds of baseline, ledger and placement, interleaved; every figure is the median of the rounds with min and max. */
  rounds: number;
  concurrency: number;
  users: number;
  log: (line: string) => void;
}

/** One round: the two baselines and the placements, measured one after the other under the same conditions. */
interface Round {
  baseline: RunResult;
  ledgerOnly: RunResult;
  placed: RunResult;
}

/** Sets up a schema, funds users, measures the baseline, places and retries bets, verifies, and drops the schema. */
export async function measureBetPlacement(o: BetBenchOptions): Promise<Figure[]> {
  const schema = `bench_bets_${randomBytes(4).toString('hex')}`;
  const admin = await createPostgresDatabase({ connectionString: o.url, maxConnections: 1 });
  await admin.exec(`create schema ${schema}`);
  let db: Database | undefined;
  try {
    db = await createPostgresDatabase({ connectionString: o.url, schema, maxConnections: o.concurrency });
    await migrate(db);
    const database = db;
    await database.exec(
      'create table bench_baseline (id bigint generated always as identity primary key, guid text not null, amount bigint not null)',
    );
    const line = benchLine();
    const rules = benchRules();
    const ctx = { db: database, model: () => line, clock: () => new Date() };
    const bettor = (i: number) => ({ brandId, userId: `u${(i % o.users) + 1}`, currency });

    o.log(`bets: funding ${o.users} users`);
    const perUser = Math.ceil((o.bets * o.rounds) / o.users) * 1_000 + 10_000;
    await drive(o.users, o.concurrency, async (u) => {
      await recordDeposit(database, {
        brandId,
        userId: `u${u + 1}`,
        currency,
        amount: perUser,
        provider: 'bench',
        reference: `fund-${u}`,
      });
      return true;
    });
    // Warm-up: connections, query plans, JIT.
    const warmUp = Math.min(2_000, o.bets);
    await drive(
      warmUp,
      o.concurrency,
      async (i) =>
        (await place(ctx, bettor(i), rules, planSingle(betBody(i, randomUUID()), false))).status === 'accepted',
    );

    const rounds: Round[] = [];
    const allGuids: string[][] = [];
    for (let r = 0; r < o.rounds; r++) {
      o.log(`bets: round ${r + 1}: load average ${os.loadavg()[0]?.toFixed(2)}`);
      const guids = Array.from({ length: o.bets }, () => randomUUID());
      allGuids.push(guids);
      o.log(
        `bets: round ${r + 1} of ${o.rounds}: ${o.bets} single-row INSERTs, ledger stakeBet calls and placements, in ${SLICES} interleaved slices`,
      );
      const at = (offset: number, op: (i: number) => Promise<boolean>) => (i: number) => op(offset + i);
      const { baseline, ledgerOnly, placed } = await driveInterleaved(
        {
          baseline: (total, offset) =>
            drive(
              total,
              o.concurrency,
              at(offset, async (i) => {
                await database.query('insert into bench_baseline (guid, amount) values ($1, $2)', [guids[i], 100]);
                return true;
              }),
            ),
          // The ledger's own floor: stakeBet alone (one statement), for the cost of everything placement adds to it.
          ledgerOnly: (total, offset) =>
            drive(
              total,
              o.concurrency,
              at(offset, async (i) => {
                await stakeBet(database, {
                  brandId,
                  userId: `u${(i % o.users) + 1}`,
                  currency,
                  betGuid: `ledger-${guids[i]}`,
                  stake: 100,
                });
                return true;
              }),
            ),
          placed: (total, offset) =>
            drive(
              total,
              o.concurrency,
              at(offset, async (i) => {
                try {
                  return (
                    (await place(ctx, bettor(i), rules, planSingle(betBody(i, guids[i] ?? ''), false))).status ===
                    'accepted'
                  );
                } catch (error) {
                  if (error instanceof BetRefusal) return false;
                  throw error;
                }
              }),
            ),
        },
        o.bets,
        SLICES,
      );
      rounds.push({ baseline, ledgerOnly, placed });
    }
    const guids = allGuids[0] ?? [];
    // Retries of placed guids (a client timeout): each must answer with the first bet and debit nothing more.
    const retryCount = Math.min(5_000, o.bets);
    const before = await database.query<{ n: string }>(
      `select count(*)::text as n from ledger_transactions where kind = 'bet.stake'`,
    );
    const retries = await drive(
      retryCount,
      o.concurrency,
      async (i) =>
        (await place(ctx, bettor(i), rules, planSingle(betBody(i, guids[i] ?? ''), false))).status === 'accepted',
    );
    const after = await database.query<{ n: string }>(
      `select count(*)::text as n from ledger_transactions where kind = 'bet.stake'`,
    );

    const started = process.hrtime.bigint();
    const report = await verifyLedger(database);
    const verifyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const perGuid = await database.query<{ placements: string; guids: string; bets: string; stakes: string }>(
      `select (select count(*) from bets where line_no = 0)::text as placements, (select count(distinct bet_guid) from bets)::text as guids,
              (select count(*) from bets)::text as bets,
              (select count(*) from ledger_transactions where kind = 'bet.stake' and idempotency_key not like 'bet.stake:ledger-%')::text as stakes`,
    );
    const held = await database.query<{ held: string; staked: string }>(
      `select (select coalesce(sum(b.balance), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.purpose = 'bets_held')::text as held,
              ((select coalesce(sum(stake - stake_tax), 0) from bets) + ${o.bets * o.rounds * 100})::text as staked`,
    );
    const row = perGuid.rows[0];
    const rateOf = (r: RunResult): number => r.ok / r.seconds;
    const placedRate = rounds.map((r) => rateOf(r.placed));
    const stakeRate = rounds.map((r) => rateOf(r.ledgerOnly));
    const insertRate = rounds.map((r) => rateOf(r.baseline));
    const placedP99 = rounds.map((r) => percentile(r.placed.latencies, 99));
    const stakeP99 = rounds.map((r) => percentile(r.ledgerOnly.latencies, 99));
    const conditions = `${o.concurrency} in flight over a pool of ${o.concurrency}, ${o.bets} placements a round (3 singles : 1 express of 3) over ${o.users} funded users; ${o.rounds} rounds, each: plain INSERTs, ledger stakes and placements alternating in ${SLICES} slices`;
    const refused = rounds.reduce((a, r) => a + r.placed.refused, 0);
    return [
      sampled({
        area: AREA,
        name: 'bet placement throughput / ledger stakeBet alone',
        rounds: roundRatios(placedRate, stakeRate),
        unit: '×',
        better: 'higher',
        budget: BET_BUDGETS.throughputOverStake,
        meaning:
          'placing a bet (rules, pricing, bet rows and the stake in one transaction) keeps at least half the rate of the bare ledger stake beside it',
      }),
      sampled({
        area: AREA,
        name: 'bet placement p99 / ledger stakeBet p99',
        rounds: roundRatios(placedP99, stakeP99),
        unit: '×',
        budget: BET_BUDGETS.p99OverStake,
        meaning: "a placement's p99 at most twice the bare stake's p99 in the same round",
      }),
      sampled({
        area: AREA,
        name: 'bet placement throughput / plain INSERT',
        rounds: roundRatios(placedRate, insertRate),
        unit: '×',
        better: 'higher',
      }),
      sampled({
        area: AREA,
        name: 'bet placement: accepted bets per second',
        rounds: placedRate,
        unit: 'bets/s',
        better: 'higher',
        notes: `issue 5's ${BET_BUDGETS.betsPerSecond} bets/s is budgeted as the ratio above; ${refused} refused over all rounds; ${conditions}`,
      }),
      sampled({
        area: AREA,
        name: 'bet placement p50',
        rounds: rounds.map((r) => percentile(r.placed.latencies, 50)),
        unit: 'ms',
      }),
      sampled({
        area: AREA,
        name: 'bet placement p99',
        rounds: placedP99,
        unit: 'ms',
        notes: `issue 5's ${BET_BUDGETS.p99Ms} ms is budgeted as the ratio above`,
      }),
      sampled({
        area: AREA,
        name: 'baseline: ledger stakeBet alone',
        rounds: stakeRate,
        unit: 'ops/s',
        better: 'higher',
        notes: `p99 per round ${stakeP99.map((v) => v.toFixed(1)).join(' / ')} ms`,
      }),
      sampled({
        area: AREA,
        name: 'baseline: single-row INSERT per request',
        rounds: insertRate,
        unit: 'ops/s',
        better: 'higher',
      }),
      figure({
        area: AREA,
        name: 'retried betGUID: replayed, no new stake',
        value: Number(after.rows[0]?.n) - Number(before.rows[0]?.n),
        unit: 'stakes',
        budget: 0,
        notes: `${retries.ok} of ${retryCount} retries answered accepted; p99 ${percentile(retries.latencies, 99).toFixed(2)} ms`,
      }),
      figure({
        area: AREA,
        name: 'verifyLedger issues',
        value: report.issues.length,
        unit: 'issues',
        budget: 0,
        notes: `totals ${JSON.stringify(report.totals ?? {})}; ${report.counts.transactions} transactions checked in ${verifyMs.toFixed(0)} ms`,
      }),
      figure({
        area: AREA,
        name: 'placements per betGUID above one',
        value: Number(row?.placements ?? 0) - Number(row?.guids ?? 0),
        unit: 'placements',
        budget: 0,
      }),
      figure({
        area: AREA,
        name: 'bets without exactly one stake',
        value: Math.abs(Number(row?.bets ?? 0) - Number(row?.stakes ?? 0)),
        unit: 'bets',
        budget: 0,
        notes: `${row?.bets} bets, ${row?.stakes} stake transactions`,
      }),
      figure({
        area: AREA,
        name: 'bets held minus the stakes of open bets',
        value: Number(held.rows[0]?.held ?? NaN) - Number(held.rows[0]?.staked ?? NaN),
        unit: 'minor units',
        budget: 0,
      }),
    ];
  } finally {
    await db?.close();
    await admin.exec(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }
}

function options(log: (line: string) => void): BetBenchOptions {
  return {
    url: DEFAULT_POSTGRES_URL,
    bets: Math.max(100, Number(process.env['BENCH_BETS'] ?? 10_000) || 10_000),
    rounds: Math.max(1, Number(process.env['BENCH_BETS_ROUNDS'] ?? 3) || 3),
    concurrency: Math.max(1, Number(process.env['BENCH_CONCURRENCY'] ?? 32) || 32),
    users: Math.max(1, Number(process.env['BENCH_USERS'] ?? 5_000) || 5_000),
    log,
  };
}

/** The area: needs PostgreSQL (PGlite runs one connection at a time, so concurrency would measure its queue). */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  if (!(await ctx.postgresReachable())) {
    return [
      notMeasured(
        AREA,
        'bet placement: accepted bets per second',
        `PostgreSQL is not reachable at ${DEFAULT_POSTGRES_URL.replace(/\/\/.*@/, '//')}`,
        { unit: 'bets/s', budget: BET_BUDGETS.betsPerSecond, better: 'higher' },
      ),
    ];
  }
  const o = { ...options(ctx.log), rounds: ctx.rounds };
  ctx.note(
    AREA,
    `in-process calls of @tessera/server/bets place() on PostgreSQL ${o.url.replace(/\/\/.*@/, '//')} in a fresh schema (no HTTP, no session lookup); ${o.concurrency} in flight, ${o.bets} bets a round, the median of ${o.rounds} rounds (each: plain INSERTs, ledger stakes and placements alternating in ${SLICES} slices); the bench process and PostgreSQL share the machine`,
  );
  return measureBetPlacement(o);
}

// Run alone: prints the figures as a table and exits non-zero when one misses its budget.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  if (!(await isPostgresReachable())) {
    log(`PostgreSQL is not reachable at ${DEFAULT_POSTGRES_URL}`);
    process.exitCode = 1;
  } else {
    log(
      `bet placement benchmark: node ${process.version}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const figures = await measureBetPlacement(options(log));
    for (const f of figures)
      console.log(
        `${f.name.padEnd(52)} ${String(f.value === null ? '-' : Number(f.value.toFixed(2))).padStart(10)} ${f.unit.padEnd(12)} ${f.budget === undefined ? '' : f.pass ? 'PASS' : 'FAIL'}`,
      );
    process.exitCode = figures.some((f) => f.budget !== undefined && !f.pass) ? 1 : 0;
  }
}

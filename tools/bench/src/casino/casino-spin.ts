// Slot spin round trip over real HTTP on PostgreSQL (issue 15: "request to result, stake and win posted, p99 ≤ 30 ms at
// 500 spins/s"). The production API runs from the built bundle in a fresh schema of its own; signed-in players
// (bench-load brand, funded by the sandbox card deposit) post `POST /web-api/casino/rounds` for the in-house slot:
// each answer is a settled round whose stake and win are one ledger transaction (libs/server/casino round-ledger).
// - Capacity first: a closed loop (a fixed number in flight) finds the spins per second this host sustains.
// - Then the budget's shape: spins started on a fixed schedule (harness/open-loop.ts) at 500/s, or at 80% of the
//   capacity where the host cannot offer 500/s (said so in the figure), latency from each spin's due time.
// - Beside it, slice by slice in the same round, the same players read their seed pair (`GET /web-api/casino/seeds`:
//   the session lookup and one indexed read over the same HTTP stack) at the same offered rate: the ratio of the two
//   p99s is what the round's ledger work adds over the server's floor on this host, whatever else the host is doing.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Bettor } from '../api/bettors';
import { fundBettor, registerBettor, writeHeaders } from '../api/bettors';
import { BENCH_LOAD_BRAND } from '../harness/bench-brands';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { driveAtRate } from '../harness/open-loop';
import type { ApiProcess } from '../harness/servers';
import { median, percentile, ratio } from '../harness/stats';

const AREA = 'casino';

/** Issue 15's budget for the spin's round trip, and the offered rate it holds at. */
export const SPIN_BUDGETS = { spinsPerSecond: 500, p99Ms: 30 } as const;

/** The in-house slot spun (20 lines: the smallest stake is 20 cents). */
const SLOT = 'aurora-gems';
const STAKE_MINOR = 20;
/** Share of the closed-loop capacity offered when it is below 500/s: the queue stays bounded. */
const SUSTAINABLE_SHARE = 0.8;
/** Seconds of spins per side and round at the offered rate (BENCH_CASINO_SPIN_SECONDS). */
const SECONDS = Math.max(1, Number(process.env['BENCH_CASINO_SPIN_SECONDS'] ?? 4) || 4);
/** Slices per side and round: spins and seed reads alternate slice by slice. */
const SLICES = 4;

/** The slot rules the brand's players are held to (a minimum time between spins decides how many players are needed). */
async function minSpinSeconds(api: ApiProcess): Promise<number> {
  const res = await fetch(`${api.baseUrl}/web-api/site-config?brand=${BENCH_LOAD_BRAND}`);
  const body = (await res.json()) as { config?: { modules?: { casino?: { slots?: { minSpinSeconds?: number } } } } };
  return body.config?.modules?.casino?.slots?.minSpinSeconds ?? 0;
}

async function spin(api: ApiProcess, player: Bettor, roundId: string): Promise<boolean> {
  const res = await fetch(`${api.baseUrl}/web-api/casino/rounds?brand=${player.brand}`, {
    method: 'POST',
    headers: writeHeaders(api, player),
    body: JSON.stringify({ roundId, gameId: SLOT, bet: { stake: STAKE_MINOR } }),
  });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return false;
  }
  const round = (await res.json()) as { status?: string };
  return round.status === 'settled';
}

async function readSeed(api: ApiProcess, player: Bettor): Promise<boolean> {
  const res = await fetch(`${api.baseUrl}/web-api/casino/seeds?brand=${player.brand}`, {
    headers: { cookie: player.cookie },
  });
  await res.arrayBuffer();
  return res.status === 200;
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux; clock ticks of 1/100 s); NaN elsewhere. The API's
 * CPU per spin does not depend on what else the host runs, so it says what one core could sustain on a quiet host.
 */
export function processCpuSeconds(
  pid: number,
  read: (file: string) => string = (f) => fs.readFileSync(f, 'utf8'),
): number {
  try {
    const stat = read(`/proc/${pid}/stat`);
    // The command name may hold spaces: the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Closed loop: `inFlight` workers spin until `total` spins are done; answers spins per second. */
async function capacity(
  total: number,
  inFlight: number,
  op: (i: number) => Promise<boolean>,
): Promise<{ perSecond: number; refused: number }> {
  let next = 0;
  let ok = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) if (await op(next++)) ok++;
    }),
  );
  return { perSecond: ok / ((performance.now() - t0) / 1000), refused: total - ok };
}

/** Runs the spin figures; `api` is a PostgreSQL API of this run's own schema. */
export async function spinFigures(ctx: BenchContext): Promise<Figure[]> {
  const names = {
    p99: `slot spin round trip p99 at the offered rate (${SPIN_BUDGETS.spinsPerSecond}/s asked), PostgreSQL`,
    p50: 'slot spin round trip p50 at the offered rate, PostgreSQL',
    rate: 'slot spins per second sustained at the offered rate',
    capacity: 'slot spins per second, closed loop (capacity of this host)',
    cpu: 'API process CPU time per slot spin (closed loop)',
    ratio: 'slot spin p99 ÷ seed read p99 at the same rate (same round)',
  };
  if (!(await ctx.postgresReachable()))
    return [notMeasured(AREA, names.p99, 'PostgreSQL is not reachable', { unit: 'ms', budget: SPIN_BUDGETS.p99Ms })];
  const schema = await ctx.postgresSchema('casino_spin');
  const api = await ctx.startApi({ name: 'casino-spin', engine: 'postgres', databaseUrl: schema.url });
  ctx.note(AREA, `spins: API ${api.baseUrl} on PostgreSQL schema ${schema.schema} (dropped at the end)`);

  const minSpin = await minSpinSeconds(api);
  // Enough players that none spins sooner than the brand's minimum time between spins, at 1.5× the offered rate.
  const playersNeeded = Math.max(40, Math.ceil(SPIN_BUDGETS.spinsPerSecond * minSpin * 1.5));
  const players: Bettor[] = [];
  ctx.log(`casino: registering and funding ${playersNeeded} players (minimum ${minSpin} s between spins)`);
  // Ten at a time: the sandbox card deposit settles after a few seconds, so one by one would take minutes.
  const ready = async (): Promise<Bettor> => {
    const p = await registerBettor(api, BENCH_LOAD_BRAND);
    await fundBettor(api, p, 5_000);
    const launch = await fetch(`${api.baseUrl}/web-api/casino/games/${SLOT}/launch?brand=${p.brand}`, {
      method: 'POST',
      headers: writeHeaders(api, p),
      body: JSON.stringify({ mode: 'real' }),
    });
    if (launch.status !== 200) throw new Error(`launching ${SLOT} answered ${launch.status}: ${await launch.text()}`);
    return p;
  };
  while (players.length < playersNeeded)
    players.push(...(await Promise.all(Array.from({ length: Math.min(10, playersNeeded - players.length) }, ready))));
  const run = randomBytes(3).toString('hex');
  let counter = 0;
  const spinOp = (i: number) => spin(api, players[i % players.length] as Bettor, `bench-${run}-${++counter}`);
  const seedOp = (i: number) => readSeed(api, players[i % players.length] as Bettor);

  // Warm-up (JIT, pools), then the closed-loop capacity.
  await capacity(200, 8, spinOp);
  await capacity(200, 8, seedOp);
  const capSpins = Math.max(600, SPIN_BUDGETS.spinsPerSecond * 2);
  const cpuBefore = processCpuSeconds(api.pid);
  const cap = await capacity(capSpins, 16, spinOp);
  const cpuPerSpinMs = ((processCpuSeconds(api.pid) - cpuBefore) * 1000) / (capSpins - cap.refused);
  const offered =
    cap.perSecond >= SPIN_BUDGETS.spinsPerSecond / SUSTAINABLE_SHARE
      ? SPIN_BUDGETS.spinsPerSecond
      : Math.max(10, Math.floor(cap.perSecond * SUSTAINABLE_SHARE));
  ctx.note(
    AREA,
    `spins: closed loop of 16 in flight sustained ${cap.perSecond.toFixed(0)} spins/s (${cap.refused} refused); ` +
      (offered === SPIN_BUDGETS.spinsPerSecond
        ? `offered ${offered} spins/s`
        : `this host cannot offer ${SPIN_BUDGETS.spinsPerSecond} spins/s, so ${offered}/s (80% of its capacity) is offered`) +
      `; ${players.length} players, stake ${STAKE_MINOR / 100} EUR on ${SLOT}, ${SECONDS} s a side per round in ${SLICES} slices`,
  );

  const perSlice = Math.max(20, Math.round((offered * SECONDS) / SLICES));
  const rounds: { spin: number[]; seed: number[]; rate: number; refused: number; seedRefused: number }[] = [];
  for (let r = 0; r < ctx.rounds; r++) {
    const spinLat: number[] = [];
    const seedLat: number[] = [];
    let ok = 0;
    let seconds = 0;
    let refused = 0;
    let seedRefused = 0;
    for (let s = 0; s < SLICES; s++) {
      const order = (r + s) % 2 === 0 ? (['spin', 'seed'] as const) : (['seed', 'spin'] as const);
      for (const side of order) {
        const d = await driveAtRate(perSlice, offered, side === 'spin' ? spinOp : seedOp);
        if (side === 'spin') {
          spinLat.push(...d.latencies);
          ok += d.ok;
          seconds += d.seconds;
          refused += d.refused;
        } else {
          seedLat.push(...d.latencies);
          seedRefused += d.refused;
        }
      }
    }
    rounds.push({ spin: spinLat, seed: seedLat, rate: ok / seconds, refused, seedRefused });
    ctx.log(
      `casino: spin round ${r + 1}: p50 ${percentile(spinLat, 50).toFixed(1)} ms, p99 ${percentile(spinLat, 99).toFixed(1)} ms, ${(ok / seconds).toFixed(0)} spins/s, seed p99 ${percentile(seedLat, 99).toFixed(1)} ms`,
    );
  }
  const refused = rounds.reduce((a, r) => a + r.refused, 0);
  const seedRefused = rounds.reduce((a, r) => a + r.seedRefused, 0);
  const below = offered < SPIN_BUDGETS.spinsPerSecond;
  const atRate = below
    ? `at ${offered} spins/s offered (this host's closed-loop capacity was ${cap.perSecond.toFixed(0)}/s, below what 500/s needs)`
    : `at ${offered} spins/s offered`;
  return [
    below
      ? sampled({
          area: AREA,
          name: names.p99,
          rounds: rounds.map((r) => percentile(r.spin, 99)),
          unit: 'ms',
          notes: `${atRate}: not the budget's rate, so information only (budget ${SPIN_BUDGETS.p99Ms} ms at ${SPIN_BUDGETS.spinsPerSecond}/s); ${refused} spins refused`,
        })
      : sampled({
          area: AREA,
          name: names.p99,
          rounds: rounds.map((r) => percentile(r.spin, 99)),
          unit: 'ms',
          budget: SPIN_BUDGETS.p99Ms,
          notes: `${atRate}, latency from each spin's due time; ${refused} spins refused`,
          meaning:
            'issue 15: a slot spin (request to result, stake and win posted) within 30 ms at p99 under 500 spins/s',
        }),
    sampled({
      area: AREA,
      name: names.p50,
      rounds: rounds.map((r) => percentile(r.spin, 50)),
      unit: 'ms',
      notes: atRate,
    }),
    sampled({
      area: AREA,
      name: names.rate,
      rounds: rounds.map((r) => r.rate),
      unit: 'spins/s',
      better: 'higher',
      notes: `${offered} offered`,
    }),
    figure({
      area: AREA,
      name: names.capacity,
      value: Math.round(cap.perSecond),
      unit: 'spins/s',
      better: 'higher',
      notes: '16 in flight, after a warm-up',
    }),
    ...(Number.isFinite(cpuPerSpinMs)
      ? [
          figure({
            area: AREA,
            name: names.cpu,
            value: Number(cpuPerSpinMs.toFixed(2)),
            unit: 'ms',
            notes: `one core of the API process alone would run ${Math.round(1000 / cpuPerSpinMs)} spins/s (PostgreSQL's own CPU and the load generator's not counted); ${SPIN_BUDGETS.spinsPerSecond}/s needs ${((SPIN_BUDGETS.spinsPerSecond * cpuPerSpinMs) / 1000).toFixed(2)} cores of it`,
          }),
        ]
      : []),
    sampled({
      area: AREA,
      name: names.ratio,
      rounds: rounds.map((r) => Number(ratio(percentile(r.spin, 99), percentile(r.seed, 99)).toFixed(2))),
      unit: '×',
      notes: `seed read p99 ${median(rounds.map((r) => percentile(r.seed, 99))).toFixed(1)} ms (median of rounds), ${seedRefused} refused; what the round and its ledger transaction add over a signed-in read on the same host`,
    }),
  ];
}

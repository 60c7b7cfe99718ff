// Password hashing must not starve other work (issue 12, item 17): argon2 runs in libuv's thread pool, which file
// reads (static assets) and zlib share. During 100 simultaneous sign-ins, a static asset and a feed call are probed;
// their p99 is compared with a baseline taken in the same run with no sign-in load, and with a server whose hashing
// queue is opened wide (PASSWORD_HASH_CONCURRENCY 64), the behaviour before the queue.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { registerSignInAccount, type SignInAccount } from '../api/bettors';
import { nextClientAddress } from '../api/load';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { roundRatios } from '../harness/rounds';
import type { ApiProcess, Engine } from '../harness/servers';
import { percentile } from '../harness/stats';

const AREA = 'hashing';

/** One line of the area's help. */
export const description =
  'static asset and feed p99 during 100 simultaneous sign-ins (argon2), with a baseline, on PostgreSQL and PGlite';

/** Simultaneous sign-ins, as the issue measured them. */
const SIGN_INS = 100;
/**
 * How long each phase probes, milliseconds. A round is SLICES pairs of (baseline, sign-ins) phases, the order
 * alternating, and each p99 is taken over the round's phases of one kind pooled (ADR 0305): with one 3 s phase of
 * probes 25 ms apart a p99 was the 2nd-slowest of about 100 answers, one descheduling of the host decided it, and a
 * burst of someone else's load landed on one side of the ratio only. Now about 3 × 2 s at 10 ms: some 400 answers.
 */
const PHASE_MS = Math.max(1000, Number(process.env['BENCH_HASHING_PHASE_MS'] ?? 2000) || 2000);
/** Baseline and sign-in phases per round, alternating. */
const SLICES = Math.max(1, Number(process.env['BENCH_HASHING_SLICES'] ?? 3) || 3);
/** Pause between two probes of one kind. */
const PROBE_EVERY_MS = 10;
/** The budget of the issue: asset and feed p99 during the sign-ins. */
const BUDGET_MS = 50;
/**
 * Issue 19: the same p99 over the p99 of a baseline phase without sign-ins just before it, round by round, at most 2.
 * Baselines below 25 ms count as 25 ms, so on a quiet host the ratio budget is issue 12's 50 ms exactly, and on a busy
 * one (whose baseline p99 is itself above 25 ms) it grows with the baseline instead of failing on the host's noise.
 */
const RATIO_BUDGET = 2;
const RATIO_FLOOR_MS = BUDGET_MS / RATIO_BUDGET;

/** `count` accounts, registered a few at a time (each registration hashes its password too). */
async function signUpMany(api: ApiProcess, count: number): Promise<SignInAccount[]> {
  const accounts: SignInAccount[] = [];
  while (accounts.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - accounts.length) }, () => registerSignInAccount(api)),
    );
    for (const a of batch) if (typeof a !== 'string') accounts.push(a);
    if (batch.every((a) => typeof a === 'string')) break;
  }
  return accounts;
}

/** A hashed file of the client build, as the page loads it. */
function staticAsset(webDistDir: string): string | undefined {
  const dir = path.join(webDistDir, 'client', 'assets');
  if (!fs.existsSync(dir)) return undefined;
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.js'));
  return file ? `/assets/${file}` : undefined;
}

/** Requests `url` every PROBE_EVERY_MS until `until`, returning each answer's milliseconds (failures as Infinity). */
async function probe(url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(res.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
    } catch {
      times.push(Number.POSITIVE_INFINITY);
    }
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return times;
}

export interface Phase {
  asset: number[];
  feed: number[];
  signIns: number;
  refused: number;
  failed: number;
  /** Other answers to the sign-ins, by status (0: no answer). */
  others: Record<number, number>;
}

/** Probes asset and feed for PHASE_MS, with `signIns` clients signing in over and over meanwhile (0: a baseline). */
async function phase(
  api: ApiProcess,
  account: SignInAccount,
  assetPath: string,
  signIns: number,
  accounts: readonly SignInAccount[] = [],
): Promise<Phase> {
  const until = performance.now() + PHASE_MS;
  const result: Phase = { asset: [], feed: [], signIns: 0, refused: 0, failed: 0, others: {} };
  const signer = async (i: number): Promise<void> => {
    // Each client its own account and address, as 100 people would be: the lockout's limits are not what is measured.
    const address = nextClientAddress();
    const own = accounts[i % Math.max(1, accounts.length)] ?? account;
    while (performance.now() < until) {
      const res = await fetch(`${api.baseUrl}/web-api/user/auth?brand=${own.brand}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ login: own.login, password: own.password, login_type: 'id' }),
      }).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      if (res?.status === 200) result.signIns += 1;
      else if (res?.status === 503) result.refused += 1;
      else {
        result.failed += 1;
        result.others[res?.status ?? 0] = (result.others[res?.status ?? 0] ?? 0) + 1;
      }
    }
  };
  const signers = Array.from({ length: signIns }, (_, i) => signer(i));
  // Let the sign-ins fill the queue before the first probe.
  if (signIns > 0) await new Promise((r) => setTimeout(r, 200));
  const [asset, feed] = await Promise.all([
    probe(`${api.baseUrl}${assetPath}`, until),
    probe(`${api.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=50&brand=${account.brand}`, until),
  ]);
  await Promise.all(signers);
  result.asset = asset;
  result.feed = feed;
  return result;
}

/** The phases of one kind of a round as one: answers pooled, counts summed. */
export function pooled(phases: readonly Phase[]): Phase {
  const out: Phase = { asset: [], feed: [], signIns: 0, refused: 0, failed: 0, others: {} };
  for (const p of phases) {
    out.asset.push(...p.asset);
    out.feed.push(...p.feed);
    out.signIns += p.signIns;
    out.refused += p.refused;
    out.failed += p.failed;
    for (const [k, v] of Object.entries(p.others)) out.others[Number(k)] = (out.others[Number(k)] ?? 0) + v;
  }
  return out;
}

function p99(values: number[]): number {
  return Math.round(percentile(values, 99) * 10) / 10;
}

function phaseFigures(label: string, result: Phase, budget: number | undefined): Figure[] {
  const notes = `${result.asset.length} asset and ${result.feed.length} feed probes every ${PROBE_EVERY_MS} ms for ${PHASE_MS / 1000} s`;
  const figures = [
    figure({
      area: AREA,
      name: `${label}: static asset p99`,
      value: p99(result.asset),
      unit: 'ms',
      ...(budget !== undefined ? { budget } : {}),
      notes,
    }),
    figure({
      area: AREA,
      name: `${label}: LineFeed/Get1x2_VZip p99`,
      value: p99(result.feed),
      unit: 'ms',
      ...(budget !== undefined ? { budget } : {}),
      notes,
    }),
  ];
  if (result.signIns + result.refused + result.failed > 0) {
    figures.push(
      figure({
        area: AREA,
        name: `${label}: sign-ins completed / s`,
        value: Math.round(result.signIns / (PHASE_MS / 1000)),
        unit: 'req/s',
        better: 'higher',
        notes: `${result.refused} refused with 503 (queue full), ${result.failed} other answers ${JSON.stringify(result.others)}`,
      }),
    );
  }
  return figures;
}

/** Rounds of (baseline, 100 sign-ins) on a server with the hashing queue, then one phase with the queue opened wide. */
async function measureEngine(ctx: BenchContext, engine: Engine, assetPath: string): Promise<Figure[]> {
  const database = async (name: string) =>
    engine === 'postgres' ? { databaseUrl: (await ctx.postgresSchema(name)).url } : {};
  // PASSWORD_HASH_CONCURRENCY in the bench's environment is passed to this server (the queue's width under test).
  const concurrency = process.env['PASSWORD_HASH_CONCURRENCY'];
  const api = await ctx.startApi({
    name: `hashing-queue-${engine}`,
    engine,
    readyTimeoutSeconds: 300,
    ...(await database('hashing_queue')),
    ...(concurrency ? { env: { PASSWORD_HASH_CONCURRENCY: concurrency } } : {}),
  });
  const out: Figure[] = [];
  try {
    const account = await registerSignInAccount(api);
    if (typeof account === 'string') return [notMeasured(AREA, `${engine}: static asset p99 during sign-ins`, account)];
    const accounts = await signUpMany(api, SIGN_INS);
    const base: Phase[] = [];
    const loaded: Phase[] = [];
    for (let round = 0; round < ctx.rounds; round++) {
      ctx.log(
        `hashing ${engine}: round ${round + 1} of ${ctx.rounds}: ${SLICES} × (baseline, ${SIGN_INS} sign-ins), alternating`,
      );
      const b: Phase[] = [];
      const l: Phase[] = [];
      for (let slice = 0; slice < SLICES; slice++) {
        if ((round + slice) % 2 === 0) {
          b.push(await phase(api, account, assetPath, 0));
          l.push(await phase(api, account, assetPath, SIGN_INS, accounts));
        } else {
          l.push(await phase(api, account, assetPath, SIGN_INS, accounts));
          b.push(await phase(api, account, assetPath, 0));
        }
      }
      base.push(pooled(b));
      loaded.push(pooled(l));
    }
    const label = `${engine}: ${SIGN_INS} simultaneous sign-ins, hashing queue (${concurrency ?? 'default'} at once)`;
    for (const [kind, pick] of [
      ['static asset', (p: Phase) => p.asset],
      ['LineFeed/Get1x2_VZip', (p: Phase) => p.feed],
    ] as const) {
      const during = loaded.map((p) => p99(pick(p)));
      const before = base.map((p) => p99(pick(p)));
      out.push(
        sampled({
          area: AREA,
          name: `${label}: ${kind} p99 / baseline p99`,
          rounds: roundRatios(during, before, RATIO_FLOOR_MS),
          unit: '×',
          budget: RATIO_BUDGET,
          meaning: `the sign-ins at most double the ${kind}'s p99 of the phase without sign-ins just before (floored at ${RATIO_FLOOR_MS} ms)`,
        }),
        sampled({
          area: AREA,
          name: `${label}: ${kind} p99`,
          rounds: during,
          unit: 'ms',
          // Issue 12's 50 ms is budgeted as the ratio above: an absolute wall-clock p99 follows the host's load (the
          // busy and quiet runs of 2026-11-26 disagreed on it, 124–248 ms against 20–42 ms), the ratio does not.
          notes: `issue 12, item 17: ${BUDGET_MS} ms during ${SIGN_INS} simultaneous sign-ins, budgeted as the ratio to the phase before (floored at ${RATIO_FLOOR_MS} ms, so on a quiet host it is the ${BUDGET_MS} ms)`,
        }),
        sampled({ area: AREA, name: `${engine}: baseline, no sign-ins: ${kind} p99`, rounds: before, unit: 'ms' }),
      );
    }
    const signIns = loaded.map((p) => p.signIns / ((SLICES * PHASE_MS) / 1000));
    out.push(
      sampled({
        area: AREA,
        name: `${label}: sign-ins completed / s`,
        rounds: signIns,
        unit: 'req/s',
        better: 'higher',
        notes: `${loaded.reduce((a, p) => a + p.refused, 0)} refused with 503 (queue full), ${loaded.reduce((a, p) => a + p.failed, 0)} other answers; probes every ${PROBE_EVERY_MS} ms, ${SLICES} phases of ${PHASE_MS / 1000} s a kind a round, pooled; answers per round: ${loaded.map((p) => p.asset.length).join(' / ')} (asset, sign-ins), ${base.map((p) => p.asset.length).join(' / ')} (baseline)`,
      }),
    );
  } finally {
    await api.stop();
  }
  // The same load on a server whose queue lets every hash into the thread pool: what the queue prevents (one phase).
  const wide = await ctx.startApi({
    name: `hashing-wide-${engine}`,
    engine,
    readyTimeoutSeconds: 300,
    ...(await database('hashing_wide')),
    env: { PASSWORD_HASH_CONCURRENCY: '64', PASSWORD_HASH_QUEUE: '100000' },
  });
  try {
    const account = await registerSignInAccount(wide);
    if (typeof account === 'string') out.push(notMeasured(AREA, `${engine}: without the queue`, account));
    else
      out.push(
        ...phaseFigures(
          `${engine}: ${SIGN_INS} simultaneous sign-ins, queue opened wide (64 at once)`,
          await phase(wide, account, assetPath, SIGN_INS, await signUpMany(wide, SIGN_INS)),
          undefined,
        ),
      );
  } finally {
    await wide.stop();
  }
  return out;
}

/** The area, on PostgreSQL when reachable (PGlite runs its queries on the server's own thread) and on PGlite. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const dist = await ctx.dist();
  const assetPath = staticAsset(dist.webDistDir);
  if (!assetPath) return [notMeasured(AREA, 'static asset p99 during sign-ins', 'the client build has no assets/*.js')];
  const out: Figure[] = [];
  if (await ctx.postgresReachable()) out.push(...(await measureEngine(ctx, 'postgres', assetPath)));
  out.push(...(await measureEngine(ctx, 'pglite', assetPath)));
  ctx.note(
    AREA,
    `Probes are sequential per kind (one request in flight each), ${PROBE_EVERY_MS} ms apart, from the bench process; sign-ins use the right password from ${SIGN_INS} distinct addresses (X-Forwarded-For).`,
  );
  return out;
}

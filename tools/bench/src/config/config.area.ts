// Brand configuration resolution and validation (issue 2): cached resolve < 5 µs, uncached resolve < 1 ms,
// loading and validating every brand < 1 s. Each figure has a baseline measured the same way in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import type { BenchContext } from '../harness/context';
import { sampled, type Figure } from '../harness/figure';
import { median, percentile, ratio } from '../harness/stats';

const AREA = 'config';

/** One line of the area's help. */
export const description =
  'brand configuration: cached and uncached resolve, load + validate all brands, with baselines';

/**
 * Median nanoseconds per operation over `samples` batches of `batch` operations, after one warm-up batch: both the
 * wall clock and the process's CPU time (ADR 0270). A busy host deschedules the process in the middle of a batch and
 * the wall clock counts that time; the CPU time counts only the work, so it is what the budgets hold.
 */
export function measureSync(
  batch: number,
  samples: number,
  op: (i: number) => unknown,
): { median: number; p90: number; cpuMedian: number } {
  let sink = 0;
  for (let i = 0; i < batch; i++) sink ^= op(i) ? 1 : 0; // warm-up: let the JIT settle
  const perOp: number[] = [];
  const cpuPerOp: number[] = [];
  for (let s = 0; s < samples; s++) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink ^= op(i) ? 1 : 0;
    perOp.push(Number(process.hrtime.bigint() - start) / batch);
    const used = process.cpuUsage(cpu);
    cpuPerOp.push(((used.user + used.system) * 1000) / batch);
  }
  // Keeps the results observable so the loop is not optimised away.
  if (sink === 42) process.stderr.write('');
  return { median: median(perOp), p90: percentile(perOp, 90), cpuMedian: median(cpuPerOp) };
}

/** CPU nanoseconds of one awaited call (the process's user + system time). */
async function cpuNanos(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: Number(process.hrtime.bigint() - start), cpu: (used.user + used.system) * 1000 };
}

/** Runs the configuration figures against the workspace's brands/. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const brandsDir = path.join(ctx.root, 'brands');
  const cached = await loadBrandRegistry({ brandsDir, displayRoot: ctx.root });
  const first = cached.brands()[0];
  if (!first) throw new Error('no valid brand in brands/: nothing to resolve');
  const country = first.defaultCountry;
  const otherCountry = first.countries.find((c) => c !== country) ?? country;
  const lng = first.defaultLanguage;
  const resolved = cached.resolve(first.id, country, lng);
  // A cache of one entry and two alternating keys: every call misses, so this is the full uncached path
  // (merge of defaults + brand + country + language, schema defaults, dictionary merge, freeze).
  const uncached = await loadBrandRegistry({ brandsDir, displayRoot: ctx.root, cacheLimit: 1 });
  const brandJsonText = fs.readFileSync(path.join(brandsDir, first.id, 'brand.json'), 'utf8');

  // Rounds (issue 19): every figure and its baseline once per round, in this order; CPU time per operation.
  const perRound: Record<'read' | 'cached' | 'parse' | 'uncached' | 'load', number[]> = {
    read: [],
    cached: [],
    parse: [],
    uncached: [],
    load: [],
  };
  const wall: Record<'cached' | 'uncached' | 'load', number[]> = { cached: [], uncached: [], load: [] };
  for (let round = 0; round < ctx.rounds; round++) {
    perRound.read.push(measureSync(1_000_000, 11, () => resolved.config.coupon.features.sale).cpuMedian);
    const c = measureSync(200_000, 11, () => cached.resolve(first.id, country, lng));
    perRound.cached.push(c.cpuMedian);
    wall.cached.push(c.median);
    perRound.parse.push(measureSync(20_000, 11, () => JSON.parse(brandJsonText)).cpuMedian);
    const u = measureSync(500, 11, (i) => uncached.resolve(first.id, i % 2 ? country : otherCountry, lng));
    perRound.uncached.push(u.cpuMedian);
    wall.uncached.push(u.median);
    // Loading is async; time each awaited load.
    const loads: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < 5; i++)
      loads.push(await cpuNanos(() => loadBrandRegistry({ brandsDir, displayRoot: ctx.root })));
    perRound.load.push(median(loads.map((l) => l.cpu)));
    wall.load.push(median(loads.map((l) => l.wall)));
  }
  const brandCount = cached.brands().length;
  const wallNote = (rounds: number[], scale: number, unit: string) =>
    `wall clock per round ${rounds.map((v) => (v / scale).toPrecision(3)).join(' / ')} ${unit} (information: a busy host's descheduling is in it)`;

  ctx.note(
    AREA,
    `${brandCount} brands; resolve measured on ${first.id} (${country}/${otherCountry}, ${lng}); ${ctx.rounds} rounds, each the median of 11 batches (load + validate: of 5 loads), CPU time per operation`,
  );
  if (otherCountry === country)
    ctx.note(AREA, `${first.id} has one country: the uncached figure alternates a cache of one entry on the same key`);
  const cpuMeaning = (what: string) =>
    `${what}, in CPU time per operation (the process's user + system time): the cost on a core of its own, which a busy host does not change`;
  return [
    sampled({
      area: AREA,
      name: 'baseline: property read of resolved config',
      rounds: perRound.read,
      unit: 'ns',
    }),
    sampled({
      area: AREA,
      name: 'resolve, cached',
      rounds: perRound.cached.map((v) => v / 1000),
      unit: 'µs',
      budget: 5,
      meaning: cpuMeaning('a cached resolve under 5 µs (issue 2)'),
      notes: `${ratio(median(perRound.cached), median(perRound.read)).toFixed(1)}× the property read; ${wallNote(wall.cached, 1000, 'µs')}`,
    }),
    sampled({
      area: AREA,
      name: 'baseline: JSON.parse(brand.json)',
      rounds: perRound.parse.map((v) => v / 1e6),
      unit: 'ms',
    }),
    sampled({
      area: AREA,
      name: 'resolve, uncached',
      rounds: perRound.uncached.map((v) => v / 1e6),
      unit: 'ms',
      budget: 1,
      meaning: cpuMeaning('an uncached resolve (merge, schema defaults, dictionary, freeze) under 1 ms (issue 2)'),
      notes: `${ratio(median(perRound.uncached), median(perRound.parse)).toFixed(1)}× JSON.parse of the brand file; ${wallNote(wall.uncached, 1e6, 'ms')}`,
    }),
    sampled({
      area: AREA,
      name: `load + validate all brands (${brandCount})`,
      rounds: perRound.load.map((v) => v / 1e6),
      unit: 'ms',
      budget: 1000,
      meaning: cpuMeaning('loading and validating every brand under 1 s (issue 2)'),
      notes: wallNote(wall.load, 1e6, 'ms'),
    }),
  ];
}

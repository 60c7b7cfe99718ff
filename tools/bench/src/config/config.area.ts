// Brand configuration resolution and validation (issue 2): cached resolve < 5 µs, uncached resolve < 1 ms,
// loading and validating every brand < 1 s. Each figure has a baseline measured the same way in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import type { BenchContext } from '../harness/context';
import { figure, type Figure } from '../harness/figure';
import { median, percentile, ratio } from '../harness/stats';

const AREA = 'config';

/** One line of the area's help. */
export const description =
  'brand configuration: cached and uncached resolve, load + validate all brands, with baselines';

/** Median nanoseconds per operation over `samples` batches of `batch` operations, after one warm-up batch. */
export function measureSync(
  batch: number,
  samples: number,
  op: (i: number) => unknown,
): { median: number; p90: number } {
  let sink = 0;
  for (let i = 0; i < batch; i++) sink ^= op(i) ? 1 : 0; // warm-up: let the JIT settle
  const perOp: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink ^= op(i) ? 1 : 0;
    perOp.push(Number(process.hrtime.bigint() - start) / batch);
  }
  // Keeps the results observable so the loop is not optimised away.
  if (sink === 42) process.stderr.write('');
  return { median: median(perOp), p90: percentile(perOp, 90) };
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

  const baselineRead = measureSync(1_000_000, 31, () => resolved.config.coupon.features.sale);
  const cachedResolve = measureSync(200_000, 31, () => cached.resolve(first.id, country, lng));
  const baselineParse = measureSync(20_000, 31, () => JSON.parse(brandJsonText));
  const uncachedResolve = measureSync(500, 31, (i) => uncached.resolve(first.id, i % 2 ? country : otherCountry, lng));

  // Loading is async; time each awaited load.
  const loadTimes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = process.hrtime.bigint();
    await loadBrandRegistry({ brandsDir, displayRoot: ctx.root });
    loadTimes.push(Number(process.hrtime.bigint() - start));
  }
  const validateAll = median(loadTimes);
  const brandCount = cached.brands().length;

  ctx.note(
    AREA,
    `${brandCount} brands; resolve measured on ${first.id} (${country}/${otherCountry}, ${lng}); medians of 31 batches, load + validate median of 15`,
  );
  if (otherCountry === country)
    ctx.note(AREA, `${first.id} has one country: the uncached figure alternates a cache of one entry on the same key`);
  return [
    figure({ area: AREA, name: 'baseline: property read of resolved config', value: baselineRead.median, unit: 'ns' }),
    figure({
      area: AREA,
      name: 'resolve, cached',
      value: cachedResolve.median / 1000,
      unit: 'µs',
      budget: 5,
      notes: `p90 ${(cachedResolve.p90 / 1000).toFixed(3)} µs; ${ratio(cachedResolve.median, baselineRead.median).toFixed(1)}× the property read`,
    }),
    figure({ area: AREA, name: 'baseline: JSON.parse(brand.json)', value: baselineParse.median / 1e6, unit: 'ms' }),
    figure({
      area: AREA,
      name: 'resolve, uncached',
      value: uncachedResolve.median / 1e6,
      unit: 'ms',
      budget: 1,
      notes: `p90 ${(uncachedResolve.p90 / 1e6).toFixed(3)} ms; ${ratio(uncachedResolve.median, baselineParse.median).toFixed(1)}× JSON.parse of the brand file`,
    }),
    figure({
      area: AREA,
      name: `load + validate all brands (${brandCount})`,
      value: validateAll / 1e6,
      unit: 'ms',
      budget: 1000,
    }),
  ];
}

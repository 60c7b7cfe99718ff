// Finer interleaving (ADR 0270): a round of "all the baseline, then all the subject" lets a burst of someone else's
// load land on one side only. Slicing the round (baseline slice, subject slice, baseline slice … in rotating order)
// spreads every burst over both sides, so the round's ratio keeps the conditions it is meant to share.

/** What a driven phase measured: operations that succeeded or were refused, their seconds, each latency (ms). */
export interface Driven {
  ok: number;
  refused: number;
  seconds: number;
  latencies: number[];
}

/** Drives `total` operations (indexes from `offset`) with `concurrency` in flight. */
export type Drive = (total: number, offset: number) => Promise<Driven>;

/** Sizes of `slices` slices of `total` that add up to it. */
export function sliceSizes(total: number, slices: number): number[] {
  const n = Math.max(1, Math.min(slices, total));
  return Array.from({ length: n }, (_, i) => Math.floor(((i + 1) * total) / n) - Math.floor((i * total) / n));
}

/**
 * Runs each phase's `total` operations in `slices` slices, alternating phases slice by slice (the order rotating each
 * slice), and sums each phase's slices: rate is ok ÷ the phase's own seconds, latencies are pooled.
 */
export async function driveInterleaved<K extends string>(
  phases: Record<K, Drive>,
  total: number,
  slices: number,
): Promise<Record<K, Driven>> {
  const names = Object.keys(phases) as K[];
  const out = Object.fromEntries(
    names.map((k): [K, Driven] => [k, { ok: 0, refused: 0, seconds: 0, latencies: [] }]),
  ) as Record<K, Driven>;
  let offset = 0;
  const sizes = sliceSizes(total, slices);
  for (let s = 0; s < sizes.length; s++) {
    const size = sizes[s] as number;
    const k = s % names.length;
    for (const name of [...names.slice(k), ...names.slice(0, k)]) {
      const r = await phases[name](size, offset);
      const acc = out[name];
      acc.ok += r.ok;
      acc.refused += r.refused;
      acc.seconds += r.seconds;
      for (const l of r.latencies) acc.latencies.push(l);
    }
    offset += size;
  }
  return out;
}

/** Sorted copy, ascending, without NaN: the input of every order statistic below. */
export function sortedNumbers(values: readonly number[]): number[] {
  return values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
}

/** The median (mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const s = sortedNumbers(values);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * The p-th percentile (0..100) by the nearest-rank method: always a value that was observed, so a p99 of latencies
 * is a latency some request really had. NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile must be 0..100, got ${p}`);
  const s = sortedNumbers(values);
  if (s.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1] as number;
}

/** Arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  const s = values.filter((v) => !Number.isNaN(v));
  return s.length === 0 ? NaN : s.reduce((a, b) => a + b, 0) / s.length;
}

/** `a / b`, NaN when `b` is zero or either side is not finite (a ratio to a failed baseline means nothing). */
export function ratio(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return NaN;
  return a / b;
}

/** Total blocking time: the sum over long tasks of the part beyond 50 ms (the Lighthouse definition). */
export function totalBlockingTime(longTaskDurations: readonly number[]): number {
  return longTaskDurations.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
}

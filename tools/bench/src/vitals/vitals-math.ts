import { totalBlockingTime } from '../harness/stats';

/**
 * Cumulative layout shift as web-vitals defines it: shifts grouped into session windows (a gap of at most 1 s, a
 * window of at most 5 s); CLS is the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly { t: number; v: number }[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.t - b.t)) {
    if (s.t - last > 1000 || s.t - windowStart > 5000) {
      current = 0;
      windowStart = s.t;
    }
    current += s.v;
    last = s.t;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** Total blocking time of the long tasks that start after first contentful paint (Lighthouse counts from FCP). */
export function blockingTimeAfter(fcp: number | null, tasks: readonly { start: number; duration: number }[]): number {
  const from = fcp ?? 0;
  return totalBlockingTime(
    tasks.filter((t) => t.start + t.duration > from).map((t) => t.duration - Math.max(0, from - t.start)),
  );
}

/**
 * How long a load that needs only its largest paint watches after its load event (ms): as long as the same subject's
 * full loads (each watched `fullSettleMs`) saw a paint come after theirs, plus `marginMs`, at least `marginMs` and at
 * most `fullSettleMs`. Without full loads, or with one that lacks either time, the full watch.
 */
export function pairSettleMs(
  fullLoads: readonly { lcp: number | null; loadEnd: number | null }[],
  fullSettleMs: number,
  marginMs: number,
): number {
  if (!fullLoads.length) return fullSettleMs;
  let late = 0;
  for (const l of fullLoads) {
    if (l.lcp === null || l.loadEnd === null) return fullSettleMs;
    late = Math.max(late, l.lcp - l.loadEnd);
  }
  return Math.min(fullSettleMs, late + marginMs);
}

// Rounds and spread (issue 19): every timed figure is measured in interleaved rounds (5 by default) and reported as
// the median with its min and max; a budget is judged on the median, and a figure whose rounds fall on both sides of
// the budget cannot be told apart from the other side of it: it is "unstable", not a pass (ADR 0270). Which rounds
// decide that is ADR 0305: from 5 rounds on, the most extreme fifth at each end is left out (the trimmed range), so
// one outlier round of five does not decide; two of five (40 %) still do.
import type { Better } from './figure';
import { median } from './stats';

/** The rounds of one figure: the median is the figure's value, min and max its spread. */
export interface Spread {
  min: number;
  max: number;
  /** How many rounds measured the figure. */
  rounds: number;
  /** The finite rounds in the order measured (ADR 0305): the trimmed range is derived from them. */
  values?: number[];
  /**
   * How the range the unstable rule judges is drawn from `values` (ADR 0510): absent, they are rounds and the rule
   * judges their trimmed range; `median`, they are pooled samples (every pair of every round) and the rule judges the
   * median's distribution-free confidence interval (at least 90 %).
   */
  judge?: 'median';
}

/** Rounds left out at each end of the spread when judging "unstable": a fifth of them, none below 5 (ADR 0305). */
export function trimmedPerSide(rounds: number): number {
  return Math.floor(rounds / 5);
}

/** The confidence the interval of a pooled median covers at least (ADR 0510). */
export const MEDIAN_CONFIDENCE = 0.9;

/**
 * The median's distribution-free confidence interval of `n` independent samples, as 1-based order statistics: the
 * k-th smallest to the k-th largest, for the largest k whose interval still covers the median with at least
 * `confidence` (each side misses it with probability P(Binomial(n, ½) ≤ k − 1)). Of 15 samples the 4th to the 12th
 * (96.5 %; the 5th to the 11th would be 88 %), of 25 the 8th to the 18th (95.7 %). Below 5 samples no interval
 * reaches 90 %: k = 1, min–max.
 */
export function medianIntervalRank(n: number, confidence = MEDIAN_CONFIDENCE): number {
  const miss = (1 - confidence) / 2;
  let k = 1;
  let cumulative = 0; // P(Binomial(n, ½) ≤ k − 1), built up term by term
  let term = Math.pow(0.5, n); // P(Binomial(n, ½) = k − 1)
  for (let next = 1; next <= Math.floor((n + 1) / 2); next++) {
    cumulative += term; // now P(≤ next − 1): the miss of the interval with k = next
    if (cumulative > miss) break;
    k = next;
    term = (term * (n - next + 1)) / next;
  }
  return k;
}

/** The range the unstable rule judges, and what it is ("trimmed", "median 90 % interval"; none for min–max). */
export interface JudgedRange {
  low: number;
  high: number;
  /** Rounds left out at each end (0 when the range is min–max or a median interval). */
  trimmed: number;
  label?: string;
}

/**
 * The range the unstable rule judges (ADR 0305): with 5 or more rounds recorded, the rounds without the lowest and
 * highest fifth (of 5: the 2nd to the 4th); otherwise, or without the rounds (an older report), min–max. Pooled
 * samples (`judge: 'median'`, ADR 0510): the median's confidence interval (`medianIntervalRank`).
 */
export function judgedRange(spread: Spread): JudgedRange {
  const values = spread.values?.filter((v) => Number.isFinite(v)) ?? [];
  const minMax = { low: spread.min, high: spread.max, trimmed: 0 };
  if (values.length !== spread.rounds) return minMax;
  const pooled = spread.judge === 'median';
  // Leave out the k − 1 most extreme samples of each end (pooled) or the k most extreme rounds (trimmed).
  const k = pooled ? medianIntervalRank(values.length) - 1 : trimmedPerSide(values.length);
  if (k <= 0) return minMax;
  const sorted = [...values].sort((a, b) => a - b);
  const label = pooled ? `median ${Math.round(MEDIAN_CONFIDENCE * 100)} % interval` : 'trimmed';
  return { low: sorted[k] as number, high: sorted[sorted.length - 1 - k] as number, trimmed: pooled ? 0 : k, label };
}

/** Median, min and max of the finite values, and the values (NaN median and no rounds when none is finite). */
export function spreadOf(values: readonly number[], judge?: Spread['judge']): { median: number } & Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN, rounds: 0 };
  return {
    median: median(finite),
    min: Math.min(...finite),
    max: Math.max(...finite),
    rounds: finite.length,
    values: finite,
    ...(judge ? { judge } : {}),
  };
}

/** How far the median is inside its budget (positive) or beyond it (negative), in the figure's unit. */
export function marginToBudget(value: number, budget: number, better: Better): number {
  return better === 'lower' ? budget - value : value - budget;
}

/**
 * True when the rounds fall on both sides of the budget: the spread from the median toward the budget is wider than
 * the median's margin to it, so a round already reached the other verdict and neither pass nor fail is settled.
 * The spread is the judged range (ADR 0305): from 5 rounds on, without the most extreme fifth at each end, so one
 * outlier of five rounds (a burst of someone else's load in that round) does not decide; min–max below 5 rounds.
 * Only the side of the spread that faces the budget counts (ADR 0270): a throughput ratio of 0.79× (0.78–2.36) against
 * ≥ 0.17× passes in every round, and its lucky 2.36× round says nothing about the risk of missing 0.17×. A miss that
 * every round shares (even the best round is beyond the budget) is settled: a fail, however wide the spread.
 */
export function isUnstable(
  value: number,
  spread: Spread | undefined,
  budget: number | undefined,
  better: Better,
): boolean {
  if (!spread || budget === undefined || spread.rounds < 2 || !Number.isFinite(value)) return false;
  const { low, high } = judgedRange(spread);
  const best = better === 'lower' ? low : high;
  const worst = better === 'lower' ? high : low;
  if (marginToBudget(best, budget, better) < 0) return false;
  // The median passes: unstable when the worst round misses. (The median misses but the best round passes: unstable.)
  return marginToBudget(value, budget, better) >= 0 ? marginToBudget(worst, budget, better) < 0 : true;
}

/**
 * True when pooled samples (judged by the median's interval, ADR 0510) leave their budget undecided: the figure would
 * be reported unstable. The vitals sample such a figure further until this is false or a cap is reached.
 */
export function pooledUndecided(values: readonly number[], budget: number, better: Better): boolean {
  const spread = spreadOf(values, 'median');
  return isUnstable(spread.median, spread, budget, better);
}

/**
 * Per-round ratios of a subject to the baseline measured beside it in the same round (subject i / baseline i):
 * each round's ratio shares that round's machine conditions, so the ratio's spread is the noise left after them.
 * A baseline below `floor` counts as `floor` (a blocking time of 0 ms would make any ratio infinite).
 */
export function roundRatios(subject: readonly number[], baseline: readonly number[], floor = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(subject.length, baseline.length); i++) {
    const s = subject[i] as number;
    const b = Math.max(baseline[i] as number, floor);
    out.push(Number.isFinite(s) && Number.isFinite(b) && b !== 0 ? s / b : NaN);
  }
  return out;
}

/** `values` in an order that rotates with the round, so no subject always runs first or last. */
export function rotated<T>(values: readonly T[], round: number): T[] {
  if (values.length === 0) return [];
  const k = ((round % values.length) + values.length) % values.length;
  return [...values.slice(k), ...values.slice(0, k)];
}

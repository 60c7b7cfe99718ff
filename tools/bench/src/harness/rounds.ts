// Rounds and spread (issue 19): every timed figure is measured in at least three interleaved rounds and reported as
// the median with its min and max; a budget is judged on the median, and a figure whose rounds fall on both sides of
// the budget cannot be told apart from the other side of it: it is "unstable", not a pass (ADR 0270).
import type { Better } from './figure';
import { median } from './stats';

/** The rounds of one figure: the median is the figure's value, min and max its spread. */
export interface Spread {
  min: number;
  max: number;
  /** How many rounds measured the figure. */
  rounds: number;
}

/** Median, min and max of the finite values (NaN median and no rounds when none is finite). */
export function spreadOf(values: readonly number[]): { median: number } & Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN, rounds: 0 };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), rounds: finite.length };
}

/** How far the median is inside its budget (positive) or beyond it (negative), in the figure's unit. */
export function marginToBudget(value: number, budget: number, better: Better): number {
  return better === 'lower' ? budget - value : value - budget;
}

/**
 * True when the rounds fall on both sides of the budget: the spread from the median toward the budget is wider than
 * the median's margin to it, so one round already reached the other verdict and neither pass nor fail is settled.
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
  const best = better === 'lower' ? spread.min : spread.max;
  const worst = better === 'lower' ? spread.max : spread.min;
  if (marginToBudget(best, budget, better) < 0) return false;
  // The median passes: unstable when the worst round misses. (The median misses but the best round passes: unstable.)
  return marginToBudget(value, budget, better) >= 0 ? marginToBudget(worst, budget, better) < 0 : true;
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

import { isUnstable, spreadOf, type Spread } from './rounds';

/** Which direction of a figure is good: time and bytes are better lower, throughput higher. */
export type Better = 'lower' | 'higher';

/**
 * One measured (or honestly unmeasured) figure of a benchmark run. `value` is null when the subject could not be
 * measured in this run; such a figure never counts as a pass.
 */
export interface Figure {
  area: string;
  name: string;
  value: number | null;
  unit: string;
  /** The limit the value must stay within (at most for `lower`, at least for `higher`); absent: informational. */
  budget?: number;
  better: Better;
  /** True when measured and within budget (or measured with no budget); false otherwise. */
  pass: boolean;
  /** False for "not measured: <reason>" entries. */
  measured: boolean;
  notes?: string;
  /** The rounds behind `value` (their median): min, max and count. Absent for a single measurement or a count. */
  spread?: Spread;
  /** What the budget means, in words (a ratio budget says what it is a ratio to and why that limit). */
  meaning?: string;
}

/** What a caller gives {@link figure}: everything but the derived pass/measured flags. */
export interface FigureInput {
  area: string;
  name: string;
  value: number;
  unit: string;
  budget?: number;
  better?: Better;
  notes?: string;
  spread?: Spread;
  meaning?: string;
}

/** True when `value` is within `budget` in the direction `better` (a missing budget always holds). */
export function withinBudget(value: number, budget: number | undefined, better: Better): boolean {
  if (!Number.isFinite(value)) return false;
  if (budget === undefined) return true;
  return better === 'lower' ? value <= budget : value >= budget;
}

/** A measured figure; `pass` is derived from the budget so no area can report a pass it did not earn. */
export function figure(input: FigureInput): Figure {
  const better = input.better ?? 'lower';
  return {
    area: input.area,
    name: input.name,
    value: input.value,
    unit: input.unit,
    ...(input.budget !== undefined ? { budget: input.budget } : {}),
    better,
    pass: withinBudget(input.value, input.budget, better),
    measured: true,
    ...(input.notes ? { notes: input.notes } : {}),
    ...(input.spread ? { spread: input.spread } : {}),
    ...(input.meaning ? { meaning: input.meaning } : {}),
  };
}

/**
 * A figure from rounds: the value is their median, with min and max as its spread (NaN rounds are left out).
 * `judge: 'median'` (ADR 0510): the values are pooled samples, not rounds (every pair of every round), and the
 * unstable rule judges the median's confidence interval instead of the trimmed range.
 */
export function sampled(
  input: Omit<FigureInput, 'value' | 'spread'> & { rounds: readonly number[]; judge?: Spread['judge'] },
): Figure {
  const { rounds, judge, ...rest } = input;
  const s = spreadOf(rounds, judge);
  const left = rounds.length - s.rounds;
  const what = judge === 'median' ? 'samples' : 'rounds';
  const notes = [rest.notes, left ? `${left} of ${rounds.length} ${what} gave no value` : '']
    .filter(Boolean)
    .join('; ');
  return figure({
    ...rest,
    value: s.median,
    ...(s.rounds
      ? { spread: { min: s.min, max: s.max, rounds: s.rounds, values: s.values ?? [], ...(judge ? { judge } : {}) } }
      : {}),
    ...(notes ? { notes } : {}),
  });
}

/** A figure whose subject does not exist (yet) or could not be reached: reported plainly, never as a pass. */
export function notMeasured(
  area: string,
  name: string,
  reason: string,
  extra: { unit?: string; budget?: number; better?: Better } = {},
): Figure {
  return {
    area,
    name,
    value: null,
    unit: extra.unit ?? '',
    ...(extra.budget !== undefined ? { budget: extra.budget } : {}),
    better: extra.better ?? 'lower',
    pass: false,
    measured: false,
    notes: `not measured: ${reason}`,
  };
}

/** How a figure is judged in the report. */
export type Verdict = 'pass' | 'fail' | 'unstable' | 'info' | 'not measured';

/**
 * The report's verdict of one figure: a budget missed is a fail, no budget is information, and a figure whose rounds
 * rounds fall on both sides of the budget is unstable: neither a pass nor a fail this run can stand by.
 */
export function verdict(f: Figure): Verdict {
  if (!f.measured) return 'not measured';
  if (f.budget === undefined) return f.pass ? 'info' : 'fail';
  if (f.value !== null && isUnstable(f.value, f.spread, f.budget, f.better)) return 'unstable';
  return f.pass ? 'pass' : 'fail';
}

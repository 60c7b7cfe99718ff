// `npm run bench -- --compare <report.json>`: this run side by side with an earlier report. A figure moved beyond
// the noise when the two runs' rounds do not overlap (this run's min above the other's max, or its max below the
// other's min); anything inside the overlap is noise as far as these rounds can tell.
// It also says, for every budgeted figure, whether the two runs agree on pass or fail (issue 19's done-when: a quiet
// run and a busy one must agree on every budgeted figure). Unstable, not measured or absent on either side is not
// agreement: such a run cannot confirm the other.
import type { Better, Figure, Verdict } from './figure';
import { verdict } from './figure';
import { formatNumber } from './format';
import { isUnstable, judgedRange, type Spread } from './rounds';

/** The parts of a figure of an earlier report (latest.json) the comparison reads. */
export interface ReportedFigure {
  area: string;
  name: string;
  value: number | null;
  unit: string;
  budget?: number | null;
  better: Better;
  verdict?: Verdict;
  spread?: Spread;
}

/** How one figure moved between the earlier report and this run. */
export interface Movement {
  area: string;
  name: string;
  unit: string;
  before: ReportedFigure;
  after: Figure;
  /** better / worse: moved beyond the noise in that direction; noise: the rounds overlap. */
  change: 'better' | 'worse' | 'noise';
  /** after.value / before.value (NaN when the earlier value is 0). */
  factor: number;
  verdictBefore: Verdict | 'absent';
  verdictAfter: Verdict;
}

/** Whether the two runs reach the same verdict on one budgeted figure. */
export interface Agreement {
  area: string;
  name: string;
  before: Verdict | 'absent';
  now: Verdict | 'absent';
  /** True only when both runs pass or both fail. */
  agree: boolean;
  /** The budget (either run's), its direction and unit, and each run's value with its spread, for the report. */
  budget?: number;
  better?: Better;
  unit?: string;
  valueBefore?: string;
  valueNow?: string;
  /** Why the verdicts differ, in words (only when they do). */
  cause?: string;
}

/** Everything the comparison found. */
export interface Comparison {
  against: string;
  movements: Movement[];
  /** One entry per figure that has a budget in either run. */
  agreement: Agreement[];
  /** Figures of this run the earlier report does not have, and the reverse. */
  added: string[];
  removed: string[];
}

function interval(value: number, spread: { min: number; max: number } | undefined): [number, number] {
  return spread && Number.isFinite(spread.min) && Number.isFinite(spread.max)
    ? [spread.min, spread.max]
    : [value, value];
}

/** Judges one figure measured in both runs. */
export function movement(before: ReportedFigure, after: Figure): Movement | undefined {
  if (before.value === null || after.value === null || !Number.isFinite(before.value) || !Number.isFinite(after.value))
    return undefined;
  const [bMin, bMax] = interval(before.value, before.spread);
  const [aMin, aMax] = interval(after.value, after.spread);
  let change: Movement['change'] = 'noise';
  if (aMin > bMax) change = after.better === 'higher' ? 'better' : 'worse';
  else if (aMax < bMin) change = after.better === 'higher' ? 'worse' : 'better';
  return {
    area: after.area,
    name: after.name,
    unit: after.unit,
    before,
    after,
    change,
    factor: before.value === 0 ? NaN : after.value / before.value,
    verdictBefore: verdictOf(before),
    verdictAfter: verdict(after),
  };
}

const key = (f: { area: string; name: string }): string => `${f.area}\u0000${f.name}`;

/**
 * The earlier figure's verdict under this run's rules (value, spread and budget are in the report), so a change of
 * the rules between the runs does not read as a change of the platform; the stored verdict when it cannot be derived.
 */
export function verdictOf(f: ReportedFigure): Verdict {
  const budget = f.budget ?? undefined;
  if (f.verdict === 'not measured' || f.value === null) return 'not measured';
  if (budget === undefined) return f.verdict ?? 'info';
  if (!Number.isFinite(f.value)) return 'fail';
  if (isUnstable(f.value, f.spread, budget, f.better)) return 'unstable';
  return (f.better === 'lower' ? f.value <= budget : f.value >= budget) ? 'pass' : 'fail';
}

/**
 * Pass/fail agreement of every budgeted figure of either run; with `areas` (the areas this run measured), figures of
 * the earlier run in other areas are left out, so a run of some areas is compared on those areas.
 */
export function agreementOf(
  before: readonly ReportedFigure[],
  after: readonly Figure[],
  areas?: readonly string[],
): Agreement[] {
  const earlier = new Map(before.map((f) => [key(f), f]));
  const out: Agreement[] = [];
  const seen = new Set<string>();
  const push = (b: ReportedFigure | undefined, n: Figure | undefined): void => {
    const f = (n ?? b) as ReportedFigure;
    const vb: Verdict | 'absent' = b ? verdictOf(b) : 'absent';
    const vn: Verdict | 'absent' = n ? verdict(n) : 'absent';
    const budget = n?.budget ?? b?.budget ?? undefined;
    const agree = vb === vn && (vb === 'pass' || vb === 'fail');
    out.push({
      area: f.area,
      name: f.name,
      before: vb,
      now: vn,
      agree,
      ...(budget !== undefined && budget !== null ? { budget } : {}),
      better: f.better,
      unit: f.unit,
      valueBefore: b ? shown(b) : 'absent',
      valueNow: n ? shown(n) : 'absent',
      ...(agree ? {} : { cause: causeOf(b, vb, n, vn, budget ?? undefined) }),
    });
  };
  for (const f of after) {
    const b = earlier.get(key(f));
    seen.add(key(f));
    const budgeted = f.budget !== undefined || (b?.budget !== undefined && b?.budget !== null);
    if (!budgeted) continue;
    push(b, f);
  }
  for (const b of before)
    if (!seen.has(key(b)) && b.budget !== undefined && b.budget !== null && (!areas || areas.includes(b.area)))
      push(b, undefined);
  return out;
}

function shown(f: { value: number | null; unit: string; spread?: Spread | undefined }): string {
  if (f.value === null) return 'not measured';
  return range(f.value, f.spread, f.unit);
}

/**
 * Why two verdicts of one figure differ, from what the reports hold: which side of the budget each run's judged range
 * (ADR 0305) fell on. It names the mechanism, not the reason behind it (the report's conditions lines say the load).
 */
export function causeOf(
  b: ReportedFigure | undefined,
  vb: Verdict | 'absent',
  n: Figure | undefined,
  vn: Verdict | 'absent',
  budget: number | undefined,
): string {
  if (!b || !n) return `measured in one run only (${b ? 'absent now' : 'absent before'})`;
  if (vb === 'not measured' || vn === 'not measured') return 'not measured in one run';
  const side = (label: string, f: ReportedFigure, v: Verdict): string => {
    if (v !== 'unstable' || !f.spread || budget === undefined) return '';
    const j = judgedRange(f.spread);
    const range = `${formatNumber(j.low)}–${formatNumber(j.high)}`;
    return f.spread.judge === 'median'
      ? `${label}: the median interval ${range} straddles ${formatNumber(budget)}`
      : `${label}: rounds ${range}${j.label ? ` (${j.label})` : ''} fall on both sides of ${formatNumber(budget)}`;
  };
  const parts = [side('before', b, vb as Verdict), side('now', n as ReportedFigure, vn as Verdict)].filter(Boolean);
  if (vb !== vn && (vb === 'pass' || vb === 'fail') && (vn === 'pass' || vn === 'fail'))
    parts.push(
      `the median moved across the budget: ${formatNumber(b.value as number)} → ${formatNumber(n.value as number)}`,
    );
  return parts.join('; ') || `${vb} → ${vn}`;
}

/** Compares this run's figures with an earlier report's, figure by figure (matched by area and name). */
export function compareFigures(
  against: string,
  before: readonly ReportedFigure[],
  after: readonly Figure[],
  areas?: readonly string[],
): Comparison {
  const earlier = new Map(before.map((f) => [key(f), f]));
  const now = new Set(after.map(key));
  const movements: Movement[] = [];
  const added: string[] = [];
  for (const f of after) {
    const b = earlier.get(key(f));
    if (!b) {
      added.push(`${f.area}: ${f.name}`);
      continue;
    }
    const m = movement(b, f);
    if (m) movements.push(m);
  }
  const removed = before.filter((f) => !now.has(key(f))).map((f) => `${f.area}: ${f.name}`);
  return { against, movements, agreement: agreementOf(before, after, areas), added, removed };
}

function range(value: number, spread: Spread | undefined, unit: string): string {
  const u = unit && unit !== '×' ? ` ${unit}` : unit;
  if (!spread || spread.rounds < 2) return `${formatNumber(value)}${u}`;
  const j = judgedRange(spread);
  const all = `${formatNumber(spread.min)}–${formatNumber(spread.max)}`;
  return `${formatNumber(value)}${u} (${all}${j.label ? `; ${j.label} ${formatNumber(j.low)}–${formatNumber(j.high)}` : ''})`;
}

function budgetText(a: Agreement): string {
  if (a.budget === undefined) return '—';
  const u = a.unit && a.unit !== '×' ? ` ${a.unit}` : (a.unit ?? '');
  return `${a.better === 'higher' ? '≥' : '≤'} ${formatNumber(a.budget)}${u}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** "N of M budgeted figures agree on pass or fail with <report>". */
export function agreementLine(c: Pick<Comparison, 'agreement' | 'against'>): string {
  const agreed = c.agreement.filter((a) => a.agree).length;
  return `${agreed} of ${c.agreement.length} budgeted figures agree on pass or fail with ${c.against}`;
}

/** The comparison as a Markdown section: what moved beyond the noise, which verdicts changed, and the counts. */
export function renderComparison(c: Comparison): string[] {
  const moved = c.movements.filter((m) => m.change !== 'noise');
  const flipped = c.movements.filter(
    (m) =>
      m.verdictBefore !== m.verdictAfter &&
      m.verdictBefore !== 'absent' &&
      (m.verdictBefore !== 'info' || m.verdictAfter !== 'info'),
  );
  const agreed = c.agreement.filter((a) => a.agree).length;
  const differ = c.agreement.filter((a) => !a.agree);
  const lines = [
    `## Compared with ${c.against}`,
    '',
    `**${agreementLine(c)}** (both pass or both fail; unstable, not measured or absent on either side is not agreement).`,
    '',
  ];
  if (differ.length) {
    lines.push(
      'Disagreements and their cause:',
      '',
      '| Area | Figure | Budget | Before | Now | Cause |',
      '|---|---|---|---|---|---|',
    );
    for (const a of differ)
      lines.push(
        `| ${a.area} | ${cell(a.name)} | ${budgetText(a)} | ${a.before}: ${cell(a.valueBefore ?? '')} | ${a.now}: ${cell(a.valueNow ?? '')} | ${cell(a.cause ?? '')} |`,
      );
    lines.push('');
  } else if (agreed) lines.push('Every budgeted figure agrees.', '');
  if (c.agreement.length) {
    lines.push(
      '<details><summary>Every budgeted figure, both verdicts</summary>',
      '',
      '| Area | Figure | Budget | Before | Now | Agree |',
      '|---|---|---|---|---|---|',
    );
    for (const a of c.agreement)
      lines.push(
        `| ${a.area} | ${cell(a.name)} | ${budgetText(a)} | ${a.before}: ${cell(a.valueBefore ?? '')} | ${a.now}: ${cell(a.valueNow ?? '')} | ${a.agree ? 'yes' : '**no**'} |`,
      );
    lines.push('', '</details>', '');
  }
  lines.push(
    `${c.movements.length} figures in both runs: ${moved.filter((m) => m.change === 'better').length} moved better and ${moved.filter((m) => m.change === 'worse').length} worse beyond the noise (the two runs' rounds do not overlap); ${c.movements.length - moved.length} within the noise. ${flipped.length} verdicts changed.`,
    '',
  );
  const rows = [...new Set([...moved, ...flipped])];
  if (rows.length) {
    lines.push(
      '| Area | Figure | Before (min–max) | Now (min–max) | Now ÷ before | Moved | Verdict before → now |',
      '|---|---|---:|---:|---:|---|---|',
    );
    for (const m of rows)
      lines.push(
        `| ${m.area} | ${cell(m.name)} | ${range(m.before.value as number, m.before.spread, m.unit)} | ${range(m.after.value as number, m.after.spread, m.unit)} | ${Number.isFinite(m.factor) ? `${formatNumber(m.factor)}×` : '—'} | ${m.change} | ${m.verdictBefore} → ${m.verdictAfter} |`,
      );
    lines.push('');
  }
  if (c.added.length)
    lines.push(
      `New figures (${c.added.length}): ${c.added.slice(0, 20).map(cell).join('; ')}${c.added.length > 20 ? '; …' : ''}`,
      '',
    );
  if (c.removed.length)
    lines.push(
      `Figures no longer reported (${c.removed.length}): ${c.removed.slice(0, 20).map(cell).join('; ')}${c.removed.length > 20 ? '; …' : ''}`,
      '',
    );
  return lines;
}

// `npm run bench -- --compare <report.json>`: this run side by side with an earlier report. A figure moved beyond
// the noise when the two runs' rounds do not overlap (this run's min above the other's max, or its max below the
// other's min); anything inside the overlap is noise as far as these rounds can tell.
import type { Better, Figure, Verdict } from './figure';
import { verdict } from './figure';
import { formatNumber } from './format';

/** The parts of a figure of an earlier report (latest.json) the comparison reads. */
export interface ReportedFigure {
  area: string;
  name: string;
  value: number | null;
  unit: string;
  budget?: number | null;
  better: Better;
  verdict?: Verdict;
  spread?: { min: number; max: number; rounds: number };
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

/** Everything the comparison found. */
export interface Comparison {
  against: string;
  movements: Movement[];
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
    verdictBefore: before.verdict ?? 'absent',
    verdictAfter: verdict(after),
  };
}

const key = (f: { area: string; name: string }): string => `${f.area}\u0000${f.name}`;

/** Compares this run's figures with an earlier report's, figure by figure (matched by area and name). */
export function compareFigures(
  against: string,
  before: readonly ReportedFigure[],
  after: readonly Figure[],
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
  return { against, movements, added, removed };
}

function range(value: number, spread: { min: number; max: number } | undefined, unit: string): string {
  const u = unit && unit !== '×' ? ` ${unit}` : unit;
  return spread
    ? `${formatNumber(value)}${u} (${formatNumber(spread.min)}–${formatNumber(spread.max)})`
    : `${formatNumber(value)}${u}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
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
  const lines = [
    `## Compared with ${c.against}`,
    '',
    `${c.movements.length} figures in both runs: ${moved.filter((m) => m.change === 'better').length} moved better and ${moved.filter((m) => m.change === 'worse').length} worse beyond the noise (the two runs' rounds do not overlap); ${c.movements.length - moved.length} within the noise. ${flipped.length} verdicts changed.`,
    '',
  ];
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

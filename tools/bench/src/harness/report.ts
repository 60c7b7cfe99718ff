import { agreementLine, renderComparison, type Comparison } from './compare';
import { verdict, type Figure } from './figure';
import { formatNumber } from './format';
import { priorityLine, type SchedulingPriority } from './priority';
import { judgedRange, type Spread } from './rounds';

export { formatNumber } from './format';

/** The conditions an area ran under, written beside its figures: a figure means little without them. */
export interface AreaConditions {
  /** 1, 5 and 15 minute load averages when the area started and when it ended. */
  loadStart: number[];
  loadEnd: number[];
  /** The host benchmark index (units of a fixed workload per second in Node) before and after the area. */
  hostIndexStart: number;
  hostIndexEnd: number;
  /** Seconds the area took. */
  seconds: number;
}

/** Facts about the run printed at the head of the report: figures mean little without the machine they came from. */
export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  /** The areas requested, in order. */
  areas: string[];
  gitCommit: string;
  /** True when the working tree had uncommitted changes (others work in the same checkout). */
  gitDirty: boolean;
  node: string;
  cpuModel: string;
  cpus: number;
  /** 1, 5 and 15 minute load averages at the start: a busy machine slows every figure. */
  loadAverage: number[];
  /** The same at the end of the run (absent in reports written before it was recorded). */
  loadAverageEnd?: number[];
  /** How the production bundle was obtained (built now, reused, ...). */
  build: string;
  /** Rounds per figure (`--rounds`, default 5). */
  rounds?: number;
  /** Per area, the load and host index it ran under. */
  conditions?: Record<string, AreaConditions>;
  /** The CPU control group and nice value the run got, and what was not applied (absent before ADR 0510). */
  priority?: SchedulingPriority;
}

/** The live-feed frame-time chart, or why there is none. */
export type ChartInfo = { file: string; caption: string } | { absent: string };

/** Everything one report is made of. */
export interface ReportInput {
  run: RunInfo;
  figures: Figure[];
  /** Per area: lines of context (server engine, sample counts, what was and was not exercised). */
  notes: Record<string, string[]>;
  /** Areas that threw: the area name and the error text. */
  errors: { area: string; message: string }[];
  chart: ChartInfo;
  /** This run beside an earlier report (`--compare`). */
  comparison?: Comparison;
}

/** Counts of verdicts over all figures. */
export interface Summary {
  pass: number;
  fail: number;
  /** Figures whose rounds spread wider than their margin to the budget: not a pass. */
  unstable: number;
  info: number;
  notMeasured: number;
}

/** Counts each verdict. */
export function summarise(figures: readonly Figure[]): Summary {
  const s: Summary = { pass: 0, fail: 0, unstable: 0, info: 0, notMeasured: 0 };
  for (const f of figures) {
    const v = verdict(f);
    if (v === 'pass') s.pass++;
    else if (v === 'fail') s.fail++;
    else if (v === 'unstable') s.unstable++;
    else if (v === 'info') s.info++;
    else s.notMeasured++;
  }
  return s;
}

/**
 * The process exit code: 1 when a budget was missed, a figure is unstable (not a pass) or an area crashed, else 0.
 * Not measured is not a failure.
 */
export function exitCodeFor(input: Pick<ReportInput, 'figures' | 'errors'>): number {
  const s = summarise(input.figures);
  return s.fail > 0 || s.unstable > 0 || input.errors.length > 0 ? 1 : 0;
}

/** The value as the report shows it: the median, with rounds its min–max, and the trimmed range when one is judged. */
export function valueWithSpread(f: Pick<Figure, 'value' | 'unit' | 'spread'>): string {
  if (f.value === null) return '—';
  const v = withUnit(f.value, f.unit);
  return f.spread && f.spread.rounds > 1 ? `${v} ${spreadText(f.spread)}` : v;
}

/**
 * "(min–max)", and "(min–max; trimmed low–high)" when the unstable rule leaves extreme rounds out (ADR 0305), or
 * "(min–max; median 90 % interval low–high)" for pooled samples (ADR 0510).
 */
export function spreadText(spread: Spread): string {
  const j = judgedRange(spread);
  const all = `${formatNumber(spread.min)}–${formatNumber(spread.max)}`;
  return j.label ? `(${all}; ${j.label} ${formatNumber(j.low)}–${formatNumber(j.high)})` : `(${all})`;
}

/** One line of an area's conditions: load average and host benchmark index at its start and end. */
export function conditionsLine(c: AreaConditions): string {
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  return `Conditions: load average ${load(c.loadStart)} at the start, ${load(c.loadEnd)} at the end; host benchmark index ${formatNumber(c.hostIndexStart)} → ${formatNumber(c.hostIndexEnd)}; ${c.seconds.toFixed(0)} s`;
}

export function withUnit(value: number, unit: string): string {
  const n = formatNumber(value);
  return unit ? `${n} ${unit}` : n;
}

/** Pipes and line breaks would break a Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function budgetText(f: Figure): string {
  if (f.budget === undefined) return '—';
  return `${f.better === 'lower' ? '≤' : '≥'} ${withUnit(f.budget, f.unit)}`;
}

const VERDICT_TEXT = {
  pass: 'pass',
  fail: '**FAIL**',
  unstable: '**unstable**',
  info: 'info',
  'not measured': 'not measured',
} as const;

/** Renders the Markdown report: a summary, then one table per area (figure, value, budget, result, notes). */
export function renderMarkdown(input: ReportInput): string {
  const { run } = input;
  const s = summarise(input.figures);
  const lines: string[] = [];
  lines.push('# Tessera benchmark report', '');
  lines.push(
    `**${s.fail === 0 && s.unstable === 0 && input.errors.length === 0 ? 'All budgets met' : s.fail === 0 && input.errors.length === 0 ? 'Budgets not settled' : 'Budgets missed'}**: ` +
      `${s.pass} pass, ${s.fail} fail, ${s.unstable} unstable, ${s.info} informational, ${s.notMeasured} not measured` +
      (input.errors.length ? `, ${input.errors.length} area error(s)` : '') +
      '.',
    '',
  );
  lines.push(
    `- Run: ${run.startedAt} to ${run.finishedAt}; areas: ${run.areas.join(', ')}`,
    `- Code: ${run.gitCommit}${run.gitDirty ? ' (working tree had uncommitted changes)' : ''}; build: ${run.build}`,
    `- Machine: ${run.cpus} × ${run.cpuModel}; Node ${run.node}; load average at start ${run.loadAverage.map((l) => l.toFixed(2)).join(' / ')}${run.loadAverageEnd ? `, at the end ${run.loadAverageEnd.map((l) => l.toFixed(2)).join(' / ')}` : ''}`,
    ...(run.priority ? [`- ${priorityLine(run.priority)}`] : []),
    `- Rounds: ${run.rounds ?? 1} per figure, interleaved with their baselines; a value is the median with (min–max) of the rounds. A figure whose rounds fall on both sides of its budget is **unstable**: not a pass, and the run exits 1 (ADR 0270); from 5 rounds on, the rounds judged are the trimmed range, without the most extreme fifth at each end (one outlier of five does not decide, ADR 0305); a figure of pooled samples (every pair of every round) is judged by its median's 90 % interval instead (ADR 0510).`,
    '',
  );
  for (const e of input.errors) lines.push(`> **Area \`${e.area}\` failed to run**: ${cell(e.message)}`, '');

  const areas = [...new Set([...run.areas, ...input.figures.map((f) => f.area)])];
  for (const area of areas) {
    const figures = input.figures.filter((f) => f.area === area);
    const notes = input.notes[area] ?? [];
    if (figures.length === 0 && notes.length === 0) continue;
    lines.push(`## ${area}`, '');
    const c = run.conditions?.[area];
    if (c) lines.push(`- ${conditionsLine(c)}`);
    for (const n of notes) lines.push(`- ${n}`);
    if (notes.length || c) lines.push('');
    if (figures.length) {
      lines.push('| Figure | Value | Budget | Result | Notes |', '|---|---:|---:|---|---|');
      for (const f of figures) {
        const notesText = [f.meaning ? `budget: ${f.meaning}` : '', f.notes ?? ''].filter(Boolean).join('; ');
        lines.push(
          `| ${cell(f.name)} | ${valueWithSpread(f)} | ${budgetText(f)} | ${VERDICT_TEXT[verdict(f)]} | ${cell(notesText)} |`,
        );
      }
      lines.push('');
    }
    if (area === 'live-feed') {
      if ('file' in input.chart)
        lines.push(`![${input.chart.caption}](${input.chart.file})`, '', `*${input.chart.caption}*`, '');
      else lines.push(`Frame-time chart: absent (${input.chart.absent}).`, '');
    }
  }
  if (!areas.includes('live-feed')) {
    lines.push(
      `Frame-time chart: absent (${'absent' in input.chart ? input.chart.absent : 'the live-feed area did not run'}).`,
      '',
    );
  }
  if (input.comparison) lines.push(...renderComparison(input.comparison));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The JSON report: run facts, the summary, and one entry per figure (area, name, value, unit, budget, pass, ...). */
export function renderJson(input: ReportInput): string {
  return `${JSON.stringify(
    {
      run: input.run,
      summary: summarise(input.figures),
      errors: input.errors,
      chart: input.chart,
      notes: input.notes,
      ...(input.comparison
        ? {
            comparison: {
              against: input.comparison.against,
              agreement: {
                summary: agreementLine(input.comparison),
                agree: input.comparison.agreement.filter((a) => a.agree).length,
                budgeted: input.comparison.agreement.length,
                figures: input.comparison.agreement,
              },
              moved: input.comparison.movements
                .filter((m) => m.change !== 'noise')
                .map((m) => ({
                  area: m.area,
                  name: m.name,
                  change: m.change,
                  before: m.before.value,
                  after: m.after.value,
                  verdictBefore: m.verdictBefore,
                  verdictAfter: m.verdictAfter,
                })),
            },
          }
        : {}),
      figures: input.figures.map((f) => ({
        area: f.area,
        name: f.name,
        value: f.value,
        unit: f.unit,
        budget: f.budget ?? null,
        better: f.better,
        pass: f.pass,
        measured: f.measured,
        verdict: verdict(f),
        ...(f.spread ? { spread: f.spread } : {}),
        ...(f.meaning ? { meaning: f.meaning } : {}),
        ...(f.notes ? { notes: f.notes } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

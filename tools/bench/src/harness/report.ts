import { verdict, type Figure } from './figure';

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
}

/** Counts of verdicts over all figures. */
export interface Summary {
  pass: number;
  fail: number;
  info: number;
  notMeasured: number;
}

/** Counts each verdict. */
export function summarise(figures: readonly Figure[]): Summary {
  const s: Summary = { pass: 0, fail: 0, info: 0, notMeasured: 0 };
  for (const f of figures) {
    const v = verdict(f);
    if (v === 'pass') s.pass++;
    else if (v === 'fail') s.fail++;
    else if (v === 'info') s.info++;
    else s.notMeasured++;
  }
  return s;
}

/** The process exit code: 1 when a budget was missed or an area crashed, else 0. Not measured is not a failure. */
export function exitCodeFor(input: Pick<ReportInput, 'figures' | 'errors'>): number {
  return summarise(input.figures).fail > 0 || input.errors.length > 0 ? 1 : 0;
}

/** A number with as many significant digits as a reader can use: whole numbers as they are, 3 digits for most others. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  if (abs === 0) return '0';
  return value.toPrecision(3);
}

function withUnit(value: number, unit: string): string {
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

const VERDICT_TEXT = { pass: 'pass', fail: '**FAIL**', info: 'info', 'not measured': 'not measured' } as const;

/** Renders the Markdown report: a summary, then one table per area (figure, value, budget, result, notes). */
export function renderMarkdown(input: ReportInput): string {
  const { run } = input;
  const s = summarise(input.figures);
  const lines: string[] = [];
  lines.push('# Tessera benchmark report', '');
  lines.push(
    `**${s.fail === 0 && input.errors.length === 0 ? 'All budgets met' : 'Budgets missed'}**: ` +
      `${s.pass} pass, ${s.fail} fail, ${s.info} informational, ${s.notMeasured} not measured` +
      (input.errors.length ? `, ${input.errors.length} area error(s)` : '') +
      '.',
    '',
  );
  lines.push(
    `- Run: ${run.startedAt} to ${run.finishedAt}; areas: ${run.areas.join(', ')}`,
    `- Code: ${run.gitCommit}${run.gitDirty ? ' (working tree had uncommitted changes)' : ''}; build: ${run.build}`,
    `- Machine: ${run.cpus} × ${run.cpuModel}; Node ${run.node}; load average at start ${run.loadAverage.map((l) => l.toFixed(2)).join(' / ')}${run.loadAverageEnd ? `, at the end ${run.loadAverageEnd.map((l) => l.toFixed(2)).join(' / ')}` : ''}`,
    '',
  );
  for (const e of input.errors) lines.push(`> **Area \`${e.area}\` failed to run**: ${cell(e.message)}`, '');

  const areas = [...new Set([...run.areas, ...input.figures.map((f) => f.area)])];
  for (const area of areas) {
    const figures = input.figures.filter((f) => f.area === area);
    const notes = input.notes[area] ?? [];
    if (figures.length === 0 && notes.length === 0) continue;
    lines.push(`## ${area}`, '');
    for (const n of notes) lines.push(`- ${n}`);
    if (notes.length) lines.push('');
    if (figures.length) {
      lines.push('| Figure | Value | Budget | Result | Notes |', '|---|---:|---:|---|---|');
      for (const f of figures) {
        const value = f.value === null ? '—' : withUnit(f.value, f.unit);
        lines.push(`| ${cell(f.name)} | ${value} | ${budgetText(f)} | ${VERDICT_TEXT[verdict(f)]} | ${cell(f.notes ?? '')} |`);
      }
      lines.push('');
    }
    if (area === 'live-feed') {
      if ('file' in input.chart) lines.push(`![${input.chart.caption}](${input.chart.file})`, '', `*${input.chart.caption}*`, '');
      else lines.push(`Frame-time chart: absent (${input.chart.absent}).`, '');
    }
  }
  if (!areas.includes('live-feed')) {
    lines.push(`Frame-time chart: absent (${'absent' in input.chart ? input.chart.absent : 'the live-feed area did not run'}).`, '');
  }
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
        ...(f.notes ? { notes: f.notes } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

// The README's bench section, rendered from one run's report: how to run, how long it took, and the latest figures
// in compact tables (vitals one row per page, API one row per route and engine, every other budgeted figure as is).
import { agreementLine } from './compare';
import { verdict, type Figure } from './figure';
import { conditionsLine, formatNumber, spreadText, summarise, type ReportInput } from './report';

const VITALS_COLUMNS = [
  'LCP',
  'LCP after first byte / page without scripts',
  'LCP after first byte / minimal React page',
  'TBT',
  'TBT / minimal React page',
  'TBT / page without scripts',
  'TBT under the calibrated throttle (wall clock)',
  'CLS',
  'JS gzip',
] as const;
const API_METRICS = ['req/s', 'p50', 'p99', 'throughput / GET /health', 'throughput / hello-world'] as const;

function valueText(f: Figure | undefined): string {
  if (!f) return '—';
  if (f.value === null) return 'not measured';
  const spread = f.spread && f.spread.rounds > 1 ? ` ${spreadText(f.spread)}` : '';
  const n = `${formatNumber(f.value)}${f.unit && f.unit !== '×' ? ` ${f.unit}` : f.unit === '×' ? '×' : ''}${spread}`;
  const v = verdict(f);
  return v === 'fail' ? `**${n} ✗**` : v === 'unstable' ? `**${n} ?**` : n;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Vitals figures are named `<brand> <page>: <metric>`: one row per brand and page. */
export function vitalsTable(figures: readonly Figure[]): string[] {
  const rows = new Map<string, Map<string, Figure>>();
  const notes = new Map<string, string>();
  for (const f of figures) {
    const m = /^(.+?): (.+)$/.exec(f.name);
    if (!m) continue;
    const [, page = '', metric = ''] = m;
    if (metric === 'every figure' || metric === 'every page') {
      notes.set(page, f.notes ?? '');
      continue;
    }
    let row = rows.get(page);
    if (!row) rows.set(page, (row = new Map()));
    row.set(metric, f);
  }
  const out = [
    '| Page | LCP | LCP after 1st byte ÷ no scripts | LCP after 1st byte ÷ React page | TBT (CPU time) | TBT ÷ React page | TBT ÷ no scripts | TBT wall clock (info) | CLS | JS gzip |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [page, row] of rows)
    out.push(`| ${cell(page)} | ${VITALS_COLUMNS.map((c) => valueText(row.get(c))).join(' | ')} |`);
  for (const [page, note] of notes)
    out.push(`| ${cell(page)} | ${cell(note)} |${' |'.repeat(VITALS_COLUMNS.length - 1)}`);
  return out;
}

/** API figures are named `<engine>: <route> <metric>`: one row per engine and route. */
export function apiTable(figures: readonly Figure[]): string[] {
  const rows = new Map<string, Map<string, Figure>>();
  const extra: string[] = [];
  for (const f of figures) {
    const metric = API_METRICS.find((m) => f.name.endsWith(` ${m}`));
    if (!metric || !f.measured) {
      if (!f.measured || verdict(f) === 'fail')
        extra.push(`- ${f.name}: ${f.value === null ? '' : `${valueText(f)} `}${f.notes ?? ''}`.trimEnd());
      continue;
    }
    const route = f.name.slice(0, -metric.length - 1);
    let row = rows.get(route);
    if (!row) rows.set(route, (row = new Map()));
    row.set(metric, f);
  }
  const out = ['| Engine: route | req/s | p50 | p99 | ÷ /health | ÷ hello-world |', '|---|---:|---:|---:|---:|---:|'];
  for (const [route, row] of rows)
    out.push(`| ${cell(route)} | ${API_METRICS.map((m) => valueText(row.get(m))).join(' | ')} |`);
  return [...out, ...(extra.length ? ['', ...extra] : [])];
}

/** Every other area: the figures with a budget (and any not measured), as figure, value, budget, result. */
export function budgetTable(figures: readonly Figure[]): string[] {
  const out = ['| Figure | Value | Budget | Result |', '|---|---:|---:|---|'];
  for (const f of figures) {
    const v = verdict(f);
    if (v === 'info') continue;
    const budget =
      f.budget === undefined
        ? '—'
        : `${f.better === 'lower' ? '≤' : '≥'} ${formatNumber(f.budget)} ${f.unit}`.trimEnd();
    out.push(
      `| ${cell(f.name)} | ${
        f.value === null
          ? '—'
          : valueText(f)
              .replace(/\*\*|[✗?]/g, '')
              .trim()
      } | ${budget} | ${v === 'fail' ? '**fail**' : v === 'unstable' ? '**unstable**' : v}${f.meaning ? ` (${cell(f.meaning)})` : ''} |`,
    );
  }
  return out;
}

/** The README section: how to run, how long the run took, the summary and the figures of this run. */
export function renderReadmeSection(input: ReportInput): string {
  const s = summarise(input.figures);
  const minutes = (Date.parse(input.run.finishedAt) - Date.parse(input.run.startedAt)) / 60_000;
  const lines = [
    '## Measuring: `npm run bench`',
    '',
    'One command measures performance against the budgets and drills reliability (issue 6; `tools/bench` and its README, ADRs 0090 and 0242):',
    '',
    '```bash',
    'npm run bench                         # every area, 5 interleaved rounds; exits 1 when a budget is missed or unstable',
    'npm run bench -- vitals api           # some areas: config, ledger, bets, api, feed, hashing, vitals, live-feed, drills',
    'npm run bench -- --rounds 7           # more rounds: a narrower spread',
    'npm run bench -- --compare old.json   # beside an earlier latest.json: pass/fail agreement, what moved beyond the noise',
    'npm run bench -- --list               # the areas and what each measures',
    '```',
    '',
    'Every timed figure is measured beside a baseline in the same run, interleaved (baseline, subject, baseline, subject …),',
    'and budgets are set on the ratio where the baseline shares the machine; values are the median of the rounds with',
    '(min–max). A figure whose rounds fall on both sides of its budget is **unstable**, not a pass (ADRs 0242 and 0270);',
    'from 5 rounds on the rounds judged leave out the most extreme fifth at each end, the trimmed range (ADR 0305); the',
    "vitals' LCP ratios pool every pair of every round and are judged by the median's 90 % interval. The bench runs in a",
    'CPU control group of its own with a large weight where it may (ADR 0510), so a busy host does not starve its browser.',
    '',
    "It builds the production bundle when a source is newer than `dist/`, needs Debian's Chromium (`/usr/bin/chromium`) and uses",
    'PostgreSQL at 127.0.0.1:5432 when reachable (PGlite always). The report is `reports/bench/latest.md` and `latest.json`',
    '(one entry per figure: area, name, value, unit, budget, pass) with the live-feed frame-time chart beside them.',
    '',
    `### Latest figures (${input.run.startedAt.slice(0, 16).replace('T', ' ')} UTC, commit ${input.run.gitCommit}${input.run.gitDirty ? ' plus uncommitted work' : ''})`,
    '',
    `Run of ${input.run.areas.join(', ')} in ${minutes.toFixed(0)} minutes on ${input.run.cpus} × ${input.run.cpuModel}, load average ${input.run.loadAverage.map((l) => l.toFixed(1)).join(' / ')} at the start${input.run.loadAverageEnd ? ` and ${input.run.loadAverageEnd.map((l) => l.toFixed(1)).join(' / ')} at the end` : ''} (the machine is shared: timings are pessimistic). ` +
      `**${s.pass} pass, ${s.fail} fail, ${s.unstable} unstable**, ${s.info} informational, ${s.notMeasured} not measured${input.errors.length ? `, ${input.errors.length} area error(s)` : ''}; ${input.run.rounds ?? 1} rounds per figure. ✗ marks a missed budget, ? an unstable figure.`,
    '',
  ];
  if (input.comparison) lines.push(`${agreementLine(input.comparison)}.`, '');
  for (const e of input.errors)
    lines.push(`> Area \`${e.area}\` failed to run: ${cell(e.message.split('\n')[0] ?? '')}`, '');
  const areas = [...new Set([...input.run.areas, ...input.figures.map((f) => f.area)])];
  for (const area of areas) {
    const figures = input.figures.filter((f) => f.area === area);
    if (!figures.length) continue;
    lines.push(`#### ${area}`, '');
    const c = input.run.conditions?.[area];
    if (c) lines.push(conditionsLine(c), '');
    if (area === 'vitals')
      lines.push(
        "Budgets: LCP ≤ 1.2 s under a CPU throttle calibrated each round to the reference phone; TBT ≤ 150 ms on the reference phone, from the main-thread tasks' thread CPU time of an unthrottled traced load × the round's slowdown (ADR 0270; the wall-clock TBT under the throttle is information); LCP ≤ 1.25× the same page without its scripts; first byte to LCP ≤ 2× a minimal hydrated React page's; TBT ≤ 3× either baseline's (floored at 50 ms); CLS ≤ 0.02; line page JS ≤ 170 KB gzip; slow 4G.",
        '',
        ...vitalsTable(figures),
      );
    else if (area === 'api')
      lines.push(
        'autocannon against the production bundle; ÷ /health is the throughput ratio to GET /health of the same server measured just before, round by round; ÷ hello-world to a bare Fastify route in its own process.',
        '',
        ...apiTable(figures),
      );
    else {
      const table = budgetTable(figures);
      lines.push(...(table.length > 2 ? table : ['Informational figures only; see the report.']));
    }
    if (area === 'live-feed' && 'file' in input.chart)
      lines.push('', `Frame-time chart: \`reports/bench/${input.chart.file}\` (${input.chart.caption}).`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

// The measurement command: `npm run bench` runs every area, `npm run bench -- <area> [<area>...]` runs some.
// Writes reports/bench/latest.md and latest.json; exits 1 when a budget is missed or an area fails to run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as apiArea from './api/api.area';
import * as betsArea from './bets/bet-placement.bench';
import * as casinoArea from './casino/casino.area';
import * as clusterArea from './cluster/cluster.area';
import * as configArea from './config/config.area';
import * as consoleArea from './console/console.area';
import * as drillsArea from './drills/drills.area';
import * as feedArea from './feed/feed-api.bench';
import * as hashingArea from './hashing/hashing.area';
import { agreementLine, compareFigures, type ReportedFigure } from './harness/compare';
import { createContext, roundsFrom, type AreaModule } from './harness/context';
import { hostBenchmarkIndex } from './harness/host-index';
import {
  adoptProcessTree,
  priorityLine,
  raisePriority,
  type AdoptedProcesses,
  type SchedulingPriority,
} from './harness/priority';
import { DEFAULT_POSTGRES_URL, localServerPid } from './harness/postgres';
import type { Figure } from './harness/figure';
import { renderReadmeSection } from './harness/readme-section';
import {
  exitCodeFor,
  renderJson,
  renderMarkdown,
  summarise,
  type AreaConditions,
  type ReportInput,
} from './harness/report';
import * as ledgerArea from './ledger/ledger.bench';
import * as feedClusterArea from './feed-cluster/feed-cluster.area';
import * as liveFeedArea from './live-feed/live-feed.area';
import * as vitalsArea from './vitals/vitals.area';

/** Every area in the order a full run takes them (cheap and in-process first, browser and drills last). */
export const AREAS: Record<string, AreaModule> = {
  config: configArea,
  ledger: ledgerArea,
  bets: betsArea,
  'feed-cluster': feedClusterArea,
  api: apiArea,
  feed: feedArea,
  hashing: hashingArea,
  vitals: vitalsArea,
  'live-feed': liveFeedArea,
  drills: drillsArea,
  casino: casinoArea,
  console: consoleArea,
  cluster: clusterArea,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const log = (line: string): void =>
  void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function usage(): string {
  return [
    'usage: npm run bench [-- [--build] [--list] [--rounds N] [--compare <report.json>] [area ...]]',
    '  areas: ' + Object.keys(AREAS).join(', '),
    '  --build             rebuild the production bundle even when dist/ is current',
    '  --rounds N          interleaved rounds per figure (default 5; env BENCH_ROUNDS): median with min and max',
    '  --compare <file>    this run beside an earlier latest.json: what moved beyond the noise',
    '  env BENCH_DURATION (seconds per API load, default 5)',
  ].join('\n');
}

/**
 * Brings the PostgreSQL server of BENCH_DATABASE_URL into the bench's control group when it runs on this machine and
 * the bench has a group (ADR 0510's addendum); the run's report names it in the priority line.
 */
async function adoptLocalPostgres(priority: SchedulingPriority): Promise<AdoptedProcesses | undefined> {
  if (!priority.cgroup) return undefined;
  const pid = await localServerPid(DEFAULT_POSTGRES_URL);
  if (!pid) return undefined;
  const url = new URL(DEFAULT_POSTGRES_URL);
  const adopted = adoptProcessTree(`PostgreSQL at ${url.host || 'its socket'}`, pid);
  if (adopted) priority.adopted = [...(priority.adopted ?? []), adopted.description];
  return adopted;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage());
    return 0;
  }
  if (args.includes('--list')) {
    for (const [name, area] of Object.entries(AREAS)) console.log(`${name.padEnd(10)} ${area.description}`);
    return 0;
  }
  const valueOf = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const v = args[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  let rounds: number;
  let compareWith: string | undefined;
  let earlier: ReportedFigure[] | undefined;
  try {
    rounds = roundsFrom(valueOf('--rounds'), process.env['BENCH_ROUNDS'] ?? process.env['BENCH_RUNS']);
    compareWith = valueOf('--compare');
    if (compareWith)
      earlier = (JSON.parse(fs.readFileSync(compareWith, 'utf8')) as { figures: ReportedFigure[] }).figures;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage()}`);
    return 2;
  }
  // Area names: every argument that is neither a flag nor the value of --rounds or --compare.
  const requested = args.filter(
    (a, i) => !a.startsWith('--') && args[i - 1] !== '--rounds' && args[i - 1] !== '--compare',
  );
  const unknown = requested.filter((a) => !(a in AREAS));
  if (unknown.length) {
    console.error(`unknown area: ${unknown.join(', ')}\n${usage()}`);
    return 2;
  }
  const areas = requested.length ? requested : Object.keys(AREAS);
  let priority: SchedulingPriority;
  try {
    priority = raisePriority();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  // The local PostgreSQL is measured too (ledger, bets, hashing): it joins the bench's group for the run.
  const database = await adoptLocalPostgres(priority);
  log(priorityLine(priority));
  const startedAt = new Date().toISOString();
  const loadAverage = os.loadavg();
  const ctx = createContext(root, { forceBuild: args.includes('--build'), log, rounds });
  const conditions: Record<string, AreaConditions> = {};
  const stop = (): void => {
    log('interrupted: stopping the servers this run started');
    database?.release();
    void ctx.dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const figures: Figure[] = [];
  const errors: ReportInput['errors'] = [];
  try {
    for (const name of areas) {
      const area = AREAS[name] as AreaModule;
      const loadStart = os.loadavg();
      const hostIndexStart = hostBenchmarkIndex();
      log(
        `area ${name}: ${area.description} (load ${loadStart[0]?.toFixed(2)}, host index ${hostIndexStart}, ${rounds} rounds)`,
      );
      const started = Date.now();
      try {
        const result = await area.run(ctx);
        conditions[name] = {
          loadStart,
          loadEnd: os.loadavg(),
          hostIndexStart,
          hostIndexEnd: hostBenchmarkIndex(),
          seconds: (Date.now() - started) / 1000,
        };
        figures.push(...result);
        const s = summarise(result);
        log(
          `area ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${s.pass} pass, ${s.fail} fail, ${s.unstable} unstable, ${s.info} info, ${s.notMeasured} not measured`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push({ area: name, message });
        log(`area ${name} FAILED: ${message}`);
      }
    }
  } finally {
    await ctx.dispose();
    database?.release();
  }

  const report: ReportInput = {
    run: {
      startedAt,
      finishedAt: new Date().toISOString(),
      areas,
      // tools/bench/snapshot.sh runs the bench in an export of one commit: that commit, clean, is what was measured.
      gitCommit: process.env['BENCH_SNAPSHOT_COMMIT'] || git(['rev-parse', '--short', 'HEAD']) || 'unknown',
      gitDirty: process.env['BENCH_SNAPSHOT_COMMIT'] ? false : git(['status', '--porcelain']).length > 0,
      node: process.version,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      cpus: os.cpus().length,
      loadAverage,
      loadAverageEnd: os.loadavg(),
      build: ctx.buildDescription() ?? 'not needed by the areas run',
      rounds,
      conditions,
      priority,
    },
    figures,
    notes: ctx.notes,
    errors,
    chart: ctx.chart() ?? {
      absent: areas.includes('live-feed')
        ? 'the live-feed area did not produce frame times'
        : 'the live-feed area did not run',
    },
    ...(earlier && compareWith
      ? { comparison: compareFigures(path.relative(root, path.resolve(compareWith)), earlier, figures, areas) }
      : {}),
  };
  fs.writeFileSync(path.join(ctx.reportDir, 'latest.md'), renderMarkdown(report));
  fs.writeFileSync(path.join(ctx.reportDir, 'latest.json'), renderJson(report));
  // The README's bench section from this run (docs/bench-latest.md is a copy of it from a full run).
  fs.writeFileSync(path.join(ctx.reportDir, 'readme-section.md'), renderReadmeSection(report));
  const s = summarise(figures);
  log(
    `report: ${path.relative(root, path.join(ctx.reportDir, 'latest.md'))} — ${s.pass} pass, ${s.fail} fail, ${s.unstable} unstable, ${s.info} info, ${s.notMeasured} not measured, ${errors.length} area errors`,
  );
  if (report.comparison) {
    const moved = report.comparison.movements.filter((m) => m.change !== 'noise');
    log(agreementLine(report.comparison));
    for (const a of report.comparison.agreement.filter((x) => !x.agree))
      log(`  differs: ${a.area}: ${a.name} (${a.before} → ${a.now})`);
    log(
      `compared with ${report.comparison.against}: ${moved.length} figures moved beyond the noise (see the report's last section)`,
    );
    for (const m of moved.slice(0, 30))
      log(`  ${m.change.padEnd(6)} ${m.area}: ${m.name} ${m.before.value} → ${m.after.value} ${m.unit}`);
  }
  return exitCodeFor(report);
}

process.exitCode = await main();

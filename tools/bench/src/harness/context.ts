import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, type DistSnapshot } from './build';
import type { Figure } from './figure';
import { createSchema, DEFAULT_POSTGRES_URL, isPostgresReachable, type PostgresSchema } from './postgres';
import type { ChartInfo } from './report';
import { startApi, type ApiProcess, type ApiStartOptions, type Engine } from './servers';

/** What every area receives: the workspace, the bundle, servers, and a place for notes and artefacts. */
export interface BenchContext {
  /** Workspace root. */
  root: string;
  /** reports/bench (git-ignored): where the report and artefacts go. */
  reportDir: string;
  /** tmp/bench (git-ignored): scratch files, logs, the bundle snapshot. */
  tmpDir: string;
  /** Progress line on stderr. */
  log(line: string): void;
  /** A line of context for the area's section of the report. */
  note(area: string, line: string): void;
  /** The production bundle, built once per run if missing or stale. */
  dist(): Promise<DistSnapshot>;
  /** Whether PostgreSQL is reachable (checked once). */
  postgresReachable(): Promise<boolean>;
  /** A fresh PostgreSQL schema, dropped when the run ends. */
  postgresSchema(prefix: string): Promise<PostgresSchema>;
  /** A shared API process on the engine (started once, stopped at the end); postgres gets its own schema. */
  api(engine: Engine): Promise<ApiProcess>;
  /** A private API process the caller may kill and restart; stopped at the end if still running. */
  startApi(options: Omit<ApiStartOptions, 'logFile'> & { name: string }): Promise<ApiProcess>;
  /** Registers the live-feed chart. */
  setChart(chart: ChartInfo): void;
  chart(): ChartInfo | undefined;
  /**
   * Rounds per figure (`--rounds N`, or BENCH_ROUNDS; default 5): each round measures the subject and its baseline
   * one after the other, so both see the same machine; the figure is the median of the rounds with min and max.
   */
  rounds: number;
}

/** The context plus the clean-up the harness runs at the end. */
export interface OwnedContext extends BenchContext {
  notes: Record<string, string[]>;
  /** How the bundle was obtained, or undefined when no area needed it. */
  buildDescription(): string | undefined;
  dispose(): Promise<void>;
}

/** Creates the run's context; nothing starts until an area asks for it. */
export function createContext(
  root: string,
  options: { forceBuild: boolean; log: (line: string) => void; rounds?: number },
): OwnedContext {
  const reportDir = path.join(root, 'reports', 'bench');
  const tmpDir = path.join(root, 'tmp', 'bench', String(process.pid));
  fs.mkdirSync(reportDir, { recursive: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const notes: Record<string, string[]> = {};
  const processes: ApiProcess[] = [];
  const schemas: PostgresSchema[] = [];
  const shared = new Map<Engine, Promise<ApiProcess>>();
  let dist: Promise<DistSnapshot> | undefined;
  let built: DistSnapshot | undefined;
  let reachable: Promise<boolean> | undefined;
  let chart: ChartInfo | undefined;
  let logCounter = 0;

  const ctx: OwnedContext = {
    root,
    reportDir,
    tmpDir,
    rounds: options.rounds ?? roundsFrom(undefined, process.env['BENCH_ROUNDS'] ?? process.env['BENCH_RUNS']),
    notes,
    log: options.log,
    note(area, line) {
      (notes[area] ??= []).push(line);
    },
    dist() {
      dist ??= ensureBuild(root, path.join(tmpDir, 'dist'), options.log, options.forceBuild).then((d) => (built = d));
      return dist;
    },
    buildDescription() {
      return built?.description;
    },
    postgresReachable() {
      reachable ??= isPostgresReachable(DEFAULT_POSTGRES_URL);
      return reachable;
    },
    async postgresSchema(prefix) {
      const s = await createSchema(prefix);
      schemas.push(s);
      return s;
    },
    async startApi(opts) {
      const { name, ...rest } = opts;
      const api = await startApi(await ctx.dist(), root, {
        ...rest,
        logFile: path.join(tmpDir, 'logs', `${++logCounter}-${name}.log`),
      });
      processes.push(api);
      return api;
    },
    api(engine) {
      let p = shared.get(engine);
      if (!p) {
        p = (async () => {
          if (engine === 'postgres') {
            const schema = await ctx.postgresSchema('api');
            return ctx.startApi({ name: 'shared-postgres', engine, databaseUrl: schema.url });
          }
          return ctx.startApi({ name: 'shared-pglite', engine });
        })();
        shared.set(engine, p);
      }
      return p;
    },
    setChart(c) {
      chart = c;
    },
    chart: () => chart,
    async dispose() {
      for (const p of processes) await p.stop().catch(() => undefined);
      for (const s of schemas)
        await s.drop().catch((e: unknown) => options.log(`could not drop schema ${s.schema}: ${String(e)}`));
      fs.rmSync(path.join(tmpDir, 'dist'), { recursive: true, force: true });
    },
  };
  return ctx;
}

/** Rounds from `--rounds` or the environment: a whole number of at least 1 (default 5, ADR 0305). */
export function roundsFrom(flag: string | undefined, env: string | undefined): number {
  const text = flag ?? env;
  // 5: the fewest rounds whose trimmed range leaves an outlier round out (ADR 0305).
  if (text === undefined || text === '') return 5;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`--rounds must be a whole number of at least 1, got ${text}`);
  return n;
}

/** What an area module provides: a description for `--list` and its run. */
export interface AreaModule {
  description: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

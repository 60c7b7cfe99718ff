// Live feed rendering: 1,000 games and 5,000 price changes per second in Chromium, rendered by the platform's live
// list (LiveGameList of libs/sportsbook/feature-live, fed through the client's push path), a hand-written vanilla
// DOM updater (the practical lower bound) and a plain render-everything React list, in the same run, each fed the
// same wire messages. Frame times go into the chart (README, "Live feed rendering"; feature-live README).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium, MOBILE_PROFILE } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { sampled, type Figure } from '../harness/figure';
import { roundRatios } from '../harness/rounds';
import { mean, median, percentile } from '../harness/stats';
import { frameTimeChartSvg, svgToPng, type ChartSeries } from './chart';
import { mainThreadTasks, TASK_TRACE_CATEGORIES } from '../vitals/cpu-blocking';

const AREA = 'live-feed';
const GAMES = 1_000;
const CHANGES_PER_SECOND = 5_000;
const SECONDS = Math.max(2, Number(process.env['BENCH_LIVE_SECONDS'] ?? 10) || 10);
/**
 * CPU slowdown of this area (BENCH_LIVE_CPU, default 1). At 4× on these shared 2-core machines both renderers keep
 * the main thread busy the whole run, and a ratio of two saturated clocks says nothing (README, "Live feed rendering").
 */
const CPU_SLOWDOWN = Math.max(1, Number(process.env['BENCH_LIVE_CPU'] ?? 1) || 1);
/** Runs per renderer: BENCH_LIVE_ROUNDS, else the run's --rounds; every figure is the median with min and max. */
const ROUNDS_ENV = process.env['BENCH_LIVE_ROUNDS'];
/** Pixels scrolled per frame during the stream (BENCH_LIVE_SCROLL, default 3: a visitor reading down the list). */
const SCROLL_PER_FRAME = Math.max(0, Number(process.env['BENCH_LIVE_SCROLL'] ?? 3) || 0);
/** The issue's budget: the platform's list within 1.3× of the vanilla updater's main-thread time. */
export const VANILLA_RATIO_BUDGET = 1.3;
/** The issue's budget for the platform's list: no long task over 50 ms (in the task's thread CPU time). */
export const LONG_TASK_BUDGET_MS = 50;
/**
 * The issue's 50 frames per second is a wall-clock rate: it carries the host's speed (59 fps quiet, 33 at load 22).
 * It is judged as the platform list's frame rate over the vanilla updater's in the same round: at least 0.9×, on a
 * quiet host 0.9 × 57 fps ≈ 51 fps. The absolute rate stays beside it as information.
 */
export const FPS_RATIO_BUDGET = 0.9;

/** One line of the area's help. */
export const description = 'live feed rendering: 1,000 games / 5,000 changes per second vs plain React and vanilla DOM';

interface RendererRun {
  frames: number[];
  longTasks: number[];
  /**
   * Main-thread tasks' thread CPU time during the stream (ms, from a Chromium trace), longest first: at CPU 1× a busy
   * host's descheduling lengthens the wall-clock long tasks above, not these (ADR 0270). Empty when throttled.
   */
  cpuTasks: number[];
  applied: number;
  /** Main-thread busy time (CDP TaskDuration) during the stream, seconds. */
  mainThread: number;
  /** Where that time went (CDP ScriptDuration, RecalcStyleDuration, LayoutDuration), seconds. */
  split: { script: number; style: number; layout: number };
}

async function bundle(): Promise<string> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-page.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

type Renderer = 'vanilla' | 'react' | 'platform';

async function runRenderer(browser: Browser, script: string, renderer: Renderer): Promise<RendererRun> {
  const page = await browser.newPage({ viewport: MOBILE_PROFILE.viewport });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    // The script is inert text until evaluated; '</script' cannot occur in esbuild output of this code.
    await page.setContent(`<!doctype html><html><body><div id="root"></div><script>${script}</script></body></html>`);
    const durations = async (): Promise<
      Record<'TaskDuration' | 'ScriptDuration' | 'RecalcStyleDuration' | 'LayoutDuration', number>
    > => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
      return {
        TaskDuration: get('TaskDuration'),
        ScriptDuration: get('ScriptDuration'),
        RecalcStyleDuration: get('RecalcStyleDuration'),
        LayoutDuration: get('LayoutDuration'),
      };
    };
    await page.evaluate(
      `window.__liveSetup(${JSON.stringify({ renderer, games: GAMES, changesPerSecond: CHANGES_PER_SECOND, seconds: SECONDS, scrollPerFrame: SCROLL_PER_FRAME })})`,
    );
    const before = await durations();
    // Chromium's throttle shows up in the trace's thread time too: the CPU figures are taken only unthrottled.
    const traced = CPU_SLOWDOWN === 1;
    if (traced) await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    let result: Omit<RendererRun, 'mainThread' | 'split' | 'cpuTasks'>;
    let cpuTasks: number[] = [];
    try {
      result = (await page.evaluate('window.__liveStream()')) as typeof result;
    } finally {
      if (traced) {
        const trace = await browser.stopTracing();
        cpuTasks = mainThreadTasks(JSON.parse(trace.toString('utf8')) as { traceEvents: [] })
          .tasks.map((t) => t.cpuMs)
          .sort((a, b) => b - a);
      }
    }
    const after = await durations();
    return {
      ...result,
      cpuTasks,
      mainThread: after.TaskDuration - before.TaskDuration,
      split: {
        script: after.ScriptDuration - before.ScriptDuration,
        style: after.RecalcStyleDuration - before.RecalcStyleDuration,
        layout: after.LayoutDuration - before.LayoutDuration,
      },
    };
  } finally {
    await page.close();
  }
}

/** Frames per second of wall clock over a run. */
function frameRate(run: RendererRun): number {
  return (run.frames.length / run.frames.reduce((a, b) => a + b, 0)) * 1000;
}

function rendererFigures(label: string, runs: RendererRun[], budgets: { longTask?: number } = {}): Figure[] {
  return [
    sampled({
      area: AREA,
      name: `${label}: frame rate`,
      rounds: runs.map(frameRate),
      unit: 'fps',
      better: 'higher',
      notes: `${runs.map((r) => r.applied.toLocaleString('en-US')).join(' / ')} changes applied (wall clock, information: the budget is on the ratio to the vanilla updater)`,
    }),
    sampled({
      area: AREA,
      name: `${label}: p95 frame time`,
      rounds: runs.map((r) => percentile(r.frames, 95)),
      unit: 'ms',
      notes: `mean per round ${runs.map((r) => mean(r.frames).toFixed(1)).join(' / ')} ms`,
    }),
    ...(runs.every((r) => r.cpuTasks.length > 0)
      ? [
          sampled({
            area: AREA,
            name: `${label}: longest task (CPU time)`,
            rounds: runs.map((r) => r.cpuTasks[0] ?? 0),
            unit: 'ms',
            ...(budgets.longTask !== undefined
              ? {
                  budget: budgets.longTask,
                  meaning:
                    "no task of the page's own work keeps the main thread more than 50 ms, in the task's thread CPU time (traced, CPU 1×): time the host gave other processes is not the page's",
                }
              : {}),
            notes: `tasks over 50 ms of CPU per round: ${runs.map((r) => r.cpuTasks.filter((t) => t > 50).length).join(' / ')}`,
          }),
          sampled({
            area: AREA,
            name: `${label}: longest task (wall clock)`,
            rounds: runs.map((r) => Math.max(0, ...r.longTasks)),
            unit: 'ms',
            notes: `${runs.map((r) => r.longTasks.length).join(' / ')} long tasks on the wall clock (information: descheduling is in it)`,
          }),
        ]
      : [
          sampled({
            area: AREA,
            name: `${label}: longest task`,
            rounds: runs.map((r) => Math.max(0, ...r.longTasks)),
            unit: 'ms',
            ...(budgets.longTask !== undefined ? { budget: budgets.longTask } : {}),
            notes: `${runs.map((r) => r.longTasks.length).join(' / ')} long tasks`,
          }),
        ]),
    sampled({
      area: AREA,
      name: `${label}: main-thread time`,
      rounds: runs.map((r) => r.mainThread),
      unit: 's',
      notes: `over ${SECONDS} s of stream; median run: script ${median(runs.map((r) => r.split.script)).toFixed(2)} s, style ${median(runs.map((r) => r.split.style)).toFixed(2)} s, layout ${median(runs.map((r) => r.split.layout)).toFixed(2)} s`,
    }),
  ];
}

/** Runs the platform's live list and the vanilla and plain React baselines, and draws the chart. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  ctx.note(
    AREA,
    `${GAMES.toLocaleString('en-US')} games, ${CHANGES_PER_SECOND.toLocaleString('en-US')} changes/s in 50 ms batches of push-channel text for ${SECONDS} s, scrolling ${SCROLL_PER_FRAME} px per frame, CPU ${CPU_SLOWDOWN}× slowed, Chromium headless; main-thread time is CDP TaskDuration`,
  );
  ctx.note(
    AREA,
    "the platform row is the live page's own LiveGameList (star, team link, score and clock, three odds buttons with accessible names) in the app's providers; the baselines draw a bare name and three prices, so the ratios include the richer row",
  );
  const ROUNDS = ROUNDS_ENV ? Math.max(1, Number(ROUNDS_ENV) || 3) : ctx.rounds;
  const script = await bundle();
  const browser = await launchChromium();
  try {
    // The machine is shared: each renderer runs ROUNDS times, the order rotating so none always goes first or last,
    // and its median run (by main-thread time) is reported; the load at each start says how far to trust it.
    const order: Renderer[] = ['vanilla', 'react', 'platform'];
    const runs: Record<Renderer, RendererRun[]> = { vanilla: [], react: [], platform: [] };
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < order.length; i++) {
        const renderer = order[(i + round) % order.length] as Renderer;
        loads.push(`${renderer} ${os.loadavg()[0]?.toFixed(1)}`);
        ctx.log(`live-feed: round ${round + 1} of ${ROUNDS}, ${renderer}`);
        runs[renderer].push(await runRenderer(browser, script, renderer));
      }
    }
    const medianRun = (list: RendererRun[]): RendererRun =>
      [...list].sort((a, b) => a.mainThread - b.mainThread)[Math.floor(list.length / 2)] as RendererRun;
    const vanilla = medianRun(runs.vanilla);
    const react = medianRun(runs.react);
    const platform = medianRun(runs.platform);
    ctx.note(
      AREA,
      `${ROUNDS} rounds of the three renderers, order rotating (ratios are taken round by round; the chart shows each renderer's median run by main-thread time); one-minute load average at each start: ${loads.join(', ')} (2 cores)`,
    );
    ctx.note(
      AREA,
      `longest task of every platform run: ${runs.platform.map((r) => `${Math.round(Math.max(0, ...r.longTasks))} ms`).join(', ')}`,
    );
    for (const [name, r] of [
      ['vanilla', vanilla],
      ['plain React', react],
      ['platform', platform],
    ] as const) {
      if (r.mainThread >= SECONDS * 0.95)
        ctx.note(
          AREA,
          `the ${name} run kept the main thread busy ${((r.mainThread / SECONDS) * 100).toFixed(0)} % of the stream: saturated, so ratios against it are a floor, not a cost comparison`,
        );
    }
    const time = (list: RendererRun[]): number[] => list.map((r) => r.mainThread);
    const out = [
      sampled({
        area: AREA,
        name: 'platform live list main-thread time / vanilla',
        rounds: roundRatios(time(runs.platform), time(runs.vanilla)),
        unit: '×',
        budget: VANILLA_RATIO_BUDGET,
        meaning: 'the issue: within 1.3× of the hand-written vanilla updater, round by round',
      }),
      sampled({
        area: AREA,
        name: 'platform live list frame rate / vanilla',
        rounds: roundRatios(runs.platform.map(frameRate), runs.vanilla.map(frameRate)),
        unit: '×',
        better: 'higher',
        budget: FPS_RATIO_BUDGET,
        meaning:
          "the issue's 50 fps, judged beside the hand-written updater in the same round: the platform list keeps at least 0.9× its frame rate (≈ 51 fps when the vanilla updater gets 57 on a quiet host)",
      }),
      ...rendererFigures('platform live list (LiveGameList)', runs.platform, { longTask: LONG_TASK_BUDGET_MS }),
      ...rendererFigures('vanilla DOM updater (lower bound)', runs.vanilla),
      ...rendererFigures('plain React list (render everything)', runs.react),
      sampled({
        area: AREA,
        name: 'platform live list main-thread time / plain React',
        rounds: roundRatios(time(runs.platform), time(runs.react)),
        unit: '×',
        notes: 'below 1 means cheaper than re-rendering the whole list',
      }),
      sampled({
        area: AREA,
        name: 'plain React list main-thread time / vanilla',
        rounds: roundRatios(time(runs.react), time(runs.vanilla)),
        unit: '×',
        notes: 'what an unoptimised React list costs on this workload',
      }),
    ];
    const series: ChartSeries[] = [
      { name: 'platform live list', color: '#2ca02c', frames: platform.frames },
      { name: 'vanilla DOM updater', color: '#1f77b4', frames: vanilla.frames },
      { name: 'plain React list', color: '#d62728', frames: react.frames },
    ];
    const file = path.join(ctx.reportDir, 'live-feed-frames.png');
    const svg = frameTimeChartSvg(
      series,
      `Live feed: ${GAMES} games, ${CHANGES_PER_SECOND} changes/s, CPU ${CPU_SLOWDOWN}× slowed`,
    );
    fs.writeFileSync(path.join(ctx.reportDir, 'live-feed-frames.svg'), svg);
    await svgToPng(browser, svg, file);
    ctx.setChart({
      file: 'live-feed-frames.png',
      caption:
        'Frame times of the live-feed run: the platform live list, the vanilla DOM updater and the plain React list',
    });
    return out;
  } finally {
    await browser.close();
  }
}

// Live feed rendering: 1,000 games and 5,000 price changes per second in Chromium (CPU 4× slower), rendered by a
// hand-written vanilla DOM updater (the practical lower bound) and by a plain render-everything React list, in the
// same run; the platform's live list is measured against both once it exists. Frame times go into the chart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium, MOBILE_PROFILE } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';
import { mean, percentile, ratio } from '../harness/stats';
import { frameTimeChartSvg, svgToPng, type ChartSeries } from './chart';

const AREA = 'live-feed';
const GAMES = 1_000;
const CHANGES_PER_SECOND = 5_000;
const SECONDS = Math.max(2, Number(process.env['BENCH_LIVE_SECONDS'] ?? 10) || 10);
/**
 * CPU slowdown of this area (BENCH_LIVE_CPU, default 1). At 4× on these shared 2-core machines both renderers keep
 * the main thread busy the whole run, and a ratio of two saturated clocks says nothing (docs/adr/0092).
 */
const CPU_SLOWDOWN = Math.max(1, Number(process.env['BENCH_LIVE_CPU'] ?? 1) || 1);
/** The budget: the platform's list within 1.3× of the vanilla updater's main-thread time. */
export const VANILLA_RATIO_BUDGET = 1.3;

/** One line of the area's help. */
export const description = 'live feed rendering: 1,000 games / 5,000 changes per second vs plain React and vanilla DOM';

interface RendererRun {
  frames: number[];
  longTasks: number[];
  applied: number;
  /** Main-thread busy time (CDP TaskDuration) during the stream, seconds. */
  mainThread: number;
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

async function runRenderer(browser: Browser, script: string, renderer: 'vanilla' | 'react'): Promise<RendererRun> {
  const page = await browser.newPage({ viewport: MOBILE_PROFILE.viewport });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    // The script is inert text until evaluated; '</script' cannot occur in esbuild output of this code.
    await page.setContent(`<!doctype html><html><body><div id="root"></div><script>${script}</script></body></html>`);
    const taskDuration = async (): Promise<number> => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
    };
    await page.evaluate(`window.__liveSetup(${JSON.stringify({ renderer, games: GAMES, changesPerSecond: CHANGES_PER_SECOND, seconds: SECONDS })})`);
    const before = await taskDuration();
    const result = (await page.evaluate('window.__liveStream()')) as Omit<RendererRun, 'mainThread'>;
    const after = await taskDuration();
    return { ...result, mainThread: after - before };
  } finally {
    await page.close();
  }
}

function rendererFigures(label: string, r: RendererRun): Figure[] {
  const totalMs = r.frames.reduce((a, b) => a + b, 0);
  return [
    figure({ area: AREA, name: `${label}: frame rate`, value: (r.frames.length / totalMs) * 1000, unit: 'fps', better: 'higher', notes: `${r.applied.toLocaleString('en-US')} changes applied` }),
    figure({ area: AREA, name: `${label}: p95 frame time`, value: percentile(r.frames, 95), unit: 'ms', notes: `mean ${mean(r.frames).toFixed(1)} ms` }),
    figure({ area: AREA, name: `${label}: longest task`, value: Math.max(0, ...r.longTasks), unit: 'ms', notes: `${r.longTasks.length} long tasks` }),
    figure({ area: AREA, name: `${label}: main-thread time`, value: r.mainThread, unit: 's', notes: `over ${SECONDS} s of stream` }),
  ];
}

/** Runs the vanilla and plain React baselines, the platform's list when it exists, and draws the chart. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  ctx.note(AREA, `${GAMES.toLocaleString('en-US')} games, ${CHANGES_PER_SECOND.toLocaleString('en-US')} changes/s in 50 ms batches for ${SECONDS} s, CPU ${CPU_SLOWDOWN}× slowed, Chromium headless; main-thread time is CDP TaskDuration`);
  const script = await bundle();
  const browser = await launchChromium();
  try {
    const vanilla = await runRenderer(browser, script, 'vanilla');
    const react = await runRenderer(browser, script, 'react');
    for (const [name, r] of [['vanilla', vanilla], ['plain React', react]] as const) {
      if (r.mainThread >= SECONDS * 0.95) ctx.note(AREA, `the ${name} run kept the main thread busy ${((r.mainThread / SECONDS) * 100).toFixed(0)} % of the stream: saturated, so ratios against it are a floor, not a cost comparison`);
    }
    const out = [
      ...rendererFigures('vanilla DOM updater (lower bound)', vanilla),
      ...rendererFigures('plain React list (render everything)', react),
      figure({ area: AREA, name: 'plain React list main-thread time / vanilla', value: ratio(react.mainThread, vanilla.mainThread), unit: '×', notes: 'what an unoptimised React list costs on this workload' }),
      notMeasured(AREA, 'platform live list: frame rate', 'the live page and its list (libs/sportsbook/feature-live) do not exist yet', { unit: 'fps', better: 'higher' }),
      notMeasured(AREA, 'platform live list: longest task', 'the live list does not exist yet', { unit: 'ms' }),
      notMeasured(AREA, 'platform live list main-thread time / plain React', 'the live list does not exist yet', { unit: '×' }),
      notMeasured(AREA, 'platform live list main-thread time / vanilla', 'the live list does not exist yet', { unit: '×', budget: VANILLA_RATIO_BUDGET }),
    ];
    const series: ChartSeries[] = [
      { name: 'vanilla DOM updater', color: '#1f77b4', frames: vanilla.frames },
      { name: 'plain React list', color: '#d62728', frames: react.frames },
    ];
    const file = path.join(ctx.reportDir, 'live-feed-frames.png');
    const svg = frameTimeChartSvg(series, `Live feed: ${GAMES} games, ${CHANGES_PER_SECOND} changes/s, CPU ${CPU_SLOWDOWN}× slowed`);
    fs.writeFileSync(path.join(ctx.reportDir, 'live-feed-frames.svg'), svg);
    await svgToPng(browser, svg, file);
    ctx.setChart({ file: 'live-feed-frames.png', caption: 'Frame times of the live-feed run (vanilla DOM updater and plain React list; the platform list joins once it exists)' });
    return out;
  } finally {
    await browser.close();
  }
}

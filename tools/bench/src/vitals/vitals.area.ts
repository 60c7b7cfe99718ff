// Web vitals in Debian's Chromium with a mid-range phone profile (CPU 4× slower, slow 4G): LCP, FCP, CLS, TBT, TTFB
// and JS/CSS bytes (gzip) for each demo brand's home, line, live and game pages; the median of BENCH_RUNS loads.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { launchChromium, MOBILE_PROFILE, throttle } from '../harness/browser';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';
import type { ApiProcess } from '../harness/servers';
import { median } from '../harness/stats';
import { COLLECTOR_SCRIPT, type CollectedVitals } from './collector';
import { blockingTimeAfter, cumulativeLayoutShift } from './vitals-math';

const AREA = 'vitals';

/** One line of the area's help. */
export const description = 'web vitals (LCP, FCP, CLS, TBT, TTFB, JS/CSS gzip) per brand and page in Chromium, mobile profile';

/** The budgets of issue 6. */
export const VITALS_BUDGETS = { lcpSeconds: 1.2, cls: 0.02, tbtMs: 150, lineJsKb: 170 } as const;

/** After the load event, how long to keep observing for late LCP candidates and long tasks. */
const SETTLE_MS = 2_500;

/** The pages measured per brand; the game page's address is a convention until the game feature defines it. */
type PageKind = 'home' | 'line' | 'live' | 'game';

interface OneLoad {
  lcp: number | null;
  fcp: number | null;
  cls: number;
  tbt: number;
  ttfb: number | null;
  jsGzip: number;
  cssGzip: number;
  text: string;
}

/** Brand ids: the folders of brands/ that hold a brand.json. */
export function brandIds(root: string): string[] {
  const dir = path.join(root, 'brands');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'brand.json')))
    .map((d) => d.name)
    .sort();
}

async function loadOnce(browser: Browser, url: string): Promise<OneLoad> {
  const context = await browser.newContext({
    viewport: MOBILE_PROFILE.viewport,
    deviceScaleFactor: MOBILE_PROFILE.deviceScaleFactor,
    isMobile: MOBILE_PROFILE.isMobile,
    hasTouch: MOBILE_PROFILE.hasTouch,
    userAgent: MOBILE_PROFILE.userAgent,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(COLLECTOR_SCRIPT);
    await throttle(page);
    const bodies: Promise<{ kind: 'js' | 'css'; gzip: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      // Re-gzipped here at one level, so the figure does not depend on how the server compressed it.
      bodies.push(
        res
          .body()
          .then((b) => ({ kind: type === 'script' ? ('js' as const) : ('css' as const), gzip: gzipSync(b, { level: 9 }).length }))
          .catch(() => ({ kind: 'js' as const, gzip: 0 })),
      );
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const v = (await page.evaluate('window.__benchVitals')) as CollectedVitals;
    const text = (await page.evaluate('document.body ? document.body.innerText : ""')) as string;
    const sizes = await Promise.all(bodies);
    return {
      lcp: v.lcp,
      fcp: v.fcp,
      cls: cumulativeLayoutShift(v.shifts),
      tbt: blockingTimeAfter(v.fcp, v.longTasks),
      ttfb: v.ttfb,
      jsGzip: sizes.filter((s) => s.kind === 'js').reduce((a, s) => a + s.gzip, 0),
      cssGzip: sizes.filter((s) => s.kind === 'css').reduce((a, s) => a + s.gzip, 0),
      text,
    };
  } finally {
    await context.close();
  }
}

function medianOf(loads: OneLoad[], pick: (l: OneLoad) => number | null): number | null {
  const values = loads.map(pick).filter((v): v is number => v !== null);
  return values.length ? median(values) : null;
}

interface BrandInfo {
  language: string;
  placeholders: Partial<Record<PageKind, string>>;
}

async function brandInfo(api: ApiProcess, brand: string): Promise<BrandInfo | string> {
  const res = await fetch(`${api.baseUrl}/web-api/site-config?brand=${brand}`);
  if (!res.ok) return `site configuration answered ${res.status} (brand refused?)`;
  const body = (await res.json()) as { language: string; dictionary?: Record<string, Record<string, string>> };
  const pages = body.dictionary?.['pages'] ?? {};
  const placeholders: BrandInfo['placeholders'] = {};
  for (const kind of ['line', 'live'] as const) {
    const text = pages[`${kind}.placeholder`];
    if (text) placeholders[kind] = text;
  }
  return { language: body.language, placeholders };
}

async function someGameId(api: ApiProcess, brand: string): Promise<number | undefined> {
  const res = await fetch(`${api.baseUrl}/service-api/LineFeed/Get1x2_VZip?count=1&brand=${brand}`);
  if (!res.ok) return undefined;
  const body = (await res.json()) as { games?: { id?: number }[] };
  return body.games?.[0]?.id;
}

function pagePath(kind: PageKind, lng: string, gameId: number | undefined): string {
  // The game page's address: BENCH_GAME_PATH (with {lng} and {id}) until the game feature settles its route.
  const gameTemplate = process.env['BENCH_GAME_PATH'] ?? '/{lng}/game/{id}';
  switch (kind) {
    case 'home':
      return `/${lng}/`;
    case 'line':
      return `/${lng}/line`;
    case 'live':
      return `/${lng}/live`;
    case 'game':
      return gameTemplate.replace('{lng}', lng).replace('{id}', String(gameId ?? 0));
  }
}

function pageFigures(brand: string, kind: PageKind, loads: OneLoad[], note: string | undefined): Figure[] {
  const label = `${brand} ${kind}`;
  const out: Figure[] = [];
  const add = (name: string, value: number | null, unit: string, budget?: number): void => {
    if (value === null) out.push(notMeasured(AREA, `${label}: ${name}`, 'the browser reported no entry of this type', { unit, ...(budget !== undefined ? { budget } : {}) }));
    else out.push(figure({ area: AREA, name: `${label}: ${name}`, value, unit, ...(budget !== undefined ? { budget } : {}), ...(note ? { notes: note } : {}) }));
  };
  const lcp = medianOf(loads, (l) => l.lcp);
  const fcp = medianOf(loads, (l) => l.fcp);
  add('LCP', lcp === null ? null : lcp / 1000, 's', VITALS_BUDGETS.lcpSeconds);
  add('FCP', fcp === null ? null : fcp / 1000, 's');
  add('CLS', medianOf(loads, (l) => l.cls), '', VITALS_BUDGETS.cls);
  add('TBT', medianOf(loads, (l) => l.tbt), 'ms', VITALS_BUDGETS.tbtMs);
  add('TTFB', medianOf(loads, (l) => l.ttfb), 'ms');
  const js = medianOf(loads, (l) => l.jsGzip);
  add('JS gzip', js === null ? null : js / 1024, 'KB', kind === 'line' ? VITALS_BUDGETS.lineJsKb : undefined);
  const css = medianOf(loads, (l) => l.cssGzip);
  add('CSS gzip (external files)', css === null ? null : css / 1024, 'KB');
  return out;
}

/** Measures every brand's pages on the PGlite-backed production server. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const out: Figure[] = [];
  const api = await ctx.api('pglite');
  const browser = await launchChromium();
  const version = browser.version();
  ctx.note(
    AREA,
    `Chromium ${version}, ${MOBILE_PROFILE.viewport.width}×${MOBILE_PROFILE.viewport.height} mobile viewport, CPU ${MOBILE_PROFILE.cpuSlowdown}× slower, slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up); median of ${ctx.runs} cold loads per page; ${SETTLE_MS} ms observed after the load event`,
  );
  ctx.note(AREA, 'JS and CSS: bodies of script and stylesheet responses re-gzipped at level 9; styles injected inline by styled-components are part of the HTML, not of the CSS figure');
  try {
    for (const brand of brandIds(ctx.root)) {
      const info = await brandInfo(api, brand);
      if (typeof info === 'string') {
        out.push(notMeasured(AREA, `${brand}: every page`, info));
        continue;
      }
      const gameId = await someGameId(api, brand);
      for (const kind of ['home', 'line', 'live', 'game'] as const) {
        const url = `${api.baseUrl}${pagePath(kind, info.language, gameId)}?brand=${brand}`;
        const probe = await fetch(url, { redirect: 'manual' });
        if (probe.status !== 200) {
          out.push(notMeasured(AREA, `${brand} ${kind}: every figure`, `${pagePath(kind, info.language, gameId)} answered ${probe.status} (the page does not exist yet)`));
          continue;
        }
        ctx.log(`vitals: ${brand} ${kind} (${ctx.runs} loads)`);
        const loads: OneLoad[] = [];
        for (let i = 0; i < ctx.runs; i++) loads.push(await loadOnce(browser, url));
        const placeholder = info.placeholders[kind];
        const note = placeholder && loads.some((l) => l.text.includes(placeholder)) ? 'placeholder page: the feature is not built yet' : undefined;
        out.push(...pageFigures(brand, kind, loads, note));
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

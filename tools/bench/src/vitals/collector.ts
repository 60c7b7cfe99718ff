// Runs in the page before any of its scripts (Playwright addInitScript): collects paint, LCP, layout shifts and
// long tasks with buffered PerformanceObservers into window.__benchVitals. A plain string, not a function: tsx's
// esbuild adds helpers (__name) to functions that would not exist inside the page.
import type { Page } from '@playwright/test';
import { throttle } from '../harness/browser';

/** What the page collects; read back after the load settles. */
export interface CollectedVitals {
  fcp: number | null;
  lcp: number | null;
  /** Layout shift entries without recent input: start time and value, windowed into CLS on the Node side. */
  shifts: { t: number; v: number }[];
  longTasks: { start: number; duration: number }[];
  ttfb: number | null;
  /** When the load event's handlers had run (ms from navigation start), read back after the settle. */
  loadEnd: number | null;
}

/** The init script installed in every measured page. */
export const COLLECTOR_SCRIPT = `(() => {
  const data = { fcp: null, lcp: null, shifts: [], longTasks: [], ttfb: null };
  window.__benchVitals = data;
  const observe = (type, cb) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(cb)).observe({ type, buffered: true }); }
    catch (e) { /* unsupported entry type: stays null, reported as not measured */ }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') data.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { data.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) data.shifts.push({ t: e.startTime, v: e.value }); });
  observe('longtask', (e) => { data.longTasks.push({ start: e.startTime, duration: e.duration }); });
  observe('navigation', (e) => { data.ttfb = e.responseStart - e.startTime; });
})();`;

/**
 * Loads `url` in `page` with the collector installed and the phone's network and `cpuRate` throttling, waits
 * `settleMs` after the load event for late paints and shifts, and reads back what the page collected.
 */
export async function loadCollecting(
  page: Page,
  url: string,
  cpuRate: number,
  settleMs: number,
): Promise<CollectedVitals> {
  await page.addInitScript(COLLECTOR_SCRIPT);
  await throttle(page, cpuRate);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForTimeout(settleMs);
  return (await page.evaluate(
    `({ ...window.__benchVitals, loadEnd: performance.getEntriesByType('navigation')[0]?.loadEventEnd || null })`,
  )) as CollectedVitals;
}

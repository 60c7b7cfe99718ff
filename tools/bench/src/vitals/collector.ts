// Runs in the page before any of its scripts (Playwright addInitScript): collects paint, LCP, layout shifts and
// long tasks with buffered PerformanceObservers into window.__benchVitals. A plain string, not a function: tsx's
// esbuild adds helpers (__name) to functions that would not exist inside the page.

/** What the page collects; read back after the load settles. */
export interface CollectedVitals {
  fcp: number | null;
  lcp: number | null;
  /** Layout shift entries without recent input: start time and value, windowed into CLS on the Node side. */
  shifts: { t: number; v: number }[];
  longTasks: { start: number; duration: number }[];
  ttfb: number | null;
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

// The host benchmark index: how many units of a fixed JavaScript workload this process runs per second right now.
// Like Lighthouse's BenchmarkIndex it says how fast the machine is at the moment a figure was taken; a busy host
// shows a lower index. The same workload source runs in Chromium to calibrate the CPU throttle (calibrate.ts).

/** One unit of work, as page-safe source (no helpers a bundler would add): strings, arrays, sorting, objects. */
export const WORKLOAD_UNIT_SOURCE = `function benchUnit(seed) {
  let s = '';
  for (let i = 0; i < 200; i++) s += String.fromCharCode(97 + ((i * 7 + seed) % 26));
  const a = [];
  for (let i = 0; i < 400; i++) a.push((i * 2654435761 + seed) % 1000);
  a.sort((x, y) => x - y);
  const o = {};
  for (let i = 0; i < 100; i++) o['k' + (i % 50)] = (o['k' + (i % 50)] || 0) + a[i];
  return s.length + a[a.length - 1] + Object.keys(o).length;
}`;

/** Source of a function `benchIndex(ms)` that runs units for `ms` milliseconds and answers units per second. */
export const INDEX_SOURCE = `${WORKLOAD_UNIT_SOURCE}
function benchIndex(ms) {
  const start = performance.now();
  let units = 0;
  let sink = 0;
  while (performance.now() - start < ms) { sink += benchUnit(units); units++; }
  const seconds = (performance.now() - start) / 1000;
  globalThis.__benchSink = sink;
  return Math.round(units / seconds);
}`;

const benchIndex = new Function(`${INDEX_SOURCE}\nreturn benchIndex;`)() as (ms: number) => number;

/** This Node process's benchmark index: the median of three samples of `ms` milliseconds each. */
export function hostBenchmarkIndex(ms = 200): number {
  benchIndex(20);
  const samples = [benchIndex(ms), benchIndex(ms), benchIndex(ms)].sort((a, b) => a - b);
  return samples[1] as number;
}

/**
 * A page script that installs `window.__benchIndex(ms)` (units per wall-clock second) and `window.__benchUnits(ms)`
 * (the units done in `ms`, for an index over the task's CPU time read from a trace) for Playwright's evaluate.
 */
export const INDEX_PAGE_SCRIPT = `(() => {\n${INDEX_SOURCE}\nwindow.__benchIndex = benchIndex;\nwindow.__benchUnits = (ms) => { const start = performance.now(); let units = 0; let sink = 0; while (performance.now() - start < ms) { sink += benchUnit(units); units++; } globalThis.__benchSink = sink; return units; };\n})()`;

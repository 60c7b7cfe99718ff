// Blocking time from thread CPU time (ADR 0270): the page's main-thread tasks are read from a Chromium trace of a
// load without CPU throttling, and each task's CPU time (`tdur`, not its wall-clock `dur`) is scaled to the reference
// device by the host's CPU-time index measured the same way. A busy host deschedules the browser: wall-clock tasks
// stretch past 50 ms and blocking time appears that a phone would not have, while the CPU time a task needs does not
// depend on what else runs. (Throttled loads are no use here: Chromium's throttle shows up in `tdur` as well.)

/** Trace categories that carry the renderer's tasks (RunTask with thread time) and first contentful paint. */
export const TASK_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'];

/** Longer than any task of a page load or a stream (ms): a trace event this long is an artefact, left out. */
const MAX_TASK_MS = 60_000;

/** The long-task threshold (ms), as Lighthouse's TBT. */
export const LONG_TASK_MS = 50;

/** One main-thread task: start (µs, trace clock), wall duration and thread CPU duration (ms). */
export interface TraceTask {
  ts: number;
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  ph?: string;
  name?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/**
 * The main-thread tasks of the renderer that painted first (the page's renderer; other renderers, such as an empty
 * tab's, paint nothing), and its first contentful paint (trace clock, µs). Without a paint event: the renderer main
 * thread with the most tasks, and fcp undefined.
 */
export function mainThreadTasks(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): {
  tasks: TraceTask[];
  fcpTs: number | undefined;
  /** `console.timeStamp(message)` calls on that thread: message → trace time (µs) of the first. */
  stamps: Map<string, number>;
  /** The last largest-contentful-paint candidate on that thread (trace clock, µs); undefined without one. */
  lcpTs: number | undefined;
} {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const threadKey = (e: TraceEvent): string => `${e.pid}:${e.tid}`;
  const rendererMain = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadKey),
  );
  const byThread = new Map<string, TraceTask[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || !rendererMain.has(threadKey(e))) continue;
    const wallMs = (e.dur ?? 0) / 1000;
    // A task cut by the end of the trace can carry a duration of the whole session (a busy run once reported
    // 2,176 s of blocking): nothing the page did lasts a minute, and a thread's CPU time cannot exceed its wall time.
    if (!(wallMs >= 0 && wallMs < MAX_TASK_MS)) continue;
    const list = byThread.get(threadKey(e)) ?? [];
    list.push({ ts: e.ts ?? 0, wallMs, cpuMs: Math.min(wallMs, (e.tdur ?? e.dur ?? 0) / 1000) });
    byThread.set(threadKey(e), list);
  }
  const paints = events
    .filter((e) => e.name === 'firstContentfulPaint' && rendererMain.has(threadKey(e)))
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const painted = paints[0];
  const key = painted ? threadKey(painted) : [...byThread.entries()].sort((a, b) => b[1].length - a[1].length)[0]?.[0];
  const tasks = (key ? (byThread.get(key) ?? []) : []).sort((a, b) => a.ts - b.ts);
  const stamps = new Map<string, number>();
  for (const e of events) {
    const message = e.args?.data?.message;
    if (e.name === 'TimeStamp' && message && threadKey(e) === key && !stamps.has(message))
      stamps.set(message, e.ts ?? 0);
  }
  const candidates = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && threadKey(e) === key)
    .map((e) => e.ts ?? 0);
  return { tasks, fcpTs: painted?.ts, stamps, lcpTs: candidates.length ? Math.max(...candidates) : undefined };
}

/**
 * The host's CPU-time index inside a traced page (units of the fixed workload per second of the thread's CPU time):
 * `units[i]` were done by the i-th task of at least `minWallMs` that starts after `fromTs`, one evaluate each. The
 * median over the samples whose task was found; NaN without any. Measured in the page's own renderer right after its
 * load, it reads the CPU the page's tasks just had, however the host's speed drifts between rounds.
 */
export function indexFromTasks(
  tasks: readonly TraceTask[],
  fromTs: number,
  units: readonly number[],
  minWallMs: number,
): number {
  const own = tasks.filter((t) => t.ts >= fromTs && t.wallMs >= minWallMs);
  if (own.length !== units.length) return NaN;
  const rates = own
    .map((t, i) => ((units[i] ?? 0) > 0 && t.cpuMs > 0 ? (units[i] as number) / (t.cpuMs / 1000) : NaN))
    .filter((x) => Number.isFinite(x))
    .sort((a, b) => a - b);
  return rates.length ? (rates[Math.floor(rates.length / 2)] as number) : NaN;
}

/** The tasks that ended before `ts` (µs, trace clock): a page's own, before a measurement was run in it. */
export function tasksBefore(tasks: readonly TraceTask[], ts: number): TraceTask[] {
  return tasks.filter((t) => t.ts + t.wallMs * 1000 <= ts);
}

/**
 * Total blocking time on the reference device: Σ max(0, cpuMs × slowdown − 50) over the tasks that end after first
 * contentful paint (a task straddling it counts from the paint on, scaled the same way). `slowdown` is how many times
 * slower the reference device is than this host right now (host CPU-time index ÷ reference index; at least 1).
 */
export function referenceBlockingTime(
  tasks: readonly TraceTask[],
  fcpTs: number | undefined,
  slowdown: number,
): number {
  const from = fcpTs ?? -Infinity;
  let total = 0;
  for (const t of tasks) {
    const end = t.ts + t.wallMs * 1000;
    if (end <= from) continue;
    // The part after the paint, in the same proportion of its CPU time as of its wall time.
    const share = t.ts >= from || t.wallMs === 0 ? 1 : (end - from) / (t.wallMs * 1000);
    total += Math.max(0, t.cpuMs * share * slowdown - LONG_TASK_MS);
  }
  return total;
}

/** Main-thread CPU time (ms) after first contentful paint, unscaled: the work the page's scripts cost this host. */
export function cpuAfterPaint(tasks: readonly TraceTask[], fcpTs: number | undefined): number {
  const from = fcpTs ?? -Infinity;
  return tasks.filter((t) => t.ts >= from).reduce((a, t) => a + t.cpuMs, 0);
}

/**
 * Main-thread CPU time (ms) of the tasks that started before `ts` (the largest paint; µs, trace clock), unscaled: the
 * work the renderer did to paint it, the task that painted included. What the page's scripts add to it, beside the
 * same HTML without them, does not depend on what else the host runs (tools/bench README, "LCP and the no-script page"). NaN without `ts`.
 */
export function cpuBeforePaint(tasks: readonly TraceTask[], ts: number | undefined): number {
  if (ts === undefined) return NaN;
  return tasks.filter((t) => t.ts < ts).reduce((a, t) => a + t.cpuMs, 0);
}

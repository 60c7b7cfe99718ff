import { describe, expect, it } from 'vitest';
import {
  cpuAfterPaint,
  cpuBeforePaint,
  indexFromTasks,
  mainThreadTasks,
  referenceBlockingTime,
  tasksBefore,
} from './cpu-blocking';

const meta = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } });
const task = (pid: number, ts: number, durMs: number, cpuMs: number) => ({
  ph: 'X',
  name: 'RunTask',
  pid,
  tid: pid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('mainThreadTasks', () => {
  it("takes the renderer that painted first, with each task's wall and CPU time", () => {
    const trace = {
      traceEvents: [
        meta(1, 1, 'CrRendererMain'),
        meta(2, 2, 'CrRendererMain'),
        meta(3, 3, 'CrBrowserMain'),
        task(1, 10, 5, 5),
        task(1, 20, 5, 5),
        task(1, 30, 5, 5),
        task(2, 1_000, 120, 40),
        task(3, 1_000, 500, 500),
        { ph: 'I', name: 'firstContentfulPaint', pid: 2, tid: 2, ts: 900 },
      ],
    };
    expect(mainThreadTasks(trace)).toEqual({
      tasks: [{ ts: 1_000, wallMs: 120, cpuMs: 40 }],
      fcpTs: 900,
      stamps: new Map(),
      lcpTs: undefined,
    });
  });
  it("reads the painting renderer's last largest-contentful-paint candidate, and the CPU time of the tasks before it", () => {
    const trace = [
      meta(1, 1, 'CrRendererMain'),
      meta(2, 2, 'CrRendererMain'),
      task(2, 100, 30, 20),
      task(2, 200, 50, 45),
      task(2, 400, 10, 10),
      { ph: 'I', name: 'firstContentfulPaint', pid: 2, tid: 2, ts: 210 },
      { ph: 'I', name: 'largestContentfulPaint::Candidate', pid: 2, tid: 2, ts: 220 },
      { ph: 'I', name: 'largestContentfulPaint::Candidate', pid: 2, tid: 2, ts: 230 },
      // Another renderer's candidate (an empty tab) is not the page's.
      { ph: 'I', name: 'largestContentfulPaint::Candidate', pid: 1, tid: 1, ts: 900 },
    ];
    const { tasks, lcpTs } = mainThreadTasks(trace);
    expect(lcpTs).toBe(230);
    // The task that painted (started at 200) counts whole; the one after the paint does not.
    expect(cpuBeforePaint(tasks, lcpTs)).toBe(65);
    expect(cpuBeforePaint(tasks, undefined)).toBeNaN();
  });
  it('leaves out a task longer than a minute (cut by the end of the trace) and caps CPU time at wall time', () => {
    const { tasks } = mainThreadTasks([
      meta(1, 1, 'CrRendererMain'),
      task(1, 10, 2_176_291, 2_176_291),
      task(1, 20, 10, 12),
    ]);
    expect(tasks).toEqual([{ ts: 20, wallMs: 10, cpuMs: 10 }]);
  });
  it('without a paint, falls back to the busiest renderer main thread', () => {
    const { tasks, fcpTs } = mainThreadTasks([meta(1, 1, 'CrRendererMain'), task(1, 10, 5, 4)]);
    expect(tasks).toHaveLength(1);
    expect(fcpTs).toBeUndefined();
  });
});

describe('a measurement run in the traced page', () => {
  const stamp = (pid: number, ts: number, message: string) => ({
    ph: 'I',
    name: 'TimeStamp',
    pid,
    tid: pid,
    ts,
    args: { data: { message } },
  });
  it("finds the page's own console.timeStamp marks, not another renderer's", () => {
    const { stamps } = mainThreadTasks([
      meta(1, 1, 'CrRendererMain'),
      meta(2, 2, 'CrRendererMain'),
      { ph: 'I', name: 'firstContentfulPaint', pid: 1, tid: 1, ts: 5 },
      stamp(2, 50, 'mark'),
      stamp(1, 70, 'mark'),
      stamp(1, 90, 'mark'),
    ]);
    expect(stamps).toEqual(new Map([['mark', 70]]));
  });
  const page = [
    { ts: 0, wallMs: 40, cpuMs: 30 },
    { ts: 900_000, wallMs: 30, cpuMs: 25 }, // still running at the mark: the measurement's own evaluate
    { ts: 1_000_000, wallMs: 150, cpuMs: 100 },
    { ts: 1_200_000, wallMs: 2, cpuMs: 2 }, // a page timer between samples
    { ts: 1_300_000, wallMs: 152, cpuMs: 50 },
    { ts: 1_500_000, wallMs: 150, cpuMs: 75 },
  ];
  it('keeps the tasks that ended before the mark', () => {
    expect(tasksBefore(page, 910_000)).toEqual([page[0]]);
  });
  it('reads units per second of CPU time from the samples, the median of them', () => {
    // 2,000 units in 100 ms, 1,500 in 50 ms and 1,500 in 75 ms of CPU: 20,000, 30,000 and 20,000 a second.
    expect(indexFromTasks(page, 910_000, [2_000, 1_500, 1_500], 140)).toBe(20_000);
  });
  it('answers NaN when the samples and their tasks do not pair up', () => {
    expect(indexFromTasks(page, 910_000, [2_000, 1_500], 140)).toBeNaN();
    expect(indexFromTasks(page, 2_000_000, [2_000], 140)).toBeNaN();
  });
});

describe('referenceBlockingTime', () => {
  const tasks = [
    { ts: 0, wallMs: 100, cpuMs: 30 }, // before paint: not counted
    { ts: 200_000, wallMs: 400, cpuMs: 20 }, // descheduled: long on the wall clock, 20 ms × 4 = 80 → 30
    { ts: 700_000, wallMs: 10, cpuMs: 10 }, // 40 ms at 4×: not a long task
  ];
  it('counts CPU time scaled to the reference device, not the wall clock', () => {
    expect(referenceBlockingTime(tasks, 150_000, 4)).toBe(30);
    expect(referenceBlockingTime(tasks, 150_000, 6)).toBe(70 + 10);
  });
  it('counts the part of a task after the paint', () => {
    expect(referenceBlockingTime([{ ts: 0, wallMs: 100, cpuMs: 100 }], 50_000, 2)).toBe(50);
  });
  it('sums the CPU time after the paint', () => {
    expect(cpuAfterPaint(tasks, 150_000)).toBe(30);
  });
});

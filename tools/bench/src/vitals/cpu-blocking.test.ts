import { describe, expect, it } from 'vitest';
import { cpuAfterPaint, mainThreadTasks, referenceBlockingTime } from './cpu-blocking';

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
    expect(mainThreadTasks(trace)).toEqual({ tasks: [{ ts: 1_000, wallMs: 120, cpuMs: 40 }], fcpTs: 900 });
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

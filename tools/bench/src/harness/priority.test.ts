import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { priorityLine, raisePriority, type PrioritySystem } from './priority';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A process at nice `start` over a cgroup tree in a temporary folder; lowering below `floor` is refused. */
function fakeSystem(layout: 'v2' | 'v1' | 'none', start = 0, floor = -20): PrioritySystem {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cgroup-'));
  dirs.push(root);
  if (layout === 'v2') {
    fs.writeFileSync(path.join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    fs.writeFileSync(path.join(root, 'cgroup.subtree_control'), 'memory\n');
  }
  if (layout === 'v1') {
    fs.mkdirSync(path.join(root, 'cpu'));
    fs.writeFileSync(path.join(root, 'cpu', 'cpu.shares'), '1024\n');
  }
  let nice = start;
  return {
    cgroupRoot: root,
    pid: 4242,
    getPriority: () => nice,
    setPriority: (value) => {
      if (value < floor) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      nice = value;
    },
  };
}

const read = (...parts: string[]) => fs.readFileSync(path.join(...parts), 'utf8');

describe('raisePriority', () => {
  it('moves the bench into a cgroup v2 group of the largest CPU weight and lowers its nice value', () => {
    const system = fakeSystem('v2');
    const p = raisePriority({}, system);
    expect(p).toEqual({ cgroup: 'v2 /tessera-bench, cpu.weight 10000', nice: -10, missing: [] });
    expect(read(system.cgroupRoot, 'cgroup.subtree_control')).toBe('+cpu');
    expect(read(system.cgroupRoot, 'tessera-bench', 'cpu.weight')).toBe('10000');
    expect(read(system.cgroupRoot, 'tessera-bench', 'cgroup.procs')).toBe('4242');
    expect(priorityLine(p)).toBe(
      'Scheduling priority: CPU control group v2 /tessera-bench, cpu.weight 10000, nice -10; on a busy host the bench, its browser and its servers get a core first',
    );
  });

  it('uses the v1 cpu hierarchy where that is what the host mounts', () => {
    const system = fakeSystem('v1');
    const p = raisePriority({ BENCH_PRIORITY: 'on' }, system);
    expect(p.cgroup).toBe('v1 cpu:/tessera-bench, cpu.shares 262144');
    expect(read(system.cgroupRoot, 'cpu', 'tessera-bench', 'cpu.shares')).toBe('262144');
    expect(read(system.cgroupRoot, 'cpu', 'tessera-bench', 'cgroup.procs')).toBe('4242');
  });

  it('goes on without what it may not change, and says what is missing', () => {
    const p = raisePriority({}, fakeSystem('none', 0, 0));
    expect(p).toEqual({
      nice: 0,
      missing: [expect.stringMatching(/^control group \(no CPU controller under /), 'nice -10 (EACCES)'],
    });
    expect(priorityLine(p)).toMatch(
      /^Scheduling priority: nice 0; on a busy host the browser shares the cores evenly with the other load; not applied: control group/,
    );
  });

  it('does not lower a priority that is already higher', () => {
    expect(raisePriority({}, fakeSystem('v1', -15)).nice).toBe(-15);
  });

  it('leaves everything as started with BENCH_PRIORITY=off', () => {
    const system = fakeSystem('v2', 3);
    const p = raisePriority({ BENCH_PRIORITY: 'off' }, system);
    expect(p).toEqual({ nice: 3, missing: ['control group and nice value (BENCH_PRIORITY=off)'] });
    expect(fs.existsSync(path.join(system.cgroupRoot, 'tessera-bench'))).toBe(false);
  });

  it('refuses a setting it does not know', () => {
    expect(() => raisePriority({ BENCH_PRIORITY: 'high' }, fakeSystem('none'))).toThrow(/"on" or "off"/);
  });
});

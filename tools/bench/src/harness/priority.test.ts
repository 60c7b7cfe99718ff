import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isTestPostgresReachable, testDatabaseUrl } from '@tessera/server/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localServerPid } from './postgres';
import { adoptProcessTree, priorityLine, processTree, raisePriority, type PrioritySystem } from './priority';

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
    procRoot: path.join(root, 'proc'),
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

/** A /proc of a database server (2202, its four processes, a grandchild) beside other processes. */
function fakeProcesses(system: PrioritySystem, cgroupLine: string): void {
  const processes: [number, number, string][] = [
    [1, 0, 'init'],
    [2202, 1, 'postgres'],
    [2203, 2202, 'postgres'],
    [2204, 2202, 'postgres'],
    [2210, 2202, 'postgres'],
    [2211, 2210, 'postgres'],
    [3000, 1, 'node (vitest) x'],
    [3001, 3000, 'node'],
  ];
  for (const [pid, parent, name] of processes) {
    const dir = path.join(system.procRoot, String(pid));
    fs.mkdirSync(dir, { recursive: true });
    // The name in parentheses may hold spaces and parentheses.
    fs.writeFileSync(path.join(dir, 'stat'), `${pid} (${name}) S ${parent} ${pid} ${pid} 0 -1 4194560`);
    fs.writeFileSync(path.join(dir, 'cgroup'), `9:name=systemd:/\n${cgroupLine}\n0::/\n`);
  }
  fs.mkdirSync(path.join(system.procRoot, 'self'));
}

/** Every pid written to a cgroup.procs file, by the file's folder relative to the cgroup root. */
function recordMoves(system: PrioritySystem): Map<string, number[]> {
  const moves = new Map<string, number[]>();
  const write = fs.writeFileSync.bind(fs);
  vi.spyOn(fs, 'writeFileSync').mockImplementation((file, data, options) => {
    const where = String(file);
    if (path.basename(where) === 'cgroup.procs') {
      const group = path.relative(system.cgroupRoot, path.dirname(where)) || '/';
      moves.set(group, [...(moves.get(group) ?? []), Number(data)]);
    }
    write(file, data, options);
  });
  return moves;
}

describe('adoptProcessTree', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists a process and every process under it, and nothing else', () => {
    const system = fakeSystem('v1');
    fakeProcesses(system, '1:cpu,cpuacct:/');
    expect(processTree(system, 2202).sort()).toEqual([2202, 2203, 2204, 2210, 2211]);
    expect(processTree(system, 3000).sort()).toEqual([3000, 3001]);
  });

  it("moves the server's processes into the bench's group and puts them back where they were", () => {
    const system = fakeSystem('v1');
    fakeProcesses(system, '2:cpu,cpuacct:/system.slice/postgresql.service');
    fs.mkdirSync(path.join(system.cgroupRoot, 'cpu', 'system.slice', 'postgresql.service'), { recursive: true });
    raisePriority({}, system);
    const moves = recordMoves(system);
    const nices = new Map<number, number>();
    system.getPriorityOf = (pid) => nices.get(pid) ?? 0;
    system.setPriorityOf = (pid, value) => void nices.set(pid, value);
    const adopted = adoptProcessTree('PostgreSQL at 127.0.0.1:5432', 2202, system);
    expect(adopted?.description).toBe('PostgreSQL at 127.0.0.1:5432 (process 2202 and 4 more)');
    expect(moves.get('cpu/tessera-bench')?.sort()).toEqual([2202, 2203, 2204, 2210, 2211]);
    // Inside the group the server runs at the bench's nice value, not a tenth of its share.
    expect([...nices.values()]).toEqual([-10, -10, -10, -10, -10]);
    // A connection opened during the run: a new process under the server, in the group by inheritance.
    fs.mkdirSync(path.join(system.procRoot, '2300'));
    fs.writeFileSync(path.join(system.procRoot, '2300', 'stat'), '2300 (postgres) S 2202 2300 2300 0');
    adopted?.release();
    expect(moves.get('cpu/system.slice/postgresql.service')?.sort()).toEqual([2202, 2203, 2204, 2210, 2211, 2300]);
    expect(new Set(nices.values())).toEqual(new Set([0]));
  });

  it('uses the v2 line where the bench has a v2 group, and sends back one a killed run left behind to the root', () => {
    const system = fakeSystem('v2');
    fakeProcesses(system, '1:cpu:/ignored');
    raisePriority({}, system);
    fs.writeFileSync(path.join(system.procRoot, '2202', 'cgroup'), '0::/tessera-bench\n');
    // The killed run left its nice value too.
    const nices = new Map<number, number>([[2202, -10]]);
    system.getPriorityOf = (pid) => nices.get(pid) ?? 0;
    system.setPriorityOf = (pid, value) => void nices.set(pid, value);
    const moves = recordMoves(system);
    const adopted = adoptProcessTree('PostgreSQL at 127.0.0.1:5432', 2202, system);
    expect(adopted?.description).toBe(
      'PostgreSQL at 127.0.0.1:5432 (process 2202 and 4 more, left in the group by an earlier run)',
    );
    adopted?.release();
    expect(moves.get('/')?.sort()).toEqual([2202, 2203, 2204, 2210, 2211]);
    expect(new Set(nices.values())).toEqual(new Set([0]));
  });

  it('adopts nothing without a group of its own (priority off or refused) or a readable process', () => {
    const off = fakeSystem('v1');
    fakeProcesses(off, '1:cpu:/');
    raisePriority({ BENCH_PRIORITY: 'off' }, off);
    expect(adoptProcessTree('PostgreSQL', 2202, off)).toBeUndefined();
    const on = fakeSystem('v1');
    fakeProcesses(on, '1:cpu:/');
    raisePriority({}, on);
    expect(adoptProcessTree('PostgreSQL', 9999, on)).toBeUndefined();
  });

  it('says so in the priority line', () => {
    expect(
      priorityLine({
        cgroup: 'v1 cpu:/tessera-bench, cpu.shares 262144',
        adopted: ['PostgreSQL at 127.0.0.1:5432 (process 2202 and 4 more)'],
        nice: -10,
        missing: [],
      }),
    ).toBe(
      'Scheduling priority: CPU control group v1 cpu:/tessera-bench, cpu.shares 262144, nice -10; joined by PostgreSQL at 127.0.0.1:5432 (process 2202 and 4 more); on a busy host the bench, its browser and its servers (the database included) get a core first',
    );
  });
});

describe('localServerPid', () => {
  it('does not look for a server on another host', async () => {
    await expect(localServerPid('postgres://postgres@db.example.invalid:5432/test')).resolves.toBeUndefined();
  });

  describe.runIf(isTestPostgresReachable())('on the local PostgreSQL', () => {
    it('finds the server process that forks the connections', async () => {
      const pid = await localServerPid(testDatabaseUrl());
      expect(pid).toBeGreaterThan(1);
      expect(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toMatch(/^postgres|^postmaster/);
      // A /proc without the backend (another process namespace): nothing is claimed.
      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'no-proc-'));
      dirs.push(elsewhere);
      await expect(localServerPid(testDatabaseUrl(), elsewhere)).resolves.toBeUndefined();
    });
  });
});

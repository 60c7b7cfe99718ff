// The bench's share of the CPU (issue 19, ADR 0510). On a host shared with another CPU-heavy process (the test
// suite, a build), the kernel splits the cores evenly between that process and the bench's browser and servers; a
// browser that waits for a core paints late for reasons that are not the page's, and a quiet and a busy run judge
// the same page differently. So at its start the bench asks the kernel for a larger share of the CPU, for itself and
// every process it starts (Chromium, the servers under test), which inherit it: on a busy host they then get a core
// when they need one, as on a quiet host. It does not make the host faster: the other process still runs on the
// other core and shares the caches, which the per-round calibration of the CPU throttle and the CPU-time figures
// account for.
//
// Two means, both needing root (or CAP_SYS_NICE and a writable cgroup hierarchy):
// - a CPU control group of its own with a large weight (cgroup v2 `cpu.weight`, or v1 `cpu.shares`). This is what
//   holds for the browser: Chromium sets its renderers' nice values itself (0 in front, 5 behind) whatever it
//   inherited, but it does not move them out of a control group;
// - a lower nice value (−10) for the bench process and what it starts, which covers the servers where there is no
//   control group to use.
// Without either right the run goes on as it was started and the report says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The nice value the bench asks for: −10 gives a process about 9× the CPU share of a nice-0 one when both want it. */
export const BENCH_NICE = -10;

/** The control group's weight: the largest cgroup v2 allows (a nice-0 process weighs 100 there). */
export const CGROUP_V2_WEIGHT = 10_000;

/** The same for cgroup v1 (`cpu.shares`; a nice-0 process in the root group weighs 1,024). */
export const CGROUP_V1_SHARES = 262_144;

/** The control group's name, under the hierarchy's root. */
export const CGROUP_NAME = 'tessera-bench';

/** What the run got. */
export interface SchedulingPriority {
  /** The control group the bench runs in ("v2 /tessera-bench, cpu.weight 10000"), when it got one. */
  cgroup?: string;
  /**
   * Servers the bench measures but did not start, brought into its control group for the run ("PostgreSQL at
   * 127.0.0.1:5432 (process 2202 and 4 more)"); absent when none was.
   */
  adopted?: string[];
  /** The nice value the bench runs at. */
  nice: number;
  /** What was not applied, and why (no permission, no CPU controller, turned off). */
  missing: string[];
}

/** The operating-system calls this needs, replaceable in tests. */
export interface PrioritySystem {
  getPriority(): number;
  setPriority(value: number): void;
  /** Where the cgroup hierarchies are mounted (`/sys/fs/cgroup`). */
  cgroupRoot: string;
  /** Where the processes' information is (`/proc`). */
  procRoot: string;
  pid: number;
  /** Another process's nice value, and setting it (for a server the bench adopts). */
  getPriorityOf?(pid: number): number;
  setPriorityOf?(pid: number, value: number): void;
}

const realSystem: PrioritySystem = {
  getPriority: () => os.getPriority(),
  setPriority: (value) => os.setPriority(value),
  cgroupRoot: '/sys/fs/cgroup',
  procRoot: '/proc',
  pid: process.pid,
  getPriorityOf: (pid) => os.getPriority(pid),
  setPriorityOf: (pid, value) => os.setPriority(pid, value),
};

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Moves this process into a CPU control group of its own with the largest weight: cgroup v2 where its CPU controller
 * is available at the root, else the v1 `cpu` hierarchy. Returns a description, or throws why it could not.
 */
function joinCpuGroup(system: PrioritySystem): string {
  const v2Controllers = path.join(system.cgroupRoot, 'cgroup.controllers');
  if (fs.existsSync(v2Controllers) && fs.readFileSync(v2Controllers, 'utf8').split(/\s+/).includes('cpu')) {
    const subtree = path.join(system.cgroupRoot, 'cgroup.subtree_control');
    if (!fs.readFileSync(subtree, 'utf8').split(/\s+/).includes('cpu')) fs.writeFileSync(subtree, '+cpu');
    const dir = path.join(system.cgroupRoot, CGROUP_NAME);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cpu.weight'), String(CGROUP_V2_WEIGHT));
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(system.pid));
    return `v2 /${CGROUP_NAME}, cpu.weight ${CGROUP_V2_WEIGHT}`;
  }
  const v1 = path.join(system.cgroupRoot, 'cpu');
  if (fs.existsSync(path.join(v1, 'cpu.shares'))) {
    const dir = path.join(v1, CGROUP_NAME);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cpu.shares'), String(CGROUP_V1_SHARES));
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(system.pid));
    return `v1 cpu:/${CGROUP_NAME}, cpu.shares ${CGROUP_V1_SHARES}`;
  }
  throw new Error('no CPU controller under ' + system.cgroupRoot);
}

/**
 * Raises the bench's share of the CPU for itself and every process it starts afterwards. `BENCH_PRIORITY=off` in the
 * environment leaves everything as started (to measure what it changes).
 */
export function raisePriority(
  env: NodeJS.ProcessEnv = process.env,
  system: PrioritySystem = realSystem,
): SchedulingPriority {
  const setting = env['BENCH_PRIORITY']?.trim();
  if (setting === 'off')
    return { nice: system.getPriority(), missing: ['control group and nice value (BENCH_PRIORITY=off)'] };
  if (setting !== undefined && setting !== '' && setting !== 'on')
    throw new Error(`BENCH_PRIORITY must be "on" or "off", not "${setting}"`);
  const missing: string[] = [];
  let cgroup: string | undefined;
  try {
    cgroup = joinCpuGroup(system);
  } catch (error) {
    missing.push(`control group (${errorCode(error)})`);
  }
  try {
    if (system.getPriority() > BENCH_NICE) system.setPriority(BENCH_NICE);
  } catch (error) {
    missing.push(`nice ${BENCH_NICE} (${errorCode(error)})`);
  }
  return { ...(cgroup ? { cgroup } : {}), nice: system.getPriority(), missing };
}

/** The report's line for it. */
export function priorityLine(p: SchedulingPriority): string {
  const got = [p.cgroup ? `CPU control group ${p.cgroup}` : '', `nice ${p.nice}`].filter(Boolean).join(', ');
  const adopted = p.adopted?.length ? `; joined by ${p.adopted.join(', ')}` : '';
  const effect = p.cgroup
    ? `on a busy host the bench, its browser and its servers${p.adopted?.length ? ' (the database included)' : ''} get a core first`
    : 'on a busy host the browser shares the cores evenly with the other load';
  return `Scheduling priority: ${got}${adopted}; ${effect}${p.missing.length ? `; not applied: ${p.missing.join(', ')}` : ''}`;
}

/** The bench's own control group's folder, once `raisePriority` has made it (v2 first, as `joinCpuGroup`). */
function benchGroupDir(system: PrioritySystem): string | undefined {
  for (const dir of [path.join(system.cgroupRoot, CGROUP_NAME), path.join(system.cgroupRoot, 'cpu', CGROUP_NAME)])
    if (fs.existsSync(path.join(dir, 'cgroup.procs'))) return dir;
  return undefined;
}

/**
 * The folder of the control group `pid` is in for the CPU controller: the v1 `cpu` hierarchy's line of
 * /proc/<pid>/cgroup when the bench's group is a v1 one, else the v2 line (`0::/path`).
 */
function cpuGroupOf(system: PrioritySystem, pid: number, v1: boolean): string | undefined {
  const lines = fs.readFileSync(path.join(system.procRoot, String(pid), 'cgroup'), 'utf8').split('\n');
  for (const line of lines) {
    const [id, controllers = '', where = ''] = line.split(':');
    if (v1 ? controllers.split(',').includes('cpu') : id === '0' && controllers === '')
      return path.join(system.cgroupRoot, ...(v1 ? ['cpu'] : []), where);
  }
  return undefined;
}

/** `pid` and every process descended from it, from each process's parent in /proc/<pid>/stat. */
export function processTree(system: Pick<PrioritySystem, 'procRoot'>, pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync(system.procRoot)) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(path.join(system.procRoot, entry, 'stat'), 'utf8');
    } catch {
      continue; // exited while listed
    }
    // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const visit = (p: number): void => {
    out.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return out;
}

/** A server's processes in the bench's control group, and how to put them back. */
export interface AdoptedProcesses {
  /** What was moved ("PostgreSQL at 127.0.0.1:5432 (process 2202 and 4 more)"). */
  description: string;
  /** Moves the tree (processes it started since included) back to the group its root came from. */
  release(): void;
}

function readNice(system: PrioritySystem, pid: number): number | undefined {
  try {
    return system.getPriorityOf?.(pid);
  } catch {
    return undefined;
  }
}

function setNice(system: PrioritySystem, pid: number, value: number): void {
  try {
    system.setPriorityOf?.(pid, value);
  } catch {
    // exited meanwhile, or not ours to change: the group alone still applies
  }
}

function moveTo(dir: string, pid: number): boolean {
  try {
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false; // exited meanwhile
    throw error;
  }
}

/**
 * Brings a server the bench measures but did not start (the local PostgreSQL: ledger, bets and hashing wait on its
 * backends and its WAL writer) into the bench's control group, the running process `root` and everything under it;
 * connections it forks later inherit the group. Without it a busy host's other load shared the cores evenly with the
 * database while the bench's own processes came first, and a transaction holding a row lock waited for a core. Returns
 * undefined when the bench has no control group (priority off or refused) or the process cannot be read.
 */
export function adoptProcessTree(
  label: string,
  root: number,
  system: PrioritySystem = realSystem,
): AdoptedProcesses | undefined {
  const dir = benchGroupDir(system);
  if (!dir) return undefined;
  const v1 = dir === path.join(system.cgroupRoot, 'cpu', CGROUP_NAME);
  let origin: string | undefined;
  try {
    origin = cpuGroupOf(system, root, v1);
  } catch {
    return undefined;
  }
  if (!origin) return undefined;
  // Already in the group: a run that was killed before its release left it there; it goes back to the hierarchy's
  // root, where a server that nobody placed elsewhere runs.
  const stale = path.resolve(origin) === path.resolve(dir);
  const back = stale ? path.dirname(dir) : origin;
  const moved = processTree(system, root).filter((pid) => moveTo(dir, pid));
  if (!moved.length) return undefined;
  // Inside the group, weights follow nice values: at nice 0 beside the bench at −10 the database's backends got about a
  // tenth of the bench's share, and the limit checks' p99 in PostgreSQL read 4.45 ms against 1.33 ms with no priority
  // at all. They take the bench's nice value for the run, and get their own back: 0 after a killed run, which left its
  // own nice value behind with the group.
  const niceRead = readNice(system, root);
  const niceBefore = niceRead === undefined ? undefined : stale ? 0 : niceRead;
  const nice = system.getPriority();
  if (niceBefore !== undefined) for (const pid of moved) setNice(system, pid, nice);
  return {
    description: `${label} (process ${root}${moved.length > 1 ? ` and ${moved.length - 1} more` : ''}${stale ? ', left in the group by an earlier run' : ''})`,
    release() {
      for (const pid of processTree(system, root)) {
        moveTo(back, pid);
        if (niceBefore !== undefined) setNice(system, pid, niceBefore);
      }
    },
  };
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** argon2's cost parameters as @node-rs/argon2 takes them. */
export interface Argon2Parameters {
  algorithm: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** One piece of work for a hashing thread. */
export type HashingJob =
  { op: 'hash'; password: string; options: Argon2Parameters } | { op: 'verify'; stored: string; password: string };

type Answer = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string };

/**
 * The thread's code. It lowers its own scheduling priority first: on Linux the nice value is per thread, so only this
 * thread yields, and the server's event loop, libuv's pool (file reads, zlib) and the database run ahead of it when the
 * cores are busy. Hashing still uses every idle cycle.
 */
const THREAD_SOURCE = `
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
// Never above the server's own priority, even where raising it is allowed (root).
try { os.setPriority(Math.max(workerData.nice, os.getPriority())); } catch {}
parentPort.postMessage({ ready: os.getPriority() });
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash'
      ? argon2.hashSync(job.password, job.options)
      : (() => { try { return argon2.verifySync(job.stored, job.password); } catch { return false; } })();
    parentPort.postMessage({ id: job.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** The nice value of the hashing threads unless configured (0 is normal, 19 the lowest priority). */
export const DEFAULT_HASHING_NICE = 10;

interface Thread {
  worker: Worker;
  /** The job running on it, at most one (the hashing queue bounds how many run). */
  pending?: { id: number; resolve: (value: string | boolean) => void; reject: (error: Error) => void };
  /** The nice value the thread reports once started. */
  nice?: number;
}

/**
 * argon2 on its own threads at a lower priority, instead of libuv's pool at the server's priority. Issue 12, item 17:
 * 80 simultaneous sign-ins on the pool took the threads file reads need and the CPU the event loop needs, and a 3 ms
 * asset took 2.2 s. Threads start on first use, one per job running at once, and do not keep the process alive.
 */
export class HashingThreads {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();
  private nextId = 1;
  private readonly argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

  constructor(private nice: number = DEFAULT_HASHING_NICE) {}

  /** Changes the nice value of threads started from now on (running ones keep theirs). */
  setNice(nice: number): void {
    this.nice = nice;
  }

  /** The nice value each started thread reported (for tests and readiness details). */
  get threadNices(): number[] {
    return [...this.all].flatMap((t) => (t.nice === undefined ? [] : [t.nice]));
  }

  /** Runs one job on an idle thread, starting one if none is idle. */
  run(job: { op: 'hash'; password: string; options: Argon2Parameters }): Promise<string>;
  run(job: { op: 'verify'; stored: string; password: string }): Promise<boolean>;
  run(job: HashingJob): Promise<string | boolean> {
    const thread = this.idle.pop() ?? this.start();
    const id = this.nextId++;
    thread.worker.ref();
    return new Promise<string | boolean>((resolve, reject) => {
      thread.pending = { id, resolve, reject };
      thread.worker.postMessage({ ...job, id });
    });
  }

  /** Stops every thread (a server closing). Jobs running are refused. */
  async close(): Promise<void> {
    const threads = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private start(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { argon2: this.argon2Path, nice: this.nice },
      // argon2 needs 19 MiB a job; the thread itself little.
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    const thread: Thread = { worker };
    this.all.add(thread);
    worker.on('message', (message: Answer | { ready: number }) => {
      if ('ready' in message) {
        thread.nice = message.ready;
        return;
      }
      const pending = thread.pending;
      if (!pending || pending.id !== message.id) return;
      thread.pending = undefined;
      // Idle threads do not hold the process open.
      worker.unref();
      if (this.all.has(thread)) this.idle.push(thread);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.message));
    });
    const fail = (error: Error) => {
      this.all.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      thread.pending?.reject(error);
      thread.pending = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`hashing thread stopped (exit code ${code})`)));
    return thread;
  }
}

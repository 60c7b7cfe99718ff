import { createHash } from 'node:crypto';
import type { Database, Queryable } from '@tessera/server/db';
import PgBoss from 'pg-boss';
import type {
  EnqueueOptions,
  JobContext,
  JobHandler,
  JobKindOptions,
  JobLogger,
  JobQueue,
  JobRecord,
} from './job-queue';

/** Options of {@link createJobQueue}. */
export interface PgJobQueueOptions {
  database: Database;
  log: JobLogger;
  /** How often each kind asks the database for due jobs when nothing woke it sooner, ms (default 2,000). */
  pollIntervalMs?: number;
  /** How often one of the servers expires jobs abandoned by a dead server and archives old ones, s (default 60). */
  maintenanceIntervalSeconds?: number;
  /** How long {@link JobQueue.stop} waits for running jobs after aborting their signals, ms (default 5,000). */
  stopTimeoutMs?: number;
  /** Install missing tables or migrate older ones at start-up (default true; the migrations install them already). */
  migrate?: boolean;
}

/** Thrown into a running job's signal when the queue stops. */
export class JobQueueStoppingError extends Error {
  constructor() {
    super('the job queue is stopping');
    this.name = 'JobQueueStoppingError';
  }
}

/** Thrown into a running job's signal when its time (expireInSeconds) is up. */
export class JobExpiredError extends Error {
  constructor(seconds: number) {
    super(`the job ran longer than ${seconds} s`);
    this.name = 'JobExpiredError';
  }
}

const DEFAULTS: Required<JobKindOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 60,
  concurrency: 1,
};

/** Local wake-ups are set for jobs due within this time; later ones are found by polling. */
const WAKE_WITHIN_MS = 10 * 60_000;
/** A wake-up comes this long after the due time, so the database's clock has passed it too. */
const WAKE_MARGIN_MS = 50;

/**
 * pg-boss's `db` option over our {@link Queryable}: parameterised statements go through `query`; its parameterless
 * multi-statement scripts (BEGIN; ... COMMIT; for installing, migrating and maintenance) through `exec`, since PGlite's
 * `query` prepares its text and a prepared statement holds one command.
 */
function executor(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0 && /^\s*BEGIN\s*;/i.test(text)) {
        await db.exec(text);
        return { rows: [] };
      }
      return db.query(text, values);
    },
  };
}

/** pg-boss's tables, and its job table's partitions (one per kind: `j` and a sha224 of the kind's name). */
const QUEUE_TABLES = new Set(['job', 'archive', 'queue', 'version', 'schedule', 'subscription']);

/**
 * Whether a table of the schema belongs to the job queue: background work writes there on its own schedule, so a test
 * that checks which tables a request changed leaves these out.
 */
export function isJobQueueTable(table: string): boolean {
  return QUEUE_TABLES.has(table) || /^j[0-9a-f]{56}$/.test(table);
}

/** The uuid a (kind, key) gives a job: the first 128 bits of a sha256, marked as a version-8 uuid. */
function keyedId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`${kind}\u0000${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function errorOutput(error: unknown): object {
  return error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
}

/** What the runners read and write in pg-boss's job table beyond its API. */
interface QueueTables {
  /** Milliseconds until a job in state retry falls due, by the database's clock; undefined when it is not retried. */
  retryDue(kind: string, id: string): Promise<number | undefined>;
  /** Hands a job this server was running back, due now, without counting a failure (pg-boss has no call for it). */
  release(kind: string, id: string): Promise<void>;
}

interface Kind {
  name: string;
  handler: JobHandler<unknown>;
  options: Required<JobKindOptions>;
  /** Set for {@link JobQueue.every} kinds. */
  intervalMs?: number;
}

/** Runs the jobs of one kind on this server: fetches due ones while it has free slots, runs each on its own. */
class KindRunner {
  private running = 0;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake-up that came while fetching: the next pause is skipped. */
  private woken = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly kind: Kind,
    private readonly boss: PgBoss,
    private readonly log: JobLogger,
    private readonly pollIntervalMs: number,
    private readonly database: QueueTables,
  ) {}

  start(): void {
    this.loop ??= this.poll();
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Stops fetching, aborts the running jobs' signals and waits for them (at most timeoutMs). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.wake();
    await this.loop;
    for (const controller of this.controllers) controller.abort(new JobQueueStoppingError());
    if (this.inFlight.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    if (this.inFlight.size > 0)
      this.log.warn(
        { kind: this.kind.name, running: this.inFlight.size },
        'jobs still running at stop: the queue retries them once they expire',
      );
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      let fetched = 0;
      const free = this.kind.options.concurrency - this.running;
      if (free > 0) {
        try {
          const jobs = await this.boss.fetch<unknown>(this.kind.name, { batchSize: free, includeMetadata: true });
          fetched = jobs.length;
          for (const job of jobs) this.run(job);
        } catch (err) {
          this.log.error({ err, kind: this.kind.name }, 'due jobs could not be fetched');
        }
      }
      // More may be due: ask again at once while slots are free; otherwise wait for a poll, a wake-up or a free slot.
      if (fetched > 0 && this.running < this.kind.options.concurrency) continue;
      await this.pause();
    }
  }

  /** A job this server failed is looked at here when its retry falls due (any server's poll finds it too). */
  private async wakeForRetry(id: string): Promise<void> {
    const due = await this.database.retryDue(this.kind.name, id);
    if (due === undefined || this.stopping) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, due + WAKE_MARGIN_MS);
    timer.unref?.();
    this.retryTimers.add(timer);
  }

  private pause(): Promise<void> {
    if (this.stopping || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake(), this.pollIntervalMs);
      timer.unref?.();
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  private run(job: PgBoss.JobWithMetadata<unknown>): void {
    this.running += 1;
    const controller = new AbortController();
    this.controllers.add(controller);
    const expireIn = job.expireInSeconds || this.kind.options.expireInSeconds;
    const expiry = setTimeout(() => controller.abort(new JobExpiredError(expireIn)), expireIn * 1000);
    expiry.unref?.();
    const context: JobContext = {
      id: job.id,
      kind: this.kind.name,
      retryCount: job.retryCount ?? 0,
      signal: controller.signal,
    };
    const done = (async () => {
      let outcome: { ok: true; output: unknown } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, output: await this.kind.handler(job.data, context) };
      } catch (error) {
        outcome = { ok: false, error };
      } finally {
        clearTimeout(expiry);
      }
      try {
        if (outcome.ok) {
          const output = outcome.output;
          await this.boss.complete(
            this.kind.name,
            job.id,
            output === undefined || output === null ? undefined : typeof output === 'object' ? output : { output },
          );
        } else if (controller.signal.reason instanceof JobQueueStoppingError) {
          // Not a failure: this server stopped. The job goes back, due now, for another server or the restart.
          await this.database.release(this.kind.name, job.id);
        } else {
          this.log.warn(
            { kind: this.kind.name, jobId: job.id, retryCount: context.retryCount, err: errorOutput(outcome.error) },
            'job failed; the queue retries it until its retry limit, then keeps it as failed',
          );
          await this.boss.fail(this.kind.name, job.id, errorOutput(outcome.error));
          if (!this.stopping) await this.wakeForRetry(job.id);
        }
      } catch (err) {
        this.log.error(
          { err, kind: this.kind.name, jobId: job.id },
          'a job outcome could not be recorded; the queue retries the job once it expires',
        );
      }
    })().finally(() => {
      this.running -= 1;
      this.controllers.delete(controller);
      this.inFlight.delete(done);
      this.wake();
    });
    this.inFlight.add(done);
  }
}

/**
 * The job queue over pg-boss 10 (ADR 0245), in the database the server uses: PGlite (in process or on its thread) or
 * PostgreSQL, through the {@link Database} port. The tables live in the database's current schema (migration 0800).
 * pg-boss stores, dedupes, hands out (FOR UPDATE SKIP LOCKED), retries, expires and archives jobs; the runners here
 * fetch and run them, complete or fail each one, and wake up when a job this server queued falls due.
 */
export function createJobQueue(options: PgJobQueueOptions): JobQueue {
  const { database, log } = options;
  const pollIntervalMs = Math.max(100, options.pollIntervalMs ?? 2_000);
  const kinds = new Map<string, Kind>();
  const runners = new Map<string, KindRunner>();
  const wakeTimers = new Set<ReturnType<typeof setTimeout>>();
  let boss: Promise<PgBoss> | undefined;
  let schemaName = 'public';
  let started = false;
  let stopped = false;

  function ready(): Promise<PgBoss> {
    if (boss) return boss;
    const opening = open();
    // A start that failed (the database was unreachable) is tried again by the next call rather than remembered.
    opening.catch(() => {
      if (boss === opening) boss = undefined;
    });
    boss = opening;
    return opening;
  }

  async function open(): Promise<PgBoss> {
    const found = await database.query<{ schema: string }>('select current_schema() as schema');
    const schema = found.rows[0]?.schema ?? 'public';
    schemaName = schema;
    const instance = new PgBoss({
      db: executor(database),
      schema,
      migrate: options.migrate ?? true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      archiveCompletedAfterSeconds: 3_600,
      archiveFailedAfterSeconds: 86_400,
    });
    instance.on('error', (err) => log.error({ err }, 'job queue maintenance failed'));
    await instance.start();
    try {
      await prepareQueues(instance, schema);
    } catch (error) {
      await instance.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
    return instance;
  }

  /** Creates the queues of the defined kinds that are missing and writes the code's options over the stored ones. */
  async function prepareQueues(instance: PgBoss, schema: string): Promise<void> {
    const queues = [...kinds.values()].map((kind) => ({
      name: kind.name,
      policy: 'standard' as const,
      retryLimit: kind.options.retryLimit,
      retryDelay: kind.options.retryDelaySeconds,
      retryBackoff: kind.options.retryBackoff,
      expireInSeconds: kind.options.expireInSeconds,
    }));
    const stored = await database.query<{
      name: string;
      retry_limit: number | null;
      retry_delay: number | null;
      retry_backoff: boolean | null;
      expire_seconds: number | null;
    }>(
      `select name, retry_limit, retry_delay, retry_backoff, expire_seconds from ${schema}.queue where name = any($1)`,
      [queues.map((q) => q.name)],
    );
    const missing = queues.filter((q) => !stored.rows.some((r) => r.name === q.name));
    // A new kind's queue is a partition table (the migrations create the platform's: creating one costs about 250 ms
    // on PGlite). Servers starting together create it one at a time: concurrent CREATE TABLE / ATTACH PARTITION on
    // the job table deadlock.
    if (missing.length > 0)
      await database.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`tessera.jobs.queues.${schema}`]);
        for (const { name, ...queue } of missing)
          await tx.query(`select ${schema}.create_queue($1, $2)`, [name, queue]);
      });
    // The options written in code win over those stored: a changed retry limit applies from this start on.
    for (const queue of queues) {
      const row = stored.rows.find((r) => r.name === queue.name);
      const same =
        row &&
        row.retry_limit === queue.retryLimit &&
        row.retry_delay === queue.retryDelay &&
        row.retry_backoff === queue.retryBackoff &&
        row.expire_seconds === queue.expireInSeconds;
      if (row && !same) await instance.updateQueue(queue.name, queue);
    }
  }

  function define<T>(name: string, handler: JobHandler<T>, kindOptions: JobKindOptions = {}, intervalMs?: number) {
    if (boss) throw new Error(`job kind ${name} defined after the queue was opened: define every kind first`);
    if (kinds.has(name)) throw new Error(`job kind ${name} is defined twice`);
    const merged = { ...DEFAULTS, ...kindOptions };
    if (!Number.isInteger(merged.concurrency) || merged.concurrency < 1)
      throw new Error(`job kind ${name}: concurrency must be a positive integer`);
    kinds.set(name, {
      name,
      handler: handler as JobHandler<unknown>,
      options: merged,
      ...(intervalMs ? { intervalMs } : {}),
    });
  }

  async function enqueue<T>(kind: string, data: T, enqueueOptions: EnqueueOptions = {}): Promise<string | undefined> {
    if (!kinds.has(kind)) throw new Error(`job kind ${kind} is not defined`);
    const instance = await ready();
    const delayMs = Math.max(0, enqueueOptions.delayMs ?? 0);
    const id = await instance.send(kind, (data ?? {}) as object, {
      ...(enqueueOptions.key !== undefined ? { id: keyedId(kind, enqueueOptions.key) } : {}),
      ...(delayMs > 0 ? { startAfter: String(delayMs / 1000) } : {}),
      ...(enqueueOptions.tx ? { db: executor(enqueueOptions.tx) } : {}),
    });
    if (id && started && !stopped && delayMs <= WAKE_WITHIN_MS) {
      // Only a shortcut: the job is in the database and any server's poll finds it; this server looks at the due time.
      const timer = setTimeout(() => {
        wakeTimers.delete(timer);
        runners.get(kind)?.wake();
      }, delayMs + WAKE_MARGIN_MS);
      timer.unref?.();
      wakeTimers.add(timer);
    }
    return id ?? undefined;
  }

  const tables: QueueTables = {
    async retryDue(kind, id) {
      const found = await database.query<{ ms: string | number }>(
        `select greatest(0, extract(epoch from start_after - now()) * 1000) as ms from ${schemaName}.job
          where name = $1 and id = $2 and state = 'retry'`,
        [kind, id],
      );
      const row = found.rows[0];
      return row ? Number(row.ms) : undefined;
    },
    async release(kind, id) {
      await database.query(
        `update ${schemaName}.job set state = 'retry', start_after = now()
          where name = $1 and id = $2 and state = 'active'`,
        [kind, id],
      );
    },
  };

  async function queueSlot(kind: Kind, slot: number): Promise<void> {
    const interval = kind.intervalMs ?? 0;
    await enqueue(kind.name, { slot }, { key: `slot:${slot}`, delayMs: slot * interval - Date.now() });
  }

  return {
    define,
    every(name, intervalMs, handler, kindOptions = {}) {
      if (!(intervalMs >= 1_000)) throw new Error(`job kind ${name}: the interval must be at least 1 s`);
      define<{ slot: number }>(
        name,
        async (data, job) => {
          // The next slot first: a run that fails or a server that dies does not end the series. After a pause (every
          // server down) the series goes on from now rather than running each missed slot.
          const kind = kinds.get(name);
          if (kind) await queueSlot(kind, Math.max(data.slot + 1, Math.floor(Date.now() / intervalMs) + 1));
          return handler(data, job);
        },
        { retryLimit: 0, ...kindOptions },
        intervalMs,
      );
    },
    enqueue,
    async start() {
      if (started || stopped) return;
      const instance = await ready();
      started = true;
      for (const kind of kinds.values()) {
        const runner = new KindRunner(kind, instance, log, pollIntervalMs, tables);
        runners.set(kind.name, runner);
        runner.start();
        if (kind.intervalMs) await queueSlot(kind, Math.floor(Date.now() / kind.intervalMs) + 1);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      await Promise.all([...runners.values()].map((r) => r.stop(options.stopTimeoutMs ?? 5_000)));
      if (boss) {
        const instance = await boss.catch(() => undefined);
        await instance?.stop({ graceful: false, close: false });
      }
    },
    idFor: keyedId,
    async job(kind, id) {
      const instance = await ready();
      const found = await instance.getJobById<unknown>(kind, id, { includeArchive: true });
      if (!found) return undefined;
      return {
        id: found.id,
        kind: found.name,
        state: found.state,
        retryCount: found.retryCount,
        data: found.data,
        output: found.output,
      } satisfies JobRecord;
    },
  };
}

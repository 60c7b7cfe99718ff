import type { Queryable } from '@tessera/server/db';

/** What a handler is told about the job it runs. */
export interface JobContext {
  readonly id: string;
  readonly kind: string;
  /** 0 on the first run, 1 on the first retry, and so on. */
  readonly retryCount: number;
  /**
   * Aborted when the queue stops (the server is closing) or the job's time is up: finish quickly or throw. A job that
   * throws because the queue stops is handed back, due at once, for another server or the restart.
   */
  readonly signal: AbortSignal;
}

/** Runs one job. What it answers is kept as the job's output; what it throws fails the job (then retried). */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<unknown>;

/** How the queue treats the jobs of one kind. */
export interface JobKindOptions {
  /** Retries after a failure before the job is recorded as failed (default 3). */
  retryLimit?: number;
  /** Pause before the first retry, seconds (default 1). */
  retryDelaySeconds?: number;
  /** Double the pause on each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /**
   * How long a run may take, seconds (default 60): past it the handler's signal aborts, and a job whose server died
   * while running it is retried by the queue's maintenance once this time has passed.
   */
  expireInSeconds?: number;
  /** Jobs of this kind run at once on one server (default 1). */
  concurrency?: number;
}

/** Where and when a job is queued. */
export interface EnqueueOptions {
  /**
   * Idempotency key: one job per (kind, key). Enqueuing a key already queued, running, done or failed does nothing
   * and answers undefined, on every server (the job's id is derived from it). Keys are remembered until completed jobs
   * are archived (one hour).
   */
  key?: string;
  /** Run no earlier than this many milliseconds from now, counted by the database's clock (default 0: at once). */
  delayMs?: number;
  /** Enqueue inside the caller's transaction: the job exists only if the transaction commits. */
  tx?: Queryable;
}

/** What became of a job. */
export interface JobRecord {
  id: string;
  kind: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  data: unknown;
  /** The handler's answer when completed; the error (message, name) when failed. */
  output: unknown;
}

/** Where the queue logs (Fastify's logger is one). */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Deferred work kept in the database (README): it survives restarts, and when several servers share the database each
 * job runs on one of them, once (a retry after a failure aside: handlers guard their writes on the rows they change).
 */
export interface JobQueue {
  /** Registers the handler of a kind; before {@link start}. */
  define<T>(kind: string, handler: JobHandler<T>, options?: JobKindOptions): void;
  /**
   * A kind that runs every `intervalMs` on one of the servers: one job per time slot, whose run queues the next slot
   * (the slot is its key, so servers that queue the same slot make one job).
   */
  every(kind: string, intervalMs: number, handler: JobHandler<{ slot: number }>, options?: JobKindOptions): void;
  /** Queues a job; answers its id, or undefined when its key was already queued. Works before {@link start}. */
  enqueue<T>(kind: string, data: T, options?: EnqueueOptions): Promise<string | undefined>;
  /** Installs or checks the queue's tables and starts running the defined kinds. */
  start(): Promise<void>;
  /** Stops taking jobs, aborts the running ones' signals and waits for them (one that throws is handed back). */
  stop(): Promise<void>;
  /** The id a key gives a job of a kind. */
  idFor(kind: string, key: string): string;
  /** A job by kind and id (also once archived), or undefined. */
  job(kind: string, id: string): Promise<JobRecord | undefined>;
}

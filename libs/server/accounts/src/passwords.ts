import { ApiError } from '@tessera/server/api-errors';
import { DEFAULT_HASHING_NICE, HashingThreads } from './hashing-threads';

/**
 * OWASP's argon2id configuration (Password Storage Cheat Sheet): 19 MiB of memory, 2 iterations, 1 lane.
 * The parameters live in the stored hash, so raising them later re-hashes nobody but still verifies everybody.
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** How many argon2 computations run at once, and how many may wait for a turn before requests are refused. */
export interface PasswordHashingLimits {
  concurrency: number;
  maxQueue: number;
  /** The nice value of the hashing threads (0 normal … 19 lowest; default 10). */
  nice?: number;
}

/**
 * argon2 runs on its own threads at a lower priority (hashing-threads.ts), one per job running. Two at a time leave a
 * core of this platform's 2-core hosts to the event loop even when the priority cannot be lowered; 128 waiting is
 * about two seconds of work, beyond which a new one is refused with 503 and Retry-After rather than queued without end.
 */
export const DEFAULT_PASSWORD_HASHING: Readonly<PasswordHashingLimits> = { concurrency: 2, maxQueue: 128 };

/** A bounded queue in front of the thread pool: at most `concurrency` tasks run, at most `maxQueue` wait. */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Recent milliseconds per task, for Retry-After. */
  private averageMs = 50;

  constructor(private limits: PasswordHashingLimits) {}

  /** Changes the limits; tasks already running or waiting keep their place. */
  configure(limits: PasswordHashingLimits): void {
    this.limits = { ...limits };
    this.startWaiting();
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; refused at once with 503 and Retry-After when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueue) {
        const seconds = Math.max(
          1,
          Math.ceil(((this.waiting.length / this.limits.concurrency + 1) * this.averageMs) / 1000),
        );
        throw new ApiError(
          503,
          'The server is busy',
          { detail: `Please try again in ${seconds} s` },
          { 'retry-after': String(seconds) },
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      const next = this.waiting.shift();
      // The slot passes to the next task waiting, or is given back.
      if (next) next();
      else this.running -= 1;
    }
  }

  private startWaiting(): void {
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      this.running += 1;
      this.waiting.shift()?.();
    }
  }
}

/** The process's one queue in front of argon2. */
export const passwordHashing = new HashingQueue({ ...DEFAULT_PASSWORD_HASHING });

/** The process's hashing threads (PASSWORD_HASH_NICE sets their priority). */
export const hashingThreads = new HashingThreads();

/** Sets the process's hashing limits and the priority of hashing threads started from now on. */
export function configurePasswordHashing(limits: PasswordHashingLimits): void {
  passwordHashing.configure(limits);
  hashingThreads.setNice(limits.nice ?? DEFAULT_HASHING_NICE);
}

/** Hashes a secret (a password, a secure answer) with argon2id, through the queue and the hashing threads. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hashingThreads.run({ op: 'hash', password, options: ARGON2_OPTIONS }));
}

/** True when `password` matches the argon2 hash `stored`; a malformed hash is a mismatch. */
function verifyHash(stored: string, password: string): Promise<boolean> {
  return passwordHashing.run(() => hashingThreads.run({ op: 'verify', stored, password }));
}

// A real hash to verify against when the account does not exist, so an unknown login costs the same time as a
// wrong password and timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

/** Verifies a password against a stored hash; with no hash, burns the same time and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // A refusal (queue full) must not stay cached as the dummy hash.
    dummyHash ??= hashPassword('tessera-dummy-password').catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    });
    await verifyHash(await dummyHash, password);
    return false;
  }
  return verifyHash(stored, password);
}

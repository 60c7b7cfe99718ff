import { randomUUID } from 'node:crypto';
import { createThreadedPgliteDatabase, describeEachDatabase, type Database } from '@tessera/server/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossSchemaVersion } from './install-sql';
import type { JobLogger, JobQueue } from './job-queue';
import { createJobQueue, type PgJobQueueOptions } from './pg-boss-queue';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Asks `check` every 20 ms until it holds; fails naming `what` after `ms`. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function queueOn(db: Database, extra: Partial<PgJobQueueOptions> = {}): JobQueue {
  return createJobQueue({ database: db, log: quiet, pollIntervalMs: 200, migrate: false, ...extra });
}

describeEachDatabase('the job queue (pg-boss over the Database port)', (ctx) => {
  const open: JobQueue[] = [];
  const track = (queue: JobQueue) => (open.push(queue), queue);

  beforeAll(async () => {
    await ctx.db.exec(`create table job_test_effects (key text primary key, runs int not null, by text not null)`);
  });
  afterAll(async () => {
    for (const queue of open) await queue.stop();
  });

  it('the migrations install the tables of the pg-boss version in use, in the current schema', async () => {
    const found = await ctx.db.query<{ version: number }>(`select version from version`);
    expect(found.rows.map((r) => Number(r.version))).toEqual([pgBossSchemaVersion()]);
    // migrate: false makes pg-boss check the version instead of installing: it would throw on a mismatch.
    const queue = track(queueOn(ctx.db));
    queue.define('test.noop', async () => undefined);
    await queue.start();
  });

  it('runs a job once its delay has passed, keeps its output, and ignores a key already queued', async () => {
    const queue = track(queueOn(ctx.db));
    const ran: Array<{ n: number; at: number }> = [];
    queue.define<{ n: number }>('test.delayed', async (data) => {
      ran.push({ n: data.n, at: Date.now() });
      return { doubled: data.n * 2 };
    });
    await queue.start();
    const key = randomUUID();
    const queuedAt = Date.now();
    const id = await queue.enqueue('test.delayed', { n: 21 }, { key, delayMs: 600 });
    expect(id).toBe(queue.idFor('test.delayed', key));
    expect(await queue.enqueue('test.delayed', { n: 99 }, { key })).toBeUndefined();
    await until(async () => (await queue.job('test.delayed', id as string))?.state === 'completed', 'completion');
    expect(ran).toHaveLength(1);
    expect(ran[0]?.n).toBe(21);
    expect((ran[0]?.at ?? 0) - queuedAt).toBeGreaterThanOrEqual(550);
    expect((await queue.job('test.delayed', id as string))?.output).toEqual({ doubled: 42 });
    // Done, the key is still remembered: a restart that queues it again adds nothing.
    expect(await queue.enqueue('test.delayed', { n: 21 }, { key })).toBeUndefined();
  });

  it('two servers on one database: every job runs once, on one of them', async () => {
    const runs = new Map<number, string[]>();
    // A job holds its worker until both servers have started one (at most 5 s): on a busy host the first server to
    // poll could otherwise drain all 40 before the second polls, and "both took a share" would test the scheduler.
    const started = new Set<string>();
    const servers = ['a', 'b'].map((name) => {
      const queue = track(queueOn(ctx.db));
      queue.define<{ n: number }>(
        'test.shared',
        async (data) => {
          runs.set(data.n, [...(runs.get(data.n) ?? []), name]);
          started.add(name);
          for (const until = Date.now() + 5_000; started.size < 2 && Date.now() < until;)
            await new Promise((r) => setTimeout(r, 20));
        },
        { concurrency: 3 },
      );
      return queue;
    });
    await Promise.all(servers.map((s) => s.start()));
    const N = 40;
    // Both servers queue every job (as both would after a restart sweep): the key makes one job of each pair.
    await Promise.all(
      Array.from({ length: N }, (_, n) =>
        Promise.all(servers.map((s) => s.enqueue('test.shared', { n }, { key: `shared-${n}` }))),
      ),
    );
    await until(() => runs.size === N, 'every job to run');
    await new Promise((r) => setTimeout(r, 400)); // a second run would come within a poll
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    expect(new Set([...runs.values()].flat()).size).toBe(2); // both servers took a share
  });

  it('a handler that throws is retried, then kept as failed; its transaction left nothing half-written', async () => {
    const queue = track(queueOn(ctx.db));
    let attempts = 0;
    queue.define<{ key: string }>(
      'test.failing',
      async (data) => {
        attempts += 1;
        await ctx.db.transaction(async (tx) => {
          await tx.query(`insert into job_test_effects (key, runs, by) values ($1, 1, 'failing')`, [data.key]);
          throw new Error(`the ledger refused it (attempt ${attempts})`);
        });
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    await queue.start();
    const id = (await queue.enqueue('test.failing', { key: 'never' }, { key: 'failing-1' })) as string;
    await until(async () => (await queue.job('test.failing', id))?.state === 'failed', 'the job to be failed');
    expect(attempts).toBe(3); // the run and two retries
    const record = await queue.job('test.failing', id);
    expect(record).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(record?.output).toMatchObject({ message: 'the ledger refused it (attempt 3)' });
    const rows = await ctx.db.query(`select * from job_test_effects where key = 'never'`);
    expect(rows.rows).toEqual([]);
  });

  it('a job running when its server stops is aborted and finished by the next server', async () => {
    const first = track(queueOn(ctx.db));
    let startedOnFirst = false;
    first.define<{ key: string }>(
      'test.long',
      (_data, job) =>
        new Promise((_resolve, reject) => {
          startedOnFirst = true;
          job.signal.addEventListener('abort', () => reject(job.signal.reason), { once: true });
        }),
      { retryDelaySeconds: 0, retryBackoff: false },
    );
    await first.start();
    const id = (await first.enqueue('test.long', { key: 'long' }, { key: 'long-1' })) as string;
    await until(() => startedOnFirst, 'the first server to start the job');
    await first.stop();
    // Handed back, due at once: not a failure of the job.
    expect(await first.job('test.long', id)).toMatchObject({ state: 'retry', output: null });

    const second = track(queueOn(ctx.db));
    second.define<{ key: string }>('test.long', async (data, job) => {
      await ctx.db.query(`insert into job_test_effects (key, runs, by) values ($1, $2, 'second')`, [
        data.key,
        job.retryCount,
      ]);
      return { finishedBy: 'second' };
    });
    await second.start();
    await until(async () => (await second.job('test.long', id))?.state === 'completed', 'the second server');
    expect((await second.job('test.long', id))?.output).toEqual({ finishedBy: 'second' });
  });

  it('a job queued inside a transaction exists only if the transaction commits', async () => {
    const queue = track(queueOn(ctx.db));
    queue.define('test.tx', async () => undefined);
    await queue.start();
    await expect(
      ctx.db.transaction(async (tx) => {
        await queue.enqueue('test.tx', {}, { key: 'rolled-back', tx, delayMs: 60_000 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queue.job('test.tx', queue.idFor('test.tx', 'rolled-back'))).toBeUndefined();
    await ctx.db.transaction((tx) => queue.enqueue('test.tx', {}, { key: 'committed', tx, delayMs: 60_000 }));
    expect(await queue.job('test.tx', queue.idFor('test.tx', 'committed'))).toMatchObject({ state: 'created' });
  });

  it('a start that failed (the database unreachable) is tried again, not remembered', async () => {
    const base = ctx.db;
    let reachable = false;
    const flaky: Database = {
      ...base,
      query: (sql, params) => (reachable ? base.query(sql, params) : Promise.reject(new Error('unreachable'))),
    };
    const queue = track(queueOn(flaky));
    queue.define('test.flaky', async () => ({ ran: true }));
    await expect(queue.start()).rejects.toThrow('unreachable');
    reachable = true;
    await queue.start();
    const id = (await queue.enqueue('test.flaky', {}, { key: 'flaky-1' })) as string;
    await until(async () => (await queue.job('test.flaky', id))?.state === 'completed', 'the job');
  });

  it('after every server was down, a recurring kind goes on from now instead of running each missed slot', async () => {
    const queue = track(queueOn(ctx.db));
    const slots: number[] = [];
    queue.every('test.every-late', 1_000, async (data) => {
      slots.push(data.slot);
    });
    const stale = Math.floor(Date.now() / 1_000) - 3_600; // queued an hour ago, before the last server stopped
    await queue.enqueue('test.every-late', { slot: stale }, { key: `slot:${stale}` });
    await queue.start();
    await until(() => slots.length >= 2, 'two runs', 6_000);
    expect(slots[0]).toBe(stale);
    expect(slots[1]).toBeGreaterThan(stale + 3_500);
  });

  it('a recurring kind runs once per slot across two servers', async () => {
    const slots: Array<{ slot: number; by: string }> = [];
    const servers = ['a', 'b'].map((name) => {
      const queue = track(queueOn(ctx.db));
      queue.every('test.every', 1_000, async (data) => {
        slots.push({ slot: data.slot, by: name });
      });
      return queue;
    });
    await Promise.all(servers.map((s) => s.start()));
    await until(() => slots.length >= 2, 'two slots', 6_000);
    const numbers = slots.map((s) => s.slot);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('the job queue on PGlite on its own thread (the server engine)', () => {
  let db: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    db = await createThreadedPgliteDatabase();
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
  });

  it('installs its tables at start-up without the migrations and runs a job', async () => {
    queue = createJobQueue({ database: db, log: quiet, pollIntervalMs: 200 });
    let ran = 0;
    queue.define('test.thread', async () => {
      ran += 1;
      return { ok: true };
    });
    await queue.start();
    const id = (await queue.enqueue('test.thread', {}, { key: 'one', delayMs: 100 })) as string;
    await until(async () => (await queue.job('test.thread', id))?.state === 'completed', 'the job');
    expect(ran).toBe(1);
  });
});

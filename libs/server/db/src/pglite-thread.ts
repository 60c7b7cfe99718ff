import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from './database';
import type { PgliteDatabaseOptions } from './pglite-database';

/**
 * The thread's code: one PGlite instance and a message loop. A transaction is opened by `begin` and stays open, inside
 * PGlite's own `transaction()`, until `end` arrives; statements that name it run on it, others wait for PGlite's lock
 * as they would in process. Errors travel as their own fields (message, code, detail, constraint ...).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, types } = require(workerData.pglite);
const parsers = { [types.INT8]: (v) => v, [types.NUMERIC]: (v) => v };
const open = new Map();
const fields = (error) => {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') for (const [k, v] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  return out;
};
const result = (r) => ({ rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
PGlite.create(workerData.dataDir, { parsers }).then((pg) => {
  parentPort.postMessage({ ready: true });
  parentPort.on('message', async (m) => {
    const reply = (value) => parentPort.postMessage({ id: m.id, ok: true, value });
    const fail = (error) => parentPort.postMessage({ id: m.id, ok: false, error: fields(error) });
    try {
      const on = m.tx === undefined ? pg : open.get(m.tx)?.tx;
      if (!on) throw new Error('transaction ' + m.tx + ' is not open');
      switch (m.op) {
        case 'query': return reply(result(await on.query(m.sql, m.params)));
        case 'exec': await on.exec(m.sql); return reply(null);
        case 'begin': {
          let end;
          let begun = false;
          const ended = new Promise((resolve, reject) => (end = { resolve, reject }));
          pg.transaction(async (tx) => {
            open.set(m.id, { tx, end });
            begun = true;
            reply(m.id);
            await ended;
          }).then(
            () => { const e = open.get(m.id); open.delete(m.id); e?.done?.(null); },
            (error) => {
              // A transaction that could not even begin answers its 'begin' with the error.
              if (!begun) return fail(error);
              const e = open.get(m.id); open.delete(m.id); e?.done?.(error);
            },
          ).catch(() => {});
          return;
        }
        case 'end': {
          const entry = open.get(m.tx);
          entry.done = (error) => (error && m.commit ? fail(error) : reply(null));
          if (m.commit) entry.end.resolve(); else entry.end.reject(new Error('rolled back'));
          return;
        }
        case 'close': if (!pg.closed) await pg.close(); return reply(null);
      }
    } catch (error) { fail(error); }
  });
}, (error) => parentPort.postMessage({ ready: false, error: fields(error) }));
`;

type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

/** An error raised in the database thread, with the fields PostgreSQL gave it (code, detail, constraint ...). */
function rebuilt(fields: { message: string } & Record<string, unknown>): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * PGlite on its own thread (ADR 0244). In process, PGlite runs every statement on the server's event loop: under a
 * burst of sign-ins the database work alone held a static asset for 300 ms. On a thread the event loop only posts
 * messages, and the database's work competes with it for a core, not for the loop. The same {@link Database}
 * contract as the in-process engine; the server uses this one, tests the in-process one (and this one's own test).
 */
export async function createThreadedPgliteDatabase(
  options: Pick<PgliteDatabaseOptions, 'dataDir'> = {},
): Promise<Database> {
  const dataDir = options.dataDir?.startsWith('memory://') ? undefined : options.dataDir;
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'), dataDir },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready: boolean; error?: { message: string } }) =>
      m.ready ? resolve() : reject(rebuilt(m.error ?? { message: 'PGlite did not start' })),
    );
    worker.once('error', reject);
  });
  worker.on('message', (m: Answer) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(rebuilt(m.error));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const on = (tx?: number): Queryable => ({
    query<Row>(sql: string, params: readonly unknown[] = []) {
      return call<QueryResult<Row>>({ op: 'query', sql, params: [...params], tx });
    },
    async exec(sql: string) {
      await call({ op: 'exec', sql, tx });
    },
  });

  return {
    engine: 'pglite',
    ...on(),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let value: T;
      try {
        value = await work(on(tx));
      } catch (error) {
        // The work's own error is the one to rethrow, even if the rollback fails too (a stopped thread).
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return value;
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

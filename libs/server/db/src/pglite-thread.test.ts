import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createThreadedPgliteDatabase } from './pglite-thread';

describe('PGlite on its own thread (ADR 0244)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createThreadedPgliteDatabase();
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('answers the same rows and value types as the in-process engine', async () => {
    await db.exec('create table things (id int primary key, label text not null, at timestamptz, doc jsonb)');
    const at = new Date('2026-11-26T10:00:00Z');
    const inserted = await db.query('insert into things values ($1, $2, $3, $4), ($5, $6, $3, $4)', [
      1,
      'one',
      at,
      JSON.stringify({ a: [1] }),
      2,
      'two',
    ]);
    expect(inserted.rowCount).toBe(2);
    const { rows } = await db.query<Record<string, unknown>>(
      `select label, at, doc, 9007199254740993::int8 as big, 12.50::numeric(10,2) as money from things where id = $1`,
      [2],
    );
    expect(rows).toEqual([{ label: 'two', at, doc: { a: [1] }, big: '9007199254740993', money: '12.50' }]);
  });

  it('commits a transaction whose work resolves, and rolls back and rethrows one whose work throws', async () => {
    await db.exec('create table moves (n int)');
    expect(await db.transaction(async (tx) => (await tx.query('insert into moves values (1)')).rowCount)).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into moves values (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query('select n from moves')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a statement outside a transaction waiting until the transaction ends, as one connection does', async () => {
    await db.exec('create table ordered (n int)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inTx = db.transaction(async (tx) => {
      await tx.query('insert into ordered values (1)');
      await held;
      await tx.query('insert into ordered values (2)');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ count: string }>('select count(*) from ordered');
    release();
    await inTx;
    expect((await outside).rows[0]?.count).toBe('2');
  });

  it("passes PostgreSQL's error fields through, and the connection stays usable", async () => {
    await db.exec('create table uniq (v text unique)');
    await db.query(`insert into uniq values ('a')`);
    const error = await db.query(`insert into uniq values ('a')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    expect((await db.query('select count(*)::int as n from uniq')).rows).toEqual([{ n: 1 }]);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await db.query('select count(*) from generate_series(1, 4000000)');
    const took = performance.now() - started;
    clearInterval(timer);
    // In process the loop would be held for the whole statement and no tick could run before it ended.
    expect(took).toBeGreaterThan(30);
    expect(ticks).toBeGreaterThan(1);
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from './testing/describe-each-database';

describeEachDatabase('Database', (ctx) => {
  it('runs parameterised queries and returns rows with their count', async () => {
    await ctx.db.exec('create table things (id int primary key, label text not null)');
    const inserted = await ctx.db.query('insert into things values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect(inserted.rowCount).toBe(2);
    const { rows } = await ctx.db.query<{ label: string }>('select label from things where id = $1', [2]);
    expect(rows).toEqual([{ label: 'two' }]);
  });

  it('returns the same value types on both engines', async () => {
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      `select 9007199254740993::int8 as big, 12.50::numeric(10,2) as money, 7::int4 as small,
              '{"a":[1]}'::jsonb as doc, now() as at, true as flag`,
    );
    const row = rows[0] ?? {};
    expect(row['big']).toBe('9007199254740993');
    expect(row['money']).toBe('12.50');
    expect(row['small']).toBe(7);
    expect(row['doc']).toEqual({ a: [1] });
    expect(row['at']).toBeInstanceOf(Date);
    expect(row['flag']).toBe(true);
  });

  it('commits a transaction whose callback resolves', async () => {
    await ctx.db.exec('create table commits (n int)');
    const result = await ctx.db.transaction(async (tx) => {
      await tx.query('insert into commits values ($1)', [1]);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await ctx.db.query('select * from commits')).rows).toHaveLength(1);
  });

  it('rolls a transaction back when its callback throws, and rethrows', async () => {
    await ctx.db.exec('create table rollbacks (n int)');
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query('insert into rollbacks values ($1)', [1]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await ctx.db.query('select * from rollbacks')).rows).toHaveLength(0);
  });

  it('has the foundation tables after migration', async () => {
    await ctx.db.query(
      `insert into brand_validation_reports (startup_id, brand_id, status, issues) values ($1, $2, $3, $4)`,
      ['7d0b6f5e-2f7b-4a53-9a5e-4b8b7c3f0a11', 'northbet', 'refused', JSON.stringify([{ pointer: '/x' }])],
    );
    const { rows } = await ctx.db.query<{ issues: unknown }>('select issues from brand_validation_reports');
    expect(rows[0]?.issues).toEqual([{ pointer: '/x' }]);
    await expect(
      ctx.db.query(`insert into brand_validation_reports (startup_id, brand_id, status) values ($1, 'x', 'maybe')`, [
        '7d0b6f5e-2f7b-4a53-9a5e-4b8b7c3f0a11',
      ]),
    ).rejects.toThrow();
  });
});

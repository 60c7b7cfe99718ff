import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate';
import { describeEachDatabase } from './testing/describe-each-database';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-migrations-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(name: string, sql: string): Promise<void> {
  await fs.writeFile(path.join(dir, name), sql);
}

describe('loadMigrations', () => {
  it('orders the shipped migrations by number', async () => {
    const migrations = await loadMigrations();
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort());
    expect(migrations[0]?.name).toBe('0001_brand_validation_reports.sql');
  });

  it('refuses a file without a number', async () => {
    const bad = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bad-'));
    await fs.writeFile(path.join(bad, 'users.sql'), 'select 1');
    await expect(loadMigrations(bad)).rejects.toThrow('Migration file "users.sql" must be named NNNN_slug.sql');
    await fs.rm(bad, { recursive: true });
  });
});

describeEachDatabase(
  'migrate',
  (ctx) => {
    it('applies pending migrations in order and records them', async () => {
      await write('0001_a.sql', 'create table a (id int);');
      await write('0002_b.sql', 'create table b (a_id int); insert into a values (1);');
      const report = await migrate(ctx.db, { dir });
      expect(report).toEqual({ applied: ['0001_a.sql', '0002_b.sql'], alreadyApplied: [] });
      const { rows } = await ctx.db.query<{ version: string }>(
        'select version from schema_migrations order by version',
      );
      expect(rows.map((r) => r.version)).toEqual(['0001', '0002']);
    });

    it('applies nothing twice', async () => {
      const report = await migrate(ctx.db, { dir });
      expect(report).toEqual({ applied: [], alreadyApplied: ['0001_a.sql', '0002_b.sql'] });
      expect((await ctx.db.query('select * from a')).rows).toHaveLength(1);
    });

    it('rolls back a failing migration completely and applies nothing after it', async () => {
      await write('0003_broken.sql', 'create table c (id int); select * from missing_table;');
      await write('0004_later.sql', 'create table d (id int);');
      await expect(migrate(ctx.db, { dir })).rejects.toThrow(/missing_table/);
      const tables = await ctx.db.query(`select 1 from information_schema.tables where table_name in ('c', 'd')
        and table_schema = current_schema()`);
      expect(tables.rows).toHaveLength(0);
      await fs.rm(path.join(dir, '0003_broken.sql'));
      await fs.rm(path.join(dir, '0004_later.sql'));
    });

    it('refuses to run when an applied migration was edited', async () => {
      await write('0001_a.sql', 'create table a (id int, extra text);');
      await expect(migrate(ctx.db, { dir })).rejects.toThrow(
        'Migration 0001_a.sql was changed after it was applied; add a new migration instead of editing it',
      );
    });
  },
  { migrate: false },
);

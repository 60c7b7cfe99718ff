import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPgliteDataDir, openDatabase } from './open-database';
import { isTestPostgresReachable, probePostgres, testDatabaseUrl } from './testing/describe-each-database';

describe('openDatabase', () => {
  it('keeps PGlite data in its folder across restarts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-pglite-'));
    try {
      const first = await openDatabase({ pgliteDataDir: dataDir });
      expect(first.engine).toBe('pglite');
      await first.exec(`create table kept (v text); insert into kept values ('survives')`);
      await first.close();
      const second = await openDatabase({ pgliteDataDir: dataDir });
      expect((await second.query('select v from kept')).rows).toEqual([{ v: 'survives' }]);
      await second.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('puts the default data folder under .data/pglite of the working directory', () => {
    expect(defaultPgliteDataDir('/srv/tessera')).toBe(path.join('/srv/tessera', '.data', 'pglite'));
  });

  it('fails at opening, not later, when the PostgreSQL server is unreachable', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow();
  });

  it('finds no PostgreSQL where none listens, so its half of a suite is not registered', () => {
    expect(probePostgres('postgres://postgres@127.0.0.1:1/none')).toBe(false);
  });

  if (isTestPostgresReachable()) {
    it('uses PostgreSQL when a URL is given', async () => {
      const db = await openDatabase({ databaseUrl: testDatabaseUrl() });
      expect(db.engine).toBe('postgres');
      expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await db.close();
    });
  }
});

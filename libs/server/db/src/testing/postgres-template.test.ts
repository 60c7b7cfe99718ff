import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../migrate';
import { createPostgresDatabase } from '../postgres-database';
import { isTestPostgresReachable, testDatabaseUrl } from './describe-each-database';
import { createPostgresTestDatabase, databaseUrl, dropRunDatabases, TEST_RUN_ENV } from './postgres-template';

it('points a connection string at another database of the same server, keeping user and options', () => {
  expect(databaseUrl('postgres://ada:pw@db.example:6543/test?sslmode=require', 'other')).toBe(
    'postgres://ada:pw@db.example:6543/other?sslmode=require',
  );
});

// Registered only where the test server answers, like the PostgreSQL half of describeEachDatabase.
if (isTestPostgresReachable()) {
  describe('PostgreSQL test databases', () => {
    const exists = async (name: string): Promise<boolean> => {
      const admin = await createPostgresDatabase({ connectionString: testDatabaseUrl(), maxConnections: 1 });
      try {
        return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
      } finally {
        await admin.close();
      }
    };

    it('clones independent migrated databases from one template and drops them', { timeout: 120_000 }, async () => {
      const [first, second] = await Promise.all([
        createPostgresTestDatabase(testDatabaseUrl(), true),
        createPostgresTestDatabase(testDatabaseUrl(), true),
      ]);
      expect(first.name).not.toBe(second.name);
      const a = await createPostgresDatabase({ connectionString: first.url, maxConnections: 1 });
      const b = await createPostgresDatabase({ connectionString: second.url, maxConnections: 1 });
      const applied = await b.query<{ version: string }>('select version from schema_migrations order by version');
      expect(applied.rows.map((row) => row.version)).toEqual((await loadMigrations()).map((m) => m.version));

      // A table made in one is in neither the other nor the next clone.
      await a.exec('create table only_here (id int)');
      const third = await createPostgresTestDatabase(testDatabaseUrl(), true);
      const c = await createPostgresDatabase({ connectionString: third.url, maxConnections: 1 });
      for (const db of [b, c]) {
        const found = await db.query(`select 1 from information_schema.tables where table_name = 'only_here'`);
        expect(found.rows).toHaveLength(0);
      }

      // Dropping closes what is still connected (here `a`'s pool) and removes the database.
      await Promise.all([b.close(), c.close()]);
      await Promise.all([first.drop(), second.drop(), third.drop()]);
      await a.close().catch(() => undefined);
      for (const db of [first, second, third]) expect(await exists(db.name)).toBe(false);
    });

    const connections = async (name: string): Promise<number> => {
      const admin = await createPostgresDatabase({ connectionString: testDatabaseUrl(), maxConnections: 1 });
      try {
        const found = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        return found.rows[0]?.n ?? -1;
      } finally {
        await admin.close();
      }
    };

    /** Runs `work` with the test run id `run` (or none), putting the process's own back afterwards. */
    const withRun = async <T>(run: string | undefined, work: () => Promise<T>): Promise<T> => {
      const own = process.env[TEST_RUN_ENV];
      if (run === undefined) delete process.env[TEST_RUN_ENV];
      else process.env[TEST_RUN_ENV] = run;
      try {
        return await work();
      } finally {
        if (own === undefined) delete process.env[TEST_RUN_ENV];
        else process.env[TEST_RUN_ENV] = own;
      }
    };

    it(
      "leaves a released database to the sweep of its run, which drops only that run's (ADR 0500)",
      { timeout: 120_000 },
      async () => {
        const run = randomBytes(4).toString('hex');
        await withRun(run, async () => {
          const [first, second] = await Promise.all([
            createPostgresTestDatabase(testDatabaseUrl(), true),
            createPostgresTestDatabase(testDatabaseUrl(), false),
          ]);
          expect(first.name).toMatch(new RegExp(`^tessera_test_${run}_[0-9a-f]{12}$`));
          // A database of another run, made while this one's stand.
          const other = await withRun(randomBytes(4).toString('hex'), () =>
            createPostgresTestDatabase(testDatabaseUrl(), false),
          );
          try {
            // Released: still there, but a connection the suite left open is closed, as a drop would have.
            const open = await createPostgresDatabase({ connectionString: first.url, maxConnections: 1 });
            await open.query('select 1');
            expect(await connections(first.name)).toBe(1);
            await Promise.all([first.release(), second.release()]);
            expect(await connections(first.name)).toBe(0);
            await open.close().catch(() => undefined);
            expect(await exists(first.name)).toBe(true);
            expect(await exists(second.name)).toBe(true);

            expect(await dropRunDatabases(testDatabaseUrl(), run)).toBe(2);
            expect(await exists(first.name)).toBe(false);
            expect(await exists(second.name)).toBe(false);
            expect(await exists(other.name)).toBe(true);
          } finally {
            await other.drop();
            await dropRunDatabases(testDatabaseUrl(), run);
          }
        });
      },
    );

    it('drops a released database at once when no sweep will come', { timeout: 60_000 }, async () => {
      await withRun(undefined, async () => {
        const own = await createPostgresTestDatabase(testDatabaseUrl(), false);
        expect(own.name).toMatch(/^tessera_test_[0-9a-f]{12}$/);
        await own.release();
        expect(await exists(own.name)).toBe(false);
      });
    });

    it('creates an empty database for suites that run the migrations themselves', { timeout: 60_000 }, async () => {
      const own = await createPostgresTestDatabase(testDatabaseUrl(), false);
      const db = await createPostgresDatabase({ connectionString: own.url, maxConnections: 1 });
      const tables = await db.query(`select 1 from information_schema.tables where table_schema = 'public'`);
      expect(tables.rows).toHaveLength(0);
      await db.close();
      await own.drop();
      expect(await exists(own.name)).toBe(false);
    });

    it('commits without waiting for the disk in a test database (ADR 0450)', { timeout: 60_000 }, async () => {
      const own = await createPostgresTestDatabase(testDatabaseUrl(), true);
      const db = await createPostgresDatabase({ connectionString: own.url, maxConnections: 1 });
      try {
        const { rows } = await db.query<{ synchronous_commit: string }>('show synchronous_commit');
        expect(rows[0]?.synchronous_commit).toBe('off');
      } finally {
        await db.close();
        await own.drop();
      }
    });
  });
}

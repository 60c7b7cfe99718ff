import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../migrate';
import { createPostgresDatabase } from '../postgres-database';
import { isTestPostgresReachable, testDatabaseUrl } from './describe-each-database';
import { createPostgresTestDatabase, databaseUrl } from './postgres-template';

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

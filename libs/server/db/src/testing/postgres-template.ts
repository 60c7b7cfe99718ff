import { randomBytes } from 'node:crypto';
import type { Database } from '../database';
import { migrate } from '../migrate';
import { createPostgresDatabase } from '../postgres-database';
import { templateFingerprint } from './pglite-template';

/**
 * Applying every migration to a fresh PostgreSQL schema costs about 3 s, and dropping it again more than 1 s; the
 * test run did that for every database suite. Instead the first test process migrates one template database per
 * migration set (named after the same fingerprint as the PGlite template: the migrations and the migrator) and each
 * suite gets its own database cloned from it with `CREATE DATABASE ... TEMPLATE` (a fraction of a second). The
 * template is never connected to after it is built, which is what PostgreSQL requires of a template.
 */

const testDatabaseName = /^tessera_test_(?:[0-9a-f]{8}_)?[0-9a-f]{12}$/;

/**
 * The test run's id, set by the run's global setup (`postgres-run.ts`) when it drops the run's databases at its end.
 * Each `DROP DATABASE` makes PostgreSQL wait for a checkpoint (about a second on the shared machine, ADR 0500); one
 * sweep at the end pays that once instead of once per suite.
 */
export const TEST_RUN_ENV = 'TESSERA_TEST_DB_RUN';
const testRunId = /^[0-9a-f]{8}$/;

/** The run id of this process's test run, when its databases are dropped together at the run's end. */
export function testDatabaseRun(): string | undefined {
  const run = process.env[TEST_RUN_ENV];
  return run && testRunId.test(run) ? run : undefined;
}

/** The name prefix of every database a run makes: `tessera_test_<run>_`. */
export function runDatabasePrefix(run: string): string {
  if (!testRunId.test(run)) throw new Error(`Not a test run id: ${run}`);
  return `tessera_test_${run}_`;
}

/** `base` pointing at the database `database` of the same server, user and options. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(url: string, work: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await createPostgresDatabase({ connectionString: url, maxConnections: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/** The server drops a closed connection's backend a moment after the client has gone; wait for that. */
async function renameWhenFree(admin: Database, from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.exec(`alter database ${from} rename to ${to}`);
      return;
    } catch (error) {
      if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const templates = new Map<string, Promise<string>>();

/** The migrated template database's name, built once per migration set; the build is serialised across processes. */
function migratedTemplate(url: string): Promise<string> {
  let template = templates.get(url);
  if (!template) {
    template = (async () => {
      const name = `tessera_tpl_${await templateFingerprint()}`;
      await withAdmin(url, async (admin) => {
        await admin.query(`select pg_advisory_lock(hashtext('tessera.test-template'))`);
        try {
          const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
          if (found.rowCount > 0) return;
          const build = `${name}_build_${randomBytes(4).toString('hex')}`;
          await admin.exec(`create database ${build}`);
          try {
            const db = await createPostgresDatabase({ connectionString: databaseUrl(url, build), maxConnections: 1 });
            try {
              await migrate(db);
            } finally {
              await db.close();
            }
            await renameWhenFree(admin, build, name);
          } catch (error) {
            await admin.exec(`drop database if exists ${build} with (force)`).catch(() => undefined);
            throw error;
          }
        } finally {
          await admin.query(`select pg_advisory_unlock(hashtext('tessera.test-template'))`);
        }
      });
      return name;
    })();
    templates.set(url, template);
    template.catch(() => templates.delete(url));
  }
  return template;
}

/** A database of a test's own on the server at `url`. */
export interface PostgresTestDatabase {
  readonly name: string;
  /** Its connection string: `url` with the database replaced. */
  readonly url: string;
  /** Drops it now, closing any connection still open to it. */
  drop(): Promise<void>;
  /**
   * Done with it: closes any connection still open to it and leaves it to the run's sweep, which drops every database
   * of the run at its end (`postgres-run.ts`); drops it now when no sweep will come (no run id).
   */
  release(): Promise<void>;
}

/**
 * Creates a database of the test's own on the server at `url`: a clone of the migrated template, or an empty
 * database when `migrated` is false. Drop it with `drop()` when done.
 */
export async function createPostgresTestDatabase(url: string, migrated: boolean): Promise<PostgresTestDatabase> {
  const template = migrated ? await migratedTemplate(url) : undefined;
  const run = testDatabaseRun();
  const name = `${run ? runDatabasePrefix(run) : 'tessera_test_'}${randomBytes(6).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    await admin.exec(template ? `create database ${name} template ${template}` : `create database ${name}`);
    // The test server keeps fsync on, so every commit waited for its WAL to reach the disk. A test database outlives
    // no server crash, and what a committed transaction shows to other connections is the same either way
    // (ADR 0450). Cloning does not copy database settings, so each clone gets it here.
    await admin.exec(`alter database ${name} set synchronous_commit = off`);
  });
  const drop = async (): Promise<void> => {
    if (!testDatabaseName.test(name)) throw new Error(`Refusing to drop ${name}: not a test database`);
    await withAdmin(url, (admin) => admin.exec(`drop database if exists ${name} with (force)`));
  };
  return {
    name,
    url: databaseUrl(url, name),
    drop,
    async release() {
      if (!run) return drop();
      // What `with (force)` would do at a drop now: no connection a suite left open outlives the suite.
      await withAdmin(url, (admin) =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]),
      );
    },
  };
}

/**
 * Drops every database of the run `run` on the server at `url` (the run's sweep), a few at a time: PostgreSQL
 * serves the checkpoints that concurrent drops wait for with one. Returns how many it dropped.
 */
export async function dropRunDatabases(url: string, run: string, concurrency = 4): Promise<number> {
  const prefix = runDatabasePrefix(run);
  const names = await withAdmin(url, async (admin) => {
    const found = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1::text)',
      [prefix],
    );
    return found.rows.map((row) => row.datname).filter((name) => testDatabaseName.test(name));
  });
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, () =>
      withAdmin(url, async (admin) => {
        for (let name = queue.shift(); name; name = queue.shift())
          await admin.exec(`drop database if exists ${name} with (force)`);
      }),
    ),
  );
  return names.length;
}

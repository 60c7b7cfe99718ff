import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database, DatabaseEngine } from '../database';
import { createPostgresDatabase } from '../postgres-database';
import { openPgliteTestDatabase } from './pglite-template';
import { createPostgresTestDatabase, type PostgresTestDatabase } from './postgres-template';

/** What a suite registered with {@link describeEachDatabase} receives. */
export interface DatabaseTestContext {
  readonly engine: DatabaseEngine;
  /** The migrated database; available from `beforeAll` hooks declared inside the suite onwards. */
  readonly db: Database;
}

/** Options of {@link describeEachDatabase}. */
export interface DescribeEachDatabaseOptions {
  /** Apply the migrations before the suite; default true. */
  migrate?: boolean;
}

/** The PostgreSQL the integration tests use: `TEST_DATABASE_URL`, else the local server of these machines. */
export function testDatabaseUrl(): string {
  return process.env['TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';
}

let reachable: boolean | undefined;

/** Whether a PostgreSQL server at `url` accepts a connection within 2 s; synchronous, uncached. */
export function probePostgres(url: string): boolean {
  const pgPath = createRequire(import.meta.url).resolve('pg');
  const probe = `const pg = require(process.env.PG_PATH);
const c = new pg.Client({ connectionString: process.env.PROBE_URL, connectionTimeoutMillis: 2000 });
c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  const result = spawnSync(process.execPath, ['-e', probe], {
    env: { ...process.env, PG_PATH: pgPath, PROBE_URL: url },
    timeout: 5000,
    stdio: 'ignore',
  });
  return result.status === 0;
}

/**
 * Whether the test PostgreSQL accepts a connection, checked once per process. Synchronous (a short child process)
 * because tests must be registered synchronously: a half that cannot run is not registered at all.
 * `TESSERA_TEST_POSTGRES=off` skips it.
 */
export function isTestPostgresReachable(): boolean {
  if (reachable !== undefined) return reachable;
  if (process.env['TESSERA_TEST_POSTGRES'] === 'off') return (reachable = false);
  reachable = probePostgres(testDatabaseUrl());
  if (!reachable)
    console.info(`PostgreSQL at ${redact(testDatabaseUrl())} unreachable: database tests run on PGlite only`);
  return reachable;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

const schemaAdmin = async (sql: string): Promise<void> => {
  const admin = await createPostgresDatabase({ connectionString: testDatabaseUrl(), maxConnections: 1 });
  try {
    await admin.exec(sql);
  } finally {
    await admin.close();
  }
};

/** Creates an empty schema with a random name in the test PostgreSQL, for a test that needs its own. */
export async function createTestSchema(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await schemaAdmin(`create schema ${schema}`);
  return schema;
}

/** Drops a schema made by {@link createTestSchema}, with everything in it. */
export async function dropTestSchema(schema: string): Promise<void> {
  if (!/^test_[0-9a-f]{12}$/.test(schema)) throw new Error(`Refusing to drop ${schema}: not a test schema`);
  await schemaAdmin(`drop schema if exists ${schema} cascade`);
}

function register(
  engine: DatabaseEngine,
  title: string,
  suite: (ctx: DatabaseTestContext) => void,
  options: DescribeEachDatabaseOptions,
): void {
  describe(`${title} [${engine}]`, () => {
    let db: Database | undefined;
    let own: PostgresTestDatabase | undefined;
    const ctx: DatabaseTestContext = {
      engine,
      get db(): Database {
        if (!db) throw new Error('The database is ready only inside hooks and tests, not while registering them');
        return db;
      },
    };
    beforeAll(async () => {
      if (engine === 'pglite') {
        // From the cached template: already migrated when the suite wants migrations (pglite-template.ts).
        db = await openPgliteTestDatabase(options.migrate !== false);
      } else {
        // A database of the suite's own, so test files running in parallel never see each other's rows: cloned
        // from a migrated template when the suite wants migrations (postgres-template.ts).
        own = await createPostgresTestDatabase(testDatabaseUrl(), options.migrate !== false);
        db = await createPostgresDatabase({ connectionString: own.url, maxConnections: 4 });
      }
    });
    afterAll(async () => {
      await db?.close();
      // Dropped with the run's other databases at its end when the run sweeps them (postgres-run.ts, ADR 0500).
      await own?.release();
    });
    suite(ctx);
  });
}

/**
 * Registers `suite` against a migrated in-memory PGlite, and again against PostgreSQL (a database of its own,
 * cloned from a migrated template and released afterwards) when the test server is reachable. One database per engine per call: share it across
 * the tests of the file (a PGlite instance costs about half a second from the template, 2 s without).
 */
export function describeEachDatabase(
  title: string,
  suite: (ctx: DatabaseTestContext) => void,
  options: DescribeEachDatabaseOptions = {},
): void {
  register('pglite', title, suite, options);
  if (isTestPostgresReachable()) register('postgres', title, suite, options);
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of these machines (trust auth, database `test`); BENCH_DATABASE_URL to change. */
export const DEFAULT_POSTGRES_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** True when a PostgreSQL server answers at `url` within two seconds. */
export async function isPostgresReachable(url: string = DEFAULT_POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh schema on the server: the URL an API process uses (search_path set per connection) and its drop. */
export interface PostgresSchema {
  schema: string;
  /** Connection URL whose connections use this schema. */
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** A connection URL whose every connection has `search_path` set to `schema` (libpq `options`). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** Creates `bench_<prefix>_<random>`; the caller drops it afterwards. */
export async function createSchema(prefix: string, url: string = DEFAULT_POSTGRES_URL): Promise<PostgresSchema> {
  const schema = `bench_${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return {
    schema,
    url: urlWithSchema(url, schema),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await c.end();
      }
    },
  };
}

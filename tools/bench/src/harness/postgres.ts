import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * The process id of the PostgreSQL server at `url` when it runs on this machine: the parent of the backend that
 * answers a connection (`pg_backend_pid()`), both named `postgres` in `procRoot`. Undefined for a remote server, one
 * in another process namespace (a container), or when it does not answer.
 */
export async function localServerPid(
  url: string = DEFAULT_POSTGRES_URL,
  procRoot = '/proc',
): Promise<number | undefined> {
  const host = new URL(url).hostname;
  if (!['', 'localhost', '127.0.0.1', '[::1]', '::1'].includes(host)) return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  const read = (pid: number, file: string): string => fs.readFileSync(path.join(procRoot, String(pid), file), 'utf8');
  try {
    await client.connect();
    const backend = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
    // Read while the connection, and so the backend, is open.
    const parent = Number(/^PPid:\s*(\d+)/m.exec(read(backend, 'status'))?.[1]);
    const isPostgres = (pid: number): boolean => /^postgres|^postmaster/.test(read(pid, 'comm').trim());
    return parent > 1 && isPostgres(backend) && isPostgres(parent) ? parent : undefined;
  } catch {
    return undefined;
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

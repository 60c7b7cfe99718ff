import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';

/** Options of the PostgreSQL engine. */
export interface PostgresDatabaseOptions {
  /** `postgres://user@host:port/database` */
  connectionString: string;
  /** Schema used for unqualified names (tests give each file its own); default the server's search_path. */
  schema?: string;
  /** Pool size; default 10. */
  maxConnections?: number;
}

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
}

function wrapClient(client: pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return toResult<Row>(await client.query(sql, [...params]));
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** Connects to a PostgreSQL server through a `pg` pool. */
export async function createPostgresDatabase(options: PostgresDatabaseOptions): Promise<Database> {
  if (options.schema !== undefined && !schemaName.test(options.schema)) {
    throw new Error(`Invalid schema name "${options.schema}": use lower-case letters, digits and _`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // search_path per connection, so every pooled connection sees the same schema.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener Node would crash.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  let closed = false;
  return {
    engine: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return toResult<Row>(await pool.query(sql, [...params]));
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

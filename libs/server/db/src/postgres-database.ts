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

const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on a client of its own (a pooled one would be handed to others). When the connection drops it reconnects
 * after a second and says so with `undefined`, since notifications sent meanwhile are lost.
 */
async function listenOn(
  options: PostgresDatabaseOptions,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  poolClosed: () => boolean,
): Promise<() => Promise<void>> {
  if (!channelName.test(channel))
    throw new Error(`Invalid channel name "${channel}": use lower-case letters, digits and _`);
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = (): void => {
    if (stopped || poolClosed()) return;
    timer = setTimeout(() => {
      connect().then(() => onNotify(undefined), retry);
    }, 1000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (): void => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
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
    async listen(channel, onNotify) {
      return listenOn(options, channel, onNotify, () => closed);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

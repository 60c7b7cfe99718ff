import fs from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database';

/** Options of the embedded engine. */
export interface PgliteDatabaseOptions {
  /** Folder that keeps the data between restarts; omit it (or pass `memory://`) for an in-memory database. */
  dataDir?: string;
  /**
   * A data folder dumped by PGlite (`dumpDataDir`) to start from instead of an empty cluster: skips initdb, which is
   * most of what opening an instance costs (the tests' migrated template, `testing/pglite-template.ts`).
   */
  loadDataDir?: Blob;
}

// node-postgres returns int8 and numeric as text; PGlite would parse them. Text on both keeps
// results identical whichever engine runs, and never loses precision on money.
const parsers = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

function toResult<Row>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<Row> {
  return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
}

function wrapTransaction(tx: Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return toResult<Row>(await tx.query(sql, [...params]));
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

/** The embedded engine, which can also write its whole data folder out as a tar archive. */
export interface PgliteDatabase extends Database {
  /** The data folder as PGlite's uncompressed tar dump, for {@link PgliteDatabaseOptions.loadDataDir}. */
  dumpDataDir(): Promise<Blob>;
}

/** Opens the embedded PostgreSQL (PGlite): in memory, or persisted under `dataDir`. Costs about 2 s. */
export async function createPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<PgliteDatabase> {
  const dataDir = options.dataDir?.startsWith('memory://') ? undefined : options.dataDir;
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    parsers,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return {
    engine: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return toResult<Row>(await pg.query(sql, [...params]));
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return pg.transaction((tx) => work(wrapTransaction(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    dumpDataDir() {
      return pg.dumpDataDir('none');
    },
  };
}

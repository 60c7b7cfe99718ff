import path from 'node:path';
import { type Database, openDatabase } from '@tessera/server/db';
import type { CliIo } from './io';

/**
 * The database a server started in this shell would open: DATABASE_URL, else the embedded one in PGLITE_DATA_DIR
 * (default .data/pglite of the workspace). The embedded database takes one process at a time: stop the server first,
 * or run against PostgreSQL.
 */
export function openServerDatabase(io: CliIo): Promise<Database> {
  const url = io.env['DATABASE_URL'];
  if (url) return openDatabase({ databaseUrl: url });
  const dir = io.env['PGLITE_DATA_DIR'] || path.join('.data', 'pglite');
  return openDatabase({ pgliteDataDir: path.resolve(io.root, dir) });
}

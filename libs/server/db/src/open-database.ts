import path from 'node:path';
import type { Database } from './database';
import { createThreadedPgliteDatabase } from './pglite-thread';
import { createPostgresDatabase } from './postgres-database';

/** How {@link openDatabase} chooses and configures the engine. */
export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (usually `DATABASE_URL`); when absent the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; default `.data/pglite` under the working directory (the workspace root). */
  pgliteDataDir?: string;
}

/** The default PGlite data folder, git-ignored at the workspace root so data survives restarts. */
export function defaultPgliteDataDir(cwd: string = process.cwd()): string {
  return path.join(cwd, '.data', 'pglite');
}

/**
 * Opens PostgreSQL when a URL is given, else the persisted embedded PGlite on its own thread (ADR 0244), so that the
 * database's work never runs on the server's event loop.
 */
export function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return createPostgresDatabase({ connectionString: options.databaseUrl });
  return createThreadedPgliteDatabase({ dataDir: options.pgliteDataDir ?? defaultPgliteDataDir() });
}

import path from 'node:path';
import type { Database } from './database';
import { createPgliteDatabase } from './pglite-database';
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

/** Opens PostgreSQL when a URL is given, else the persisted embedded PGlite. */
export function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return createPostgresDatabase({ connectionString: options.databaseUrl });
  return createPgliteDatabase({ dataDir: options.pgliteDataDir ?? defaultPgliteDataDir() });
}

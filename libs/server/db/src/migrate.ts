import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** One numbered SQL file of `libs/server/db/migrations`. */
export interface Migration {
  /** The number prefix, e.g. `0001`; migrations apply in this order. */
  version: string;
  /** The file name. */
  name: string;
  sql: string;
  /** sha256 of the SQL, recorded so an edited, already-applied migration is detected. */
  checksum: string;
}

/** What {@link migrate} did. */
export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

const fileName = /^(\d{4})_[a-z0-9_-]+\.sql$/;

/**
 * The migrations folder: beside `src/` in the workspace, or `migrations/` beside the bundle
 * (apps/api/build.mjs copies it next to dist/apps/api/main.mjs).
 */
export function defaultMigrationsDir(): string {
  const candidates = [new URL('../migrations', import.meta.url), new URL('./migrations', import.meta.url)].map((u) =>
    fileURLToPath(u),
  );
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`No migrations folder found; looked in ${candidates.join(', ')}`);
  return found;
}

/** Reads and orders the migration files; refuses misnamed files and duplicate numbers. */
export async function loadMigrations(dir: string = defaultMigrationsDir()): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const seen = new Set<string>();
  const migrations: Migration[] = [];
  for (const name of files) {
    const match = fileName.exec(name);
    if (!match?.[1]) throw new Error(`Migration file "${name}" must be named NNNN_slug.sql`);
    const version = match[1];
    if (seen.has(version)) throw new Error(`Two migrations share the number ${version}`);
    seen.add(version);
    const sql = await fs.readFile(path.join(dir, name), 'utf8');
    migrations.push({ version, name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
}

// Serialises concurrent migrators (several API processes starting together) per schema.
const lockSql = `select pg_advisory_xact_lock(hashtext('tessera.migrations.' || current_schema()))`;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, each in its own transaction.
 * Throws when an applied migration's file has changed since, rather than leave the schema silently out of step.
 */
export async function migrate(db: Database, options: { dir?: string } = {}): Promise<MigrationReport> {
  const migrations = await loadMigrations(options.dir);
  await db.transaction(async (tx) => {
    await tx.query(lockSql);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    const applied = await db.transaction(async (tx) => {
      await tx.query(lockSql);
      const existing = await tx.query<{ checksum: string }>(
        'select checksum from schema_migrations where version = $1',
        [migration.version],
      );
      const row = existing.rows[0];
      if (row) {
        if (row.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead of editing it`,
          );
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    (applied ? report.applied : report.alreadyApplied).push(migration.name);
  }
  return report;
}

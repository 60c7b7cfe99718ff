import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMigrations, migrate } from '../migrate';
import { createPgliteDatabase, type PgliteDatabase } from '../pglite-database';

/**
 * Opening a PGlite instance runs initdb inside WebAssembly: about 2 s on these machines, and every test file opens
 * at least one. Starting from a dumped data folder skips initdb (about a quarter of the cost). The first test process
 * that needs one builds the template (an empty cluster, or one with every migration applied) and writes it to a cache
 * folder under a name derived from everything that shapes it (the PGlite version, the migrations, the migrator); later
 * processes load it. A change to any of those gives a new name, so a stale template is never loaded.
 */
const cacheDir = (): string =>
  process.env['TESSERA_PGLITE_TEMPLATE_DIR'] ?? path.join(workspaceRoot(), 'node_modules', '.cache', 'tessera-pglite');

function workspaceRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'node_modules'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** The installed PGlite's version, from its package.json (which the package does not export: found beside its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('PGlite package.json not found');
    dir = parent;
  }
}

let fingerprint: Promise<string> | undefined;

/** What the template's content depends on: PGlite's version, every migration's SQL and the migrator's own code. */
export function templateFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    hash.update(pgliteVersion());
    for (const migration of await loadMigrations()) hash.update(`${migration.name}:${migration.checksum}\n`);
    hash.update(fs.readFileSync(fileURLToPath(new URL('../migrate.ts', import.meta.url))));
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}

/**
 * A new in-memory PGlite database for a test, migrated or empty, opened from the cached template (built on first
 * use). Each call is an independent database: the template is only read.
 */
export async function openPgliteTestDatabase(migrated: boolean): Promise<PgliteDatabase> {
  const file = path.join(cacheDir(), `${migrated ? 'migrated' : 'empty'}-${await templateFingerprint()}.tar`);
  if (fs.existsSync(file)) {
    return createPgliteDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const db = await createPgliteDatabase();
  if (migrated) await migrate(db);
  const dump = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  // Several test processes may build it at once: each writes its own file and renames it into place.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  return db;
}

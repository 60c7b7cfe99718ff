import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMigrations } from '../migrate';
import { openPgliteTestDatabase } from './pglite-template';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-template-test-'));
let previous: string | undefined;

beforeAll(() => {
  previous = process.env['TESSERA_PGLITE_TEMPLATE_DIR'];
  process.env['TESSERA_PGLITE_TEMPLATE_DIR'] = dir;
});
afterAll(() => {
  if (previous === undefined) delete process.env['TESSERA_PGLITE_TEMPLATE_DIR'];
  else process.env['TESSERA_PGLITE_TEMPLATE_DIR'] = previous;
  fs.rmSync(dir, { recursive: true, force: true });
});

it(
  'opens independent migrated databases from one cached template, built on first use',
  { timeout: 180_000 },
  async () => {
    const first = await openPgliteTestDatabase(true);
    const templates = fs.readdirSync(dir);
    expect(templates).toEqual([expect.stringMatching(/^migrated-[0-9a-f]{16}\.tar$/)]);

    const second = await openPgliteTestDatabase(true);
    const applied = await second.query<{ version: string }>('select version from schema_migrations order by version');
    expect(applied.rows.map((row) => row.version)).toEqual((await loadMigrations()).map((m) => m.version));

    // A row written in one is not in the other, nor in the template the next one opens.
    await first.exec(`create table only_here (id int)`);
    const third = await openPgliteTestDatabase(true);
    for (const db of [second, third]) {
      const found = await db.query(`select 1 from information_schema.tables where table_name = 'only_here'`);
      expect(found.rows).toHaveLength(0);
    }
    expect(fs.readdirSync(dir)).toEqual(templates);
    await Promise.all([first, second, third].map((db) => db.close()));
  },
);

it('opens an empty database for suites that run the migrations themselves', { timeout: 120_000 }, async () => {
  const db = await openPgliteTestDatabase(false);
  const tables = await db.query(`select 1 from information_schema.tables where table_schema = 'public'`);
  expect(tables.rows).toHaveLength(0);
  await db.close();
});

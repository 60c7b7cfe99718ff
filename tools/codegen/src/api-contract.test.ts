import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API_CONTRACT_DIR, apiTypesDocument, loadApiSchemas } from './api-contract';
import { driftedFiles, runCodegen } from './main';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'api-contract-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the API contract codegen', () => {
  it('names every schema by its path and maps the name to the type of its title', () => {
    const files = loadApiSchemas(path.join(root, 'schemas/api'));
    const doc = apiTypesDocument(files) as { properties: Record<string, { $ref: string }> };
    expect(doc.properties['feed/feed-game-row']).toEqual({ $ref: '#/$defs/FeedGameRow' });
    expect(doc.properties['error']).toEqual({ $ref: '#/$defs/ApiError' });
    expect(JSON.stringify(doc)).not.toContain('https://tessera.local/schemas/api/');
  });

  it('reports the contract library as drifted when schemas/api changes, until codegen runs', async () => {
    fs.cpSync(path.join(root, 'schemas'), path.join(scratch, 'schemas'), { recursive: true });
    const stdout = process.stdout.write;
    process.stdout.write = (() => true) as never;
    try {
      expect(await runCodegen([], scratch)).toBe(0);
    } finally {
      process.stdout.write = stdout;
    }
    expect(await driftedFiles(scratch)).toEqual([]);

    const file = path.join(scratch, 'schemas/api/error.schema.json');
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { description: string };
    fs.writeFileSync(file, JSON.stringify({ ...schema, description: `${schema.description} Changed.` }));
    expect(await driftedFiles(scratch)).toEqual([
      `${API_CONTRACT_DIR}/api.types.ts`,
      `${API_CONTRACT_DIR}/api.schemas.bundle.json`,
    ]);
  });

  it('refuses a schema whose $id does not match its path', () => {
    const dir = path.join(scratch, 'bad-id');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'x.schema.json'),
      JSON.stringify({ $id: 'https://tessera.local/schemas/api/y.schema.json', title: 'X' }),
    );
    expect(() => loadApiSchemas(dir)).toThrow(
      'schemas/api/x.schema.json: $id must be https://tessera.local/schemas/api/x.schema.json',
    );
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { BrandRegistry } from '../modules/config/brand-registry.port';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));

/**
 * Test brands: northbet (ru default, en, kk; kz default, ru; embeddable by https://partner.example), sunplay (en, tr;
 * tr), brokenbet (schema-invalid) and malformed (not JSON).
 */
export const fixtureBrandsDir = path.join(fixtures, 'brands');

/** The real registry over the fixture brands; issues name files relative to the fixtures folder (brands/...). */
export function loadFixtureRegistry(brandsDir = fixtureBrandsDir): Promise<BrandRegistry> {
  return loadBrandRegistry({
    brandsDir,
    platformLocalesDir: path.join(fixtures, 'platform-locales'),
    displayRoot: fixtures,
  });
}

/** An empty brands folder: nothing valid to serve. */
export function emptyBrandsDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-no-brands-'));
}

/** The app over the fixture brands with a recognisable stand-in render, not yet listening. */
export async function buildTestApp(
  database: Database,
  overrides: Partial<BuildAppOptions> = {},
): Promise<FastifyInstance> {
  return buildApp({
    brandsDir: fixtureBrandsDir,
    brandRegistry: overrides.brandRegistry ?? (await loadFixtureRegistry(overrides.brandsDir)),
    database,
    mode: 'test',
    render: async (req) => ({
      status: 200,
      html: `<!doctype html><html lang="${req.brand.language}"><body><header>${req.brand.brandId}</header><script nonce="${req.nonce}">window.__TESSERA__=1</script>${req.assets.scripts.join(',')}|${req.url}</body></html>`,
    }),
    ...overrides,
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FOUR_EYES_ABOVE, fourEyesAbove } from './withdrawals';

const fixtures = fileURLToPath(new URL('../../../../apps/api/src/testing/fixtures/brands', import.meta.url));

describe("a brand's four-eyes amount", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-four-eyes-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read from server.json per currency, and 1000 in a currency it does not list', async () => {
    fs.cpSync(path.join(fixtures, 'northbet'), path.join(dir, 'northbet'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'northbet', 'server.json'),
      JSON.stringify({ backoffice: { withdrawalFourEyesAbove: { EUR: 250 } } }),
    );
    const registry = await loadBrandRegistry({ brandsDir: dir });
    expect(registry.refused()).toEqual([]);
    expect(fourEyesAbove({ registry }, 'northbet', 'EUR')).toBe(250);
    expect(fourEyesAbove({ registry }, 'northbet', 'KZT')).toBe(DEFAULT_FOUR_EYES_ABOVE);
  });

  it('refuses the brand when the amount is not a number of a currency code', async () => {
    fs.writeFileSync(
      path.join(dir, 'northbet', 'server.json'),
      JSON.stringify({ backoffice: { withdrawalFourEyesAbove: { euro: 'lots' } } }),
    );
    const registry = await loadBrandRegistry({ brandsDir: dir });
    expect(registry.refused().map((b) => b.id)).toEqual(['northbet']);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandScaffold, loadBrandRegistry, shippedJurisdictionProfiles } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import { floorExpectation, getAtPointer, meetsFloor, type JurisdictionFloor } from '@tessera/shared/util-config';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app';
import { CONFIGURATION_RULES, FLOOR_RULES, PROBE_COUNTRIES, ruleTitle } from './jurisdiction-rules.test-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const profiles = shippedJurisdictionProfiles();

/** The part of the explain endpoint's answer these tests read. */
interface ExplainBody {
  layer: string;
  rule?: { id: string };
  floors?: { rule: { id: string } }[];
}

/** The demo brands' countries under a jurisdiction, as a visitor reaches them (brands/README.md). */
const DEMO_COUNTRIES: Record<string, { host: string; country: string }[]> = {
  'uk-gc': [{ host: 'albion-odds.localhost', country: 'gb' }],
  'on-agco': [{ host: 'albion-odds.localhost', country: 'ca' }],
  'de-ggl': [{ host: 'rhein-wetten.localhost', country: 'de' }],
  'nl-ksa': [{ host: 'rhein-wetten.localhost', country: 'nl' }],
};

/**
 * A brand that names every profile (one country each) and sets nothing else: what it receives is the floors alone.
 * `weaker` writes a value below one floor into that jurisdiction's country file.
 */
function writeProbeBrand(
  brandsDir: string,
  weaker?: { country: string; floor: JurisdictionFloor; value: unknown },
): void {
  const dir = path.join(brandsDir, 'floor-probe');
  for (const [rel, text] of Object.entries(brandScaffold({ id: 'floor-probe', country: 'gb' }))) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  const brand = JSON.parse(fs.readFileSync(path.join(dir, 'brand.json'), 'utf8')) as {
    global: { countries: string[] };
  };
  brand.global.countries = Object.values(PROBE_COUNTRIES);
  fs.writeFileSync(path.join(dir, 'brand.json'), JSON.stringify(brand));
  fs.mkdirSync(path.join(dir, 'countries'));
  for (const [jurisdiction, country] of Object.entries(PROBE_COUNTRIES)) {
    const data: Record<string, unknown> = { licence: { jurisdiction } };
    if (weaker?.country === country) setAt(data, weaker.floor.setting, weaker.value);
    fs.writeFileSync(path.join(dir, 'countries', `${country}.json`), JSON.stringify(data));
  }
}

function setAt(target: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
  node[last] = value;
}

/** A value just looser than the floor, valid against the schema. */
function looser(floor: JurisdictionFloor): unknown {
  const bound = floor.value;
  switch (floor.operator) {
    case 'min':
      return (bound as number) - 1;
    case 'max':
      return (bound as number) + 1;
    case 'equals':
      return typeof bound === 'boolean' ? !bound : null;
    case 'includes':
      return [];
    case 'excludes':
      return bound;
  }
}

describeEachDatabase('jurisdiction floors over HTTP (docs/adr/0260)', (ctx) => {
  let app: FastifyInstance;
  let brandsDir: string;

  beforeAll(async () => {
    brandsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-conformance-'));
    fs.cpSync(path.join(root, 'brands'), brandsDir, { recursive: true });
    writeProbeBrand(brandsDir);
    app = await buildTestApp(ctx.db, {
      brandsDir,
      brandRegistry: await loadBrandRegistry({ brandsDir, displayRoot: brandsDir }),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(brandsDir, { recursive: true, force: true });
  });

  async function siteConfig(host: string, country: string): Promise<object> {
    const res = await app.inject({ url: `/web-api/site-config?country=${country}`, headers: { host } });
    expect(res.statusCode, `${host} ${country}`).toBe(200);
    return (res.json() as { config: object }).config;
  }

  it('serves every demo brand and the probe brand: none is looser than its jurisdictions', async () => {
    const ready = await app.inject({ url: '/ready', remoteAddress: '127.0.0.1' });
    expect(ready.json()).toMatchObject({ brands: { refused: [] } });
  });

  // One test per configuration rule (enforcedBy configuration), named by its id: the site receives the floor.
  for (const { jurisdiction, rule } of CONFIGURATION_RULES) {
    it(ruleTitle(rule), async () => {
      const visits = [{ host: 'floor-probe.localhost', country: PROBE_COUNTRIES[jurisdiction] as string }];
      visits.push(...(DEMO_COUNTRIES[jurisdiction] ?? []));
      for (const { host, country } of visits) {
        const config = await siteConfig(host, country);
        for (const floor of rule.floors ?? [])
          expect(
            meetsFloor(floor, getAtPointer(config, floor.setting)),
            `${host} ${country} ${floor.setting}: ${floorExpectation(floor)}`,
          ).toBe(true);
      }
      // The explain endpoint says the profile decided each value the probe brand leaves alone, and names the floor.
      const rules = profiles.byId.get(jurisdiction)?.profile.rules ?? [];
      for (const floor of rule.floors ?? []) {
        const explained = await app.inject({
          url: `/web-api/site-config/explain?country=${PROBE_COUNTRIES[jurisdiction]}&pointer=${encodeURIComponent(floor.setting)}`,
          headers: { host: 'floor-probe.localhost' },
          remoteAddress: '127.0.0.1',
        });
        const body = explained.json() as ExplainBody;
        const decidedBy = rules.filter((r) => r.floors?.some((f) => f.setting === floor.setting)).at(-1);
        expect(body).toMatchObject({
          layer: `jurisdiction:${jurisdiction}`,
          file: `jurisdictions/${jurisdiction}.json`,
          rule: { id: decidedBy?.id },
        });
        expect(body.floors?.map((f) => f.rule.id)).toContain(rule.id);
      }
    });
  }
});

describeEachDatabase('a server refuses a brand looser than its jurisdiction at start-up (docs/adr/0260)', (ctx) => {
  let app: FastifyInstance;
  let brandsDir: string;

  beforeAll(async () => {
    brandsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-weaker-server-'));
    fs.cpSync(path.join(root, 'brands', 'albion-odds'), path.join(brandsDir, 'albion-odds'), { recursive: true });
    const floor = { setting: '/responsible/realityCheck/intervalMinutes', operator: 'max', value: 60 } as const;
    writeProbeBrand(brandsDir, { country: 'gb', floor, value: 90 });
    app = await buildTestApp(ctx.db, {
      brandsDir,
      brandRegistry: await loadBrandRegistry({ brandsDir, displayRoot: brandsDir }),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(brandsDir, { recursive: true, force: true });
  });

  it('serves the other brands, names the refused one and the rule on /ready, and does not serve it', async () => {
    const ready = (await app.inject({ url: '/ready', remoteAddress: '127.0.0.1' })).json() as {
      brands: { valid: { id: string }[]; refused: { id: string; errors: { message: string }[] }[] };
    };
    expect(ready.brands.valid.map((b) => b.id)).toEqual(['albion-odds']);
    expect(ready.brands.refused.map((r) => r.id)).toEqual(['floor-probe']);
    expect(ready.brands.refused[0]?.errors.map((e) => e.message)).toEqual([
      'floor-probe/countries/gb.json at /responsible/realityCheck/intervalMinutes: expected at most 60 for country gb, as jurisdiction uk-gc rule UKGC-RC-2 requires ("A reality check comes at least every 60 minutes."), found 90',
    ]);
    // Its host is not one the server knows: nothing of floor-probe's configuration is ever sent.
    const site = await app.inject({ url: '/web-api/site-config', headers: { host: 'floor-probe.localhost' } });
    expect((site.json() as { brand?: { id: string } }).brand?.id).not.toBe('floor-probe');
  });
});

describe('a brand looser than its jurisdiction is refused at start-up, naming the rule (docs/adr/0260)', () => {
  // Every floor of every rule, server checks included: the setting a server check reads can never be weakened.
  for (const { jurisdiction, rule } of FLOOR_RULES) {
    it(`${rule.id}: refuses a weaker ${rule.floors?.map((f) => f.setting).join(', ')}`, async () => {
      for (const floor of rule.floors ?? []) {
        const brandsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-weaker-'));
        try {
          const country = PROBE_COUNTRIES[jurisdiction] as string;
          writeProbeBrand(brandsDir, { country, floor, value: looser(floor) });
          const registry = await loadBrandRegistry({ brandsDir, displayRoot: brandsDir });
          const messages = registry.refused().flatMap((r) => r.errors.map((e) => e.message));
          expect(messages).toContainEqual(
            expect.stringContaining(
              `floor-probe/countries/${country}.json at ${floor.setting}: expected ${floorExpectation(floor)} for country ${country}, as jurisdiction ${jurisdiction} rule ${rule.id} requires ("${rule.statement}")`,
            ),
          );
        } finally {
          fs.rmSync(brandsDir, { recursive: true, force: true });
        }
      }
    });
  }
});

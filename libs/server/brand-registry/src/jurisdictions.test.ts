import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SHIPPED_JURISDICTION_FILES } from '@tessera/shared/util-config';
import { shippedJurisdictionProfiles } from './jurisdictions';
import { loadBrandRegistry } from './registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'fixtures');
const workspace = path.resolve(here, '../../../..');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A brands folder holding fixtures' good-brand (countries gb and de), its files changed by `edit`. */
function brandsWith(edit: (write: (rel: string, data: unknown) => void) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-jurisdictions-'));
  temps.push(root);
  fs.cpSync(path.join(fixtures, 'brands', 'good-brand'), path.join(root, 'brands', 'good-brand'), { recursive: true });
  edit((rel, data) => {
    const file = path.join(root, 'brands', 'good-brand', rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(data, null, 2));
  });
  return root;
}

const load = (root: string, jurisdictionsDir?: string) =>
  loadBrandRegistry({
    brandsDir: path.join(root, 'brands'),
    platformLocalesDir: path.join(fixtures, 'platform-locales'),
    displayRoot: root,
    ...(jurisdictionsDir ? { jurisdictionsDir } : {}),
  });

const brand = JSON.parse(fs.readFileSync(path.join(fixtures, 'brands/good-brand/brand.json'), 'utf8')) as object;
const de = JSON.parse(fs.readFileSync(path.join(fixtures, 'brands/good-brand/countries/de.json'), 'utf8')) as object;

describe('the shipped jurisdiction profiles', () => {
  it('are every file of jurisdictions/, bundled by codegen', () => {
    const files = fs
      .readdirSync(path.join(workspace, 'jurisdictions'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(Object.keys(SHIPPED_JURISDICTION_FILES).sort()).toEqual(files);
    expect(files).toEqual(['de-ggl', 'es-dgoj', 'nl-ksa', 'none', 'on-agco', 'uk-gc']);
  });

  it('all pass their checks, with rule ids unique across profiles', () => {
    const profiles = shippedJurisdictionProfiles();
    expect([...profiles.refused]).toEqual([]);
    const ids = [...profiles.byId.values()].flatMap((j) => j.profile.rules.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(profiles.byId.get('none')?.profile.rules).toEqual([]);
  });
  it("are documented: jurisdictions/README.md has a row for every rule with its source's provision", () => {
    const rows = fs
      .readFileSync(path.join(workspace, 'jurisdictions', 'README.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const missing = [...shippedJurisdictionProfiles().byId.values()]
      .flatMap((j) => j.profile.rules)
      .filter(
        (rule) =>
          !rows.some(
            ([, id, statement, source]) =>
              id === rule.id &&
              statement === rule.statement &&
              source?.startsWith(`${rule.source.instrument}, ${rule.source.provision}`),
          ),
      )
      .map((rule) => rule.id);
    expect(missing).toEqual([]);
  });
});

describe('a country file naming a jurisdiction', () => {
  it("puts the profile's floors beneath the brand: explain names the rule, or the floor the brand's value meets", async () => {
    const root = brandsWith((write) =>
      write('countries/de.json', {
        ...de,
        licence: { jurisdiction: 'de-ggl' },
        modules: { casino: { categories: { poker: { enabled: false } } } },
      }),
    );
    const registry = await load(root);
    expect(registry.refused()).toEqual([]);
    const resolved = registry.resolve('good-brand', 'de', 'en');
    expect(resolved.config.responsible.coolingOffHours).toBe(168);
    expect(resolved.explain('/responsible/coolingOffHours')).toMatchObject({
      layer: 'jurisdiction:de-ggl',
      file: 'jurisdictions/de-ggl.json',
      rule: { id: 'DEGGL-DL-3' },
    });
    expect(resolved.explain('/modules/casino/categories/poker/enabled')).toMatchObject({
      layer: 'country:de',
      floors: [{ jurisdiction: 'de-ggl', rule: { id: 'DEGGL-CAS-1' }, expected: 'false' }],
    });
    expect(registry.resolve('good-brand', 'gb', 'en').config.responsible.coolingOffHours).toBe(24);
  });

  it('refuses the brand when a value is weaker than the floor, naming the file, country, rule and statement', async () => {
    const root = brandsWith((write) => {
      write('countries/de.json', { ...de, licence: { jurisdiction: 'de-ggl' }, responsible: { coolingOffHours: 48 } });
    });
    const refused = (await load(root)).refused();
    expect(refused.map((r) => r.id)).toEqual(['good-brand']);
    expect(refused[0]?.errors.map((e) => e.message)).toEqual([
      'brands/good-brand/countries/de.json at /responsible/coolingOffHours: expected at least 168 for country de, as jurisdiction de-ggl rule DEGGL-DL-3 requires ("Raising a deposit limit takes effect only after seven days (168 hours); lowering it takes effect at once."), found 48',
    ]);
  });

  it('refuses an unknown profile, and licence.jurisdiction in brand.json or a language file', async () => {
    const root = brandsWith((write) => {
      write('countries/de.json', { ...de, licence: { jurisdiction: 'de-glg' } });
      write('languages/ru.json', { licence: { jurisdiction: 'none' } });
      write('brand.json', { ...brand, licence: { jurisdiction: 'uk-gc' } });
    });
    expect((await load(root)).refused()[0]?.errors.map((e) => e.message)).toEqual([
      'brands/good-brand/brand.json at /licence/jurisdiction: expected no licence.jurisdiction here (it belongs in countries/<iso2>.json, one licence per territory), found a value',
      'brands/good-brand/languages/ru.json at /licence/jurisdiction: expected no licence.jurisdiction here (it belongs in countries/<iso2>.json, one licence per territory), found a value',
      'brands/good-brand/countries/de.json at /licence/jurisdiction: expected a jurisdiction profile (de-ggl, es-dgoj, nl-ksa, none, on-agco, uk-gc), found "de-glg"',
    ]);
  });

  it('refuses a brand naming a profile that fails its checks, with the profile file named', async () => {
    const root = brandsWith((write) => write('countries/de.json', { ...de, licence: { jurisdiction: 'xx-broken' } }));
    const profiles = path.join(root, 'jurisdictions');
    fs.mkdirSync(profiles);
    fs.writeFileSync(
      path.join(profiles, 'xx-broken.json'),
      JSON.stringify({ id: 'xx-other', name: 'X', regulator: 'X', rules: [] }),
    );
    expect((await load(root, profiles)).refused()[0]?.errors.map((e) => e.message)).toEqual([
      'brands/good-brand/countries/de.json at /licence/jurisdiction: expected a jurisdiction profile that loads (none), found "xx-broken", whose profile is refused',
      'jurisdictions/xx-broken.json at /id: expected the file\'s name "xx-broken", found "xx-other"',
    ]);
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBrandRegistry, normaliseHost, registryReport } from './registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, 'fixtures');
const workspace = path.resolve(here, '../../../..');

const loadFixtures = () =>
  loadBrandRegistry({
    brandsDir: path.join(fixtures, 'brands'),
    platformLocalesDir: path.join(fixtures, 'platform-locales'),
    displayRoot: fixtures,
  });

describe('loadBrandRegistry with broken brands beside a valid one', () => {
  it('serves the valid brand and keeps every broken one aside', async () => {
    const registry = await loadFixtures();
    expect(registry.brands().map((b) => b.id)).toEqual(['good-brand']);
    expect(registry.refused().map((r) => r.id)).toEqual(['Bad_Name', 'broken-json', 'host-thief', 'invalid-brand']);
  });

  it('names the file, the pointer, what was expected and what was found for a schema-invalid brand', async () => {
    const invalid = (await loadFixtures()).refused().find((r) => r.id === 'invalid-brand');
    expect(invalid?.errors.map((e) => e.message)).toEqual([
      'brands/invalid-brand/brand.json at /coupon/features/sael: expected no property "sael" (did you mean "sale"?), found false',
      'brands/invalid-brand/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
      'brands/invalid-brand/brand.json at /captcha/type: expected one of "none", "hcaptcha", "huntCaptcha", "painPuzzle", "grecaptcha", "altcha", found "recaptcha"',
      'brands/invalid-brand/countries/fr.json at (root): expected a country listed in global.countries (ru), found an override for "fr"',
      'brands/invalid-brand/locales/en/common.json at /button.cancel: expected a key that exists in the platform dictionary en/common.json, found the unknown key "button.cancel"',
    ]);
    expect(invalid?.errors[1]).toEqual({
      file: 'brands/invalid-brand/brand.json',
      pointer: '/coupon/maxEvents',
      expected: 'an integer',
      found: '"fifty"',
      message: 'brands/invalid-brand/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
    });
  });

  it('reports malformed JSON with line and column instead of throwing', async () => {
    const broken = (await loadFixtures()).refused().find((r) => r.id === 'broken-json');
    expect(broken?.errors).toEqual([
      expect.objectContaining({
        file: 'brands/broken-json/brand.json',
        pointer: '',
        line: 5,
        column: 3,
        expected: 'valid JSON',
      }),
    ]);
    expect(broken?.errors[0]?.message).toMatch(/^brands\/broken-json\/brand\.json:5:3: not valid JSON: /);
  });

  it('refuses a brand whose folder name is not a kebab-case id', async () => {
    const bad = (await loadFixtures()).refused().find((r) => r.id === 'Bad_Name');
    expect(bad?.errors[0]?.expected).toContain('kebab-case');
  });

  it('refuses a second brand that claims a host another brand serves', async () => {
    const thief = (await loadFixtures()).refused().find((r) => r.id === 'host-thief');
    expect(thief?.errors.map((e) => e.message)).toEqual([
      'brands/host-thief/brand.json at /global/domains/1: expected a host name no other brand uses, found "good.localhost", already served by brand "good-brand"',
    ]);
  });

  it('summarises readiness with the refused brands named', async () => {
    const report = registryReport(await loadFixtures());
    expect(report.valid).toEqual(['good-brand']);
    expect(report.refused.map((r) => r.id)).toContain('invalid-brand');
    expect(report.refused.find((r) => r.id === 'invalid-brand')?.issues).toBe(5);
  });
});

describe('resolve', () => {
  it('applies the country override and says which file set the value', async () => {
    const registry = await loadFixtures();
    const de = registry.resolve('good-brand', 'de', 'en');
    expect(de.config.coupon.features.sale).toBe(false);
    expect(de.explain('coupon.features.sale')).toMatchObject({
      layer: 'country:de',
      file: 'brands/good-brand/countries/de.json',
    });
    expect(registry.resolve('good-brand', 'gb', 'en').config.coupon.features.sale).toBe(true);
  });

  it('lets null remove a brand value so the platform default applies again', async () => {
    const de = (await loadFixtures()).resolve('good-brand', 'de', 'en');
    expect(de.config.betting.views).toEqual([0]);
    expect(de.explain('/betting/views')).toMatchObject({
      layer: 'defaults',
      provenance: { removedBy: { layer: 'country:de' } },
    });
  });

  it('returns the same frozen object from the cache', async () => {
    const registry = await loadFixtures();
    const first = registry.resolve('good-brand', 'gb', 'en');
    expect(registry.resolve('good-brand', 'gb', 'en')).toBe(first);
    expect(Object.isFrozen(first.config.coupon.features)).toBe(true);
  });

  it('falls back to the default language for a language the brand does not offer', async () => {
    const resolved = (await loadFixtures()).resolve('good-brand', 'gb', 'xx');
    expect(resolved.language).toBe('en');
    expect(resolved.config.dictionary.language).toBe('en');
    expect(resolved.explain('/dictionary/language')?.layer).toBe('request');
  });

  it('merges brand copy over the platform dictionary', async () => {
    const resolved = (await loadFixtures()).resolve('good-brand', 'gb', 'en');
    expect(resolved.dictionary['common']).toEqual({
      'button.ok': 'Fine',
      'button.close': 'Close',
      'nav.skipToContent': 'Skip to content',
    });
  });

  it('throws for an unknown or refused brand', async () => {
    const registry = await loadFixtures();
    expect(() => registry.resolve('invalid-brand', 'gb', 'en')).toThrow(/unknown brand "invalid-brand"/);
  });
});

describe('platform overrides', () => {
  it('resolves with the overrides of the server it is for applied, and explains them as layer platform', async () => {
    const registry = await loadFixtures();
    const brandOnly = registry.resolve('good-brand', 'gb', 'en');
    expect(brandOnly.overrides).toEqual([]);
    const lean = registry.withServices({ vipDesk: true, payments: false });
    const resolved = lean.resolve('good-brand', 'gb', 'en');
    expect(resolved.config.office.pages.deposit?.enabled).toBe(false);
    // Without a payment provider there is neither money in nor money out.
    expect(resolved.overrides.map((o) => o.pointer)).toEqual([
      '/office/pages/deposit/enabled',
      '/office/pages/withdraw/enabled',
    ]);
    expect(resolved.config.office.pages.withdraw?.enabled).toBe(false);
    expect(resolved.explain('office.pages.deposit.enabled')).toMatchObject({
      value: false,
      layer: 'platform',
      reason: expect.stringMatching(/no payment provider/),
    });
    expect(resolved.config.coupon.features.sale).toBe(brandOnly.config.coupon.features.sale);
    // The registry's own resolution is untouched and both are cached.
    expect(brandOnly.config.office.pages.deposit?.enabled).toBe(true);
    expect(lean.resolve('good-brand', 'gb', 'en')).toBe(resolved);
  });

  it('follows services a server learns while it starts', async () => {
    let services = { vipDesk: true, payments: true };
    const site = (await loadFixtures()).withServices(() => services);
    expect(site.resolve('good-brand', 'gb', 'en').config.office.pages.deposit?.enabled).toBe(true);
    services = { vipDesk: true, payments: false };
    expect(site.resolve('good-brand', 'gb', 'en').config.office.pages.deposit?.enabled).toBe(false);
  });
});

describe('hosts', () => {
  it('finds a brand by host regardless of port and case', async () => {
    const registry = await loadFixtures();
    expect(registry.brandForHost('GOOD.localhost:4200')?.id).toBe('good-brand');
    expect(registry.brandForHost('nobody.localhost')).toBeUndefined();
  });

  it('normalises hosts', () => {
    expect(normaliseHost('Example.COM.:8080')).toBe('example.com');
    expect(normaliseHost('[::1]:4200')).toBe('[::1]');
  });
});

describe('missing platform dictionaries', () => {
  it('still loads brands when the platform locales folder does not exist', async () => {
    const registry = await loadBrandRegistry({
      brandsDir: path.join(fixtures, 'brands'),
      platformLocalesDir: path.join(fixtures, 'no-such-folder'),
      displayRoot: fixtures,
    });
    expect(registry.brands().map((b) => b.id)).toEqual(['good-brand']);
    expect(
      registry
        .refused()
        .find((r) => r.id === 'invalid-brand')
        ?.errors.some((e) => e.file.includes('locales')),
    ).toBe(false);
  });
});

describe('the demo brands in brands/', () => {
  it('all load, with none refused', async () => {
    const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
    expect(registry.refused()).toEqual([]);
    expect(registry.brands().map((b) => b.id)).toEqual(
      expect.arrayContaining(['albion-odds', 'polar-bet', 'rhein-wetten', 'sahra-bet']),
    );
  });

  it('turn bet sale and table-game categories off in Germany only, by country override', async () => {
    const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
    const de = registry.resolve('rhein-wetten', 'de', 'de');
    expect(de.config.coupon.features.sale).toBe(false);
    expect(de.explain('coupon.features.sale')).toMatchObject({
      layer: 'country:de',
      file: 'brands/rhein-wetten/countries/de.json',
    });
    expect(de.config.modules.casino.categories['roulette']?.enabled).toBe(false);
    expect(de.config.modules.casino.categories['slots']?.enabled).toBe(true);
    expect(registry.resolve('rhein-wetten', 'at', 'de').config.coupon.features.sale).toBe(true);
  });

  it('give the UK brand reality checks, visible limits and GBP', async () => {
    const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
    const gb = registry.resolve('albion-odds', 'gb', 'en').config;
    expect(gb.responsible.realityCheck.enabled).toBe(true);
    expect(gb.responsible.limitsVisible).toBe(true);
    expect(gb.global.defaultCurrency).toBe('GBP');
  });

  it('make the right-to-left brand Arabic-first with the Asian view allowed', async () => {
    const registry = await loadBrandRegistry({ brandsDir: path.join(workspace, 'brands'), displayRoot: workspace });
    expect(registry.get('sahra-bet')).toMatchObject({ defaultLanguage: 'ar', rtlLanguages: ['ar', 'fa'] });
    expect(registry.resolve('sahra-bet', 'tr', 'ar').config.betting.views).toContain(1);
  });
});

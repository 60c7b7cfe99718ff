import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeInto, type JsonObject } from './merge';
import { platformDefaults, resolveSiteConfig, type ConfigLayer } from './resolve';

const brand: ConfigLayer = {
  name: 'brand',
  file: 'brands/acme/brand.json',
  data: {
    global: { brandName: 'Acme', domains: ['acme.localhost'], languages: ['en', 'de'], currencies: { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro' } } },
    betting: { views: [0, 1] },
    coupon: { features: { sale: true, insurance: true } },
  },
};
const germany: ConfigLayer = { name: 'country:de', file: 'brands/acme/countries/de.json', data: { coupon: { features: { sale: false } }, betting: { views: [1] } } };
const english: ConfigLayer = { name: 'language:en', file: 'brands/acme/languages/en.json', data: { coupon: { features: { insurance: null } } } };

describe('platform defaults (spec section 9)', () => {
  it('carry the business constants', () => {
    const d = platformDefaults();
    expect(d.global.languages[0]).toBe('ru');
    expect(d.global.mainLanguage.code).toBe('ru');
    expect(d.global.refId).toBe(1);
    expect(d.global.amountTemplate).toBe('{v} {c}');
    expect(d.global.timeFormat).toBe('HH:mm');
    expect(d.global.dateFormat).toBe('dd/MM/yyyy');
    expect(d.coupon.maxEvents).toBe(50);
    expect(d.coupon.maxSystemEvents).toBe(20);
    expect(d.coupon.historyDays).toBe(7);
    expect(d.registration.minAge).toBe(18);
    expect(d.header.maxVisibleNavItems).toBe(9);
    expect(d.betting.views).toEqual([0]);
    expect(d.betting.defaultCoefficientFormat).toBe(0);
    expect(d.betting.dashboardGamesLimit).toBe(20);
    expect(d.auth.autoLogoff).toEqual({ enabled: false, minutes: 30 });
    expect(d.customize.notifications).toEqual({ durationMs: 3000, width: 260, position: 'bottom-right' });
    expect(d.customize.uiStyle).toBe('Default');
  });

  it('are a fresh copy each time', () => {
    const a = platformDefaults();
    a.coupon.maxEvents = 1;
    expect(platformDefaults().coupon.maxEvents).toBe(50);
  });
});

describe('resolveSiteConfig', () => {
  const resolved = resolveSiteConfig([brand, germany, english]);

  it('merges objects deeply and lets arrays replace', () => {
    expect(resolved.config.coupon.features.sale).toBe(false);
    expect(resolved.config.coupon.features.print).toBe(true);
    expect(resolved.config.betting.views).toEqual([1]);
  });

  it('keeps default entries of keyed maps when a layer adds or changes one', () => {
    const r = resolveSiteConfig([{ ...brand, data: { ...brand.data, header: { navItems: { toto: { enabled: true } } } } }]);
    expect(r.config.header.navItems['toto']).toMatchObject({ enabled: true, link: '/toto' });
    expect(r.config.header.navItems['line']?.enabled).toBe(true);
  });

  it('fills schema defaults inside entries a layer adds', () => {
    expect(resolved.config.global.currencies['EUR']).toMatchObject({ hide: false, isCrypto: false, baseRate: 1 });
  });

  it('says which layer and file set a value', () => {
    expect(resolved.explain('/coupon/features/sale')).toEqual({ pointer: '/coupon/features/sale', value: false, layer: 'country:de', file: 'brands/acme/countries/de.json' });
    expect(resolved.explain('/coupon/features/print')).toMatchObject({ layer: 'defaults', file: 'schemas/_coupon.schema.json' });
    expect(resolved.explain('/global/brandName')).toMatchObject({ layer: 'brand', file: 'brands/acme/brand.json' });
    expect(resolved.explain('/betting/views/0')).toMatchObject({ value: 1, layer: 'country:de' });
  });

  it('lists every layer that contributed to an object', () => {
    expect(resolved.explain('/coupon/features')?.contributors?.map((c) => c.layer)).toEqual(['brand', 'country:de', 'language:en']);
  });

  it('treats null as removal, falling back to the schema default, and records who removed it', () => {
    expect(resolved.config.coupon.features.insurance).toBe(false);
    expect(resolved.explain('/coupon/features/insurance')).toMatchObject({ layer: 'defaults', removedBy: { layer: 'language:en' } });
  });

  it('returns undefined for a pointer with nothing there', () => {
    expect(resolved.explain('/coupon/nothing')).toBeUndefined();
  });

  it('is pure: inputs are unchanged and the same layers give an equal result', () => {
    const before = JSON.stringify([brand, germany, english]);
    const again = resolveSiteConfig([brand, germany, english]);
    expect(JSON.stringify([brand, germany, english])).toBe(before);
    expect(again.config).toEqual(resolved.config);
    expect(again.config).not.toBe(resolved.config);
  });
});

describe('mergeInto (properties)', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.boolean(), fc.string(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), tie('object')),
    object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
  }));

  it('every non-null scalar or array of the upper layer wins; null keys are absent', () => {
    fc.assert(
      fc.property(json.object, json.object, (base, over) => {
        const merged = mergeInto(base as JsonObject, over as JsonObject);
        for (const [key, value] of Object.entries(over as JsonObject)) {
          if (value === null) expect(key in merged).toBe(false);
          else if (typeof value !== 'object' || Array.isArray(value)) expect(merged[key]).toEqual(value);
        }
      }),
    );
  });

  it('merging an empty layer changes nothing and never mutates its inputs', () => {
    fc.assert(
      fc.property(json.object, (base) => {
        const snapshot = JSON.stringify(base);
        const noNulls = JSON.parse(JSON.stringify(base, (_k, v: unknown) => (v === null ? undefined : v))) as JsonObject;
        expect(mergeInto({}, noNulls)).toEqual(noNulls);
        mergeInto(base as JsonObject, { a: 1 });
        expect(JSON.stringify(base)).toBe(snapshot);
      }),
    );
  });
});

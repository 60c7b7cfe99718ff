import { describe, expect, it } from 'vitest';
import { describeValue } from './config-issue';
import { resolveSiteConfig } from './resolve';
import { validateLayerData, validateResolved, validateThemeData } from './validate';

const FILE = 'brands/acme/brand.json';
const messages = (data: unknown) => validateLayerData(data, FILE).map((i) => i.message);

describe('validateLayerData: the texts people read (pinned)', () => {
  it('wrong type', () => {
    expect(messages({ coupon: { maxEvents: '50' } })).toEqual([
      'brands/acme/brand.json at /coupon/maxEvents: expected an integer, found "50"',
    ]);
  });

  it('value not in the list', () => {
    expect(messages({ captcha: { type: 'recaptcha' } })).toEqual([
      'brands/acme/brand.json at /captcha/type: expected one of "none", "hcaptcha", "huntCaptcha", "painPuzzle", "grecaptcha", "altcha", found "recaptcha"',
    ]);
  });

  it('misspelt property with a suggestion', () => {
    expect(messages({ coupon: { features: { sael: false } } })).toEqual([
      'brands/acme/brand.json at /coupon/features/sael: expected no property "sael" (did you mean "sale"?), found false',
    ]);
  });

  it('unknown property far from any known one lists the known ones', () => {
    const [message] = messages({ toto: { zzzzzzzzzz: 1 } });
    expect(message).toBe(
      'brands/acme/brand.json at /toto/zzzzzzzzzz: expected no property "zzzzzzzzzz" (known: enabled, types), found 1',
    );
  });

  it('number out of range', () => {
    expect(messages({ registration: { minAge: 12 } })).toEqual([
      'brands/acme/brand.json at /registration/minAge: expected a number >= 16, found 12',
    ]);
  });

  it('text not matching a pattern', () => {
    expect(messages({ global: { defaultCountry: 'DEU' } })).toEqual([
      'brands/acme/brand.json at /global/defaultCountry: expected ISO 3166-1 alpha-2 country code in lower case (text matching ^[a-z]{2}$), found "DEU"',
    ]);
  });

  it('bad key in a keyed map', () => {
    expect(messages({ header: { navItems: { 'Not OK': { langKey: 'header:menu.line', link: '/x' } } } })).toEqual([
      'brands/acme/brand.json at /header/navItems/Not OK: expected a key in the expected format, found the key "Not OK"',
    ]);
  });

  it('a file that is not an object', () => {
    expect(messages([1, 2])).toEqual([
      'brands/acme/brand.json at (root): expected an object, found an array of 2 items',
    ]);
  });

  it('accepts null anywhere in a layer (it removes a value)', () => {
    expect(messages({ coupon: { maxEvents: null }, betting: null })).toEqual([]);
  });

  it('does not demand required settings in a partial layer', () => {
    expect(messages({ coupon: { features: { sale: false } } })).toEqual([]);
  });
});

describe('validateResolved', () => {
  it('blames a missing required setting on the file that added its parent', () => {
    const resolved = resolveSiteConfig([
      {
        name: 'brand',
        file: FILE,
        data: {
          global: {
            brandName: 'A',
            domains: ['a.localhost'],
            currencies: { RUB: { id: 1, code: 'RUB', symbol: '₽', name: 'Rouble' } },
          },
        },
      },
      {
        name: 'country:de',
        file: 'brands/acme/countries/de.json',
        data: { header: { navItems: { extra: { enabled: true } } } },
      },
    ]);
    expect(validateResolved(resolved).map((i) => i.message)).toEqual([
      'brands/acme/countries/de.json at /header/navItems/extra/langKey: expected a value (this setting is required), found nothing',
      'brands/acme/countries/de.json at /header/navItems/extra/link: expected a value (this setting is required), found nothing',
    ]);
  });

  it('blames a missing brand name on the brand file', () => {
    const resolved = resolveSiteConfig([
      {
        name: 'brand',
        file: FILE,
        data: {
          global: { domains: ['a.localhost'], currencies: { RUB: { id: 1, code: 'RUB', symbol: '₽', name: 'R' } } },
        },
      },
    ]);
    expect(validateResolved(resolved).map((i) => i.message)).toEqual([
      'brands/acme/brand.json at /global/brandName: expected a value (this setting is required), found nothing',
    ]);
  });

  it('reports cross-field rules with the file that broke them', () => {
    const resolved = resolveSiteConfig([
      {
        name: 'brand',
        file: FILE,
        data: {
          global: {
            brandName: 'A',
            domains: ['a.localhost'],
            currencies: { EUR: { id: 12, code: 'EUR', symbol: '€', name: 'Euro' } },
            defaultCurrency: 'EUR',
          },
        },
      },
      { name: 'country:de', file: 'brands/acme/countries/de.json', data: { global: { defaultCurrency: 'GBP' } } },
    ]);
    expect(validateResolved(resolved).map((i) => i.message)).toEqual([
      'brands/acme/countries/de.json at /global/defaultCurrency: expected a key of global.currencies ("EUR"), found "GBP"',
    ]);
  });
});

describe('validateThemeData', () => {
  it('refuses a colour that is not #rrggbb', () => {
    const { issues } = validateThemeData(
      {
        mode: 'dark',
        palette: {
          primary: 'red',
          secondary: '#000000',
          accent: '#000000',
          background: '#000000',
          surface: '#000000',
          text: '#ffffff',
          success: '#00ff00',
          warning: '#ffff00',
          danger: '#ff0000',
        },
        fonts: { body: 'a', heading: 'b' },
        radii: { small: 1, medium: 2, large: 3 },
        logo: { src: 'assets/logo.svg', alt: 'A' },
      },
      'brands/acme/theme.json',
    );
    expect(issues.map((i) => i.message)).toEqual([
      'brands/acme/theme.json at /palette/primary: expected a colour as #rrggbb (text matching ^#[0-9a-fA-F]{6}$), found "red"',
    ]);
  });
});

describe('describeValue', () => {
  it('describes values as a person would', () => {
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue({})).toBe('an empty object');
    expect(describeValue({ a: 1, b: 2 })).toBe('an object with "a", "b"');
    expect(describeValue(['x'])).toBe('an array of 1 item');
    expect(describeValue('x'.repeat(100))).toHaveLength(80);
  });
});

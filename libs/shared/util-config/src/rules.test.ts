import { describe, expect, it } from 'vitest';
import { platformDefaults } from './resolve';
import { checkConfigRules } from './rules';

describe('checkConfigRules', () => {
  it('accepts a consistent configuration', () => {
    const config = platformDefaults();
    config.global.currencies = { RUB: { id: 1, code: 'RUB', symbol: '₽', name: 'Rouble', hide: false, baseRate: 1, minBetSum: 0, isCrypto: false } };
    expect(checkConfigRules(config)).toEqual([]);
  });

  it('flags defaults that are not among the allowed values', () => {
    const config = platformDefaults();
    config.global.currencies = { EUR: { id: 12, code: 'USD', symbol: '€', name: 'Euro', hide: false, baseRate: 1, minBetSum: 0, isCrypto: false } };
    config.global.mainLanguage.code = 'de';
    config.betting.defaultView = 1;
    config.registration.variants.phone.enabled = false;
    config.iframe.enabled = true;
    expect(checkConfigRules(config).map((v) => v.pointer)).toEqual([
      '/global/mainLanguage/code',
      '/global/defaultCurrency',
      '/global/currencies/EUR/code',
      '/betting/defaultView',
      '/registration/defaultVariant',
      '/iframe/allowedParents',
    ]);
  });

  it('flags an information page offered in a language the site does not have', () => {
    const config = platformDefaults();
    config.global.languages = ['de', 'en'];
    config.global.mainLanguage.code = 'de';
    config.information.pages['rules'] = { enabled: true, languages: ['de', 'fr'] };
    expect(checkConfigRules(config)).toEqual([{ pointer: '/information/pages/rules/languages/1', expected: 'one of global.languages ("de", "en")', found: 'fr' }]);
  });
});

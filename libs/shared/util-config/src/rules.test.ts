import { describe, expect, it } from 'vitest';
import { platformDefaults } from './resolve';
import { checkConfigRules } from './rules';

describe('checkConfigRules', () => {
  it('accepts a consistent configuration', () => {
    const config = platformDefaults();
    config.global.currencies = {
      RUB: { id: 1, code: 'RUB', symbol: '₽', name: 'Rouble', hide: false, baseRate: 1, minBetSum: 0, isCrypto: false },
    };
    expect(checkConfigRules(config)).toEqual([]);
  });

  it('flags defaults that are not among the allowed values', () => {
    const config = platformDefaults();
    config.global.currencies = {
      EUR: { id: 12, code: 'USD', symbol: '€', name: 'Euro', hide: false, baseRate: 1, minBetSum: 0, isCrypto: false },
    };
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
    expect(checkConfigRules(config)).toEqual([
      {
        pointer: '/information/pages/rules/languages/1',
        expected: 'one of global.languages ("de", "en")',
        found: 'fr',
      },
    ]);
  });

  it('flags a performance threshold whose poor is below its good, and largest-paint waits out of order', () => {
    const config = platformDefaults();
    config.thirdParty.analytics.performance.thresholds.largestContentfulPaintMs = { good: 2500, poor: 2000 };
    config.thirdParty.analytics.performance.largestPaintWaitsMs = [3000, 3000, 10_000];
    expect(checkConfigRules(config)).toEqual([
      {
        pointer: '/thirdParty/analytics/performance/thresholds/largestContentfulPaintMs/poor',
        expected: 'at least good (2500)',
        found: 2000,
      },
      {
        pointer: '/thirdParty/analytics/performance/largestPaintWaitsMs/1',
        expected: 'more than the wait before it (3000)',
        found: 3000,
      },
    ]);
  });
});

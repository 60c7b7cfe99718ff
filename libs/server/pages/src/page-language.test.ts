import { describe, expect, it } from 'vitest';
import type { BrandSummary } from '@tessera/server/brand-registry';
import { decidePageLanguage } from './page-language';

const northbet: BrandSummary = {
  id: 'northbet',
  name: 'NorthBet',
  domains: ['northbet.example'],
  defaultLanguage: 'ru',
  languages: ['ru', 'en', 'kk'],
  defaultCountry: 'kz',
  countries: ['kz', 'ru'],
  rtlLanguages: [],
};

describe('decidePageLanguage', () => {
  it.each([
    ['/ru', 'ru'],
    ['/en/live/football', 'en'],
    ['/kk/', 'kk'],
  ])('renders %s in %s', (path, language) => {
    expect(decidePageLanguage(path, '', northbet)).toEqual({ kind: 'render', language });
  });

  it.each([
    ['/', '', '/ru/'],
    ['/', '?brand=northbet', '/ru/?brand=northbet'],
    ['/live/football', '', '/ru/live/football'],
    ['/tr/live', '?x=1', '/ru/live?x=1'],
    ['/zz', '', '/ru'],
    ['/xx/', '', '/ru/'],
    ['/EN/line', '', '/en/line'],
    ['//evil.example/path', '', '/ru/evil.example/path'],
    ['/en//casino', '', '/en/casino'],
  ])('redirects %s%s to %s', (path, search, location) => {
    expect(decidePageLanguage(path, search, northbet)).toEqual({ kind: 'redirect', location });
  });

  it.each(['/favicon.ico', '/wp-login.php', '/en/old-bundle.js', `/${'a'.repeat(3000)}`])(
    'answers not-found for %s, which is no page',
    (path) => {
      expect(decidePageLanguage(path, '', northbet)).toEqual({ kind: 'not-found' });
    },
  );
});

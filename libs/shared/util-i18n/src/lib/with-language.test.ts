import { describe, expect, it } from 'vitest';
import { isSameAddress, switchLanguage, withLanguage } from './with-language';

describe('withLanguage', () => {
  it('prefixes a site path with the language', () => {
    expect(withLanguage('/line', 'en')).toBe('/en/line');
    expect(withLanguage('line/football', 'de')).toBe('/de/line/football');
    expect(withLanguage('/', 'ru')).toBe('/ru/');
  });

  it('leaves a path that already starts with the language alone', () => {
    expect(withLanguage('/en/line', 'en')).toBe('/en/line');
    expect(withLanguage('/en', 'en')).toBe('/en');
    expect(withLanguage('/en?x=1', 'en')).toBe('/en?x=1');
  });

  it('does not mistake a path that merely begins with the same letters for a prefix', () => {
    expect(withLanguage('/english-league', 'en')).toBe('/en/english-league');
  });

  it('leaves external, hash and query links alone', () => {
    expect(withLanguage('https://example.com/a', 'en')).toBe('https://example.com/a');
    expect(withLanguage('//cdn.example.com/a', 'en')).toBe('//cdn.example.com/a');
    expect(withLanguage('mailto:help@example.com', 'en')).toBe('mailto:help@example.com');
    expect(withLanguage('#top', 'en')).toBe('#top');
  });
});

describe('switchLanguage', () => {
  it('swaps the language segment and keeps the rest', () => {
    expect(switchLanguage('/en/line?sport=1#x', 'en', 'ar')).toBe('/ar/line?sport=1#x');
    expect(switchLanguage('/en', 'en', 'de')).toBe('/de');
  });

  it('adds a language when the path has none', () => {
    expect(switchLanguage('/line', 'en', 'de')).toBe('/de/line');
  });
});

describe('isSameAddress', () => {
  it('treats a trailing slash as the same address', () => {
    expect(isSameAddress('/en/line/', '/en/line')).toBe(true);
  });

  it('tells different queries and hashes apart', () => {
    expect(isSameAddress('/en/line?a=1', '/en/line?a=2')).toBe(false);
    expect(isSameAddress('/en/line#a', '/en/line')).toBe(false);
  });
});

import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { platformDictionaries } from '@tessera/shared/util-i18n';
import { describe, expect, it } from 'vitest';
import { periodKind, usePeriodName } from './period-name';

describe('periodKind', () => {
  it("names each sport's periods by the spec's sport ids, 'period' for any other", () => {
    expect([1, 2, 3, 4, 46, 85, 86, 97, 4046, 999].map(periodKind)).toEqual([
      'half',
      'period',
      'quarter',
      'set',
      'end',
      'half',
      'map',
      'map',
      'map',
      'period',
    ]);
  });
});

describe('usePeriodName', () => {
  it.each([
    ['ru', 1, 2, '2-й тайм'],
    ['de', 2, 3, '3. Drittel'],
    ['en', 4, 2, 'Set 2'],
    ['ar', 3, 4, 'الربع 4'],
    ['fa', 1, 1, 'نیمه 1'],
  ] as const)('in %s, sport %i, period %i reads "%s"', (language, sportId, period, text) => {
    let name: ((sportId: number, period: number) => string) | undefined;
    function Probe() {
      name = usePeriodName();
      return null;
    }
    renderWithProviders(<Probe />, { brand: testBrandPayload({ language }), realLanguage: true });
    expect(name?.(sportId, period)).toBe(text);
  });

  it('has a name for every period kind in every platform language', () => {
    for (const [language, namespaces] of Object.entries(platformDictionaries)) {
      for (const kind of ['half', 'period', 'quarter', 'set', 'end', 'map'])
        expect(namespaces.sportsbook?.[`period.${kind}`], `${language} period.${kind}`).toMatch(/\{\{period\}\}/);
    }
  });
});

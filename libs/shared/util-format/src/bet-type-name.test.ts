import { platformDictionaries } from '@tessera/shared/util-i18n';
import { describe, expect, it } from 'vitest';
import { betTypeNameKey } from './bet-type-name';

const name = (language: keyof typeof platformDictionaries, key: string, n: number) =>
  (platformDictionaries[language]['coupon']?.[key.replace('coupon:', '')] ?? '').replace('{{n}}', String(n));

describe('betTypeNameKey', () => {
  it('names an express by its number of selections, the way UK bookmakers do', () => {
    expect([1, 2, 3, 4, 8].map((n) => name('en', betTypeNameKey('express', n), n))).toEqual([
      'Accumulator',
      'Double',
      'Treble',
      '4-fold Accumulator',
      '8-fold Accumulator',
    ]);
    expect(name('en', betTypeNameKey('single', 1), 1)).toBe('Single');
  });

  it('keeps every other bet type to its one name', () => {
    expect(betTypeNameKey('system', 3)).toBe('coupon:betType.system');
    expect(betTypeNameKey('multi', 4)).toBe('coupon:betType.multi');
  });

  it('names a full-cover bet by its kind, in every platform language', () => {
    expect(betTypeNameKey('fullCover', 4, 'lucky15')).toBe('coupon:betType.lucky15');
    expect(name('en', betTypeNameKey('fullCover', 3, 'trixie'), 3)).toBe('Trixie');
    expect(name('en', betTypeNameKey('fullCover', 4, 'lucky15'), 4)).toBe('Lucky 15');
    expect(name('ru', betTypeNameKey('fullCover', 4, 'yankee'), 4)).toBe('Янки');
    const names = ['trixie', 'patent', 'yankee', 'lucky15', 'superYankee', 'lucky31', 'heinz', 'lucky63', 'superHeinz'];
    for (const [language, dictionary] of Object.entries(platformDictionaries))
      for (const key of [...names, 'goliath', 'fullCover'])
        expect(dictionary['coupon']?.[`betType.${key}`], `${language} betType.${key}`).toBeTruthy();
  });

  it('has the names in every platform language', () => {
    expect(name('ru', betTypeNameKey('express', 3), 3)).toBe('Экспресс из 3');
    expect(name('de', betTypeNameKey('express', 2), 2)).toBe('Zweierkombi');
    expect(name('de', betTypeNameKey('express', 5), 5)).toBe('5er-Kombi');
    for (const [language, dictionary] of Object.entries(platformDictionaries))
      for (const key of ['double', 'treble', 'accumulator'])
        expect(dictionary['coupon']?.[`betType.${key}`], `${language} betType.${key}`).toBeTruthy();
  });
});

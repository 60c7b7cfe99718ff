import { describe, expect, it } from 'vitest';
import { pseudoDictionary, pseudoLocalize, untranslatedText } from './pseudo';

describe('pseudo-language', () => {
  it('marks and accents text but keeps placeholders', () => {
    expect(pseudoLocalize('Hello {{name}}')).toBe('⟦Ĥéĺĺö {{name}}⟧');
  });

  it('derives a dictionary with the same keys', () => {
    expect(pseudoDictionary({ common: { 'button.ok': 'OK' } })).toEqual({ common: { 'button.ok': '⟦ÖK⟧' } });
  });

  it('finds words that bypassed the dictionary', () => {
    expect(untranslatedText('⟦Ĺöğ íñ⟧ Register ⟦Ĥéĺĺö⟧ 18+')).toEqual(['Register']);
    expect(untranslatedText('⟦Ĺöğ íñ⟧ Northbet', ['Northbet'])).toEqual([]);
  });
});

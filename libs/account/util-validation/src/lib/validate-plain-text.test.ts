import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripHiddenCharacters, validatePlainText } from './validate-plain-text';

const refused = { valid: false, key: 'validation_hidden_symbols' };

describe('validatePlainText (free text of an account: no control, bidi or invisible characters)', () => {
  it.each([
    ['Barsik', 'plain Latin'],
    ['Мурзик из Твери', 'Cyrillic with spaces'],
    ['گربه‌ی من', 'Persian with the zero-width non-joiner it spells with'],
    ['قطتي الأولى', 'Arabic'],
    ['👩‍👧 team', 'an emoji sequence with the zero-width joiner'],
    ['O’Brien, 1999 — «Спартак»', 'punctuation and typographic quotes'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'homoglyph-like full-width letters are visible text'],
  ])('accepts %j (%s)', (text) => {
    expect(validatePlainText(text)).toEqual({ valid: true });
  });

  it.each([
    ['a\u0000b', 'NUL'],
    ['a\tb', 'tab'],
    ['a\nb', 'line feed'],
    ['a\rb', 'carriage return'],
    ['a\u007fb', 'DEL'],
    ['a\u0085b', 'C1 next line'],
    ['a\u2028b', 'line separator'],
    ['a\u2029b', 'paragraph separator'],
    ['abc\u202Edcb', 'right-to-left override'],
    ['a\u202Ab', 'left-to-right embedding'],
    ['a\u2066b\u2069', 'isolates'],
    ['a\u200Fb', 'right-to-left mark'],
    ['a\u200Eb', 'left-to-right mark'],
    ['a\u061Cb', 'Arabic letter mark'],
    ['a\u200Bb', 'zero-width space'],
    ['a\u2060b', 'word joiner'],
    ['\uFEFFab', 'byte-order mark'],
    ['a\u00ADb', 'soft hyphen'],
    ['a\u180Eb', 'Mongolian vowel separator'],
    ['a\uD800b', 'lone high surrogate'],
    ['a\uDC00b', 'lone low surrogate'],
    ['a\uFFFEb', 'noncharacter U+FFFE'],
    ['a\uFDD0b', 'noncharacter U+FDD0'],
  ])('refuses %j (%s) with validation_hidden_symbols', (text) => {
    expect(validatePlainText(text)).toEqual(refused);
  });

  it('passes empty values: pair it with validateRequired', () => {
    expect(validatePlainText('')).toEqual({ valid: true });
    expect(validatePlainText(undefined)).toEqual({ valid: true });
    expect(validatePlainText(null)).toEqual({ valid: true });
  });

  it('keeps its verdict when called again (no global regular-expression state)', () => {
    expect(validatePlainText('a\u202Eb')).toEqual(refused);
    expect(validatePlainText('a\u202Eb')).toEqual(refused);
    expect(validatePlainText('ab')).toEqual({ valid: true });
  });
});

describe('stripHiddenCharacters', () => {
  it('removes the refused characters and turns line breaks and tabs into spaces', () => {
    expect(stripHiddenCharacters('Ann\u202E\u200Ba\nLee\tJr\u0000')).toBe('Anna Lee Jr');
    expect(stripHiddenCharacters('گربه‌ی')).toBe('گربه‌ی');
  });

  it('always yields text validatePlainText accepts, and leaves accepted text unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const stripped = stripHiddenCharacters(text);
        expect(validatePlainText(stripped)).toEqual({ valid: true });
        expect(stripHiddenCharacters(stripped)).toBe(stripped);
      }),
    );
  });
});

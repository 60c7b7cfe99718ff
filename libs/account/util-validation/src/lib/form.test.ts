import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX_LENGTH, isFormValid, limitSearchText } from './form';
import { invalid, valid } from './validation-result';

describe('limitSearchText (spec section 9: search max 100)', () => {
  it('cuts rather than rejects', () => {
    expect(SEARCH_TEXT_MAX_LENGTH).toBe(100);
    expect(limitSearchText('a'.repeat(150))).toBe('a'.repeat(100));
    expect(limitSearchText('short')).toBe('short');
    expect(limitSearchText('a'.repeat(100))).toBe('a'.repeat(100));
  });

  it('never splits a character made of two code units', () => {
    const text = `${'a'.repeat(99)}⚽😀`;
    expect(limitSearchText(text)).toBe(`${'a'.repeat(99)}⚽`);
    expect(limitSearchText('😀😀😀', 2)).toBe('😀😀');
  });
});

describe('isFormValid (spec: valid only if no visible field has an error)', () => {
  it('is valid when every visible field passed or was not validated yet', () => {
    expect(isFormValid({ email: { result: valid() }, name: {} })).toBe(true);
    expect(isFormValid([])).toBe(true);
  });

  it('is invalid when a visible field has an error', () => {
    expect(
      isFormValid({ email: { result: invalid('validation_enter_correct_email') }, name: { result: valid() } }),
    ).toBe(false);
    expect(isFormValid([{ visible: true, result: invalid('required') }])).toBe(false);
  });

  it('ignores errors of hidden fields', () => {
    expect(isFormValid({ promo: { visible: false, result: invalid('required') }, email: { result: valid() } })).toBe(
      true,
    );
  });
});

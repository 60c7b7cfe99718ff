import { describe, expect, it } from 'vitest';
import { PHONE_CODE_SEARCH_PLACEHOLDER, normalizeCountryCode, normalizePhoneCodeSearch } from './phone-code-search';

describe('phone-code search (spec section 5)', () => {
  it('has the placeholder xxx', () => {
    expect(PHONE_CODE_SEARCH_PLACEHOLDER).toBe('xxx');
  });

  it('adds a leading plus as soon as a digit is typed', () => {
    expect(normalizePhoneCodeSearch('7')).toEqual({ text: '+7', digits: '7' });
    expect(normalizePhoneCodeSearch('+7')).toEqual({ text: '+7', digits: '7' });
  });

  it('strips the plus when no digit is left', () => {
    expect(normalizePhoneCodeSearch('+')).toEqual({ text: '', digits: '' });
    expect(normalizePhoneCodeSearch('')).toEqual({ text: '', digits: '' });
  });

  it('is numeric, unsigned, without decimals and at most 3 digits', () => {
    expect(normalizePhoneCodeSearch('-38.0')).toEqual({ text: '+380', digits: '380' });
    expect(normalizePhoneCodeSearch('+3801')).toEqual({ text: '+380', digits: '380' });
    expect(normalizePhoneCodeSearch('a9b')).toEqual({ text: '+9', digits: '9' });
  });

  it('keeps a leading zero of typed digits out: calling codes never start with 0', () => {
    expect(normalizePhoneCodeSearch('07')).toEqual({ text: '+7', digits: '7' });
  });

  it('lower-cases country codes', () => {
    expect(normalizeCountryCode(' KZ ')).toBe('kz');
  });
});

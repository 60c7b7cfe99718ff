import { describe, expect, it } from 'vitest';
import { validateName, validateRequired, validateSmsCode } from './validate-fields';

describe('validateRequired (spec: message required with the field label in quotes)', () => {
  it('fails with required and the label in quotes', () => {
    expect(validateRequired('', 'Name')).toEqual({ valid: false, key: 'required', params: { label: '"Name"' } });
  });

  it('uses the quote marks a locale asks for', () => {
    expect(validateRequired('', 'Имя', { quotes: ['«', '»'] })).toMatchObject({ params: { label: '«Имя»' } });
  });

  it.each([[undefined], [null], [''], ['   '], [[]], [false], [Number.NaN]])('treats %j as missing', (value) => {
    expect(validateRequired(value, 'Field').valid).toBe(false);
  });

  it.each([['x'], [0], [true], [['a']], [{}], [new Date(0)]])('accepts %j as present', (value) => {
    expect(validateRequired(value, 'Field')).toEqual({ valid: true });
  });
});

describe('validateName (spec: Latin letters, extended characters, backtick, apostrophe, whitespace, hyphen)', () => {
  it.each(['Ivan', 'Anna-Maria', "O'Brien", 'O’Brien', 'D`Arcy', 'José Luis', 'Łukasz', 'Müller', 'Şükrü', 'Nguyễn', 'Jean  Paul'])(
    'accepts %s',
    (name) => {
      expect(validateName(name)).toEqual({ valid: true });
    },
  );

  it.each(['Иван', 'Ivan2', 'Ivan!', 'Ivan_Petrov', 'محمد', 'Ivan.', '李'])('rejects %s with password_available_symbols', (name) => {
    expect(validateName(name)).toEqual({ valid: false, key: 'password_available_symbols' });
  });

  it.each([
    ['Ivan\nPetrov', 'a line break'],
    ['Ivan\tPetrov', 'a tab'],
    ['\uFEFFIvan', 'a byte-order mark'],
    ['Iva\u202En', 'a right-to-left override'],
    ['Ivan\u2028', 'a line separator'],
  ])('rejects %j (%s): whitespace in a name is a space, not any \\s', (name) => {
    expect(validateName(name)).toEqual({ valid: false, key: 'password_available_symbols' });
  });

  it('accepts a no-break space between names', () => {
    expect(validateName('Jean\u00A0Paul')).toEqual({ valid: true });
  });

  it('passes empty: pair it with validateRequired', () => {
    expect(validateName('')).toEqual({ valid: true });
    expect(validateName(undefined)).toEqual({ valid: true });
  });
});

describe('validateSmsCode (spec: required, min_symbols_limit, phone_min_length, auth_incorrect_code)', () => {
  it('is required after trimming', () => {
    expect(validateSmsCode('   ', { length: 4, label: 'Code' })).toEqual({ valid: false, key: 'required', params: { label: '"Code"' } });
    expect(validateSmsCode(undefined, { length: 4 })).toMatchObject({ key: 'required' });
  });

  it('counts symbols with spaces removed: too few gives min_symbols_limit', () => {
    expect(validateSmsCode('1 2 3', { length: 4 })).toEqual({ valid: false, key: 'min_symbols_limit', params: { min: 4 } });
    expect(validateSmsCode('12 34', { length: 4, mask: 'numbers' })).toEqual({ valid: true });
  });

  it('takes a separate minimum when given', () => {
    expect(validateSmsCode('12', { length: 6, minLength: 4 })).toMatchObject({ key: 'min_symbols_limit', params: { min: 4 } });
    expect(validateSmsCode('12345', { length: 6, minLength: 4 })).toEqual({ valid: false, key: 'phone_min_length', params: { length: 6 } });
  });

  it('needs the exact length: longer gives phone_min_length', () => {
    expect(validateSmsCode('12345', { length: 4 })).toEqual({ valid: false, key: 'phone_min_length', params: { length: 4 } });
  });

  it('defaults the mask to numbers with letters', () => {
    expect(validateSmsCode('a1B2', { length: 4 })).toEqual({ valid: true });
    expect(validateSmsCode('a1-2', { length: 4 })).toEqual({ valid: false, key: 'auth_incorrect_code' });
  });

  it('checks the mask type', () => {
    expect(validateSmsCode('12a4', { length: 4, mask: 'numbers' })).toEqual({ valid: false, key: 'auth_incorrect_code' });
    expect(validateSmsCode('abcd', { length: 4, mask: 'letters' })).toEqual({ valid: true });
    expect(validateSmsCode('abc1', { length: 4, mask: 'letters' })).toEqual({ valid: false, key: 'auth_incorrect_code' });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { maskPhone, normalisePhone } from './phone';

describe('normalisePhone', () => {
  it('turns a national number with its country into E.164, whatever the spacing', () => {
    expect(normalisePhone('701 123-45-67', 'KZ')).toBe('+77011234567');
    expect(normalisePhone('(701) 1234567', 'kz')).toBe('+77011234567');
    expect(normalisePhone('+7 701 123 45 67', 'KZ')).toBe('+77011234567');
    expect(normalisePhone('7400123456', 'GB')).toBe('+447400123456');
  });

  it('takes a full international number when no country is given', () => {
    expect(normalisePhone('+44 7400 123456', undefined)).toBe('+447400123456');
    expect(normalisePhone('77011234567', undefined)).toBe('+77011234567');
  });

  it('refuses numbers that break the country rules with util-validation keys on the given field', () => {
    const error = (() => {
      try {
        normalisePhone('70112', 'KZ', 'phone_number');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({ message: 'Invalid request', validation_errors: [{ field: 'phone_number', message: 'phone_min_length' }] });
    expect(() => normalisePhone('70112345678', 'KZ')).toThrow(ApiError);
  });

  it('masks all but the calling code and the last four digits', () => {
    expect(maskPhone('+77011234567')).toBe('+7******4567');
  });
});

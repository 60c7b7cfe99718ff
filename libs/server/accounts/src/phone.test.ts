import { fileURLToPath } from 'node:url';
import { DEFAULT_PHONE_RULES } from '@tessera/account/util-validation';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { platformDefaults } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@tessera/server/api-errors';
import { maskPhone, normalisePhone, phoneRulesOf } from './phone';

const defaults = phoneRulesOf(platformDefaults());
const demoBrands = fileURLToPath(new URL('../../../../brands', import.meta.url));

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.toBody() : error;
  }
  return undefined;
}

describe('normalisePhone', () => {
  it('turns a national number with its country into E.164, whatever the spacing', () => {
    expect(normalisePhone('701 123-45-67', 'KZ', defaults)).toBe('+77011234567');
    expect(normalisePhone('(701) 1234567', 'kz', defaults)).toBe('+77011234567');
    expect(normalisePhone('+7 701 123 45 67', 'KZ', defaults)).toBe('+77011234567');
    expect(normalisePhone('7400123456', 'GB', defaults)).toBe('+447400123456');
  });

  it('takes a full international number when no country is given', () => {
    expect(normalisePhone('+44 7400 123456', undefined, defaults)).toBe('+447400123456');
    expect(normalisePhone('77011234567', undefined, defaults)).toBe('+77011234567');
  });

  it('refuses numbers that break the country rules with util-validation keys on the given field', () => {
    const error = (() => {
      try {
        normalisePhone('70112', 'KZ', defaults, 'phone_number');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'phone_number', message: 'phone_min_length' }],
    });
    expect(() => normalisePhone('70112345678', 'KZ', defaults)).toThrow(ApiError);
  });

  it("reads the rules from configuration: the schema defaults are util-validation's defaults", () => {
    expect(defaults.countries).toEqual(DEFAULT_PHONE_RULES.countries.map((rule) => expect.objectContaining(rule)));
    expect(defaults.countries).toHaveLength(DEFAULT_PHONE_RULES.countries.length);
    expect(defaults).toMatchObject({ custom: [], minDigits: 6, maxDigits: 20 });
  });

  it('applies a brand override: PolarBet refuses Kazakh numbers of no mobile operator, which the defaults accept', async () => {
    const registry = await loadBrandRegistry({ brandsDir: demoBrands });
    const polar = phoneRulesOf(registry.resolve('polar-bet', 'kz', 'ru').config);
    expect(normalisePhone('701 123 45 67', 'KZ', polar)).toBe('+77011234567');
    expect(normalisePhone('7991234567', 'KZ', defaults)).toBe('+77991234567');
    expect(refusal(() => normalisePhone('7991234567', 'KZ', polar))).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'phone', message: 'validation_phone_incorrect' }],
    });
    // The override is the brand's, not the visitor's country's: a Russian visitor gets it too.
    expect(
      refusal(() => normalisePhone('7991234567', 'KZ', phoneRulesOf(registry.resolve('polar-bet', 'ru', 'ru').config))),
    ).toMatchObject({ validation_errors: [{ message: 'validation_phone_incorrect' }] });
  });

  it('honours the configured digit limits for numbers without a country', () => {
    const config = platformDefaults();
    const strict = phoneRulesOf({
      ...config,
      registration: { ...config.registration, phone: { ...config.registration.phone, maxDigits: 12 } },
    });
    expect(normalisePhone('+44 7400 123456', undefined, strict)).toBe('+447400123456');
    expect(refusal(() => normalisePhone('+1 234 567 890 1234', undefined, strict))).toEqual({
      message: 'Invalid request',
      validation_errors: [{ field: 'phone', message: 'phone_max_length' }],
    });
  });

  it('masks all but the calling code and the last four digits', () => {
    expect(maskPhone('+77011234567')).toBe('+7******4567');
  });
});

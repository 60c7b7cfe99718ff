import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_RULES, findPhoneCountryRule, phoneRulesFromSettings, type PhoneRules } from './phone-rules';
import { validatePhone } from './validate-phone';

describe('validatePhone (spec sections 5 and 9)', () => {
  it('is optional unless required', () => {
    expect(validatePhone('')).toEqual({ valid: true });
    expect(validatePhone('  ', { country: 'RU' })).toEqual({ valid: true });
    expect(validatePhone('', { required: true, label: 'Phone' })).toEqual({
      valid: false,
      key: 'required',
      params: { label: '"Phone"' },
    });
  });

  it('under 6 digits gives phone_min_length 6, with or without a country', () => {
    expect(validatePhone('12345')).toEqual({ valid: false, key: 'phone_min_length', params: { min: 6 } });
    expect(validatePhone('12-34-5', { country: 'ZZ' })).toEqual({
      valid: false,
      key: 'phone_min_length',
      params: { min: 6 },
    });
    expect(validatePhone('123456')).toEqual({ valid: true });
  });

  it('without a country allows at most 20 digits (phone_max_length)', () => {
    expect(validatePhone('1'.repeat(20))).toEqual({ valid: true });
    expect(validatePhone('1'.repeat(21))).toEqual({ valid: false, key: 'phone_max_length', params: { max: 20 } });
  });

  it('rejects characters a phone number does not have', () => {
    expect(validatePhone('912abc4567')).toEqual({ valid: false, key: 'validation_phone_incorrect' });
    expect(validatePhone('91+2345678')).toEqual({ valid: false, key: 'validation_phone_incorrect' });
  });

  it('accepts the usual separators', () => {
    expect(validatePhone('(912) 345-67.89', { country: 'RU' })).toEqual({ valid: true });
  });

  it('takes the country min and max from the validation list', () => {
    expect(validatePhone('912345678', { country: 'RU' })).toEqual({
      valid: false,
      key: 'phone_min_length',
      params: { min: 10 },
    });
    expect(validatePhone('91234567890', { country: 'RU' })).toEqual({
      valid: false,
      key: 'equal_length',
      params: { length: 10, min: 10, max: 10 },
    });
    expect(validatePhone('9123456789', { country: 'ru' })).toEqual({ valid: true });
    expect(validatePhone('9123456789', { country: 643 })).toEqual({ valid: true });
  });

  it('allows a range where the list gives one (DE 10 to 11)', () => {
    expect(validatePhone('1512345678', { country: 'DE' })).toEqual({ valid: true });
    expect(validatePhone('15123456789', { country: 'DE' })).toEqual({ valid: true });
    expect(validatePhone('151234567890', { country: 'DE' })).toMatchObject({
      key: 'equal_length',
      params: { length: 11 },
    });
  });

  it('without Min and Max in the list falls back to min 6 and the digits of the Mask', () => {
    const rules: PhoneRules = { countries: [{ CountryId: 1, Iso: 'XA', Mask: '12-345-678' }] };
    expect(validatePhone('1234567', { country: 1, rules })).toEqual({ valid: true });
    expect(validatePhone('123456789', { country: 1, rules })).toMatchObject({
      key: 'equal_length',
      params: { length: 8 },
    });
  });

  it('with a rule without Mask or Max, allows up to 20 digits', () => {
    const rules: PhoneRules = { countries: [{ CountryId: 1, Iso: 'XA', Min: 7 }] };
    expect(validatePhone('123456', { country: 1, rules })).toMatchObject({
      key: 'phone_min_length',
      params: { min: 7 },
    });
    expect(validatePhone('1'.repeat(20), { country: 1, rules })).toEqual({ valid: true });
    expect(validatePhone('1'.repeat(21), { country: 1, rules })).toMatchObject({
      key: 'phone_max_length',
      params: { max: 20 },
    });
  });

  it('for a country known only to libphonenumber, takes the max from its example number (equal_length)', () => {
    // FR mobile example 612345678: 9 national digits.
    expect(validatePhone('612345678', { country: 'FR', rules: { countries: [] } })).toEqual({ valid: true });
    expect(validatePhone('6123456789', { country: 'FR', rules: { countries: [] } })).toMatchObject({
      key: 'equal_length',
      params: { length: 9 },
    });
  });

  it('runs the library length check when configuration gives no limits of its own', () => {
    const rules: PhoneRules = { countries: [] };
    // TR: 9 digits is a length TR numbers never have.
    expect(validatePhone('501234567', { country: 'TR', rules })).toEqual({ valid: false, key: 'phone_invalid_length' });
    // US: 7 digits is too short.
    expect(validatePhone('2015550', { country: 'US', rules })).toEqual({ valid: false, key: 'phone_too_short' });
    expect(validatePhone('2015550123', { country: 'US', rules })).toEqual({ valid: true });
  });

  it('checks international numbers without a country with the library (national part 2 to 17 digits)', () => {
    expect(validatePhone('+7 912 345 67 89')).toEqual({ valid: true });
    expect(validatePhone('+1 ' + '2'.repeat(18))).toEqual({ valid: false, key: 'phone_too_long' });
    expect(validatePhone('+999 1234567')).toEqual({ valid: false, key: 'validation_phone_incorrect' });
  });

  it('removes a pasted +calling code of the selected country', () => {
    expect(validatePhone('+7 912 345 67 89', { country: 'RU' })).toEqual({ valid: true });
    expect(validatePhone('+44 7400 123456', { country: 'GB' })).toEqual({ valid: true });
  });

  describe('custom regex rules', () => {
    const rules: PhoneRules = {
      countries: DEFAULT_PHONE_RULES.countries,
      custom: [
        {
          fields: { country_id: 398, phone: '^7(?!0[0-8]|47|7[15])' },
          action: { message: 'phone_kz_unknown_operator' },
        },
        { fields: { country_id: 643, phone: '^(?!9)' }, action: { message: 'phone_ru_mobile_only' } },
        { fields: { country_id: 804, phone: '[' }, action: { message: 'never_shown' } },
      ],
    };

    it('gives the rule message when the rule matches the national digits', () => {
      expect(validatePhone('7991234567', { country: 'KZ', rules })).toEqual({
        valid: false,
        key: 'phone_kz_unknown_operator',
      });
      expect(validatePhone('4951234567', { country: 'RU', rules })).toEqual({
        valid: false,
        key: 'phone_ru_mobile_only',
      });
    });

    it('passes when no rule of the country matches', () => {
      expect(validatePhone('7011234567', { country: 'KZ', rules })).toEqual({ valid: true });
      expect(validatePhone('9123456789', { country: 'RU', rules })).toEqual({ valid: true });
    });

    it('applies only to its own country', () => {
      expect(validatePhone('5012345678', { country: 'TR', rules })).toEqual({ valid: true });
    });

    it('comes before the country min and max', () => {
      expect(validatePhone('495123', { country: 'RU', rules })).toEqual({ valid: false, key: 'phone_ru_mobile_only' });
    });

    it('ignores a rule whose pattern does not compile instead of locking the country out', () => {
      expect(validatePhone('501234567', { country: 'UA', rules })).toEqual({ valid: true });
    });
  });

  it('accepts the example mask of every default country', () => {
    for (const rule of DEFAULT_PHONE_RULES.countries) {
      expect(validatePhone(rule.Mask, { country: rule.Iso })).toEqual({ valid: true });
    }
  });

  it('finds rules by id or ISO code in any case', () => {
    expect(findPhoneCountryRule(DEFAULT_PHONE_RULES, 'kz')?.CountryId).toBe(398);
    expect(findPhoneCountryRule(DEFAULT_PHONE_RULES, 398)?.Iso).toBe('KZ');
    expect(findPhoneCountryRule(DEFAULT_PHONE_RULES, 'XX')).toBeUndefined();
  });

  describe('rules from configuration (registration.phone)', () => {
    it('honours the configured minDigits and maxDigits', () => {
      const rules = phoneRulesFromSettings({ minDigits: 8, maxDigits: 12, countries: {} });
      expect(validatePhone('1234567', { rules })).toEqual({
        valid: false,
        key: 'phone_min_length',
        params: { min: 8 },
      });
      expect(validatePhone('1234567890123', { rules })).toEqual({
        valid: false,
        key: 'phone_max_length',
        params: { max: 12 },
      });
      expect(validatePhone('123456789012', { rules })).toEqual({ valid: true });
      // A country rule without Min falls back to minDigits.
      const gb = phoneRulesFromSettings({
        minDigits: 8,
        countries: { GB: { CountryId: 826, PhoneCode: '44', Max: 10 } },
      });
      expect(validatePhone('7400123', { country: 'GB', rules: gb })).toEqual({
        valid: false,
        key: 'phone_min_length',
        params: { min: 8 },
      });
    });

    it('turns countries keyed by ISO code and custom rules keyed by id into the rule lists; null removes an entry', () => {
      const rules = phoneRulesFromSettings({
        countries: {
          IE: { CountryId: 372, PhoneCode: '353', Mask: '85-012-3456', Min: 9, Max: 9, FirstDigits: '8' },
          GB: null,
        },
        customRules: {
          'ie-mobile-only': {
            fields: { country_id: 372, phone: '^[^8]' },
            action: { message: 'validation_phone_incorrect' },
          },
          gone: null,
        },
      });
      expect(rules.countries).toEqual([
        { Iso: 'IE', CountryId: 372, PhoneCode: '353', Mask: '85-012-3456', Min: 9, Max: 9, FirstDigits: '8' },
      ]);
      expect(validatePhone('851234567', { country: 'IE', rules })).toEqual({ valid: true });
      expect(validatePhone('+353 85 123 4567', { country: 'IE', rules })).toEqual({ valid: true });
      expect(validatePhone('121234567', { country: 'IE', rules })).toEqual({
        valid: false,
        key: 'validation_phone_incorrect',
      });
      expect(validatePhone('8512345678', { country: 'IE', rules })).toEqual({
        valid: false,
        key: 'equal_length',
        params: { length: 9, min: 9, max: 9 },
      });
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPhoneMask, buildPhoneMask, countMaskSlots, normalizePhoneInput, phoneInputView } from './phone-input';
import { DEFAULT_PHONE_RULES, findPhoneCountryRule, type PhoneCountryRule } from './phone-rules';
import { countryCallingCode } from './phone-metadata';

const ru = findPhoneCountryRule(DEFAULT_PHONE_RULES, 'RU') as PhoneCountryRule;
const kz = findPhoneCountryRule(DEFAULT_PHONE_RULES, 'KZ') as PhoneCountryRule;
const ua = findPhoneCountryRule(DEFAULT_PHONE_RULES, 'UA') as PhoneCountryRule;

describe('buildPhoneMask (spec section 5, phone input)', () => {
  it('takes the country Mask with dashes turned into spaces, # slots while focused', () => {
    expect(buildPhoneMask(ru, { focused: true })).toBe('### ### ## ##');
  });

  it('shows * slots when not focused', () => {
    expect(buildPhoneMask(ru, { focused: false })).toBe('*** *** ** **');
  });

  it('pads with zeros (slots) up to Max', () => {
    const rule: PhoneCountryRule = { CountryId: 1, Mask: '12-34', Max: 7 };
    expect(buildPhoneMask(rule, { focused: true })).toBe('## #####');
  });

  it('pads to Max minus the cut count, and drops trailing slots when the Mask is longer', () => {
    const rule: PhoneCountryRule = { CountryId: 1, Mask: '12-34', Max: 7 };
    expect(buildPhoneMask(rule, { focused: true, cut: 2 })).toBe('## ###');
    expect(buildPhoneMask(ru, { focused: true, cut: 3 })).toBe('### ### #');
  });

  it('without a Mask offers Max (default 20) slots', () => {
    expect(buildPhoneMask(undefined, { focused: true })).toBe('#'.repeat(20));
    expect(buildPhoneMask({ CountryId: 1, Max: 8 }, { focused: false })).toBe('*'.repeat(8));
  });

  it('never leaks a digit of the Mask example, focused or not', () => {
    const rule = fc.record({
      CountryId: fc.integer(),
      Mask: fc.stringMatching(/^[0-9٠-٩]{1,4}(-[0-9٠-٩]{1,4}){0,4}$/),
      Max: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(rule, fc.boolean(), fc.integer({ min: 0, max: 5 }), (r, focused, cut) => {
        const mask = buildPhoneMask(r, { focused, cut });
        expect(mask).not.toMatch(/\p{Nd}/u);
        const max = r.Max ?? r.Mask.match(/\p{Nd}/gu)?.length ?? 0;
        expect(countMaskSlots(mask)).toBe(Math.max(0, max - cut));
      }),
    );
  });
});

describe('normalizePhoneInput', () => {
  it('keeps digits only and trims to the mask digit count', () => {
    expect(normalizePhoneInput('912-345-67-89-00', { rule: ru })).toBe('9123456789');
    expect(normalizePhoneInput('50 123 45 67 8', { rule: ua })).toBe('501234567');
  });

  it('for RU clears the value unless the first digit is 9', () => {
    expect(normalizePhoneInput('9', { rule: ru })).toBe('9');
    expect(normalizePhoneInput('8 912 345 67 89', { rule: ru })).toBe('');
    expect(normalizePhoneInput('4951234567', { iso: 'ru' })).toBe('');
  });

  it('for KZ clears the value unless the first digit is 6 or 7', () => {
    expect(normalizePhoneInput('7011234567', { rule: kz })).toBe('7011234567');
    expect(normalizePhoneInput('6', { rule: kz })).toBe('6');
    expect(normalizePhoneInput('5011234567', { rule: kz })).toBe('');
    expect(normalizePhoneInput('5', { iso: 'KZ' })).toBe('');
  });

  it('applies the KZ and RU rules even when a configured rule does not say, and lets a rule turn them off', () => {
    expect(normalizePhoneInput('8', { rule: { CountryId: 643, Iso: 'RU', Mask: '912-345-67-89' } })).toBe('');
    expect(
      normalizePhoneInput('8', { rule: { CountryId: 643, Iso: 'RU', Mask: '912-345-67-89', FirstDigits: '' } }),
    ).toBe('8');
  });

  it('keeps only digits, never more than the mask takes, and for RU only numbers starting with 9', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789+-() a'.split('')), maxLength: 30 }), (text) => {
        const digits = normalizePhoneInput(text, { rule: ru });
        expect(digits).toMatch(/^(?:9\d{0,9})?$/);
        const free = normalizePhoneInput(text, { rule: ua });
        expect(free).toMatch(/^\d{0,9}$/);
      }),
    );
  });

  it('puts no first-digit rule on other countries', () => {
    expect(normalizePhoneInput('1234', { rule: ua })).toBe('1234');
  });

  it('removes a pasted +calling code of the country', () => {
    expect(normalizePhoneInput('+7 (912) 345-67-89', { rule: ru })).toBe('9123456789');
    expect(normalizePhoneInput('+380 50 123 45 67', { rule: ua })).toBe('501234567');
  });

  it('removes the +calling code of a country without a rule only when the caller knows it (the phone metadata)', () => {
    expect(countryCallingCode('fr')).toBe('33');
    expect(countryCallingCode('XX')).toBeUndefined();
    expect(normalizePhoneInput('+33 6 12 34 56 78', { iso: 'FR', callingCode: '33' })).toBe('612345678');
    expect(normalizePhoneInput('+33 6 12 34 56 78', { iso: 'FR' })).toBe('33612345678');
  });
});

describe('phoneInputView', () => {
  it('is a tel input with the digits laid out in the mask groups', () => {
    expect(phoneInputView('91234', { rule: ru, focused: true })).toEqual({
      type: 'tel',
      mask: '### ### ## ##',
      digits: '91234',
      formatted: '912 34',
      maxDigits: 10,
    });
  });

  it('switches the mask slots with focus', () => {
    expect(phoneInputView('', { rule: ru, focused: false }).mask).toBe('*** *** ** **');
  });
});

describe('applyPhoneMask', () => {
  it('stops after the last digit', () => {
    expect(applyPhoneMask('912', '### ### ## ##')).toBe('912');
    expect(applyPhoneMask('9123', '### ### ## ##')).toBe('912 3');
    expect(applyPhoneMask('', '###')).toBe('');
  });
});

import {
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import {
  DEFAULT_PHONE_RULES,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  countMaskDigits,
  findPhoneCountryRule,
  phoneCountryIso,
  type PhoneCountry,
  type PhoneCountryRule,
  type PhoneRules,
} from './phone-rules';
import { validateRequired } from './validate-fields';
import { invalid, valid, type ValidationResult } from './validation-result';

/** Options of {@link validatePhone}. */
export interface ValidatePhoneOptions {
  /** Country of the number (ISO alpha-2 or CountryId); without it only the generic 6 to 20 digits apply. */
  readonly country?: PhoneCountry;
  /** Whether an empty value fails with `required`; phones are optional by default. */
  readonly required?: boolean;
  /** Label for the required message. */
  readonly label?: string;
  /** Country list, custom rules and limits from configuration ({@link phoneRulesFromSettings}); defaults to {@link DEFAULT_PHONE_RULES}. */
  readonly rules?: PhoneRules;
}

/** Digits, spaces, dashes, dots, parentheses, and one leading plus: what people type or paste as a phone. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * Validates a phone number (spec sections 5 and 9). Order: empty (optional unless required); stray characters
 * (validation_phone_incorrect); fewer than 6 digits (phone_min_length, min 6); then by country: custom regex rules
 * (their own message), the country's Min (phone_min_length) and Max (equal_length; Max falls back to the digits of
 * the country's Mask, then of libphonenumber's example number); without a country at most 20 digits
 * (phone_max_length). libphonenumber's length check (TOO_SHORT, TOO_LONG, INVALID_LENGTH) runs when configuration
 * gives the country no Min or Max of its own, and for international numbers (leading +) without a country.
 * The value is the national number; a leading +calling code of the selected country is removed first.
 */
export function validatePhone(value: string | null | undefined, options: ValidatePhoneOptions = {}): ValidationResult {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? validateRequired(text, options.label ?? '') : valid();
  if (!PHONE_CHARACTERS.test(text)) return invalid('validation_phone_incorrect');

  const rules = options.rules ?? DEFAULT_PHONE_RULES;
  const rule = findPhoneCountryRule(rules, options.country);
  const iso = libraryCountry(phoneCountryIso(options.country, rule));
  const international = text.startsWith('+');
  const digits = nationalDigits(text.replace(/\D/g, ''), international, rule, iso);

  const minDigits = rules.minDigits ?? PHONE_MIN_DIGITS;
  const maxDigits = rules.maxDigits ?? PHONE_MAX_DIGITS;
  if (digits.length < minDigits) return invalid('phone_min_length', { min: minDigits });

  if (rule === undefined && iso === undefined) {
    if (digits.length > maxDigits) return invalid('phone_max_length', { max: maxDigits });
    return international ? libraryLengthCheck(text, undefined) : valid();
  }

  for (const custom of rules.custom ?? []) {
    if (rule === undefined || custom.fields.country_id !== rule.CountryId) continue;
    if (compileRule(custom.fields.phone)?.test(digits)) return invalid(custom.action.message);
  }

  const min = rule?.Min ?? minDigits;
  if (digits.length < min) return invalid('phone_min_length', { min });
  const max = countryMaxDigits(rule, iso);
  if (max === undefined) {
    if (digits.length > maxDigits) return invalid('phone_max_length', { max: maxDigits });
  } else if (digits.length > max) {
    return invalid('equal_length', { length: max, min, max });
  }

  const configured = rule?.Min !== undefined || rule?.Max !== undefined;
  return configured || iso === undefined ? valid() : libraryLengthCheck(digits, iso);
}

function libraryCountry(iso: string | undefined): CountryCode | undefined {
  return iso !== undefined && isSupportedCountry(iso) ? iso : undefined;
}

function nationalDigits(
  digits: string,
  international: boolean,
  rule: PhoneCountryRule | undefined,
  iso: CountryCode | undefined,
): string {
  if (!international) return digits;
  const code = rule?.PhoneCode ?? (iso === undefined ? undefined : getCountryCallingCode(iso));
  return code !== undefined && digits.startsWith(code) ? digits.slice(code.length) : digits;
}

function countryMaxDigits(rule: PhoneCountryRule | undefined, iso: CountryCode | undefined): number | undefined {
  if (rule?.Max !== undefined) return rule.Max;
  if (rule?.Mask) return countMaskDigits(rule.Mask);
  if (iso === undefined) return undefined;
  return getExampleNumber(iso, examples)?.nationalNumber.length;
}

/** Configuration may carry a broken pattern; it must not lock every user of the country out, so it is ignored. */
function compileRule(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

function libraryLengthCheck(input: string, iso: CountryCode | undefined): ValidationResult {
  switch (validatePhoneNumberLength(input, iso)) {
    case undefined:
      return valid();
    case 'INVALID_COUNTRY':
    case 'NOT_A_NUMBER':
      return invalid('validation_phone_incorrect');
    case 'TOO_SHORT':
      return invalid('phone_too_short');
    case 'TOO_LONG':
      return invalid('phone_too_long');
    case 'INVALID_LENGTH':
      return invalid('phone_invalid_length');
  }
  return valid();
}

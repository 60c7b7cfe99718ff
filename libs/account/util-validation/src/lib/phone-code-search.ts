import { normalizeNumericInput } from './numeric-input';

/** Placeholder of the phone-code search field. */
export const PHONE_CODE_SEARCH_PLACEHOLDER = 'xxx';
/** Most digits a calling code search takes (spec section 9). */
export const PHONE_CODE_SEARCH_MAX_DIGITS = 3;

/** The normalised phone-code search: what the field shows and the digits to search by. */
export interface PhoneCodeSearch {
  /** Shown text: `+` followed by the digits, or empty when there are none. */
  readonly text: string;
  /** Calling code digits to match, without the plus. */
  readonly digits: string;
}

/**
 * Normalises the phone-code search (spec section 5): numeric, unsigned, whole, at most 3 digits; the shown text
 * gains a leading plus as soon as there is a digit and loses it when the digits are gone.
 */
export function normalizePhoneCodeSearch(text: string): PhoneCodeSearch {
  const digits = normalizeNumericInput(text.replace(/\D/g, ''), { unsigned: true, accuracy: 0 }).text.slice(
    0,
    PHONE_CODE_SEARCH_MAX_DIGITS,
  );
  return { text: digits === '' ? '' : `+${digits}`, digits };
}

/** Lower-cases a country code the way phone country items carry it (`KZ` to `kz`). */
export function normalizeCountryCode(code: string): string {
  return code.trim().toLowerCase();
}

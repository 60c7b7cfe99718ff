import { DEFAULT_PHONE_FIRST_DIGITS, PHONE_MAX_DIGITS, countMaskDigits, type PhoneCountryRule } from './phone-rules';

/** Slot character of the mask while the input has focus (the mask engine's digit token). */
export const PHONE_MASK_FOCUSED_SLOT = '#';
/** Slot character of the mask shown while the input is not focused. */
export const PHONE_MASK_BLURRED_SLOT = '*';

/** Options of {@link buildPhoneMask}. */
export interface PhoneMaskOptions {
  readonly focused: boolean;
  /**
   * Digits of the rule's Max that are not typed in this input (for example a prefix the country selector already
   * shows); the mask is padded to Max minus this count.
   */
  readonly cut?: number;
  /** Slots of a mask without a rule or Mask (configuration's registration.phone.maxDigits); default 20. */
  readonly maxDigits?: number;
}

/**
 * The input mask of a country (spec section 5): its Mask with dashes turned into spaces, padded with zeros to
 * Max minus `cut` digits, every digit slot shown as # while focused and * otherwise. The example digits of the
 * Mask never reach the result. Without a Mask: Max (default 20) slots in one group.
 */
export function buildPhoneMask(rule: PhoneCountryRule | undefined, options: PhoneMaskOptions): string {
  const slot = options.focused ? PHONE_MASK_FOCUSED_SLOT : PHONE_MASK_BLURRED_SLOT;
  const base = (rule?.Mask ?? '').replace(/-/g, ' ').trim();
  const baseDigits = countMaskDigits(base);
  const max = rule?.Max ?? (base === '' ? (options.maxDigits ?? PHONE_MAX_DIGITS) : baseDigits);
  const target = Math.max(0, max - (options.cut ?? 0));
  return fitMask(base, target).replace(/\p{Nd}/gu, slot);
}

/** Pads a mask example with zeros, or drops its trailing slots, until it holds exactly `slots` digits. */
function fitMask(mask: string, slots: number): string {
  const digits = countMaskDigits(mask);
  if (digits <= slots) return `${mask}${'0'.repeat(slots - digits)}`;
  let kept = 0;
  let out = '';
  for (const char of mask) {
    if (/\p{Nd}/u.test(char)) {
      if (kept === slots) break;
      kept += 1;
    }
    out += char;
  }
  return out.trimEnd();
}

/** Number of digits a mask accepts. */
export function countMaskSlots(mask: string): number {
  return [...mask].filter((c) => c === PHONE_MASK_FOCUSED_SLOT || c === PHONE_MASK_BLURRED_SLOT || /\p{Nd}/u.test(c))
    .length;
}

/** Options of {@link normalizePhoneInput}. */
export interface NormalizePhoneInputOptions {
  readonly rule?: PhoneCountryRule;
  /** ISO alpha-2 code when no rule is known; picks the spec's KZ and RU first-digit rules. */
  readonly iso?: string;
  readonly cut?: number;
  /** Digits accepted without a rule (configuration's registration.phone.maxDigits); default 20. */
  readonly maxDigits?: number;
  /**
   * The country's calling code when no rule gives one (`countryCallingCode`, or `loadCountryCallingCode` in the
   * browser): a pasted `+<code>` is removed only when it is known. This module carries no phone metadata, so a phone
   * input paints without it.
   */
  readonly callingCode?: string;
}

/**
 * The national digits an input keeps from typed or pasted text: non-digits dropped, a pasted +calling code of the
 * country removed, trimmed to the mask's digit count; cleared when the first digit is not allowed (KZ: 6 or 7,
 * RU: 9, or the rule's FirstDigits).
 */
export function normalizePhoneInput(text: string, options: NormalizePhoneInputOptions = {}): string {
  const { rule } = options;
  const iso = (rule?.Iso ?? options.iso ?? '').toUpperCase();
  let digits = text.replace(/\D/g, '');
  const code = rule?.PhoneCode ?? options.callingCode;
  if (text.trim().startsWith('+') && code !== undefined && digits.startsWith(code)) digits = digits.slice(code.length);
  digits = digits.slice(0, countMaskSlots(buildPhoneMask(rule, maskOptions(true, options))));
  const allowed = rule?.FirstDigits ?? DEFAULT_PHONE_FIRST_DIGITS[iso] ?? '';
  const first = digits[0];
  if (first !== undefined && allowed !== '' && !allowed.includes(first)) return '';
  return digits;
}

function maskOptions(focused: boolean, options: NormalizePhoneInputOptions): PhoneMaskOptions {
  return {
    focused,
    cut: options.cut ?? 0,
    ...(options.maxDigits === undefined ? {} : { maxDigits: options.maxDigits }),
  };
}

/** Writes digits into a mask's slots, stopping after the last digit (no trailing separators or empty slots). */
export function applyPhoneMask(digits: string, mask: string): string {
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === PHONE_MASK_FOCUSED_SLOT || char === PHONE_MASK_BLURRED_SLOT) {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** What a phone input renders: the attributes and the value, derived from the typed text. */
export interface PhoneInputView {
  readonly type: 'tel';
  /** Mask with # slots while focused, * slots otherwise. */
  readonly mask: string;
  /** The national digits kept (what the form submits). */
  readonly digits: string;
  /** The digits laid out in the mask's groups. */
  readonly formatted: string;
  /** How many digits the input accepts. */
  readonly maxDigits: number;
}

/** Derives the phone input's view from typed text and focus (spec section 5, phone input). */
export function phoneInputView(
  text: string,
  options: NormalizePhoneInputOptions & { readonly focused: boolean },
): PhoneInputView {
  const mask = buildPhoneMask(options.rule, maskOptions(options.focused, options));
  const digits = normalizePhoneInput(text, options);
  return { type: 'tel', mask, digits, formatted: applyPhoneMask(digits, mask), maxDigits: countMaskSlots(mask) };
}

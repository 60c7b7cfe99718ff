import { invalid, valid, type ValidationResult } from './validation-result';

/** Options of {@link validateRequired}. */
export interface ValidateRequiredOptions {
  /** Quote marks around the label; the spec puts the label in quotes, a locale may prefer « ». */
  readonly quotes?: readonly [open: string, close: string];
}

/**
 * Fails with `required` (params.label: the field label in quotes) when the value is absent: null, undefined,
 * NaN, a blank string, an empty array, or `false` (an unticked mandatory checkbox). Zero is a value.
 */
export function validateRequired(value: unknown, label: string, options: ValidateRequiredOptions = {}): ValidationResult {
  const [open, close] = options.quotes ?? ['"', '"'];
  return isBlank(value) ? invalid('required', { label: `${open}${label}${close}` }) : valid();
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Latin letters, the Latin extended blocks (accented letters: é, ß, ł, ş, ế), backtick, apostrophe, whitespace
 * and hyphen. The typographic apostrophe (’) counts as an apostrophe because phone keyboards type it for '.
 * Whitespace means space separators (\p{Zs}): a name is one line, so tabs, line breaks and the byte-order mark
 * (which `\s` would let in) are refused.
 */
const NAME_PATTERN = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF`'\u2019\p{Zs}-]+$/u;

/** Validates a person's name: empty passes (pair with {@link validateRequired}); other symbols give password_available_symbols. */
export function validateName(value: string | null | undefined): ValidationResult {
  if (value === null || value === undefined || value === '') return valid();
  return NAME_PATTERN.test(value) ? valid() : invalid('password_available_symbols');
}

/** Which characters an SMS or app code may contain. */
export type SmsCodeMask = 'numbers' | 'letters' | 'numbers-with-letters';

const SMS_MASK_PATTERNS: Readonly<Record<SmsCodeMask, RegExp>> = {
  numbers: /^\d+$/,
  letters: /^[A-Za-z]+$/,
  'numbers-with-letters': /^[A-Za-z\d]+$/,
};

/** Options of {@link validateSmsCode}. */
export interface ValidateSmsCodeOptions {
  /** Exact number of symbols of the code (the server says it, e.g. code_length). */
  readonly length: number;
  /** Fewest symbols before min_symbols_limit stops showing; defaults to `length`. */
  readonly minLength?: number;
  /** Allowed characters; defaults to numbers with letters. */
  readonly mask?: SmsCodeMask;
  /** Label for the required message. */
  readonly label?: string;
}

/**
 * Validates an SMS code (spec section 5): required after trimming; fewer symbols than the minimum (spaces removed)
 * gives min_symbols_limit; any other length than `length` gives phone_min_length; characters outside the mask give
 * auth_incorrect_code.
 */
export function validateSmsCode(value: string | null | undefined, options: ValidateSmsCodeOptions): ValidationResult {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return validateRequired(trimmed, options.label ?? '');
  const code = trimmed.replace(/\s+/g, '');
  const min = options.minLength ?? options.length;
  if (code.length < min) return invalid('min_symbols_limit', { min });
  if (code.length !== options.length) return invalid('phone_min_length', { length: options.length });
  const pattern = SMS_MASK_PATTERNS[options.mask ?? 'numbers-with-letters'];
  return pattern.test(code) ? valid() : invalid('auth_incorrect_code');
}

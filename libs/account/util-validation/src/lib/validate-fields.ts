import { validatePlainText } from './validate-plain-text';
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
export function validateRequired(
  value: unknown,
  label: string,
  options: ValidateRequiredOptions = {},
): ValidationResult {
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
 * A name is letters of any script (\p{L}) with their combining marks (\p{M}: accents, Arabic harakat, Hebrew niqqud,
 * Indic vowel signs), joined by spaces (\p{Zs}: one line, so no tabs or line breaks), hyphens, apostrophes (also ’,
 * which phone keyboards type for ') and the backtick.
 */
const NAME_CHARACTERS = /^(?:[\p{L}\p{M}\p{Zs}`'\u2019-]|\u200C|\u200D)+$/u;
/**
 * Letters and marks that show nothing: the Hangul fillers, variation selectors, the combining grapheme joiner, Khmer
 * inherent vowels and Mongolian free variation selectors. Two names that differ only by them look alike.
 */
const INVISIBLE_LETTER =
  /\u034F|\u115F|\u1160|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F|\u3164|\uFFA0|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;
/** A mark that follows nothing it could combine with: at the start, or after a space or punctuation. */
const STRAY_MARK = /(^|[^\p{L}\p{M}])\p{M}/u;
/** More combining marks on one letter than any script writes (Hebrew: dagesh, vowel and accent): "Zalgo" text. */
const MARK_PILE = /\p{M}{5}/u;
/**
 * The zero-width non-joiner and joiner shape Persian and Indic spelling between two letters; anywhere else (at an end,
 * beside a space or each other) they only hide.
 */
const STRAY_JOINER = /(?:^|[^\p{L}\p{M}])(?:\u200C|\u200D)|(?:\u200C|\u200D)(?:$|[^\p{L}\p{M}])/u;

/**
 * Validates a person's name: empty passes (pair with {@link validateRequired}). Letters of every script are welcome
 * (util-validation README, "Names of every script"); control, bidirectional and zero-width characters give validation_hidden_symbols (the
 * {@link validatePlainText} set), and so do invisible letters and stray joiners; digits, other symbols, a name without a
 * letter, a mark with no letter before it and piles of marks give password_available_symbols (the spec's key).
 */
export function validateName(value: string | null | undefined): ValidationResult {
  if (value === null || value === undefined || value === '') return valid();
  if (!validatePlainText(value).valid || INVISIBLE_LETTER.test(value) || STRAY_JOINER.test(value))
    return invalid('validation_hidden_symbols');
  const wellFormed =
    NAME_CHARACTERS.test(value) && /\p{L}/u.test(value) && !STRAY_MARK.test(value) && !MARK_PILE.test(value);
  return wellFormed ? valid() : invalid('password_available_symbols');
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

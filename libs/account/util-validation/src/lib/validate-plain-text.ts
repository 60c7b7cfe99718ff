import { invalid, valid, type ValidationResult } from './validation-result';

/**
 * Characters no free-text field of an account may hold, because a person cannot see them but software acts on
 * them:
 * - control characters (C0 with tab and line breaks, DEL, C1) and the line and paragraph separators;
 * - bidirectional formatting (embeddings, overrides, isolates, and the LRM, RLM and ALM marks): they reorder what
 *   an operator or another player is shown ("Trojan Source", CVE-2021-42574);
 * - invisible characters that make two different texts look alike: zero-width space, word joiner and the invisible
 *   operators, the byte-order mark, the soft hyphen and the Mongolian vowel separator;
 * - lone surrogates (not text: they cannot be written as UTF-8) and the noncharacters U+FDD0–U+FDEF, U+FFFE, U+FFFF.
 *
 * The zero-width non-joiner and joiner (U+200C, U+200D) are allowed: Persian spelling and emoji sequences need them.
 */
const HIDDEN_CHARACTER =
  /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u00AD\u180E\uFDD0-\uFDEF\uFFFE\uFFFF]/u;
const HIDDEN_CHARACTERS = new RegExp(HIDDEN_CHARACTER.source, 'gu');

/**
 * Validates a single-line free text (a secure question or answer, a name, an address): empty passes; any character
 * of the hidden set above gives validation_hidden_symbols.
 */
export function validatePlainText(value: string | null | undefined): ValidationResult {
  if (value === null || value === undefined || value === '') return valid();
  return HIDDEN_CHARACTER.test(value) ? invalid('validation_hidden_symbols') : valid();
}

/**
 * The text without the hidden characters of {@link validatePlainText}, for text the site cannot refuse (a name an
 * identity provider sends). Line breaks and tabs become spaces so words stay apart.
 */
export function stripHiddenCharacters(value: string): string {
  return value.replace(/[\t\n\r\u2028\u2029]/g, ' ').replace(HIDDEN_CHARACTERS, '');
}

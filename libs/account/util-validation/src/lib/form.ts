import type { ValidationResult } from './validation-result';

/** Most characters of a search query (spec section 9). */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/**
 * Cuts search text to at most `max` characters (not rejected: the person keeps what fits). Characters are Unicode
 * code points, so an emoji is never split into a broken half.
 */
export function limitSearchText(text: string, max: number = SEARCH_TEXT_MAX_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, Math.max(0, max)).join('');
}

/** A field's state as the form sees it. */
export interface FormFieldState {
  /** Hidden fields (switched off by configuration or by another answer) never block the form; default visible. */
  readonly visible?: boolean;
  /** The field's latest validation result; absent means not validated yet, which is no error. */
  readonly result?: ValidationResult;
}

/** Whether a form may be submitted: valid only if no visible field has an error. */
export function isFormValid(fields: Readonly<Record<string, FormFieldState>> | readonly FormFieldState[]): boolean {
  const list: readonly FormFieldState[] = Array.isArray(fields) ? fields : Object.values(fields);
  return list.every((field) => field.visible === false || field.result === undefined || field.result.valid);
}

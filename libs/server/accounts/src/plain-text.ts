import { validatePlainText } from '@tessera/account/util-validation';
import { ApiError } from '@tessera/server/api-errors';

/**
 * Refuses free text an account would store with control, bidirectional or invisible characters (util-validation's
 * `validatePlainText`): 422 in the error shape, one `validation_errors` entry per field with the dictionary key
 * `validation_hidden_symbols`, before anything is written. Undefined fields are skipped.
 */
export function assertPlainText(fields: Readonly<Record<string, string | undefined>>): void {
  const validation_errors = Object.entries(fields)
    .filter(([, value]) => value !== undefined && !validatePlainText(value).valid)
    .map(([field]) => ({ field, message: 'validation_hidden_symbols' }));
  if (validation_errors.length > 0) {
    throw new ApiError(422, 'Invalid request', { detail: 'Remove invisible or control characters', validation_errors });
  }
}

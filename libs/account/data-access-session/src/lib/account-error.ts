import { HTTPError } from '@tessera/shared/data-access-api';
import { CaptchaDismissedError } from '@tessera/shared/data-access-captcha';

/** Dictionary keys (namespace `account`) of the errors an account form shows above its fields. */
export type AccountErrorKey =
  | 'error.network'
  | 'error.server'
  | 'error.rateLimited'
  | 'error.forbidden'
  | 'error.credentials'
  | 'error.wrongCode'
  | 'error.expiredCode'
  | 'error.wrongAnswer'
  | 'error.invalid'
  | 'error.conflict'
  | 'error.captcha'
  | 'error.sessionEnded';

/** A failed account call, in the terms a form shows: one message and, where the server named them, field errors. */
export interface AccountError {
  key: AccountErrorKey;
  /** The server's detail text, for messages that quote it (409 conflicts). */
  detail: string | undefined;
  /** Field (server name, last path segment) to the server's message or a validation dictionary key. */
  fields: Record<string, string>;
  /** error_code of the answer (2 = wrong SMS code of two-factor enabling). */
  errorCode: number | undefined;
}

/** What a 422 means depends on the form: a wrong code, a wrong answer, or field errors. */
export type RejectionMeaning = 'credentials' | 'code' | 'answer' | 'fields';

/**
 * Classifies a thrown account call error (spec section 8 error shape). Sign-in failures all read the same
 * ('error.credentials') whatever the server said, so the screen never hints whether an account exists.
 */
export function toAccountError(error: unknown, meaning: RejectionMeaning = 'fields'): AccountError {
  const base = { detail: undefined, fields: {}, errorCode: undefined };
  if (error instanceof CaptchaDismissedError) return { ...base, key: 'error.captcha' };
  if (!(error instanceof HTTPError)) return { ...base, key: 'error.network' };
  const fields: Record<string, string> = {};
  for (const issue of error.validationErrors) {
    const name = issue.field.split('.').pop() ?? issue.field;
    fields[name] ??= issue.message;
  }
  const common = { detail: error.detail ?? error.body.message, fields, errorCode: error.errorCode };
  switch (error.status) {
    case 429:
      return { ...common, key: 'error.rateLimited' };
    case 428:
      // The sign-in wants the captcha from this device (libs/server/accounts README, "Sign-in lockout"); the form runs it and retries, so this is only
      // what is left when that could not happen.
      return { ...common, fields: {}, key: 'error.captcha' };
    case 410:
      return { ...common, key: 'error.expiredCode' };
    case 409:
      return { ...common, key: 'error.conflict' };
    case 403:
      return { ...common, key: 'error.forbidden' };
    case 401:
      if (meaning === 'credentials') return { ...common, fields: {}, key: 'error.credentials' };
      return { ...common, key: meaning === 'code' ? 'error.wrongCode' : 'error.sessionEnded' };
    case 400:
    case 422:
      if (meaning === 'credentials') return { ...common, fields: {}, key: 'error.credentials' };
      if (meaning === 'code') return { ...common, key: 'error.wrongCode' };
      if (meaning === 'answer') return { ...common, key: 'error.wrongAnswer' };
      return { ...common, key: 'error.invalid' };
    default:
      return { ...common, key: error.status === 0 ? 'error.network' : 'error.server' };
  }
}

import { HTTPError, NetworkError, RequestTimeoutError } from '@tessera/shared/data-access-api';

/**
 * What went wrong in a sign-in step, as the page explains it: refused (wrong e-mail, password or code), throttled
 * (too many attempts), expired (the half-finished sign-in ended: start again), offline, or a server failure.
 * A code that is not six digits is `format`, found before anything is sent.
 */
export type SignInErrorKind = 'refused' | 'throttled' | 'expired' | 'offline' | 'failed' | 'format';

/** The step a call belonged to: the password, or a code (first enrolment or a later sign-in). */
export type SignInStep = 'password' | 'code';

/**
 * Classifies a failed sign-in call (libs/server/backoffice README, "Operators and sessions"). At the code step a 401
 * naming the `code` field is a wrong code; any other 401 or a 409 means the half-session is gone (10 minutes passed,
 * or it was finished elsewhere), so the operator starts again.
 */
export function toSignInErrorKind(error: unknown, step: SignInStep): SignInErrorKind {
  if (error instanceof HTTPError) {
    if (error.status === 429) return 'throttled';
    if (step === 'password') return [400, 401, 422].includes(error.status) ? 'refused' : 'failed';
    if (error.status === 401) {
      return error.validationErrors.some((item) => item.field === 'code') ? 'refused' : 'expired';
    }
    if (error.status === 400 || error.status === 422) return 'refused';
    if (error.status === 409) return 'expired';
    return 'failed';
  }
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) return 'offline';
  return 'failed';
}

/** Whether the error ended the half-session: the code step cannot go on, the operator starts with the password. */
export function endsHalfSession(kind: SignInErrorKind): boolean {
  // Five wrong codes end the half-session as they lock the operator out (429).
  return kind === 'expired' || kind === 'throttled';
}

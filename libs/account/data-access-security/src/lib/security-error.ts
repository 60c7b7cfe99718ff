/** The error body every API answer uses (docs/architecture.md, "Errors on the wire"). */
export interface ApiErrorBody {
  message: string;
  detail?: string;
  validation_errors?: Array<{ field: string; message: string }>;
  error_code?: number;
}

/** The normalised body of @tessera/shared/data-access-api's HTTPError (its README, "Errors, timeouts, retries"); read as well as the wire shape. */
export interface NormalisedErrorBody {
  message?: string;
  detail?: string;
  validationErrors?: Array<{ field: string; message: string }>;
  errorCode?: number;
}

/**
 * What the injected API functions throw on an HTTP error: data-access-api's HTTPError fits (status, body, response).
 * A thrown value without `status` is a network failure.
 */
export interface ApiErrorLike {
  status: number;
  body?: ApiErrorBody | NormalisedErrorBody;
  /** From Retry-After on a 429, in milliseconds, when the adapter already read it. */
  retryAfterMs?: number;
  /** The response, whose Retry-After header is read when retryAfterMs is absent. */
  response?: { headers?: { get(name: string): string | null } };
}

/** What went wrong, in words the security screens act on. */
export type SecurityErrorKind =
  'network' | 'wrongCode' | 'expiredCode' | 'wrongAnswer' | 'rateLimited' | 'invalid' | 'reauthRequired' | 'server';

/**
 * The server's `error_code` on a 403 that asks for the password again before a security change (ADR 0206): the
 * session has not proven a credential in the last 5 minutes.
 */
export const REAUTH_REQUIRED_ERROR_CODE = 4031;

/** Which input a security error belongs to, so the form shows it beside the right field. */
export type SecurityErrorField = 'code' | 'answer' | 'phone' | 'appCode' | 'smsCode' | 'hash' | 'form';

/** A classified failure of a security step. */
export interface SecurityError {
  kind: SecurityErrorKind;
  field: SecurityErrorField;
  /** The server's text (message, then detail), or the thrown error's message. */
  message: string;
  /** Per-field messages from validation_errors. */
  validationErrors?: Array<{ field: string; message: string }>;
  /** Set for rateLimited when the server said how long to wait. */
  retryAfterMs?: number;
  /** The server's error_code, when it sent one. */
  errorCode?: number;
}

/** The step that failed decides what a 400/422 means: a wrong code, a wrong answer or an invalid phone. */
export type SecurityStep = 'code' | 'answer' | 'phone' | 'form';

const REJECTED_KIND: Record<SecurityStep, SecurityErrorKind> = {
  code: 'wrongCode',
  answer: 'wrongAnswer',
  phone: 'invalid',
  form: 'invalid',
};

/** Milliseconds to wait from retryAfterMs or the Retry-After header (seconds or an HTTP date); undefined when neither says. */
export function readRetryAfterMs(error: ApiErrorLike, now: number = Date.now()): number | undefined {
  if (typeof error.retryAfterMs === 'number' && error.retryAfterMs > 0) return error.retryAfterMs;
  const header = error.response?.headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) || at <= now ? undefined : at - now;
}

function isApiError(error: unknown): error is ApiErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * Classifies what an injected API function threw (README, "Error classification and resend cool-downs"): no HTTP status is a network failure, 429 is rate limited,
 * 410 Gone is an expired code, 403 with the reauth code asks for the password (ADR 0206), 400/403/422 is a rejection whose meaning depends on the step, anything else is a server error.
 */
export function toSecurityError(error: unknown, step: SecurityStep, field: SecurityErrorField = step): SecurityError {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'network', field, message };
  }
  const body = (error.body ?? {}) as Partial<ApiErrorBody & NormalisedErrorBody>;
  // Section 8: the server's message first, then its detail.
  const message = body.message || body.detail || `HTTP ${error.status}`;
  const base: SecurityError = { kind: 'server', field, message };
  const validationErrors = body.validationErrors ?? body.validation_errors;
  if (validationErrors?.length) base.validationErrors = validationErrors;
  const errorCode = body.errorCode ?? body.error_code;
  if (errorCode !== undefined) base.errorCode = errorCode;
  if (error.status === 429) {
    const retryAfterMs = readRetryAfterMs(error);
    return retryAfterMs === undefined
      ? { ...base, kind: 'rateLimited' }
      : { ...base, kind: 'rateLimited', retryAfterMs };
  }
  if (error.status === 410) return { ...base, kind: 'expiredCode' };
  if (error.status === 403 && errorCode === REAUTH_REQUIRED_ERROR_CODE)
    return { ...base, kind: 'reauthRequired', field: 'form' };
  if (error.status === 400 || error.status === 403 || error.status === 422)
    return { ...base, kind: REJECTED_KIND[step] };
  return base;
}

/** Digits of a phone number; the spec's payloads carry digits only (fullPhone). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Spec section 9: a phone has 6 to 20 digits. Country rules live in util-validation; this is the machine's floor. */
export function isPhoneLengthValid(phone: string): boolean {
  const digits = phoneDigits(phone);
  return digits.length >= 6 && digits.length <= 20;
}

/** An SMS code is present (spaces removed) and, when the server told its length, exactly that long. */
export function isConfirmCodeWellFormed(code: string, codeLength: number | null): boolean {
  const compact = code.replace(/\s/g, '');
  if (compact === '') return false;
  return codeLength === null || compact.length === codeLength;
}

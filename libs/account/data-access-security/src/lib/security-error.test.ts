import { describe, expect, it } from 'vitest';
import {
  REAUTH_REQUIRED_ERROR_CODE,
  isConfirmCodeWellFormed,
  isPhoneLengthValid,
  phoneDigits,
  readRetryAfterMs,
  toSecurityError,
} from './security-error';

describe('toSecurityError', () => {
  it('without an HTTP status it is a network failure', () => {
    expect(toSecurityError(new TypeError('Failed to fetch'), 'code')).toEqual({
      kind: 'network',
      field: 'code',
      message: 'Failed to fetch',
    });
  });
  it('429 is rate limited and keeps Retry-After', () => {
    expect(toSecurityError({ status: 429, body: { message: 'Slow' }, retryAfterMs: 3000 }, 'code')).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 3000,
    });
  });
  it('item 9: a 403 with the reauth error code asks for the password, on the form, whatever the step', () => {
    for (const step of ['code', 'answer', 'phone', 'form'] as const) {
      expect(
        toSecurityError(
          { status: 403, body: { message: 'Confirm your password', error_code: REAUTH_REQUIRED_ERROR_CODE } },
          step,
        ),
      ).toMatchObject({ kind: 'reauthRequired', field: 'form' });
    }
    expect(
      toSecurityError({ status: 403, body: { message: 'No', errorCode: REAUTH_REQUIRED_ERROR_CODE } }, 'code').kind,
    ).toBe('reauthRequired');
  });
  it('410 is an expired code', () => {
    expect(toSecurityError({ status: 410 }, 'code').kind).toBe('expiredCode');
  });
  it('a 400/422 means what the step makes it mean', () => {
    expect(toSecurityError({ status: 422 }, 'code').kind).toBe('wrongCode');
    expect(toSecurityError({ status: 400 }, 'answer').kind).toBe('wrongAnswer');
    expect(toSecurityError({ status: 403 }, 'phone').kind).toBe('invalid');
  });
  it('takes the message (then the detail) and keeps validation errors and error_code', () => {
    const error = toSecurityError(
      {
        status: 422,
        body: {
          message: 'Phone taken',
          detail: 'Invalid',
          error_code: 7,
          validation_errors: [{ field: 'phone', message: 'taken' }],
        },
      },
      'phone',
    );
    expect(toSecurityError({ status: 422, body: { message: '', detail: 'Only detail' } }, 'phone').message).toBe(
      'Only detail',
    );
    expect(error).toEqual({
      kind: 'invalid',
      field: 'phone',
      message: 'Phone taken',
      errorCode: 7,
      validationErrors: [{ field: 'phone', message: 'taken' }],
    });
  });
  it("reads data-access-api's normalised HTTPError: errorCode, validationErrors and the Retry-After header", () => {
    const headers = new Headers({ 'retry-after': '30' });
    const error = toSecurityError(
      {
        status: 429,
        body: { message: 'Slow', errorCode: 2, validationErrors: [{ field: 'sms_code', message: 'x' }] },
        response: { headers },
      },
      'code',
    );
    expect(error).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 30_000,
      errorCode: 2,
      validationErrors: [{ field: 'sms_code', message: 'x' }],
    });
  });
  it('Retry-After as an HTTP date counts from now; a past date or nonsense gives none', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const at = (value: string) => ({ status: 429, response: { headers: new Headers({ 'retry-after': value }) } });
    expect(readRetryAfterMs(at('Thu, 01 Jan 2026 00:00:10 GMT'), now)).toBe(10_000);
    expect(readRetryAfterMs(at('Wed, 31 Dec 2025 00:00:00 GMT'), now)).toBeUndefined();
    expect(readRetryAfterMs(at('soon'), now)).toBeUndefined();
    expect(readRetryAfterMs({ status: 429 }, now)).toBeUndefined();
  });
  it('other statuses are server errors', () => {
    expect(toSecurityError({ status: 503 }, 'form')).toEqual({ kind: 'server', field: 'form', message: 'HTTP 503' });
  });
});

describe('phone and code checks', () => {
  it('phone numbers keep digits only and need 6 to 20 of them', () => {
    expect(phoneDigits('+7 (701) 123-45-67')).toBe('77011234567');
    expect(isPhoneLengthValid('12345')).toBe(false);
    expect(isPhoneLengthValid('123456')).toBe(true);
    expect(isPhoneLengthValid('1'.repeat(20))).toBe(true);
    expect(isPhoneLengthValid('1'.repeat(21))).toBe(false);
  });
  it('codes ignore spaces and must match the announced length', () => {
    expect(isConfirmCodeWellFormed(' 12 34 ', 4)).toBe(true);
    expect(isConfirmCodeWellFormed('123', 4)).toBe(false);
    expect(isConfirmCodeWellFormed('   ', null)).toBe(false);
    expect(isConfirmCodeWellFormed('1', null)).toBe(true);
  });
});

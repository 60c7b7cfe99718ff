import { createHttpError } from '@tessera/shared/data-access-api';
import { CaptchaDismissedError } from '@tessera/shared/data-access-captcha';
import { describe, expect, it } from 'vitest';
import { toAccountError } from './account-error';
import { toBase64, authCalls, securityCalls } from './account.api';
import { validationKey } from './use-account-text';
import { reloadInto } from './session-navigation';
import { fakeAccountApi } from './fake-account-fetch';
import { phoneChangeAdapter, twoFactorAdapter } from './security-adapters';

async function httpError(status: number, body: unknown) {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return createHttpError(response, { method: 'POST', url: '/x' }, body);
}

describe('toAccountError', () => {
  it('reads every sign-in refusal as the same credentials error, whatever the server said', async () => {
    for (const status of [400, 401, 422]) {
      const error = toAccountError(
        await httpError(status, {
          message: 'Unknown user',
          validation_errors: [{ field: 'login', message: 'not found' }],
        }),
        'credentials',
      );
      expect(error.key).toBe('error.credentials');
      expect(error.fields).toEqual({});
    }
  });

  it('classifies statuses of spec section 8 and keeps field errors by their last path segment', async () => {
    expect(toAccountError(await httpError(429, { message: 'Too many' })).key).toBe('error.rateLimited');
    expect(toAccountError(await httpError(410, { message: 'Expired' }), 'code').key).toBe('error.expiredCode');
    expect(toAccountError(await httpError(403, { message: 'Off' })).key).toBe('error.forbidden');
    expect(toAccountError(await httpError(409, { message: 'Taken', detail: 'Use the phone change' })).detail).toBe(
      'Use the phone change',
    );
    expect(toAccountError(await httpError(500, { message: 'Boom' })).key).toBe('error.server');
    expect(toAccountError(await httpError(401, { message: 'No session' })).key).toBe('error.sessionEnded');
    expect(toAccountError(await httpError(422, { message: 'Wrong' }), 'answer').key).toBe('error.wrongAnswer');
    const invalid = toAccountError(
      await httpError(400, {
        message: 'Invalid',
        validation_errors: [{ field: 'data.attributes.password', message: 'too short' }],
        error_code: 2,
      }),
    );
    expect(invalid).toMatchObject({ key: 'error.invalid', fields: { password: 'too short' }, errorCode: 2 });
  });

  it('treats a thrown non-HTTP error as a network failure and a dismissed captcha as its own case', () => {
    expect(toAccountError(new TypeError('fetch failed')).key).toBe('error.network');
    expect(toAccountError(new CaptchaDismissedError('closed', 10)).key).toBe('error.captcha');
  });
});

describe('account calls', () => {
  it('wraps the password change and reset in data.attributes and leaves a false flag out', () => {
    const built = securityCalls.changePassword.build({
      old_password: 'a',
      password: 'b',
      password_confirmation: 'b',
      end_other_sessions: false,
    });
    expect(built).toMatchObject({
      method: 'PUT',
      url: '/web-api/api/web/user/v1/password',
      body: { data: { attributes: { old_password: 'a', password: 'b', password_confirmation: 'b' } } },
    });
    expect(authCalls.passwordResetRequest.build({ login: 'a@b.co' }).body).toEqual({
      data: { attributes: { login: 'a@b.co' } },
    });
  });

  it('item 8: sends the phone change checks as POST bodies, never as a GET that a cross-site page could make', () => {
    expect(securityCalls.phoneChangeCheckCode.build({ confirm_code: '123456' })).toMatchObject({
      method: 'POST',
      body: { confirm_code: '123456' },
    });
    expect(securityCalls.phoneChangeCheckAnswer.build({ user_answer: 'Rex' })).toMatchObject({
      method: 'POST',
      body: { user_answer: 'Rex' },
    });
  });

  it('encodes UTF-8 text as base64 like the server decodes it', () => {
    expect(toBase64('pässwörd1')).toBe(Buffer.from('pässwörd1', 'utf8').toString('base64'));
  });
});

describe('security adapters', () => {
  it('give the phone change machine the country, leave an empty answer out, and confirm the new number with its code alone', async () => {
    const { client, requests } = fakeAccountApi({
      'POST /web-api/api/internal/v2/phone-actions/update-phone-number': { body: { message: 'sent', code_length: 6 } },
      'POST /web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm': { body: { message: 'ok' } },
    });
    const api = phoneChangeAdapter(client, 'RU');
    const sent = await api.changePhone(
      { phone_number: '9161234567', confirm_code: '123456', user_answer: '' },
      new AbortController().signal,
    );
    expect(requests[0]?.body).toEqual({ phone_number: '9161234567', confirm_code: '123456', country_code: 'RU' });
    expect(sent).toMatchObject({ code_length: 6 });
    await api.confirmNewPhone({ confirm_code: '654321' }, new AbortController().signal);
    expect(requests[1]?.body).toEqual({ confirm_code: '654321' });
  });

  it('hand the disable hash of two-factor enabling to the screen, and let errors through to the machine', async () => {
    const hashes: string[] = [];
    const { client } = fakeAccountApi({
      'POST /officeapi/twofactorauthenable': (r) =>
        (r.body as { app_code: string }).app_code === '000000'
          ? { status: 422, body: { message: 'Wrong SMS code', error_code: 2 } }
          : { body: { message: 'on', hash: 'H1' } },
    });
    const api = twoFactorAdapter(client, (hash) => hashes.push(hash));
    await api.enable({ app_code: '123456' }, new AbortController().signal);
    expect(hashes).toEqual(['H1']);
    await expect(api.enable({ app_code: '000000' }, new AbortController().signal)).rejects.toMatchObject({
      status: 422,
      errorCode: 2,
    });
  });
});

describe('small helpers', () => {
  it('maps util-validation keys to the dictionary keys', () => {
    expect(validationKey('validation_email_at_symbol')).toBe('validationEmailAtSymbol');
    expect(validationKey('required')).toBe('required');
  });

  it('opens the next page with a full load', () => {
    const visited: string[] = [];
    reloadInto('/en/office', { assign: (url: string | URL) => visited.push(String(url)) });
    expect(visited).toEqual(['/en/office']);
  });
});

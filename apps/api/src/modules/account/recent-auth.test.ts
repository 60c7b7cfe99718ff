import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  b64,
  buildAccountsApp,
  lastCode,
  lastMessage,
  testClock,
  type Browser,
} from '../auth/testing/accounts-test-kit';
import { base32Decode, REAUTH_REQUIRED, totp } from '@tessera/server/accounts';
import { registerByPhone, TEST_PASSWORD } from './testing/account-test-kit';

const minute = 60_000;

describeEachDatabase('accounts: security changes need a recent sign-in or the password again', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  let counter = 0;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());

  const freshNational = () => `70560${String((counter += 1)).padStart(5, '0')}`;

  /** The account's stored row, minus what every request may move (nothing of it is activity). */
  async function account(browser: Browser): Promise<Record<string, unknown>> {
    const id = (await browser.post('/officeapi/getsessionid')).json() as { session_id: string };
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      `select u.* from accounts_users u join accounts_sessions s on s.user_id = u.id where s.id = $1`,
      [id.session_id],
    );
    return rows[0] ?? {};
  }

  async function codesOf(userId: unknown): Promise<number> {
    const { rows } = await ctx.db.query<{ n: string }>('select count(*) as n from accounts_codes where user_id = $1', [
      userId,
    ]);
    return Number(rows[0]?.n);
  }

  function expectReauthRequired(res: { statusCode: number; json: () => unknown }): void {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: REAUTH_REQUIRED });
  }

  const appCode = (secret: string) => totp(base32Decode(secret), clock.now().getTime());

  describe('two-factor', () => {
    it('item 9: with only a session older than 5 minutes, two-factor cannot be enabled or disabled; after reauth it can', async () => {
      const browser = await registerByPhone(app, 'accountbet.example', freshNational());
      // Within 5 minutes of the sign-in the secret may be asked for; enabling waits past the 5 minutes.
      const qr = await browser.post('/officeapi/gettwofactorqrcodeurl');
      expect(qr.statusCode).toBe(200);
      const secret = (qr.json() as { code: string }).code;
      clock.advance(6 * minute);
      const before = await account(browser);
      expectReauthRequired(await browser.post('/officeapi/gettwofactorqrcodeurl'));
      expectReauthRequired(await browser.post('/officeapi/sendSmsForTwoFactorActivation'));
      expectReauthRequired(
        await browser.post('/officeapi/twofactorauthenable', { app_code: appCode(secret), sms_code: '000000' }),
      );
      expect(await account(browser)).toEqual(before);
      expect(before['two_factor_enabled_at']).toBeNull();

      // A wrong password proves nothing and counts like a failed sign-in.
      const wrong = await browser.post('/web-api/user/reauth', { password: 'not-the-password' });
      expect(wrong.statusCode).toBe(422);
      expectReauthRequired(await browser.post('/officeapi/sendSmsForTwoFactorActivation'));
      expect((await browser.post('/web-api/user/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
      expect((await browser.post('/officeapi/sendSmsForTwoFactorActivation')).statusCode).toBe(200);
      const phone = before['phone'] as string;
      const enabled = await browser.post('/officeapi/twofactorauthenable', {
        app_code: appCode(secret),
        sms_code: await lastCode(app, phone),
      });
      expect(enabled.statusCode).toBe(200);
      const hash = (enabled.json() as { hash: string }).hash;

      clock.advance(6 * minute);
      const on = await account(browser);
      expectReauthRequired(await browser.post('/officeapi/twofactorauthdisable', { hash }));
      expect(await account(browser)).toEqual(on);
      expect(on['two_factor_enabled_at']).not.toBeNull();
      expect((await browser.post('/web-api/user/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
      expect((await browser.post('/officeapi/twofactorauthdisable', { hash })).statusCode).toBe(200);
      expect((await account(browser))['two_factor_enabled_at']).toBeNull();
    });
  });

  it('item 9: with only a session older than 5 minutes, the phone cannot be changed; after reauth it can', async () => {
    const browser = await registerByPhone(app, 'accountbet.example', freshNational());
    clock.advance(6 * minute);
    const before = await account(browser);
    const phone = before['phone'] as string;
    const sentBefore = await lastMessage(app, phone);
    const codesBefore = await codesOf(before['id']);
    expectReauthRequired(await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode'));
    expectReauthRequired(
      await browser.post('/web-api/api/internal/v3/phone-number/update/check-confirm-code', { confirm_code: '123456' }),
    );
    expectReauthRequired(
      await browser.post('/web-api/api/internal/v2/phone-actions/update-phone-number', {
        phone_number: freshNational(),
        country_code: 'KZ',
        confirm_code: '123456',
      }),
    );
    expectReauthRequired(
      await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm', { confirm_code: '123456' }),
    );
    expect(await account(browser)).toEqual(before);
    expect(await lastMessage(app, phone)).toEqual(sentBefore);
    expect(await codesOf(before['id'])).toBe(codesBefore);

    expect((await browser.post('/web-api/user/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode')).statusCode).toBe(
      200,
    );
    const oldCode = await lastCode(app, phone);
    expect(
      (await browser.post('/web-api/api/internal/v3/phone-number/update/check-confirm-code', { confirm_code: oldCode }))
        .statusCode,
    ).toBe(200);
    const next = freshNational();
    expect(
      (
        await browser.post('/web-api/api/internal/v2/phone-actions/update-phone-number', {
          phone_number: next,
          country_code: 'KZ',
          confirm_code: oldCode,
        })
      ).statusCode,
    ).toBe(200);
    const confirmed = await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm', {
      confirm_code: await lastCode(app, `+7${next}`),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await account(browser))['phone']).toBe(`+7${next}`);
  });

  it('item 9: the password change demands the current password however old the session', async () => {
    const browser = await registerByPhone(app, 'accountbet.example', freshNational());
    clock.advance(6 * minute);
    const before = await account(browser);
    const change = (old: string) =>
      browser.put('/web-api/api/web/user/v1/password', {
        data: {
          attributes: {
            old_password: b64(old),
            password: b64('Brand-new-pass-7'),
            password_confirmation: b64('Brand-new-pass-7'),
          },
        },
      });
    expect((await change('not-the-password')).statusCode).toBe(422);
    expect(await account(browser)).toEqual(before);
    // The current password is itself the proof a re-authentication asks for: no second prompt.
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await account(browser))['password_hash']).not.toBe(before['password_hash']);
  });

  it('item 9: re-authentication is counted like a sign-in: wrong passwords lock it, then even the right one is refused', async () => {
    const browser = await registerByPhone(app, 'accountbet.example', freshNational());
    clock.advance(6 * minute);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await browser.post('/web-api/user/reauth', { password: `wrong-${i}` })).statusCode);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
    expect((await browser.post('/web-api/user/reauth', { password: TEST_PASSWORD })).statusCode).toBe(429);
    expectReauthRequired(await browser.post('/officeapi/gettwofactorqrcodeurl'));
  });

  it('item 9: a phone is added only after a recent sign-in or reauth', async () => {
    const browser = await registerByPhone(app, 'accountbet.example', freshNational());
    clock.advance(6 * minute);
    // The account has a phone already: the refusal for lack of a recent sign-in comes first, and changes nothing.
    expectReauthRequired(
      await browser.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
        phone_number: freshNational(),
        country_code: 'KZ',
      }),
    );
    expectReauthRequired(
      await browser.post('/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm', {
        phone_number: freshNational(),
        country_code: 'KZ',
        confirm_code: '123456',
      }),
    );
    expect((await browser.post('/web-api/user/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(
      (
        await browser.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
          phone_number: freshNational(),
          country_code: 'KZ',
        })
      ).statusCode,
    ).toBe(409);
  });
});

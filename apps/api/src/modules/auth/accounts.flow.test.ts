import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildAccountsApp, lastCode, testClock } from './testing/accounts-test-kit';
import { base32Decode, totp } from '@tessera/server/accounts';

// The "done when" of issue 4, end to end over HTTP: register by phone with the SMS code from the outbox, log out,
// log in, enable two-factor with a TOTP computed here, log in again with it, change the phone through the full flow,
// see and close another session.
describeEachDatabase('accounts: the whole journey', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    // The render echoes the session it receives, so the test sees what server-side rendering is told.
    app = await buildAccountsApp(ctx.db, clock, {
      render: async (req) => ({ status: 200, html: JSON.stringify(req.session) }),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('registers by phone, signs out and in, turns on two-factor, changes the phone and closes another session', async () => {
    const browser = new Browser(app, 'accountbet.example', 'Laptop browser');
    const phone = { phone: '701 123-45-67', country_code: 'KZ' };

    // Register by phone: the code comes from the development outbox.
    const sent = await browser.post('/web-api/user/registration/send-code', phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ code_length: 6, resend_after: 60 });
    const registered = await browser.post('/web-api/user/registration', {
      variant: 'phone',
      ...phone,
      confirm_code: await lastCode(app, '+77011234567'),
      password: 'Secret-pass-1',
      currency: 'KZT',
      birth_date: '1990-05-17',
      promo_code: 'WELCOME',
    });
    expect(registered.statusCode).toBe(201);
    const account = registered.json();
    expect(account).toMatchObject({
      welcome: { modal: true, redirect: '/office/recharge' },
      user: { id: account.account_id },
    });
    const sessionCookie = registered.cookies.find((c) => c.name === 'tessera_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect((await browser.get('/web-api/user/session')).json()).toMatchObject({
      status: 'authorised',
      has_phone: true,
    });

    // The server-rendered page knows who is visiting.
    const page = await browser.get('/en');
    expect(page.json()).toEqual({
      status: 'authorised',
      user: { id: account.account_id, displayName: account.account_id },
    });
    expect((await new Browser(app).get('/en')).json()).toEqual({ status: 'guest' });

    // Log out, then log in by phone and password.
    expect((await browser.post('/web-api/user/disconnect')).statusCode).toBe(200);
    expect((await browser.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
    const login = await browser.post('/web-api/user/auth', {
      login: '7011234567',
      country_code: 'KZ',
      password: 'Secret-pass-1',
      login_type: 'phone',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      status: 'authorised',
      user: { id: account.account_id, displayName: account.account_id },
    });

    // Two-factor: QR secret, an app code computed here, and the SMS code the account's phone receives.
    const qr = await browser.post('/officeapi/gettwofactorqrcodeurl');
    expect(qr.statusCode).toBe(200);
    const { code: secret, qr_code_url, qr_link, sms_required } = qr.json();
    expect(qr_code_url).toMatch(/^data:image\/png;base64,/);
    expect(qr_link).toBe(
      `otpauth://totp/AccountBet%3A${account.account_id}?secret=${secret}&issuer=AccountBet&algorithm=SHA1&digits=6&period=30`,
    );
    expect(sms_required).toBe(true);
    expect((await browser.post('/officeapi/sendSmsForTwoFactorActivation')).statusCode).toBe(200);
    const enabled = await browser.post('/officeapi/twofactorauthenable', {
      app_code: totp(base32Decode(secret), clock.now().getTime()),
      sms_code: await lastCode(app, '+77011234567'),
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().hash).toMatch(/^[A-Z2-7]{24}$/);

    // Sign in again: password, then the app code of the next step (the enabling step's code cannot be replayed).
    await browser.post('/web-api/user/disconnect');
    const first = await browser.post('/web-api/user/auth', { login: account.account_id, password: 'Secret-pass-1' });
    expect(first.json()).toMatchObject({ status: 'two_factor_required' });
    expect((await browser.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
    clock.advance(30_000);
    const second = await browser.post('/web-api/user/twoauth', {
      two_factor_token: first.json().two_factor_token,
      code: totp(base32Decode(secret), clock.now().getTime()),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'authorised', user: { id: account.account_id } });

    // Secure question, then the phone change: code to the old phone, check it, answer, the new number, its code.
    expect(
      (
        await browser.post('/officeapi/setanswertosecurequestion', {
          question_id: 2,
          answer: 'Rex',
          answer_repeat: 'Rex',
        })
      ).statusCode,
    ).toBe(200);
    expect((await browser.post('/officeapi/getUserSecureQuestion')).json()).toEqual({
      secure_question: 'What was the name of your first pet?',
    });
    const codeSent = await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode');
    expect(codeSent.json()).toMatchObject({ code_length: 6 });
    const changeCode = await lastCode(app, '+77011234567');
    expect(
      (
        await browser.post('/web-api/api/internal/v3/phone-number/update/check-confirm-code', {
          confirm_code: changeCode,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await browser.post('/web-api/api/internal/v3/phone-number/update/check-user-answer', { user_answer: ' rex ' }))
        .statusCode,
    ).toBe(200);
    const newNumber = await browser.post('/web-api/api/internal/v2/phone-actions/update-phone-number', {
      phone_number: '7059876543',
      country_code: 'KZ',
      confirm_code: changeCode,
      user_answer: 'Rex',
    });
    expect(newNumber.statusCode).toBe(200);
    expect(newNumber.json()).toMatchObject({ code_length: 6 });
    // The new number proves itself with the code it received (libs/server/accounts README, "Second-step lockout, proving the new phone").
    const changed = await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm', {
      confirm_code: await lastCode(app, '+77059876543'),
    });
    expect(changed.statusCode).toBe(200);
    const byNewPhone = await new Browser(app, 'accountbet.example', 'Check').post('/web-api/user/auth', {
      login: '+77059876543',
      password: 'Secret-pass-1',
    });
    expect(byNewPhone.json()).toMatchObject({ status: 'two_factor_required' });

    // Another session: a phone signs in; the laptop sees it and closes it; the phone is signed out.
    const phoneBrowser = new Browser(app, 'accountbet.example', 'Phone browser', '10.1.0.2');
    const phoneFirst = await phoneBrowser.post('/web-api/user/auth', {
      login: account.account_id,
      password: 'Secret-pass-1',
    });
    clock.advance(30_000);
    await phoneBrowser.post('/web-api/user/twoauth', {
      two_factor_token: phoneFirst.json().two_factor_token,
      code: totp(base32Decode(secret), clock.now().getTime()),
    });
    expect((await phoneBrowser.get('/web-api/user/session')).json()).toMatchObject({ status: 'authorised' });

    const listed = (await browser.post('/officeapi/getusersessions')).json().sessions as Array<{
      session_id: string;
      user_agent: string;
      ip: string;
      current: boolean;
    }>;
    expect(listed.map((s) => [s.user_agent, s.current])).toEqual([
      ['Phone browser', false],
      ['Laptop browser', true],
    ]);
    const other = listed.find((s) => !s.current);
    expect(other?.ip).toBe('10.1.0.2');
    expect((await browser.post('/officeapi/closesession', { session_id: other?.session_id })).statusCode).toBe(200);
    expect((await phoneBrowser.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
    expect((await browser.post('/officeapi/getusersessions')).json().sessions).toHaveLength(1);

    // Every security event was recorded, in order.
    const { rows } = await ctx.db.query<{ kind: string }>(
      'select kind from accounts_security_events where user_id = $1 order by id',
      [account.account_id],
    );
    expect(rows.map((r) => r.kind)).toEqual([
      // Registered from a private test address: its country is unknown, which flags the account by default (ADR 0195).
      'country_verification_required',
      'registration',
      'login',
      'logout',
      'login',
      'two_factor_enabled',
      'logout',
      'login',
      'secure_question_set',
      'phone_change_requested',
      'phone_changed',
      'login',
      'session_closed',
    ]);
  });
});

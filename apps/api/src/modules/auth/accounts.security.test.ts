import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingError } from '@tessera/server/messaging';
import { base32Decode, SLOW_DOWN_MAX_MS, totp } from '@tessera/server/accounts';
import {
  Browser,
  b64,
  buildAccountsApp,
  lastCode,
  lastMessage,
  registerByEmail,
  testClock,
  waitForMessage,
} from './testing/accounts-test-kit';

let phoneCounter = 0;
/** A fresh Kazakh mobile number (national digits) per call, so tests sharing one database never collide. */
function freshPhone(): string {
  phoneCounter += 1;
  return `70${String(phoneCounter).padStart(8, '0')}`;
}

describeEachDatabase('accounts: security rules', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock, {
      messageSender: {
        // The development outbox, except that +7709... numbers fail like a refusing gateway.
        send: async (message) => {
          if (message.to.startsWith('+7709')) throw new MessagingError('refused', 'failed');
          await ctx.db.query(
            `insert into message_outbox (id, brand_id, channel, recipient, subject, body, status, created_at)
             values (gen_random_uuid(), $1, $2, $3, $4, $5, 'sent', $6)`,
            [message.brandId, message.channel, message.to, message.subject ?? null, message.text, clock.now()],
          );
        },
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  async function registerByPhone(
    browser: Browser,
    national = freshPhone(),
    extra: object = {},
  ): Promise<{ id: string; phone: string; national: string }> {
    await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
    const res = await browser.post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      phone: national,
      country_code: 'KZ',
      confirm_code: await lastCode(app, `+7${national}`),
      password: 'Secret-pass-1',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().account_id, phone: `+7${national}`, national };
  }

  async function userCount(): Promise<number> {
    const { rows } = await ctx.db.query<{ n: string }>('select count(*) as n from accounts_users');
    return Number(rows[0]?.n);
  }

  describe('bad input', () => {
    it('answers a body that breaks the schema with 400 and validation_errors', async () => {
      const browser = new Browser(app);
      const missing = await browser.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: '7011111111',
        country_code: 'KZ',
        password: 'Secret-pass-1',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().validation_errors).toContainEqual({
        field: 'confirm_code',
        message: "must have required property 'confirm_code'",
      });
      const variant = await browser.post('/web-api/user/registration', { variant: 'telepathy' });
      expect(variant.statusCode).toBe(400);
      expect(variant.json().validation_errors[0].field).toBe('variant');
      const login = await browser.post('/web-api/user/auth', { login: 'x@example.com' });
      expect(login.json()).toEqual({
        message: 'Invalid request',
        validation_errors: [{ field: 'password', message: "must have required property 'password'" }],
      });
      const code = await browser.post('/web-api/sms-auth/check-code', {
        phone: '7011111111',
        country_code: 'KZ',
        code: '12ab56',
      });
      expect(code.statusCode).toBe(400);
      expect(code.json().validation_errors[0].field).toBe('code');
    });

    it('refuses a phone that breaks the country rules with the rule key of util-validation', async () => {
      const res = await new Browser(app).post('/web-api/user/registration/send-code', {
        phone: '7012345',
        country_code: 'KZ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation_errors).toEqual([{ field: 'phone', message: 'phone_min_length' }]);
    });

    it('refuses weak passwords, names, currencies and a promo code the country does not accept, writing nothing', async () => {
      const before = await userCount();
      const browser = new Browser(app);
      const res = await browser.post('/web-api/user/registration', {
        variant: 'short',
        age_confirmed: true,
        email: 'weak@example.com',
        password: 'password',
        currency: 'USD',
        first_name: 'R2D2',
        promo_code: 'X1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation_errors).toEqual([
        { field: 'currency', message: "must be one of the site's currencies: KZT, EUR, USD" },
        { field: 'first_name', message: 'password_available_symbols' },
        {
          field: 'password',
          message: 'is too easy to guess: This is a heavily used password. Add more words that are less common.',
        },
      ]);
      const de = await browser.post('/web-api/user/registration', {
        variant: 'short',
        age_confirmed: true,
        country: 'de',
        email: 'de@example.com',
        password: 'Secret-pass-1',
        promo_code: 'X1',
      });
      expect(de.json().validation_errors).toEqual([{ field: 'promo_code', message: 'is not accepted on this site' }]);
      expect(await userCount()).toBe(before);
    });

    it('keeps the phone code usable when the rest of the registration is refused (nothing half-done)', async () => {
      const browser = new Browser(app);
      const national = freshPhone();
      await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
      const code = await lastCode(app, `+7${national}`);
      const before = await userCount();
      const bad = await browser.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        confirm_code: code,
        password: 'Secret-pass-1',
        currency: 'GBP',
      });
      expect(bad.statusCode).toBe(400);
      expect(await userCount()).toBe(before);
      const good = await browser.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        confirm_code: code,
        password: 'Secret-pass-1',
      });
      expect(good.statusCode).toBe(201);
    });

    it('refuses control, bidi and invisible characters in free text with 422, storing nothing', async () => {
      const hidden = { message: 'Invalid request', detail: 'Remove invisible or control characters' };
      const browser = new Browser(app);
      const account = await registerByPhone(browser);
      const stored = async () => {
        const { rows } = await ctx.db.query<{
          secure_question: string | null;
          secure_answer_hash: string | null;
          password_hash: string;
        }>('select secure_question, secure_answer_hash, password_hash from accounts_users where id = $1', [account.id]);
        return rows[0];
      };
      const before = await stored();

      // A control character never reaches the account code: the request boundary refuses it (docs/adr/0134).
      const nul = await browser.post('/officeapi/setanswertosecurequestion', {
        question_id: 2,
        answer: 'Bar\u0000sik',
        answer_repeat: 'Bar\u0000sik',
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({
        message: 'Invalid request',
        detail: 'Remove control characters',
        validation_errors: [{ field: 'answer', message: 'must not contain control characters' }],
      });
      const answer = await browser.post('/officeapi/setanswertosecurequestion', {
        question_id: 2,
        answer: 'Bar\u202Esik',
        answer_repeat: 'Bar\u202Esik',
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        ...hidden,
        validation_errors: [
          { field: 'answer', message: 'validation_hidden_symbols' },
          { field: 'answer_repeat', message: 'validation_hidden_symbols' },
        ],
      });
      const custom = await browser.post('/officeapi/setanswertocustomsecurequestion', {
        question: 'My street\u2066?\u2069',
        answer: 'Abay',
        answer_repeat: 'Abay',
      });
      expect(custom.statusCode).toBe(422);
      expect(custom.json()).toEqual({
        ...hidden,
        validation_errors: [{ field: 'question', message: 'validation_hidden_symbols' }],
      });
      const zeroWidth = await browser.post('/officeapi/setanswertosecurequestion', {
        question_id: 2,
        answer: 'Bar\u200Bsik',
        answer_repeat: 'Barsik',
      });
      expect(zeroWidth.statusCode).toBe(422);
      expect(zeroWidth.json().validation_errors).toEqual([{ field: 'answer', message: 'validation_hidden_symbols' }]);

      const password = await browser.put('/web-api/api/web/user/v1/password', {
        data: {
          attributes: {
            old_password: b64('Secret-pass-1'),
            password: b64('New\u0007pass-2'),
            password_confirmation: b64('New\u0007pass-2'),
          },
        },
      });
      expect(password.statusCode).toBe(422);
      expect(password.json().validation_errors).toEqual([
        { field: 'data.attributes.password', message: 'validation_hidden_symbols' },
        { field: 'data.attributes.password_confirmation', message: 'validation_hidden_symbols' },
      ]);
      expect(await stored()).toEqual(before);

      // Persian spelling keeps its zero-width non-joiner: that is text, not a hidden character.
      const persian = await browser.post('/officeapi/setanswertosecurequestion', {
        question_id: 2,
        answer: 'گربه‌ی من',
        answer_repeat: 'گربه‌ی من',
      });
      expect(persian.statusCode).toBe(200);
      expect((await stored())?.secure_question).toBe('secure_question_first_pet');
    });

    it('refuses a registration whose names or e-mail hide characters, creating no account', async () => {
      const before = await userCount();
      const res = await new Browser(app).post('/web-api/user/registration', {
        variant: 'short',
        age_confirmed: true,
        email: 'bidi\u202E@example.com',
        password: 'Secret-pass-1',
        first_name: 'Ann\u2028a',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors).toEqual([
        { field: 'email', message: 'validation_hidden_symbols' },
        { field: 'first_name', message: 'validation_hidden_symbols' },
      ]);
      expect(await userCount()).toBe(before);
    });

    it('refuses a body on calls that take none (400 in the error shape), and acts on none or {}', async () => {
      const browser = new Browser(app);
      await registerByPhone(browser);
      const second = new Browser(app);
      const { national } = await registerByPhone(second);
      await new Browser(app).post('/web-api/user/auth', { login: `+7${national}`, password: 'Secret-pass-1' });
      const live = async () => (await second.post('/officeapi/getusersessions')).json().sessions.length;
      expect(await live()).toBe(2);
      const bad = await second.post('/officeapi/disconnecteverywhere', { session_id: 'all' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        message: 'Invalid request',
        validation_errors: [expect.objectContaining({ message: 'must NOT have more than 0 properties' })],
      });
      expect(await live()).toBe(2);
      for (const url of [
        '/officeapi/gettwofactorqrcodeurl',
        '/officeapi/getusersessions',
        '/officeapi/getUserSecureQuestion',
        '/web-api/user/disconnect',
      ]) {
        const res = await browser.post(url, { extra: 1 });
        expect(res.statusCode, url).toBe(400);
      }
      expect((await second.post('/officeapi/disconnecteverywhere', {})).statusCode).toBe(200);
      expect(await live()).toBe(1);
    });

    it('refuses a cross-site state-changing request that carries the session cookie', async () => {
      const browser = new Browser(app);
      await registerByPhone(browser);
      const res = await browser.post('/officeapi/disconnecteverywhere', {}, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('registration variants and age', () => {
    it('refuses variants the brand or country switches off', async () => {
      const browser = new Browser(app);
      const phoneInDe = await browser.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        country: 'de',
        phone: '7011111111',
        country_code: 'KZ',
        confirm_code: '123456',
        password: 'Secret-pass-1',
      });
      expect(phoneInDe.statusCode).toBe(403);
      expect(phoneInDe.json()).toEqual({
        message: 'This registration method is not available',
        detail: 'Variant phone is switched off',
      });
      expect(
        (await browser.post('/web-api/user/registration', { variant: 'fast', country: 'de', birth_date: '1990-01-01' }))
          .statusCode,
      ).toBe(403);
      const other = new Browser(app, 'otherbet.example');
      expect(
        (
          await other.post('/web-api/user/registration', {
            variant: 'short',
            age_confirmed: true,
            email: 'a@example.com',
            password: 'Secret-pass-1',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await other.post('/web-api/sms-auth/send-code', { phone: '7011111111', country_code: 'KZ' })).statusCode,
      ).toBe(403);
    });

    it('applies the minimum age of the country, and the fields a variant requires by configuration', async () => {
      const browser = new Browser(app);
      // The clock is 2026-11-22: born 2008-11-23 is one day short of 18.
      const young = await browser.post('/web-api/user/registration', { variant: 'fast', birth_date: '2008-11-23' });
      expect(young.statusCode).toBe(422);
      expect(young.json()).toEqual({
        message: 'You must be at least 18 years old',
        validation_errors: [{ field: 'birth_date', message: 'must be at least 18 years ago' }],
      });
      const de = await browser.post('/web-api/user/registration', {
        variant: 'short',
        country: 'de',
        email: 'young@example.com',
        password: 'Secret-pass-1',
        birth_date: '2006-01-01',
      });
      expect(de.json().message).toBe('You must be at least 21 years old');
      const noBirthDate = await browser.post('/web-api/user/registration', { variant: 'fast' });
      expect(noBirthDate.json().validation_errors).toEqual([{ field: 'birth_date', message: 'required' }]);
    });

    it('fast registration hands out a generated password once; the account id signs in with it', async () => {
      const browser = new Browser(app);
      const res = await browser.post('/web-api/user/registration', {
        variant: 'fast',
        birth_date: '2008-11-22',
        currency: 'eur',
      });
      expect(res.statusCode).toBe(201);
      const { account_id, password } = res.json();
      expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
      const { rows } = await ctx.db.query<{ currency: string; country: string; password_hash: string }>(
        'select currency, country, password_hash from accounts_users where id = $1',
        [account_id],
      );
      expect(rows[0]).toMatchObject({ currency: 'EUR', country: 'kz' });
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await new Browser(app).post('/web-api/user/auth', { login: account_id, password });
      expect(login.json()).toMatchObject({ status: 'authorised' });
    });

    it('e-mail registration is finished with the code sent to the address, which it proves; a taken address answers alike (ADR 0202)', async () => {
      const browser = new Browser(app);
      const body = {
        variant: 'full',
        email: 'Full.Person@Example.com',
        password: 'Secret-pass-1',
        first_name: 'Anna',
        last_name: "O'Neil",
        birth_date: '1980-02-29',
      };
      const res = await registerByEmail(app, browser, body);
      expect(res.json()).toMatchObject({ user: { displayName: 'Anna' }, email_activation_required: false });
      expect((await browser.post('/web-api/user/sendActivationMail')).statusCode).toBe(409);
      clock.advance(61_000);
      const duplicate = await new Browser(app).post('/web-api/user/registration', {
        ...body,
        email: 'full.person@example.com',
        password: 'Secret-pass-2',
      });
      expect(duplicate.statusCode).toBe(202);
      expect(duplicate.json()).toMatchObject({ status: 'confirmation_sent' });
    });

    it('sends an activation link that works once to an address not yet confirmed (accounts from before ADR 0202), 3 an hour', async () => {
      const other = new Browser(app);
      const registered = await registerByEmail(app, other, { email: 'resend@example.com' });
      await ctx.db.query('update accounts_users set email_activated_at = null where id = $1', [
        registered.json().account_id,
      ]);
      expect((await other.post('/web-api/user/sendActivationMail')).statusCode).toBe(200);
      const token =
        /Activation token: (\S+)/.exec((await lastMessage(app, 'resend@example.com'))?.text ?? '')?.[1] ?? '';
      await other.post('/web-api/user/sendActivationMail');
      await other.post('/web-api/user/sendActivationMail');
      expect((await other.post('/web-api/user/sendActivationMail')).statusCode).toBe(429);
      const activate = () => other.post('/web-api/api/internal/v1/user/activate', { data: { attributes: { token } } });
      expect((await activate()).statusCode).toBe(200);
      expect((await activate()).statusCode).toBe(410);
    });

    it('keeps accounts per brand: the same phone registers on another brand', async () => {
      const national = freshPhone();
      const here = await registerByPhone(new Browser(app), national);
      const other = new Browser(app, 'otherbet.example');
      await other.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
      const res = await other.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        confirm_code: await lastCode(app, `+7${national}`),
        password: 'Secret-pass-1',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().account_id).not.toBe(here.id);
      // A session of one brand is no session on the other.
      expect((await new Browser(app, 'otherbet.example').get('/web-api/user/session')).json()).toEqual({
        status: 'guest',
      });
    });
  });

  describe('codes', () => {
    it('refuses a wrong code (422), then an expired one (410), and never accepts a code twice', async () => {
      const browser = new Browser(app);
      const national = freshPhone();
      await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
      const code = await lastCode(app, `+7${national}`);
      const body = {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        password: 'Secret-pass-1',
      };
      const wrong = await browser.post('/web-api/user/registration', {
        ...body,
        confirm_code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'Wrong code',
        validation_errors: [{ field: 'confirm_code', message: 'is not the code we sent' }],
      });
      clock.advance(5 * 60_000 + 1);
      const expired = await browser.post('/web-api/user/registration', { ...body, confirm_code: code });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({
        message: 'The code has expired or was already used',
        detail: 'Request a new code',
      });

      // SMS sign-in: a code signs in once; the same code again is refused.
      const account = await registerByPhone(browser);
      const guest = new Browser(app);
      await guest.post('/web-api/sms-auth/send-code', { phone: account.national, country_code: 'KZ' });
      const loginCode = await lastCode(app, account.phone);
      const first = await guest.post('/web-api/sms-auth/check-code', {
        phone: account.national,
        country_code: 'KZ',
        code: loginCode,
      });
      expect(first.json()).toMatchObject({ status: 'authorised', user: { id: account.id } });
      const again = await new Browser(app).post('/web-api/sms-auth/check-code', {
        phone: account.national,
        country_code: 'KZ',
        code: loginCode,
      });
      expect(again.statusCode).toBe(410);
    });

    it('burns a code after five wrong guesses', async () => {
      const browser = new Browser(app);
      const account = await registerByPhone(browser);
      await browser.post('/web-api/sms-auth/send-code', { phone: account.national, country_code: 'KZ' });
      const code = await lastCode(app, account.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        expect(
          (
            await browser.post('/web-api/sms-auth/check-code', {
              phone: account.national,
              country_code: 'KZ',
              code: wrong,
            })
          ).statusCode,
        ).toBe(422);
      }
      expect(
        (await browser.post('/web-api/sms-auth/check-code', { phone: account.national, country_code: 'KZ', code }))
          .statusCode,
      ).toBe(410);
    });

    it('holds a resend cool-down per recipient, with Retry-After', async () => {
      const browser = new Browser(app);
      const national = freshPhone();
      expect(
        (await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' }))
          .statusCode,
      ).toBe(200);
      clock.advance(20_000);
      const again = await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('40');
      clock.advance(40_000);
      expect(
        (await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' }))
          .statusCode,
      ).toBe(200);
    });

    it('a test server may shorten the cool-down (CODE_RESEND_COOLDOWN_MS); production refuses to', async () => {
      const shortClock = testClock();
      const short = await buildAccountsApp(ctx.db, shortClock, { resendCooldownMs: 3000 });
      try {
        // Its own address: the hourly per-address cap is shared with the other tests of this database.
        const browser = new Browser(short, 'accountbet.example', 'Vitest browser', '10.1.77.3');
        const national = freshPhone();
        const sent = await browser.post('/web-api/user/registration/send-code', {
          phone: national,
          country_code: 'KZ',
        });
        expect(sent.json()).toMatchObject({ resend_after: 3 });
        shortClock.advance(1000);
        const again = await browser.post('/web-api/user/registration/send-code', {
          phone: national,
          country_code: 'KZ',
        });
        expect(again.statusCode).toBe(429);
        expect(again.headers['retry-after']).toBe('2');
        shortClock.advance(2000);
        expect(
          (await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' }))
            .statusCode,
        ).toBe(200);
      } finally {
        await short.close();
      }
      await expect(
        buildAccountsApp(ctx.db, testClock(), {
          resendCooldownMs: 3000,
          mode: 'production',
          accountSecretKey: 'k'.repeat(40),
        }),
      ).rejects.toThrow('A shorter code resend cool-down is for test servers; production keeps 60 s');
    });

    it('answers 503 when the gateway fails, and leaves no code behind', async () => {
      const res = await new Browser(app).post('/web-api/user/registration/send-code', {
        phone: '7091234567',
        country_code: 'KZ',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The message could not be sent', detail: 'Please try again in a minute' });
      const { rows } = await ctx.db.query('select 1 from accounts_codes where recipient = $1', ['+77091234567']);
      expect(rows).toHaveLength(0);
    });
  });

  describe('sign-in', () => {
    it('gives a wrong password and an unknown login the same answer, and locks both after five failures', async () => {
      const account = await registerByPhone(new Browser(app));
      const browser = new Browser(app, 'accountbet.example', 'Attacker', '10.2.0.1');
      const wrong = await browser.post('/web-api/user/auth', { login: account.id, password: 'Not-the-pass-1' });
      const unknown = await browser.post('/web-api/user/auth', { login: '99999999', password: 'Not-the-pass-1' });
      expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'Wrong login or password' }]);
      expect([unknown.statusCode, unknown.json()]).toEqual([wrong.statusCode, wrong.json()]);
      // Each try after the slow-down's wait (libs/server/accounts README, "Sign-in lockout"), so all five are checked.
      for (let i = 0; i < 4; i += 1) {
        clock.advance(SLOW_DOWN_MAX_MS + 1);
        await browser.post('/web-api/user/auth', { login: account.id, password: 'Not-the-pass-1' });
        await browser.post('/web-api/user/auth', { login: '99999999', password: 'Not-the-pass-1' });
      }
      const locked = await browser.post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' });
      const lockedUnknown = await browser.post('/web-api/user/auth', { login: '99999999', password: 'Secret-pass-1' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        message: 'Too many requests',
        detail: 'Too many failed sign-in attempts. Try again later',
      });
      expect([lockedUnknown.statusCode, lockedUnknown.json()]).toEqual([429, locked.json()]);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(15 * 60_000 + 1000);
      expect(
        (await browser.post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' })).json(),
      ).toMatchObject({ status: 'authorised' });
      const { rows } = await ctx.db.query<{ n: string }>(
        "select count(*) as n from accounts_security_events where user_id = $1 and kind = 'login_failed'",
        [account.id],
      );
      expect(Number(rows[0]?.n)).toBe(5);
    });

    it('locks an account after ten failures spread over its e-mail, phone and id', async () => {
      const browser = new Browser(app, 'accountbet.example', 'Spreader', '10.3.0.1');
      const national = freshPhone();
      await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
      const res = await browser.post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        confirm_code: await lastCode(app, `+7${national}`),
        password: 'Secret-pass-1',
      });
      const id = res.json().account_id as string;
      for (const login of [id, `+7${national}`]) {
        for (let i = 0; i < 5; i += 1) {
          clock.advance(SLOW_DOWN_MAX_MS + 1);
          expect((await browser.post('/web-api/user/auth', { login, password: 'Wrong-pass-1' })).statusCode).toBe(401);
        }
      }
      const viaOther = await browser.post('/web-api/user/auth', {
        login: national,
        country_code: 'KZ',
        login_type: 'phone',
        password: 'Secret-pass-1',
      });
      expect(viaOther.statusCode).toBe(429);
    });

    it('answers SMS sign-in and password reset requests identically whether or not the account exists', async () => {
      const account = await registerByPhone(new Browser(app));
      const browser = new Browser(app);
      const known = await browser.post('/web-api/sms-auth/send-code', { phone: account.national, country_code: 'KZ' });
      const unknown = await browser.post('/web-api/sms-auth/send-code', { phone: freshPhone(), country_code: 'KZ' });
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
      const resetKnown = await browser.post('/web-api/api/internal/v1/user/passwordreset', {
        data: { attributes: { login: account.national, country_code: 'KZ' } },
      });
      const resetUnknown = await browser.post('/web-api/api/internal/v1/user/passwordreset', {
        data: { attributes: { login: 'nobody@example.com' } },
      });
      expect(resetKnown.statusCode).toBe(200);
      expect([resetUnknown.statusCode, resetUnknown.json()]).toEqual([resetKnown.statusCode, resetKnown.json()]);
      expect(await lastMessage(app, 'nobody@example.com')).toBeUndefined();
    });

    it('resets a password with the token once, ending every session', async () => {
      const owner = new Browser(app);
      const account = await registerByPhone(owner);
      await new Browser(app).post('/web-api/api/internal/v1/user/passwordreset', {
        data: { attributes: { login: `+7${account.national}` } },
      });
      const token =
        /Reset token: (\S+)/.exec((await waitForMessage(app, account.phone, /Reset token: /)).text)?.[1] ?? '';
      expect((await owner.get(`/web-api/api/internal/v1/user/passwordreset?token=${token}`)).statusCode).toBe(200);
      const set = (password: string) =>
        new Browser(app).post('/web-api/api/internal/v1/user/passwordreset', {
          data: { attributes: { token, password, password_confirmation: password } },
        });
      expect((await set('New-secret-2')).statusCode).toBe(200);
      expect((await set('New-secret-3')).statusCode).toBe(410);
      expect((await owner.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
      expect(
        (await new Browser(app).post('/web-api/user/auth', { login: account.id, password: 'New-secret-2' })).json(),
      ).toMatchObject({ status: 'authorised' });
    });
  });

  describe('security area', () => {
    it('changes the password from base64 fields and ends the other sessions when asked', async () => {
      const laptop = new Browser(app);
      const account = await registerByPhone(laptop);
      const phone = new Browser(app, 'accountbet.example', 'Phone');
      await phone.post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' });
      const change = (old: string, next: string, end = true) =>
        laptop.put('/web-api/api/web/user/v1/password', {
          data: {
            attributes: {
              old_password: b64(old),
              password: b64(next),
              password_confirmation: b64(next),
              end_other_sessions: end,
            },
          },
        });
      const wrongOld = await change('Wrong-pass-1', 'Newer-pass-2');
      expect(wrongOld.statusCode).toBe(422);
      expect(
        (
          await laptop.put('/web-api/api/web/user/v1/password', {
            data: { attributes: { old_password: 'not base64!', password: 'eA==', password_confirmation: 'eA==' } },
          })
        ).statusCode,
      ).toBe(400);
      expect((await change('Secret-pass-1', 'Newer-pass-2')).statusCode).toBe(200);
      expect((await phone.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
      expect((await laptop.get('/web-api/user/session')).json()).toMatchObject({ status: 'authorised' });
      const { rows } = await ctx.db.query<{ kind: string; detail: { ended_sessions: number } }>(
        "select kind, detail from accounts_security_events where user_id = $1 and kind = 'password_changed'",
        [account.id],
      );
      expect(rows[0]?.detail.ended_sessions).toBe(1);
    });

    it('answers error_code 2 for a wrong SMS code when enabling two-factor; refuses a replayed app code; disables with the hash', async () => {
      const browser = new Browser(app);
      const account = await registerByPhone(browser);
      const { code: secret } = (await browser.post('/officeapi/gettwofactorqrcodeurl')).json();
      await browser.post('/officeapi/sendSmsForTwoFactorActivation');
      const sms = await lastCode(app, account.phone);
      const appCode = totp(base32Decode(secret), clock.now().getTime());
      const wrongSms = await browser.post('/officeapi/twofactorauthenable', {
        app_code: appCode,
        sms_code: sms === '000000' ? '111111' : '000000',
      });
      expect(wrongSms.statusCode).toBe(422);
      expect(wrongSms.json()).toMatchObject({ message: 'Wrong SMS code', error_code: 2 });
      const wrongApp = await browser.post('/officeapi/twofactorauthenable', {
        app_code: appCode === '000000' ? '111111' : '000000',
        sms_code: sms,
      });
      expect(wrongApp.json()).toMatchObject({ message: 'Wrong app code' });
      expect(wrongApp.json().error_code).toBeUndefined();
      const enabled = await browser.post('/officeapi/twofactorauthenable', { app_code: appCode, sms_code: sms });
      expect(enabled.statusCode).toBe(200);
      const { rows } = await ctx.db.query<{ two_factor_secret: string }>(
        'select two_factor_secret from accounts_users where id = $1',
        [account.id],
      );
      expect(rows[0]?.two_factor_secret).toMatch(/^v1\./);
      expect(rows[0]?.two_factor_secret).not.toContain(secret);

      const first = await new Browser(app).post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' });
      const replay = await new Browser(app).post('/web-api/user/twoauth', {
        two_factor_token: first.json().two_factor_token,
        code: appCode,
      });
      expect(replay.statusCode).toBe(401);

      expect(
        (await browser.post('/officeapi/twofactorauthdisable', { hash: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
      ).toBe(422);
      expect((await browser.post('/officeapi/twofactorauthdisable', { hash: enabled.json().hash })).statusCode).toBe(
        200,
      );
      expect(
        (await new Browser(app).post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' })).json(),
      ).toMatchObject({ status: 'authorised' });
    });

    it('adds a phone to an e-mail account with its code, and refuses a wrong secure answer in the phone change', async () => {
      const browser = new Browser(app);
      await registerByEmail(app, browser, { email: 'nophone@example.com' });
      const national = freshPhone();
      expect(
        (
          await browser.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
            phone_number: national,
            country_code: 'KZ',
          })
        ).statusCode,
      ).toBe(200);
      const code = await lastCode(app, `+7${national}`);
      const confirm = await browser.post('/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm', {
        phone_number: national,
        country_code: 'KZ',
        confirm_code: code,
        is_send_sms_to_apps: false,
      });
      expect(confirm.statusCode).toBe(200);
      expect((await browser.get('/web-api/user/session')).json()).toMatchObject({ has_phone: true });

      await browser.post('/officeapi/setanswertocustomsecurequestion', {
        question: 'Name of my street?',
        answer: 'Abay',
        answer_repeat: 'Abay',
      });
      const replace = await browser.post('/officeapi/setanswertosecurequestion', {
        question_id: 1,
        answer: 'X1',
        answer_repeat: 'X1',
      });
      expect(replace.statusCode).toBe(403);
      await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode');
      const changeCode = await lastCode(app, `+7${national}`);
      const wrongAnswer = await browser.post('/web-api/api/internal/v2/phone-actions/update-phone-number', {
        phone_number: freshPhone(),
        country_code: 'KZ',
        confirm_code: changeCode,
        user_answer: 'Dostyk',
      });
      expect(wrongAnswer.statusCode).toBe(422);
      expect(wrongAnswer.json().message).toBe('Wrong answer');
      const { rows } = await ctx.db.query<{ phone: string }>(
        "select phone from accounts_users where lower(email) = 'nophone@example.com'",
      );
      expect(rows[0]?.phone).toBe(`+7${national}`);
    });

    it('closes every other session with disconnect-everywhere and refuses closing a session of someone else', async () => {
      const a = new Browser(app);
      const account = await registerByPhone(a);
      const b = new Browser(app, 'accountbet.example', 'Second');
      await b.post('/web-api/user/auth', { login: account.id, password: 'Secret-pass-1' });
      const stranger = new Browser(app);
      await registerByPhone(stranger);
      const bId = (await b.get('/officeapi/getsessionid')).json().session_id;
      expect((await stranger.post('/officeapi/closesession', { session_id: bId })).statusCode).toBe(404);
      expect((await a.post('/officeapi/disconnecteverywhere')).statusCode).toBe(200);
      expect((await b.get('/web-api/user/session')).json()).toEqual({ status: 'guest' });
      expect((await a.get('/web-api/user/session')).json()).toMatchObject({ status: 'authorised' });
      expect((await new Browser(app).post('/officeapi/getusersessions')).statusCode).toBe(401);
    });

    it('issues the service user token with its expiry and the Date header; the token authenticates and refreshes', async () => {
      // An address of its own: the codes this file sends from the default one reach the hourly cap per address.
      const browser = new Browser(app, 'accountbet.example', 'Vitest browser', '10.1.9.1');
      const account = await registerByPhone(browser);
      const res = await browser.get('/web-api/api/mobile/v1/token/');
      expect(res.statusCode).toBe(200);
      expect(res.headers.date).toBeDefined();
      const { userToken, expireDate } = res.json().data.attributes;
      expect(expireDate).toBe(Math.floor(clock.now().getTime() / 1000) + 900);
      const bearer = { authorization: `Bearer ${userToken}` };
      const viaToken = await app.inject({
        url: '/web-api/user/session',
        headers: { host: 'accountbet.example', ...bearer },
      });
      expect(viaToken.json()).toMatchObject({ status: 'authorised', user: { id: account.id } });
      const refreshed = await app.inject({
        method: 'POST',
        url: '/web-api/api/mobile/v1/token/refresh',
        headers: { host: 'accountbet.example', ...bearer },
        payload: { data: { type: 'token', attributes: {} } },
      });
      expect(refreshed.statusCode).toBe(200);
      expect((await new Browser(app).get('/web-api/api/mobile/v1/token/')).statusCode).toBe(403);
      clock.advance(901_000);
      const expired = await app.inject({
        url: '/web-api/user/session',
        headers: { host: 'accountbet.example', ...bearer },
      });
      expect(expired.json()).toEqual({ status: 'guest' });
    });
  });
});

describeEachDatabase('accounts: API documentation', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, testClock());
    await app.ready();
  });
  afterAll(() => app.close());

  it('documents the account routes with their request schemas in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api-docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    for (const path of [
      '/web-api/user/registration',
      '/web-api/user/auth',
      '/web-api/sms-auth/check-code',
      '/officeapi/twofactorauthenable',
      '/web-api/api/internal/v2/phone-actions/update-phone-number',
    ]) {
      expect(doc.paths[path]?.['post']?.requestBody, path).toBeDefined();
    }
    expect(doc.paths['/web-api/api/web/user/v1/password']?.['put']?.requestBody).toBeDefined();
    expect(JSON.stringify(doc)).toContain('RegistrationRequest');
  });
});

describeEachDatabase('accounts: production mode', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, testClock(), {
      mode: 'production',
      accountSecretKey: 'a-production-test-key',
      logger: false,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('has no development outbox, and refuses what needs a gateway it does not have (ADR 0220)', async () => {
    expect(
      (await app.inject({ url: '/__dev/outbox?to=%2B77011234567', headers: { host: 'accountbet.example' } }))
        .statusCode,
    ).toBe(404);
    const res = await new Browser(app).post('/web-api/user/registration/send-code', {
      phone: '7011234567',
      country_code: 'KZ',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Registration by phone is not available on this server',
      error_code: 1002,
    });
  });
});

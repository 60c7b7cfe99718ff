import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_LOGIN,
  setPasswordCheckForTests,
  SLOW_DOWN_MAX_MS,
} from '@tessera/server/accounts';
import {
  Browser,
  buildAccountsApp,
  lastCode,
  lastMessage,
  registerByEmail,
  testClock,
  waitForMessage,
} from './testing/accounts-test-kit';

const PASSWORD = 'Secret-pass-1';
let seq = 0;
const unique = (prefix: string) => `${prefix}${(seq += 1)}.${Date.now()}`;
let phoneSeq = 0;
/** A fresh Kazakh mobile number (national digits), distinct from other test files' ranges. */
const freshPhone = () => `77${String((phoneSeq += 1) + (Date.now() % 100_000) * 10).padStart(8, '0')}`.slice(0, 10);
let ipSeq = 0;
const freshIp = () => `10.${120 + Math.floor((ipSeq += 1) / 250)}.${ipSeq % 250}.${1 + (Date.now() % 200)}`;

describeEachDatabase('accounts: abuse hardening (issue 12)', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => setPasswordCheckForTests(undefined));

  const browser = (host = 'accountbet.example', ip = freshIp()) => new Browser(app, host, 'Vitest browser', ip);

  async function emailAccount(
    host = 'accountbet.example',
    headers?: Record<string, string>,
  ): Promise<{ id: string; email: string; owner: Browser }> {
    const email = `${unique('owner')}@example.com`;
    const owner = browser(host);
    const res = await registerByEmail(app, owner, { email }, headers);
    return { id: res.json().account_id, email, owner };
  }

  /** Counts the passwords the server checks from now on. */
  function countPasswordChecks(): { readonly count: number } {
    const counter = { count: 0 };
    setPasswordCheckForTests((check) => async (hash, password) => {
      counter.count += 1;
      return check(hash, password);
    });
    return counter;
  }

  async function events(userId: string, kind: string): Promise<number> {
    const { rows } = await ctx.db.query<{ n: string }>(
      'select count(*) as n from accounts_security_events where user_id = $1 and kind = $2',
      [userId, kind],
    );
    return Number(rows[0]?.n);
  }

  async function phoneOf(userId: string): Promise<{ phone: string | null; confirmed: boolean }> {
    const { rows } = await ctx.db.query<{ phone: string | null; phone_confirmed_at: Date | null }>(
      'select phone, phone_confirmed_at from accounts_users where id = $1',
      [userId],
    );
    return { phone: rows[0]?.phone ?? null, confirmed: rows[0]?.phone_confirmed_at != null };
  }

  /** A full registration carrying a phone nobody proved (the e-mail is proven by its code). */
  async function fullWithUnprovenPhone(national: string): Promise<{ id: string; email: string; owner: Browser }> {
    const email = `${unique('claimer')}@example.com`;
    const owner = browser();
    const res = await registerByEmail(app, owner, {
      variant: 'full',
      email,
      phone: national,
      country_code: 'KZ',
      first_name: 'Claire',
      last_name: 'Claimer',
      birth_date: '1990-01-01',
      age_confirmed: undefined,
    });
    return { id: res.json().account_id, email, owner };
  }

  async function registerByPhone(on: Browser, national: string): Promise<string> {
    const sent = await on.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
    expect(sent.statusCode).toBe(200);
    const res = await on.post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      phone: national,
      country_code: 'KZ',
      confirm_code: await lastCode(app, `+7${national}`),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    return res.json().account_id;
  }

  describe('item 4: an unproven phone', () => {
    it("item 4: a full registration's unproven phone signs nobody in, blocks nobody, and leaves when its owner proves it", async () => {
      const national = freshPhone();
      const claimer = await fullWithUnprovenPhone(national);
      expect(await phoneOf(claimer.id)).toEqual({ phone: `+7${national}`, confirmed: false });

      // Not a sign-in identifier: password, SMS code, password reset.
      const byPassword = await browser().post('/web-api/user/auth', {
        login: national,
        login_type: 'phone',
        country_code: 'KZ',
        password: PASSWORD,
      });
      expect(byPassword.statusCode).toBe(401);
      const sms = await browser().post('/web-api/sms-auth/send-code', { phone: national, country_code: 'KZ' });
      expect(sms.statusCode).toBe(200);
      expect(await lastMessage(app, `+7${national}`)).toBeUndefined();
      const reset = await browser().post('/web-api/api/internal/v1/user/passwordreset', {
        data: { attributes: { login: national, country_code: 'KZ' } },
      });
      expect(reset.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await lastMessage(app, `+7${national}`)).toBeUndefined();

      // The real owner registers the number with its code: a code, not "already registered"; the claimer loses it.
      clock.advance(61_000);
      const ownerId = await registerByPhone(browser(), national);
      expect(await phoneOf(ownerId)).toEqual({ phone: `+7${national}`, confirmed: true });
      expect(await phoneOf(claimer.id)).toEqual({ phone: null, confirmed: false });
      expect(await events(claimer.id, 'phone_removed')).toBe(1);
      const owner = await browser().post('/web-api/user/auth', {
        login: national,
        login_type: 'phone',
        country_code: 'KZ',
        password: PASSWORD,
      });
      expect(owner.json()).toMatchObject({ status: 'authorised', user: { id: ownerId } });
    });

    it('item 4: proving a number by phone add drops it from the account that held it unproven; the holder can prove its own', async () => {
      const taken = freshPhone();
      const claimer = await fullWithUnprovenPhone(taken);
      const adder = await emailAccount();
      const send = await adder.owner.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
        phone_number: taken,
        country_code: 'KZ',
      });
      expect(send.statusCode).toBe(200);
      const confirm = await adder.owner.post('/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm', {
        phone_number: taken,
        country_code: 'KZ',
        confirm_code: await lastCode(app, `+7${taken}`),
      });
      expect(confirm.statusCode).toBe(200);
      expect(await phoneOf(adder.id)).toEqual({ phone: `+7${taken}`, confirmed: true });
      expect(await phoneOf(claimer.id)).toEqual({ phone: null, confirmed: false });
      expect(await events(claimer.id, 'phone_removed')).toBe(1);

      // The holder of an unproven number proves it through the office's phone add.
      const own = freshPhone();
      const holder = await fullWithUnprovenPhone(own);
      clock.advance(61_000);
      expect(
        (
          await holder.owner.post('/web-api/api/internal/v2/phone-actions/create-phone-number', {
            phone_number: own,
            country_code: 'KZ',
          })
        ).statusCode,
      ).toBe(200);
      const proven = await holder.owner.post('/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm', {
        phone_number: own,
        country_code: 'KZ',
        confirm_code: await lastCode(app, `+7${own}`),
      });
      expect(proven.statusCode).toBe(200);
      expect(await phoneOf(holder.id)).toEqual({ phone: `+7${own}`, confirmed: true });
    });
  });

  describe('item 5: registration tells nobody who is registered', () => {
    it('item 5: a taken e-mail answers exactly as a new one; the owner is warned, the newcomer gets the code that opens the account', async () => {
      const existing = await emailAccount();
      clock.advance(61_000);
      const fresh = `${unique('newcomer')}@example.com`;
      const taken = await browser().post('/web-api/user/registration', {
        variant: 'short',
        age_confirmed: true,
        email: existing.email.toUpperCase(),
        password: 'Other-pass-2',
      });
      const created = await browser().post('/web-api/user/registration', {
        variant: 'short',
        age_confirmed: true,
        email: fresh,
        password: 'Other-pass-2',
      });
      expect([taken.statusCode, created.statusCode]).toEqual([202, 202]);
      expect(taken.json()).toEqual(created.json());
      expect(created.json()).toMatchObject({ status: 'confirmation_sent', code_length: 6 });
      expect(taken.headers['set-cookie']).toBeUndefined();

      const warning = await waitForMessage(app, existing.email, /someone tried to register/i);
      expect(warning.text).not.toMatch(/\d{6}/);
      expect(await events(existing.id, 'registration_attempt')).toBe(1);
      const code =
        /registration code: (\d{6})/.exec((await waitForMessage(app, fresh, /registration code/)).text)?.[1] ?? '';

      const newcomer = browser();
      const wrong = await newcomer.post('/web-api/user/registration/confirm', {
        email: fresh,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(422);
      const confirmed = await newcomer.post('/web-api/user/registration/confirm', { email: fresh, code });
      expect(confirmed.statusCode).toBe(201);
      expect((await newcomer.get('/web-api/user/session')).json()).toMatchObject({
        status: 'authorised',
        user: { id: confirmed.json().account_id },
      });
      const { rows } = await ctx.db.query<{ email_activated_at: Date | null }>(
        'select email_activated_at from accounts_users where id = $1',
        [confirmed.json().account_id],
      );
      expect(rows[0]?.email_activated_at).not.toBeNull();
      expect((await newcomer.post('/web-api/user/registration/confirm', { email: fresh, code })).statusCode).toBe(410);
    });

    it('item 5: send-code for a registered phone answers as for a new one, warns its owner, and the registration fails as a wrong code', async () => {
      const national = freshPhone();
      await registerByPhone(browser(), national);
      clock.advance(61_000);
      const other = freshPhone();
      const takenAnswer = await browser().post('/web-api/user/registration/send-code', {
        phone: national,
        country_code: 'KZ',
      });
      const newAnswer = await browser().post('/web-api/user/registration/send-code', {
        phone: other,
        country_code: 'KZ',
      });
      expect([takenAnswer.statusCode, takenAnswer.json()]).toEqual([newAnswer.statusCode, newAnswer.json()]);
      const warning = await lastMessage(app, `+7${national}`);
      expect(warning?.text).toMatch(/someone tried to register/i);
      expect(warning?.text).not.toMatch(/\d{6}/);
      const attempt = await browser().post('/web-api/user/registration', {
        variant: 'phone',
        age_confirmed: true,
        phone: national,
        country_code: 'KZ',
        confirm_code: '123456',
        password: PASSWORD,
      });
      expect(attempt.statusCode).toBe(422);
      expect(attempt.json()).toEqual({
        message: 'Wrong code',
        validation_errors: [{ field: 'confirm_code', message: 'is not the code we sent' }],
      });
    });
  });

  describe('item 6: the attempt is counted before the password is checked', () => {
    it('item 6: 40 simultaneous sign-ins never check more than the limit, and the right password is refused once locked', async () => {
      const account = await emailAccount();
      const checks = countPasswordChecks();
      const attacker = browser();
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attacker.post('/web-api/user/auth', {
            login: account.email,
            password: i === 39 ? PASSWORD : `Wrong-pass-${i}`,
          }),
        ),
      );
      expect(checks.count).toBeLessThanOrEqual(LOGIN_FAILURES_PER_LOGIN);
      expect(burst.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
      for (const res of burst) expect([200, 401, 428, 429]).toContain(res.statusCode);
      const right = await attacker.post('/web-api/user/auth', { login: account.email, password: PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(checks.count).toBeLessThanOrEqual(LOGIN_FAILURES_PER_LOGIN);
    });

    it('item 6: 40 simultaneous sign-ins from 40 addresses over every identifier never check more than the account limit', async () => {
      const account = await emailAccount();
      const checks = countPasswordChecks();
      const logins = [
        { login: account.email },
        { login: account.id, login_type: 'id' },
        { login: account.email.toUpperCase() },
      ];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          browser().post('/web-api/user/auth', { ...logins[i % 3], password: `Wrong-pass-${i}` }),
        ),
      );
      expect(checks.count).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
      const { rows } = await ctx.db.query<{ n: string }>(
        "select count(*) as n from accounts_security_events where user_id = $1 and kind = 'login_failed'",
        [account.id],
      );
      expect(Number(rows[0]?.n)).toBe(checks.count);
    });
  });

  describe('item 7: nobody locks the owner out', () => {
    it("item 7: an attacker's 50 failures do not stop the owner on a known device; a new device is refused", async () => {
      const account = await emailAccount();
      expect(account.owner.cookie(DEVICE_COOKIE)).toBeDefined();
      const attempts = Array.from({ length: 50 }, (_, i) => ({
        login: i % 2 ? account.email : account.id,
        ...(i % 2 ? {} : { login_type: 'id' }),
        password: `Wrong-pass-${i}`,
      }));
      for (const [i, body] of attempts.entries()) {
        await browser('accountbet.example', `10.66.${Math.floor(i / 5)}.9`).post('/web-api/user/auth', body);
        // The first ten wait out the slow-down (ten minutes, inside the window), the rest come at once.
        if (i < LOGIN_FAILURES_PER_ACCOUNT) clock.advance(SLOW_DOWN_MAX_MS + 1);
      }
      const stranger = await browser().post('/web-api/user/auth', { login: account.email, password: PASSWORD });
      expect(stranger.statusCode).toBe(429);
      const owner = await account.owner.post('/web-api/user/auth', { login: account.email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ status: 'authorised', user: { id: account.id } });
      // A forged or another account's device cookie is no key.
      const forger = browser();
      await forger.post('/web-api/user/auth', { login: 'x@example.com', password: 'Wrong-pass-1' });
      const forged = await forger.request(
        'POST',
        '/web-api/user/auth',
        { login: account.email, password: PASSWORD },
        { cookie: `${DEVICE_COOKIE}=${account.id}.abc.def` },
      );
      expect([428, 429]).toContain(forged.statusCode);
    });

    it("item 7: after a few failures a new device must solve the brand's captcha (428), and slows down before", async () => {
      const host = 'guardbet.example';
      const solve = async (on: Browser): Promise<string> => {
        const id = (await on.post('/web-api/captcha/puzzle/challenge')).json().challenge_id as string;
        const gap = (await app.inject({ url: `/__dev/captcha?challenge_id=${id}`, headers: { host } })).json()
          .gap_x as number;
        return (
          await on.post('/web-api/captcha/puzzle/verify', { challenge_id: id, position: gap + 2, moves: 12 })
        ).json().token as string;
      };
      const registrar = browser(host);
      const account = await emailAccount(host, { 'x-captcha-token': await solve(registrar) });
      const attacker = browser(host);
      // No captcha for the first tries: the brand protects registrations only.
      expect(
        (await attacker.post('/web-api/user/auth', { login: account.email, password: 'Wrong-pass-1' })).statusCode,
      ).toBe(401);
      expect(
        (await attacker.post('/web-api/user/auth', { login: account.email, password: 'Wrong-pass-2' })).statusCode,
      ).toBe(401);
      const slowed = await attacker.post('/web-api/user/auth', { login: account.email, password: 'Wrong-pass-3' });
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(SLOW_DOWN_MAX_MS + 1);
      expect(
        (await attacker.post('/web-api/user/auth', { login: account.email, password: 'Wrong-pass-3' })).statusCode,
      ).toBe(401);
      clock.advance(SLOW_DOWN_MAX_MS + 1);

      const newDevice = browser(host);
      const asked = await newDevice.post('/web-api/user/auth', { login: account.email, password: PASSWORD });
      expect(asked.statusCode).toBe(428);
      expect(asked.json()).toMatchObject({
        message: 'Captcha required',
        validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
      });
      const refused = await newDevice.post(
        '/web-api/user/auth',
        { login: account.email, password: PASSWORD },
        { 'x-captcha-token': 'forged' },
      );
      expect(refused.statusCode).toBe(403);
      const solved = await newDevice.post(
        '/web-api/user/auth',
        { login: account.email, password: PASSWORD },
        { 'x-captcha-token': await solve(newDevice) },
      );
      expect(solved.json()).toMatchObject({ status: 'authorised', user: { id: account.id } });
      // The owner's known device was never asked.
      expect(
        (await account.owner.post('/web-api/user/auth', { login: account.email, password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('item 7: the per-address limit counts across brands', async () => {
      const ip = freshIp();
      const accountbet = browser('accountbet.example', ip);
      // guardbet asks no captcha of a sign-in until a login or account has failed a few times.
      const otherbet = browser('guardbet.example', ip);
      for (let i = 0; i < LOGIN_FAILURES_PER_IP; i += 1) {
        const on = i % 2 ? otherbet : accountbet;
        const res = await on.post('/web-api/user/auth', {
          login: `${unique('nobody')}@example.com`,
          password: 'Wrong-pass-1',
        });
        expect(res.statusCode).toBe(401);
      }
      const next = await accountbet.post('/web-api/user/auth', {
        login: `${unique('nobody')}@example.com`,
        password: 'Wrong-pass-1',
      });
      expect(next.statusCode).toBe(429);
      const elsewhere = await otherbet.post('/web-api/user/auth', {
        login: `${unique('nobody')}@example.com`,
        password: 'Wrong-pass-1',
      });
      expect(elsewhere.statusCode).toBe(429);
    });
  });
});

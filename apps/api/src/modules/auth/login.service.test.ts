import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base32Decode,
  LOCKOUT_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  SLOW_DOWN_MAX_MS,
  totp,
} from '@tessera/server/accounts';
import { Browser, buildAccountsApp, registerByEmail, testClock } from './testing/accounts-test-kit';

const PASSWORD = 'Secret-pass-1';

describeEachDatabase(
  'sign-in: second-step lockout (libs/server/accounts README, "Second-step lockout, proving the new phone")',
  (ctx) => {
    const clock = testClock();
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildAccountsApp(ctx.db, clock);
      await app.ready();
    });
    afterAll(() => app.close());

    let accounts = 0;
    /** An e-mail account with two-factor on; returns its login and authenticator secret. */
    async function accountWithTwoFactor(): Promise<{ id: string; email: string; secret: Buffer }> {
      accounts += 1;
      const email = `lockout${accounts}@example.com`;
      const browser = new Browser(app);
      const registered = await registerByEmail(app, browser, { email, password: PASSWORD });
      expect(registered.statusCode).toBe(201);
      const secret = base32Decode((await browser.post('/officeapi/gettwofactorqrcodeurl')).json().code);
      const enabled = await browser.post('/officeapi/twofactorauthenable', {
        app_code: totp(secret, clock.now().getTime()),
      });
      expect(enabled.statusCode).toBe(200);
      // The enabling step's code is spent; the sign-ins below use later steps.
      clock.advance(30_000);
      return { id: registered.json().account_id, email, secret };
    }

    /** A six-digit code no step within the ±1 window matches. */
    function wrongCode(secret: Buffer): string {
      const now = clock.now().getTime();
      const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(secret, now + shift)));
      return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '444444';
    }

    /** The password step from a device the account does not know, once the slow-down after failures has passed (libs/server/accounts README, "Sign-in lockout"). */
    async function passwordStep(browser: Browser, email: string) {
      clock.advance(SLOW_DOWN_MAX_MS + 1);
      return browser.post('/web-api/user/auth', { login: email, password: PASSWORD });
    }

    async function failures(userId: string): Promise<number> {
      const { rows } = await ctx.db.query<{ n: string }>(
        "select count(*) as n from accounts_security_events where user_id = $1 and kind = 'login_failed' and detail->>'method' = 'two_factor'",
        [userId],
      );
      return Number(rows[0]?.n);
    }

    describe('wrong authenticator codes across fresh sign-ins', () => {
      it('lock the account with the sign-in lockout answer; it opens again when the window has passed', async () => {
        const account = await accountWithTwoFactor();
        const browser = new Browser(app, 'accountbet.example', 'Guesser', '10.7.0.1');
        // Each password step gives a fresh token with five tries of its own; the account counts across them.
        const perSignIn = [4, 4, LOGIN_FAILURES_PER_ACCOUNT - 8];
        let lastToken = '';
        for (const tries of perSignIn) {
          const first = await passwordStep(browser, account.email);
          expect(first.json()).toMatchObject({ status: 'two_factor_required' });
          lastToken = first.json().two_factor_token;
          for (let i = 0; i < tries; i += 1) {
            const wrong = await browser.post('/web-api/user/twoauth', {
              two_factor_token: lastToken,
              code: wrongCode(account.secret),
            });
            expect(wrong.statusCode).toBe(401);
            expect(wrong.json()).toEqual({
              message: 'Wrong code',
              validation_errors: [{ field: 'code', message: 'is not the current code of your app' }],
            });
          }
        }
        expect(await failures(account.id)).toBe(LOGIN_FAILURES_PER_ACCOUNT);

        // The token of the last sign-in still has a try left, and the right code: the account is locked first.
        const rightCode = totp(account.secret, clock.now().getTime());
        const lockedSecondStep = await browser.post('/web-api/user/twoauth', {
          two_factor_token: lastToken,
          code: rightCode,
        });
        expect(lockedSecondStep.statusCode).toBe(429);
        const lockAnswer = {
          message: 'Too many requests',
          detail: 'Too many failed sign-in attempts. Try again later',
        };
        expect(lockedSecondStep.json()).toEqual(lockAnswer);
        expect(Number(lockedSecondStep.headers['retry-after'])).toBeGreaterThan(0);
        // The right password alone does not reset the count: the password step is locked too, from any address.
        const lockedPassword = await passwordStep(
          new Browser(app, 'accountbet.example', 'Owner', '10.7.0.2'),
          account.email,
        );
        expect(lockedPassword.statusCode).toBe(429);
        expect(lockedPassword.json()).toEqual(lockAnswer);
        expect(await failures(account.id)).toBe(LOGIN_FAILURES_PER_ACCOUNT);

        // Nothing to enumerate: an unknown login locked by wrong passwords answers exactly the same.
        const stranger = new Browser(app, 'accountbet.example', 'Stranger', '10.7.0.3');
        for (let i = 0; i < 5; i += 1)
          await stranger.post('/web-api/user/auth', { login: 'nobody-here@example.com', password: 'Wrong-pass-1' });
        const lockedUnknown = await stranger.post('/web-api/user/auth', {
          login: 'nobody-here@example.com',
          password: PASSWORD,
        });
        expect([lockedUnknown.statusCode, lockedUnknown.json()]).toEqual([
          lockedPassword.statusCode,
          lockedPassword.json(),
        ]);

        clock.advance(LOCKOUT_WINDOW_MS + 1000);
        const again = await passwordStep(browser, account.email);
        expect(again.json()).toMatchObject({ status: 'two_factor_required' });
        const signedIn = await browser.post('/web-api/user/twoauth', {
          two_factor_token: again.json().two_factor_token,
          code: totp(account.secret, clock.now().getTime()),
        });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.json()).toMatchObject({ status: 'authorised', user: { id: account.id } });
      });

      it('count together with wrong passwords, and a correct password step in between does not forgive them', async () => {
        const account = await accountWithTwoFactor();
        const browser = new Browser(app, 'accountbet.example', 'Mixed', '10.7.1.1');
        for (let i = 0; i < 4; i += 1) {
          clock.advance(SLOW_DOWN_MAX_MS + 1);
          expect(
            (await browser.post('/web-api/user/auth', { login: account.email, password: 'Wrong-pass-1' })).statusCode,
          ).toBe(401);
        }
        for (let round = 0; round < 3; round += 1) {
          const first = await passwordStep(browser, account.email);
          expect(first.json()).toMatchObject({ status: 'two_factor_required' });
          const tries = round < 2 ? 2 : LOGIN_FAILURES_PER_ACCOUNT - 8;
          for (let i = 0; i < tries; i += 1) {
            await browser.post('/web-api/user/twoauth', {
              two_factor_token: first.json().two_factor_token,
              code: wrongCode(account.secret),
            });
          }
        }
        expect((await passwordStep(browser, account.email)).statusCode).toBe(429);
      });

      it('leave other accounts alone, and a right code under the limit still signs in', async () => {
        const victim = await accountWithTwoFactor();
        const other = await accountWithTwoFactor();
        const browser = new Browser(app, 'accountbet.example', 'Neighbour', '10.7.2.1');
        for (let round = 0; round < 2; round += 1) {
          const first = await passwordStep(browser, victim.email);
          for (let i = 0; i < 5; i += 1)
            await browser.post('/web-api/user/twoauth', {
              two_factor_token: first.json().two_factor_token,
              code: wrongCode(victim.secret),
            });
        }
        expect((await passwordStep(browser, victim.email)).statusCode).toBe(429);

        const first = await passwordStep(browser, other.email);
        for (let i = 0; i < 4; i += 1) {
          await browser.post('/web-api/user/twoauth', {
            two_factor_token: first.json().two_factor_token,
            code: wrongCode(other.secret),
          });
        }
        const second = await passwordStep(browser, other.email);
        const signedIn = await browser.post('/web-api/user/twoauth', {
          two_factor_token: second.json().two_factor_token,
          code: totp(other.secret, clock.now().getTime()),
        });
        expect(signedIn.json()).toMatchObject({ status: 'authorised', user: { id: other.id } });
      });
    });
  },
);

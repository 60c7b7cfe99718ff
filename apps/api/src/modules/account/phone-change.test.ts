import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildAccountsApp, lastCode, lastMessage, testClock } from '../auth/testing/accounts-test-kit';

const SEND_CODE = '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode';
const NEW_NUMBER = '/web-api/api/internal/v2/phone-actions/update-phone-number';
const CONFIRM = '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm';

let phoneCounter = 0;
/** A fresh Kazakh mobile number (national digits) per call, so tests sharing one database never collide. */
function freshPhone(): string {
  phoneCounter += 1;
  return `76${String(phoneCounter).padStart(8, '0')}`;
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describeEachDatabase(
  'phone change: the new number proves itself (libs/server/accounts README, "Second-step lockout, proving the new phone")',
  (ctx) => {
    const clock = testClock();
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildAccountsApp(ctx.db, clock);
      await app.ready();
    });
    afterAll(() => app.close());

    /** A phone account with the secure answer "Rex"; each test gets its own client address (send caps are per address). */
    async function account(ip: string): Promise<{ browser: Browser; id: string; phone: string }> {
      const browser = new Browser(app, 'accountbet.example', 'Phone change', ip);
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
      expect(res.statusCode).toBe(201);
      expect(
        (
          await browser.post('/officeapi/setanswertosecurequestion', {
            question_id: 2,
            answer: 'Rex',
            answer_repeat: 'Rex',
          })
        ).statusCode,
      ).toBe(200);
      return { browser, id: res.json().account_id, phone: `+7${national}` };
    }

    /** Steps 1 to 4: the old phone's code and the answer; the answer of step 4 (a code to the new number). */
    async function askNewNumber(browser: Browser, phone: string, national: string, answer = 'Rex') {
      expect((await browser.post(SEND_CODE)).statusCode).toBe(200);
      const oldCode = await lastCode(app, phone);
      return {
        oldCode,
        res: await browser.post(NEW_NUMBER, {
          phone_number: national,
          country_code: 'KZ',
          confirm_code: oldCode,
          user_answer: answer,
        }),
      };
    }

    async function phoneOf(id: string): Promise<string | null> {
      const { rows } = await ctx.db.query<{ phone: string | null }>('select phone from accounts_users where id = $1', [
        id,
      ]);
      return rows[0]?.phone ?? null;
    }

    async function events(id: string): Promise<string[]> {
      const { rows } = await ctx.db.query<{ kind: string }>(
        "select kind from accounts_security_events where user_id = $1 and kind like 'phone%' order by id",
        [id],
      );
      return rows.map((r) => r.kind);
    }

    describe('the code to the new number', () => {
      it('is sent after the old code and the answer; the number changes only when it is checked, once', async () => {
        const { browser, id, phone } = await account('10.9.0.1');
        const target = freshPhone();
        const { oldCode, res } = await askNewNumber(browser, phone, target);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          message: 'The code was sent to the new number',
          code_length: 6,
          resend_after: 60,
        });
        expect(await phoneOf(id)).toBe(phone);
        const newCode = await lastCode(app, `+7${target}`);
        expect((await lastMessage(app, `+7${target}`))?.text).toContain('phone number of your account');

        // The old phone's code is not the new number's code.
        const oldAsNew = await browser.post(CONFIRM, { confirm_code: oldCode === newCode ? other(newCode) : oldCode });
        expect(oldAsNew.statusCode).toBe(422);
        expect(oldAsNew.json()).toEqual({
          message: 'Wrong code',
          validation_errors: [{ field: 'confirm_code', message: 'is not the code we sent' }],
        });
        expect(await phoneOf(id)).toBe(phone);

        const confirmed = await browser.post(CONFIRM, { confirm_code: newCode });
        expect(confirmed.statusCode).toBe(200);
        expect(confirmed.json()).toEqual({ message: 'The phone number was changed' });
        expect(await phoneOf(id)).toBe(`+7${target}`);
        expect(await events(id)).toEqual(['phone_change_requested', 'phone_changed']);

        // Single use: neither code moves the phone again.
        expect((await browser.post(CONFIRM, { confirm_code: newCode })).statusCode).toBe(410);
        const reuse = await browser.post(NEW_NUMBER, {
          phone_number: freshPhone(),
          country_code: 'KZ',
          confirm_code: oldCode,
          user_answer: 'Rex',
        });
        expect(reuse.statusCode).toBe(422);
        expect(await phoneOf(id)).toBe(`+7${target}`);
      });

      it('expires, and is burnt after five wrong guesses; the phone stays as it was', async () => {
        const { browser, id, phone } = await account('10.9.0.2');
        const target = freshPhone();
        expect((await askNewNumber(browser, phone, target)).res.statusCode).toBe(200);
        const newCode = await lastCode(app, `+7${target}`);
        for (let i = 0; i < 5; i += 1)
          expect((await browser.post(CONFIRM, { confirm_code: other(newCode) })).statusCode).toBe(422);
        const burnt = await browser.post(CONFIRM, { confirm_code: newCode });
        expect(burnt.statusCode).toBe(410);
        expect(burnt.json()).toEqual({
          message: 'The code has expired or was already used',
          detail: 'Request a new code',
        });

        clock.advance(60_000);
        const second = freshPhone();
        expect((await askNewNumber(browser, phone, second)).res.statusCode).toBe(200);
        const secondCode = await lastCode(app, `+7${second}`);
        clock.advance(5 * 60_000 + 1);
        // The sign-in is older than 5 minutes now too: the password again (ADR 0206), so what is left to refuse is the code.
        expect((await browser.post('/web-api/user/reauth', { password: 'Secret-pass-1' })).statusCode).toBe(200);
        expect((await browser.post(CONFIRM, { confirm_code: secondCode })).statusCode).toBe(410);
        expect(await phoneOf(id)).toBe(phone);
      });

      it('only confirms the newest number asked for', async () => {
        const { browser, id, phone } = await account('10.9.0.3');
        const first = freshPhone();
        expect((await askNewNumber(browser, phone, first)).res.statusCode).toBe(200);
        const firstCode = await lastCode(app, `+7${first}`);
        clock.advance(60_000);
        const second = freshPhone();
        expect((await askNewNumber(browser, phone, second)).res.statusCode).toBe(200);
        const secondCode = await lastCode(app, `+7${second}`);
        if (firstCode !== secondCode)
          expect((await browser.post(CONFIRM, { confirm_code: firstCode })).statusCode).toBe(422);
        expect((await browser.post(CONFIRM, { confirm_code: secondCode })).statusCode).toBe(200);
        expect(await phoneOf(id)).toBe(`+7${second}`);
      });

      it('is rate limited: a resend cool-down per number and a few new numbers per window', async () => {
        const { browser, phone } = await account('10.9.0.4');
        expect((await browser.post(SEND_CODE)).statusCode).toBe(200);
        const oldCode = await lastCode(app, phone);
        const ask = (national: string) =>
          browser.post(NEW_NUMBER, {
            phone_number: national,
            country_code: 'KZ',
            confirm_code: oldCode,
            user_answer: 'Rex',
          });
        const target = freshPhone();
        expect((await ask(target)).statusCode).toBe(200);
        const again = await ask(target);
        expect(again.statusCode).toBe(429);
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
        for (let i = 0; i < 4; i += 1) expect((await ask(freshPhone())).statusCode).toBe(200);
        const sixth = await ask(freshPhone());
        expect(sixth.statusCode).toBe(429);
        expect(sixth.json()).toEqual({
          message: 'Too many requests',
          detail: 'Too many wrong attempts. Try again later',
        });
      });
    });

    describe('refusals before any code goes out', () => {
      it('a wrong old code, a wrong answer, the current number or a number of another account send nothing', async () => {
        const { browser, id, phone } = await account('10.9.0.5');
        const taken = await account('10.9.0.6');
        expect((await browser.post(SEND_CODE)).statusCode).toBe(200);
        const oldCode = await lastCode(app, phone);
        const target = freshPhone();
        const ask = (body: object) =>
          browser.post(NEW_NUMBER, {
            phone_number: target,
            country_code: 'KZ',
            confirm_code: oldCode,
            user_answer: 'Rex',
            ...body,
          });
        expect((await ask({ confirm_code: other(oldCode) })).statusCode).toBe(422);
        expect((await ask({ user_answer: 'Tom' })).json()).toMatchObject({ message: 'Wrong answer' });
        expect((await ask({ phone_number: phone.slice(2) })).json()).toEqual({
          message: 'Invalid request',
          validation_errors: [{ field: 'phone_number', message: 'is your current number' }],
        });
        const takenAnswer = await ask({ phone_number: taken.phone.slice(2) });
        expect(takenAnswer.statusCode).toBe(409);
        expect(await lastMessage(app, `+7${target}`)).toBeUndefined();
        expect((await lastMessage(app, taken.phone))?.text).not.toContain('phone number of your account');
        // Nothing pending: the confirm step has no code to check.
        expect((await browser.post(CONFIRM, { confirm_code: '123456' })).statusCode).toBe(410);
        expect(await phoneOf(id)).toBe(phone);
        expect(await events(id)).toEqual([]);
      });

      it('refuses a body without a well-formed code (400 in the error shape), and a guest (401)', async () => {
        const { browser } = await account('10.9.0.7');
        const missing = await browser.post(CONFIRM, {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json().validation_errors).toContainEqual({
          field: 'confirm_code',
          message: "must have required property 'confirm_code'",
        });
        expect((await browser.post(CONFIRM, { confirm_code: '12345a' })).json().validation_errors[0].field).toBe(
          'confirm_code',
        );
        expect((await new Browser(app).post(CONFIRM, { confirm_code: '123456' })).statusCode).toBe(401);
      });
    });
  },
);

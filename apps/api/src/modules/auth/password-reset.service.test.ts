import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MessagingError, type OutgoingMessage } from '@tessera/server/messaging';
import { Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';

const reset = (login: string) => ({ data: { attributes: { login } } });

describeEachDatabase(
  'password reset: the answer does not depend on the account (libs/server/accounts README, "Second-step lockout, proving the new phone")',
  (ctx) => {
    const clock = testClock();
    /** How the gateway behaves for reset messages: deliver, hold until released, or fail. */
    let gateway: 'deliver' | 'hold' | 'fail' = 'deliver';
    let release: () => void = () => undefined;
    const held: OutgoingMessage[] = [];
    const delivered: OutgoingMessage[] = [];
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildAccountsApp(ctx.db, clock, {
        messageSender: {
          send: async (message) => {
            if (gateway === 'fail') throw new MessagingError('refused', 'failed');
            if (gateway === 'hold') {
              held.push(message);
              await new Promise<void>((resolve) => (release = resolve));
            }
            delivered.push(message);
          },
        },
      });
      await app.ready();
    });
    afterAll(async () => {
      release();
      await app.close();
    });
    beforeEach(() => {
      gateway = 'deliver';
      held.length = 0;
      delivered.length = 0;
    });

    let accounts = 0;
    async function emailAccount(): Promise<string> {
      accounts += 1;
      const email = `reset${accounts}@example.com`;
      // Registration by e-mail finishes with the code the address receives after the answer (ADR 0202).
      const browser = new Browser(app);
      expect(
        (
          await browser.post('/web-api/user/registration', {
            variant: 'short',
            age_confirmed: true,
            email,
            password: 'Secret-pass-1',
          })
        ).statusCode,
      ).toBe(202);
      await expect.poll(() => delivered.find((m) => m.to === email)?.text ?? '').toMatch(/registration code: \d{6}/);
      const code = /registration code: (\d{6})/.exec(delivered.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
      expect((await browser.post('/web-api/user/registration/confirm', { email, code })).statusCode).toBe(201);
      // The registration mail is not what these tests look at.
      delivered.length = 0;
      return email;
    }

    it('answers a known and an unknown login alike while the message to the account is still held by the gateway', async () => {
      const email = await emailAccount();
      gateway = 'hold';
      const browser = new Browser(app);
      const known = await browser.post('/web-api/api/internal/v1/user/passwordreset', reset(email));
      const unknown = await browser.post(
        '/web-api/api/internal/v1/user/passwordreset',
        reset('nobody-at-all@example.com'),
      );
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({
        message: 'If an account exists for this login, we sent instructions to restore access',
      });
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

      // The answers went out while the gateway held the message: the request did not wait for it.
      const counted = async () =>
        Number(
          (
            await ctx.db.query<{ n: string }>('select count(*) as n from accounts_attempts where attempt_key = $1', [
              `message:${email}`,
            ])
          ).rows[0]?.n,
        );
      await expect.poll(() => held.map((m) => m.to)).toEqual([email]);
      expect(delivered).toEqual([]);
      const before = await counted();
      release();
      await expect.poll(() => delivered.map((m) => m.to)).toEqual([email]);
      expect(delivered[0]?.text).toMatch(/Reset token: \S+/);
      // Delivered within the gateway deadline (a request waiting for it would have outlived that deadline first), so the
      // messenger counts it for the recipient's hourly cap.
      await expect.poll(counted).toBe(before + 1);
    });

    it('gives the same answer when the gateway fails, and still issues no token for an unknown login', async () => {
      const email = await emailAccount();
      gateway = 'fail';
      const browser = new Browser(app);
      const known = await browser.post('/web-api/api/internal/v1/user/passwordreset', reset(email));
      const unknown = await browser.post(
        '/web-api/api/internal/v1/user/passwordreset',
        reset('nobody-either@example.com'),
      );
      expect([known.statusCode, known.json()]).toEqual([
        200,
        { message: 'If an account exists for this login, we sent instructions to restore access' },
      ]);
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
      const tokens = async (recipient: string) =>
        Number(
          (
            await ctx.db.query<{ n: string }>(
              "select count(*) as n from accounts_codes where purpose = 'password-reset' and recipient = $1",
              [recipient],
            )
          ).rows[0]?.n,
        );
      // The token and the event are written even though the message failed (as before); the unknown login has neither.
      await expect.poll(() => tokens(email)).toBe(1);
      expect(await tokens('nobody-either@example.com')).toBe(0);
      expect(delivered).toEqual([]);
    });
  },
);

import { describeEachDatabase } from '@tessera/server/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMessage } from '@tessera/server/messaging';
import { Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';

describeEachDatabase('links in account messages', (ctx) => {
  const sent: OutgoingMessage[] = [];
  const capture = { send: async (message: OutgoingMessage) => void sent.push(message) };
  const productionClock = testClock();
  let production: FastifyInstance;
  let development: FastifyInstance;
  beforeAll(async () => {
    production = await buildAccountsApp(ctx.db, productionClock, {
      mode: 'production',
      logger: false,
      accountSecretKey: 'k'.repeat(64),
      messageSender: capture,
    });
    development = await buildAccountsApp(ctx.db, testClock(), {
      mode: 'development',
      logger: false,
      messageSender: capture,
    });
    await Promise.all([production.ready(), development.ready()]);
  });
  afterAll(() => Promise.all([production.close(), development.close()]));

  const newest = (to: string) => [...sent].reverse().find((message) => message.to === to)?.text ?? '';

  /** Registers by e-mail (ADR 0202): the code comes through the captured gateway after the answer. */
  async function register(app: FastifyInstance, email: string): Promise<void> {
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
    await expect.poll(() => newest(email)).toMatch(/registration code: \d{6}/);
    const code = /registration code: (\d{6})/.exec(newest(email))?.[1] ?? '';
    expect((await browser.post('/web-api/user/registration/confirm', { email, code })).statusCode).toBe(201);
  }

  it('links to the brand domain over HTTPS in production, whatever address the request came through', async () => {
    await register(production, 'links@example.com');
    // A second registration with the address (after the resend wait) warns its owner, with a link to sign in.
    productionClock.advance(61_000);
    expect(
      (
        await new Browser(production).post('/web-api/user/registration', {
          variant: 'short',
          age_confirmed: true,
          email: 'links@example.com',
          password: 'Secret-pass-2',
        })
      ).statusCode,
    ).toBe(202);
    await expect
      .poll(() => newest('links@example.com'))
      .toMatch(/sign in or restore your password at https:\/\/accountbet\.example\/en\/\./);
    await new Browser(production).post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: 'links@example.com' } },
    });
    // The reset message goes out after the answer (libs/server/accounts README, "Second-step lockout, proving the new phone").
    await expect
      .poll(() => newest('links@example.com'))
      .toMatch(/open https:\/\/accountbet\.example\/en\/passwordreset\?token=[\w-]+ \(valid one hour\)/);
  });

  it('links to the address the development server was reached at, so the links work locally', async () => {
    await register(development, 'dev-links@example.com');
    const browser = new Browser(development);
    await browser.post('/web-api/api/internal/v1/user/passwordreset', {
      data: { attributes: { login: 'dev-links@example.com' } },
    });
    await expect.poll(() => newest('dev-links@example.com')).toMatch(/passwordreset/);
    const text = newest('dev-links@example.com');
    const link = /(http:\/\/\S+)/.exec(text)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/accountbet\.example\/en\/passwordreset\?token=/);
    // The link's token is the one the reset page checks.
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(text).toContain(`Reset token: ${token}`);
    expect(
      (await browser.get(`/web-api/api/internal/v1/user/passwordreset?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(200);
  });
});

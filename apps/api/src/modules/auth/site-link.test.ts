import { describeEachDatabase } from '@tessera/server/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMessage } from '../../providers/messaging';
import { Browser, buildAccountsApp, testClock } from './testing/accounts-test-kit';

describeEachDatabase('links in account messages', (ctx) => {
  const sent: OutgoingMessage[] = [];
  const capture = { send: async (message: OutgoingMessage) => void sent.push(message) };
  let production: FastifyInstance;
  let development: FastifyInstance;
  beforeAll(async () => {
    production = await buildAccountsApp(ctx.db, testClock(), { mode: 'production', logger: false, accountSecretKey: 'k'.repeat(64), messageSender: capture });
    development = await buildAccountsApp(ctx.db, testClock(), { mode: 'development', logger: false, messageSender: capture });
    await Promise.all([production.ready(), development.ready()]);
  });
  afterAll(() => Promise.all([production.close(), development.close()]));

  const newest = (to: string) => [...sent].reverse().find((message) => message.to === to)?.text ?? '';

  it('links to the brand domain over HTTPS in production, whatever address the request came through', async () => {
    const browser = new Browser(production);
    const res = await browser.post('/web-api/user/registration', { variant: 'short', age_confirmed: true, email: 'links@example.com', password: 'Secret-pass-1' });
    expect(res.statusCode).toBe(201);
    expect(newest('links@example.com')).toMatch(/Confirm your e-mail address: https:\/\/accountbet\.example\/en\/activate\?token=[\w-]+\n/);
    await new Browser(production).post('/web-api/api/internal/v1/user/passwordreset', { data: { attributes: { login: 'links@example.com' } } });
    // The reset message goes out after the answer (ADR 0155).
    await expect.poll(() => newest('links@example.com')).toMatch(/open https:\/\/accountbet\.example\/en\/passwordreset\?token=[\w-]+ \(valid one hour\)/);
  });

  it('links to the address the development server was reached at, so the links work locally', async () => {
    const browser = new Browser(development);
    await browser.post('/web-api/user/registration', { variant: 'short', age_confirmed: true, email: 'dev-links@example.com', password: 'Secret-pass-1' });
    const text = newest('dev-links@example.com');
    const link = /(http:\/\/\S+)/.exec(text)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/accountbet\.example\/en\/activate\?token=/);
    // The link's token is the one the activation call takes.
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(text).toContain(`Activation token: ${token}`);
    expect((await browser.post('/web-api/api/internal/v1/user/activate', { data: { attributes: { token } } })).statusCode).toBe(200);
  });
});

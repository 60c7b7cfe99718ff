import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import { buildBetsApp, signUp, type SteppedScheduler } from '../bets/testing/bets-test-kit';

const card = (number: string) => ({ number, expiryMonth: 12, expiryYear: 2035, cvc: '123' });

async function mainBalance(browser: Browser): Promise<number> {
  const res = await browser.get('/account-api/user/balance');
  expect(res.statusCode).toBe(200);
  return (
    (res.json() as { accounts: Array<{ iso: string; money: number }> }).accounts.find((a) => a.iso === 'EUR')?.money ??
    NaN
  );
}

describeEachDatabase('wallet API', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;

  beforeAll(async () => {
    ({ app, scheduler } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('credits a deposit only when the provider confirms it, once, and lists it in the payments history', async () => {
    const { browser } = await signUp(app);
    expect(await mainBalance(browser)).toBe(0);
    const started = await browser.post('/web-api/payments/deposit', { amount: 50, card: card('4242424242424242') });
    expect(started.statusCode).toBe(202);
    const { merchantReference } = started.json() as { merchantReference: string };
    expect(started.json()).toMatchObject({ status: 'processing', amount: 50, currency: 'EUR', nextAction: null });
    // Asynchronous: nothing is credited until the provider decides and calls back.
    expect(await mainBalance(browser)).toBe(0);
    await scheduler.runAll();
    expect((await browser.get(`/web-api/payments/deposit/${merchantReference}`)).json()).toMatchObject({
      status: 'succeeded',
    });
    expect(await mainBalance(browser)).toBe(50);
    // The same reference again is the same deposit: no second credit.
    const retried = await browser.post('/web-api/payments/deposit', {
      amount: 50,
      merchantReference,
      card: card('4242424242424242'),
    });
    expect(retried.json()).toMatchObject({ merchantReference, status: 'succeeded' });
    await scheduler.runAll();
    expect(await mainBalance(browser)).toBe(50);

    const history = await browser.post('/officeapi/gethistorypaymentmainaccount', {});
    expect(history.json()).toMatchObject({
      items: [{ type: 'deposit', status: 'completed', amount: 50, currency: 'EUR', reference: merchantReference }],
      total: 1,
    });
  });

  it('refuses a deposit where compliance switched deposits off for the country, and starts nothing', async () => {
    const { browser, userId } = await signUp(app, 'de');
    const refused = await browser.post('/web-api/payments/deposit', { amount: 20, card: card('4242424242424242') });
    expect({ status: refused.statusCode, code: refused.json().error_code }).toEqual({ status: 403, code: 1002 });
    const intents = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from payment_sandbox_intents where metadata->>'userId' = $1`,
      [userId],
    );
    expect(intents.rows[0]?.n).toBe(0);
    expect(await mainBalance(browser)).toBe(0);
    // The site for that country shows no deposit page; explain names the country file that switched it off.
    const why = await app.inject({
      url: '/web-api/site-config/explain?country=de&pointer=/office/pages/deposit/enabled',
      headers: { host: 'betbet.example' },
    });
    expect(why.json()).toMatchObject({ value: false, layer: 'country:de' });
  });

  it('declines, challenges and refuses deposits without crediting anything', async () => {
    const { browser } = await signUp(app);
    const declined = await browser.post('/web-api/payments/deposit', { amount: 20, card: card('4000000000000002') });
    await scheduler.runAll();
    expect((await browser.get(`/web-api/payments/deposit/${declined.json().merchantReference}`)).json()).toMatchObject({
      status: 'declined',
      declineReason: 'card_declined',
    });
    expect(await mainBalance(browser)).toBe(0);

    const challenged = await browser.post('/web-api/payments/deposit', { amount: 20, card: card('4000000000003220') });
    expect(challenged.json()).toMatchObject({ status: 'requires_action', nextAction: { type: 'challenge' } });
    const passed = await browser.post(`/web-api/payments/deposit/${challenged.json().merchantReference}/challenge`, {
      code: '1234',
    });
    expect(passed.statusCode).toBe(200);
    await scheduler.runAll();
    expect(await mainBalance(browser)).toBe(20);

    const unknownCard = await browser.post('/web-api/payments/deposit', { amount: 20, card: card('4111111111111111') });
    expect({ status: unknownCard.statusCode, code: unknownCard.json().error_code }).toEqual({
      status: 422,
      code: 1040,
    });
    const badInput = await browser.post('/web-api/payments/deposit', { amount: -5, card: { number: 'x' } });
    expect(badInput.statusCode).toBe(400);
    const someoneElse = await signUp(app);
    expect(
      (await someoneElse.browser.get(`/web-api/payments/deposit/${challenged.json().merchantReference}`)).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: '/account-api/user/balance', headers: { host: 'betbet.example' } })).statusCode,
    ).toBe(401);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });
});

describeEachDatabase('development controls in production', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildBetsApp(ctx.db, { mode: 'production' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('has no feed finish control and no sandbox payments', async () => {
    const headers = { host: 'betbet.example', origin: 'https://betbet.example' };
    const finish = await app.inject({
      method: 'POST',
      url: '/__dev/feed/finish',
      headers,
      payload: { gameIds: [1001] },
    });
    expect(finish.statusCode).toBe(404);
    // Nor do the API docs list it: production serves none unless the operator switches them on (API_DOCS).
    expect((await app.inject({ url: '/api-docs/openapi.json' })).statusCode).toBe(404);
    const { browser } = await signUp(app);
    const deposit = await browser.post('/web-api/payments/deposit', { amount: 20, card: card('4242424242424242') });
    expect({ status: deposit.statusCode, code: deposit.json().error_code }).toEqual({ status: 503, code: 1041 });
    // The office is not offered a deposit page the server can only refuse, and explain says why (ADR 0140).
    const site = await app.inject({ url: '/web-api/site-config', headers });
    expect(site.json().config.office.pages.deposit).toEqual({ enabled: false });
    // Nor a withdrawal page: nothing could pay out.
    expect(site.json().config.office.pages.withdraw).toEqual({ enabled: false });
    const why = await app.inject({
      url: '/web-api/site-config/explain?pointer=/office/pages/deposit/enabled',
      headers,
    });
    expect(why.json()).toMatchObject({
      value: false,
      layer: 'platform',
      file: null,
      reason: expect.stringMatching(/payment provider/),
    });
  });
});

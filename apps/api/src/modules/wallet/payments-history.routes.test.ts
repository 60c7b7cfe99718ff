import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type SteppedScheduler } from '../bets/testing/bets-test-kit';
import { buildWalletApp, deposit } from './testing/wallet-test-kit';

interface Page {
  items: Array<{
    type: string;
    status: string;
    state: string | null;
    amount: number;
    currency: string;
    counterAmount?: number | null;
    counterCurrency?: string | null;
  }>;
  total: number;
  hasMore: boolean;
}

describeEachDatabase('payments history API', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;

  beforeAll(async () => {
    ({ app, scheduler } = await buildWalletApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists deposits, withdrawals with their state and transfers, filtered and paged', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 300);
    await browser.post('/web-api/payments/withdrawal', {
      amount: 20,
      requestId: randomUUID(),
      methodReference: reference,
    });
    await scheduler.runAll();
    const waiting = await browser.post('/web-api/payments/withdrawal', {
      amount: 150,
      requestId: randomUUID(),
      methodReference: reference,
    });
    await browser.post(`/web-api/payments/withdrawal/${(waiting.json() as { id: string }).id}/cancel`, {});
    const pending = await browser.post('/web-api/payments/withdrawal', {
      amount: 120,
      requestId: randomUUID(),
      methodReference: reference,
    });
    expect(pending.statusCode).toBe(202);
    const accounts = (await browser.post('/web-api/user/createCurrencyAccount', { currency_id: 87 })).json() as {
      accounts: Array<{ id: string; currency: string }>;
    };
    const id = (c: string) => accounts.accounts.find((a) => a.currency === c)?.id;
    const quote = await browser.post('/web-api/payments/transfer/quote', {
      from_account_id: id('EUR'),
      to_account_id: id('KZT'),
      amount: 10,
    });
    await browser.post('/web-api/payments/transfer', { quote_id: (quote.json() as { quoteId: string }).quoteId });

    const history = async (body: object) => {
      const res = await browser.post('/officeapi/gethistorypaymentmainaccount', body);
      expect(res.statusCode).toBe(200);
      return res.json() as Page;
    };
    const all = await history({});
    expect(all.items.map((i) => [i.type, i.status, i.state, i.amount])).toEqual([
      ['transfer', 'completed', null, 10],
      ['withdrawal', 'pending', 'requested', 120],
      ['withdrawal', 'cancelled', 'cancelled', 150],
      ['withdrawal', 'completed', 'paid', 20],
      ['deposit', 'completed', null, 300],
    ]);
    expect(all.items[0]).toMatchObject({ currency: 'EUR', counterAmount: 5400, counterCurrency: 'KZT' });
    expect(
      (await history({ types: ['withdrawal'], statuses: ['pending', 'cancelled'] })).items.map((i) => i.state),
    ).toEqual(['requested', 'cancelled']);
    expect((await history({ types: ['deposit', 'transfer'] })).total).toBe(2);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await history({ date_from: future })).items).toEqual([]);
    expect((await history({ date_to: future, types: ['deposit'] })).total).toBe(1);
    const first = await history({ page_size: 2 });
    expect({ n: first.items.length, total: first.total, more: first.hasMore }).toEqual({ n: 2, total: 5, more: true });
    const last = await history({ page_size: 2, page_number: 3 });
    expect({ n: last.items.length, more: last.hasMore, type: last.items[0]?.type }).toEqual({
      n: 1,
      more: false,
      type: 'deposit',
    });
    expect((await browser.post('/officeapi/gethistorypaymentmainaccount', { types: ['bets'] })).statusCode).toBe(400);
  });
});

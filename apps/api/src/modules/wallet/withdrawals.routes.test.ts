import { createHash, randomUUID } from 'node:crypto';
import { signCallback } from '@tessera/server/payments';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { createWithdrawals } from '@tessera/server/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../auth/testing/accounts-test-kit';
import { eurBalance, signUp, until, type SteppedScheduler } from '../bets/testing/bets-test-kit';
import { buildWalletApp, deposit } from './testing/wallet-test-kit';

interface Entry {
  id: string;
  state: string;
  amount: number;
  reason: string | null;
  cancellable: boolean;
  methodLast4: string;
}

async function deduce(browser: Browser) {
  const res = await browser.get('/officeapi/getdeducedata');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    main: number;
    reserved: number;
    withdrawable: number;
    autoApproveMax: number | null;
    playerMayCancel: boolean;
    methods: Array<{ reference: string; last4: string }>;
    withdrawals: Entry[];
  };
}

async function withdraw(browser: Browser, amount: number, methodReference: string, requestId = randomUUID()) {
  return browser.post('/web-api/payments/withdrawal', { amount, requestId, methodReference });
}

const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error_code?: number }).error_code,
});

describeEachDatabase('withdrawals API', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;

  beforeAll(async () => {
    ({ app, scheduler } = await buildWalletApp(ctx.db, { withdrawalSweepMs: 20 }));
  });
  afterAll(async () => {
    await app.close();
  });

  const state = async (browser: Browser, id: string) =>
    ((await browser.get(`/web-api/payments/withdrawal/${id}`)).json() as Entry).state;

  it('requested → approved at once under the threshold → sent → paid by the signed callback, once', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 50);
    const before = await deduce(browser);
    expect(before).toMatchObject({ main: 50, withdrawable: 50, reserved: 0, autoApproveMax: 100 });
    expect(before.methods).toEqual([{ reference, last4: '4242' }]);

    const started = await withdraw(browser, 20, reference);
    expect(started.statusCode).toBe(202);
    const entry = started.json() as Entry;
    // Reserved in the ledger at once: no longer spendable, not yet paid.
    expect(entry).toMatchObject({ state: 'sent', amount: 20, methodLast4: '4242', cancellable: false });
    expect(await eurBalance(browser)).toBe(30);
    expect(await deduce(browser)).toMatchObject({ main: 30, reserved: 20, withdrawable: 30 });

    await scheduler.runAll();
    expect(await state(browser, entry.id)).toBe('paid');
    expect(await deduce(browser)).toMatchObject({ main: 30, reserved: 0 });
    const events = await createWithdrawals({ db: ctx.db, provider: undefined, clock: () => new Date() }).events(
      entry.id,
    );
    expect(
      events.map((e) => `${e.fromState}>${e.toState}:${e.actor}:${e.ledgerTransactionId ? 'ledger' : '-'}`),
    ).toEqual([
      'null>requested:player:ledger',
      'requested>approved:system:-',
      'approved>sent:system:-',
      'sent>paid:provider:ledger',
    ]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('the same requestId twice is one withdrawal and one reserve', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 50);
    const requestId = randomUUID();
    const first = (await withdraw(browser, 10, reference, requestId)).json() as Entry;
    const again = (await withdraw(browser, 10, reference, requestId)).json() as Entry;
    expect(again.id).toBe(first.id);
    expect(await eurBalance(browser)).toBe(40);
    await scheduler.runAll();
  });

  it('over the threshold waits for a person; the player cancels it and the reserve comes back', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 500);
    const entry = (await withdraw(browser, 150, reference)).json() as Entry;
    expect(entry).toMatchObject({ state: 'requested', cancellable: true });
    expect(await eurBalance(browser)).toBe(350);
    const cancelled = await browser.post(`/web-api/payments/withdrawal/${entry.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancellable: false });
    expect(await eurBalance(browser)).toBe(500);
    // Finished: a second cancel is refused and changes nothing.
    expect(refusal(await browser.post(`/web-api/payments/withdrawal/${entry.id}/cancel`, {}))).toEqual({
      status: 409,
      code: 1304,
    });
    expect(await eurBalance(browser)).toBe(500);
    // Another player cannot see or cancel it.
    const other = await signUp(app);
    expect((await other.browser.get(`/web-api/payments/withdrawal/${entry.id}`)).statusCode).toBe(404);
    expect(refusal(await other.browser.post(`/web-api/payments/withdrawal/${entry.id}/cancel`, {}))).toEqual({
      status: 404,
      code: 1303,
    });
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('where the brand forbids cancelling, a person approves (then the sweep sends and it is paid) or rejects', async () => {
    const { browser } = await signUp(app, 'pl');
    const reference = await deposit(browser, scheduler, 100);
    const first = (await withdraw(browser, 30, reference)).json() as Entry;
    const second = (await withdraw(browser, 20, reference)).json() as Entry;
    expect([first.state, second.state, first.cancellable]).toEqual(['requested', 'requested', false]);
    expect(refusal(await browser.post(`/web-api/payments/withdrawal/${first.id}/cancel`, {}))).toEqual({
      status: 403,
      code: 1305,
    });

    const operator = createWithdrawals({ db: ctx.db, provider: undefined, clock: () => new Date() });
    await operator.decide(first.id, 'approve', { actor: 'operator:alice', reason: 'documents checked' });
    const rejected = await operator.decide(second.id, 'reject', { actor: 'operator:bob', reason: 'card expired' });
    expect(rejected).toMatchObject({ state: 'rejected', reason: 'card expired' });
    expect(await eurBalance(browser)).toBe(70);
    await expect(
      operator.decide(second.id, 'approve', { actor: 'operator:bob', reason: 'changed my mind' }),
    ).rejects.toMatchObject({ statusCode: 409 });

    // The server's sweep hands the approved withdrawal to the provider; its callback settles it.
    await until(async () => {
      await scheduler.runAll();
      return (await state(browser, first.id)) === 'paid';
    }, 'the approved withdrawal to be paid');
    const events = await operator.events(first.id);
    expect(events[1]).toMatchObject({ toState: 'approved', actor: 'operator:alice', reason: 'documents checked' });
    expect(await eurBalance(browser)).toBe(70);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('a declined or failed payout fails the withdrawal and releases the reserve', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 100);
    const declined = (await withdraw(browser, 20.91, reference)).json() as Entry;
    const failed = (await withdraw(browser, 20.92, reference)).json() as Entry;
    expect(await eurBalance(browser)).toBeCloseTo(58.17, 2);
    await scheduler.runAll();
    expect((await browser.get(`/web-api/payments/withdrawal/${declined.id}`)).json()).toMatchObject({
      state: 'failed',
      reason: 'payout_declined',
    });
    expect((await browser.get(`/web-api/payments/withdrawal/${failed.id}`)).json()).toMatchObject({
      state: 'failed',
      reason: 'beneficiary_account_closed',
    });
    expect(await eurBalance(browser)).toBe(100);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('answers the signed payout callback over HTTP: a forged one 401, an unknown withdrawal 200 changing nothing', async () => {
    // The sandbox's key outside production without PAYMENT_CALLBACK_SECRET: derived from the server key (none here).
    const secret = createHash('sha256').update('sandbox-callbacks:development').digest('hex');
    const body = JSON.stringify({
      eventId: 'evt-1',
      type: 'payout.paid',
      payout: { payoutReference: randomUUID(), status: 'paid' },
    });
    const post = (signature: string, payload = body) =>
      app.inject({
        method: 'POST',
        url: '/web-api/payments/payout-callback/sandbox',
        headers: { host: 'betbet.example', 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload,
      });
    expect((await post('t=1,v1=' + '0'.repeat(64))).statusCode).toBe(401);
    const unknown = await post(signCallback(secret, body, new Date()));
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 200, body: { outcome: 'unknown' } });
    expect((await post('x', '{"eventId":"e"}')).statusCode).toBe(400);
  });

  it('refuses what it must: above the withdrawable amount, below the minimum, another card, switched off', async () => {
    const { browser } = await signUp(app);
    const reference = await deposit(browser, scheduler, 50);
    expect(refusal(await withdraw(browser, 60, reference))).toEqual({ status: 422, code: 1301 });
    expect((await withdraw(browser, 60, reference)).json()).toMatchObject({
      detail: 'above_withdrawable: At most 50.00 EUR can be withdrawn now',
      validation_errors: [{ field: 'amount' }],
    });
    expect(refusal(await withdraw(browser, 4, reference))).toEqual({ status: 422, code: 1300 });
    expect(refusal(await withdraw(browser, 10, 'dep-someone-else'))).toEqual({ status: 422, code: 1302 });
    expect((await withdraw(browser, -1, reference)).statusCode).toBe(400);
    expect(
      (await browser.post('/web-api/payments/withdrawal', { amount: 10, methodReference: reference })).statusCode,
    ).toBe(400);
    expect(await eurBalance(browser)).toBe(50);

    const german = await signUp(app, 'de');
    expect(refusal(await withdraw(german.browser, 10, reference))).toEqual({ status: 403, code: 1002 });
    expect(
      (await app.inject({ url: '/officeapi/getdeducedata', headers: { host: 'betbet.example' } })).statusCode,
    ).toBe(401);
    const rows = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from cashier_withdrawals where user_id = $1`,
      [german.userId],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('withdrawal recovery after a restart', () => {
  describeEachDatabase('a withdrawal approved before the restart', (ctx) => {
    it('is sent and paid by the start-up sweep of the next server', async () => {
      const first = await buildWalletApp(ctx.db);
      const { browser } = await signUp(first.app, 'pl');
      const reference = await deposit(browser, first.scheduler, 100);
      const entry = (await withdraw(browser, 40, reference)).json() as Entry;
      await createWithdrawals({ db: ctx.db, provider: undefined, clock: () => new Date() }).decide(
        entry.id,
        'approve',
        {
          actor: 'operator:carol',
          reason: 'ok',
        },
      );
      await first.app.close();
      const second = await buildWalletApp(ctx.db);
      try {
        expect(await storedState(ctx.db, entry.id)).toBe('sent');
        await second.scheduler.runAll();
        expect(await storedState(ctx.db, entry.id)).toBe('paid');
        expect((await verifyLedger(ctx.db)).issues).toEqual([]);
      } finally {
        await second.app.close();
      }
    });
  });
});

async function storedState(db: Database, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ state: string }>('select state from cashier_withdrawals where id = $1', [id]);
  return rows[0]?.state;
}

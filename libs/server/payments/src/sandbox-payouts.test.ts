import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { beforeEach, expect, it } from 'vitest';
import { PaymentError, type PayoutRequest, type SignedCallback } from './payment-provider';
import { createSandboxPaymentProvider, type PaymentScheduler, type SandboxPaymentProvider } from './sandbox-provider';

const secret = 'test-callback-secret';
const card = (number: string) => ({ number, expiryMonth: 12, expiryYear: 2030, cvc: '123' });

describeEachDatabase('sandbox payouts', (ctx) => {
  let now: Date;
  let queue: Array<() => Promise<void>>;
  let payouts: SignedCallback[];
  let deposits: SignedCallback[];
  let provider: SandboxPaymentProvider;

  const step = async () => {
    const batch = queue.splice(0);
    for (const task of batch) await task();
  };

  beforeEach(() => {
    now = new Date('2026-11-20T12:00:00Z');
    queue = [];
    payouts = [];
    deposits = [];
    const scheduler: PaymentScheduler = { schedule: (task) => void queue.push(task) };
    provider = createSandboxPaymentProvider({
      database: ctx.db,
      callbackSecret: secret,
      scheduler,
      clock: () => now,
      confirmDelayMs: 1_000,
      timeoutMs: 60_000,
      deliver: async (c) => void deposits.push(c),
      deliverPayout: async (c) => void payouts.push(c),
    });
  });

  async function paidDeposit(currency = 'EUR'): Promise<string> {
    const merchantReference = `dep-${randomUUID()}`;
    await provider.createDepositIntent({ merchantReference, amount: 10_000, currency, card: card('4242424242424242') });
    await step();
    return merchantReference;
  }

  const payout = (overrides: Partial<PayoutRequest>): PayoutRequest => ({
    payoutReference: randomUUID(),
    amount: 2_500,
    currency: 'EUR',
    destination: { type: 'card', card: card('4242424242424242') },
    ...overrides,
  });

  it('pays back to the card of a deposit after the delay and tells the platform in a signed callback', async () => {
    const merchantReference = await paidDeposit();
    const request = payout({ destination: { type: 'deposit', merchantReference } });
    const started = await provider.createPayout(request);
    expect(started).toMatchObject({ status: 'processing', destinationLast4: '4242', amount: 2_500 });
    expect(payouts).toHaveLength(0);
    await step();
    expect((await provider.getPayout(request.payoutReference))?.status).toBe('paid');
    expect(payouts).toHaveLength(1);
    const [sent] = payouts;
    if (!sent) throw new Error('no payout callback sent');
    const callback = provider.verifyPayoutCallback(sent.body, sent.signature);
    expect(callback).toMatchObject({ type: 'payout.paid', payout: { payoutReference: request.payoutReference } });
    // The same reference again is the same payout; another amount under it is refused.
    expect((await provider.createPayout(request)).id).toBe(started.id);
    await expect(provider.createPayout({ ...request, amount: 2_600 })).rejects.toMatchObject({
      reason: 'idempotency',
    });
  });

  it('declines, fails and times out by test card or by the cents of the amount', async () => {
    const merchantReference = await paidDeposit();
    const declined = payout({ destination: { type: 'card', card: card('4000000000000002') } });
    const failed = payout({ amount: 2_592, destination: { type: 'deposit', merchantReference } });
    const silent = payout({ amount: 2_593 });
    for (const r of [declined, failed, silent]) await provider.createPayout(r);
    await step();
    expect((await provider.getPayout(declined.payoutReference))?.failureReason).toBe('payout_declined');
    expect(await provider.getPayout(failed.payoutReference)).toMatchObject({
      status: 'failed',
      failureReason: 'beneficiary_account_closed',
    });
    expect((await provider.getPayout(silent.payoutReference))?.status).toBe('processing');
    now = new Date(now.getTime() + 61_000);
    await step();
    expect(await provider.getPayout(silent.payoutReference)).toMatchObject({
      status: 'expired',
      failureReason: 'provider_timeout',
    });
    expect(payouts.map((p) => JSON.parse(p.body).type).sort()).toEqual([
      'payout.declined',
      'payout.expired',
      'payout.failed',
    ]);
  });

  it('refuses what it will never pay, and a deposit callback presented as a payout one', async () => {
    const noDeposit = payout({ destination: { type: 'deposit', merchantReference: 'dep-unknown' } });
    await expect(provider.createPayout(noDeposit)).rejects.toMatchObject({ reason: 'validation', field: 'method' });
    const otherCurrency = await paidDeposit('USD');
    await expect(
      provider.createPayout(payout({ destination: { type: 'deposit', merchantReference: otherCurrency } })),
    ).rejects.toBeInstanceOf(PaymentError);
    await expect(
      provider.createPayout(payout({ destination: { type: 'card', card: card('4111111111111111') } })),
    ).rejects.toMatchObject({ field: 'card.number' });
    expect(await provider.getPayout(noDeposit.payoutReference)).toBeUndefined();
    const [deposit] = deposits;
    if (!deposit) throw new Error('no deposit callback sent');
    expect(() => provider.verifyPayoutCallback(deposit.body, deposit.signature)).toThrow(/Not a payout callback/);
    expect(() => provider.verifyPayoutCallback('{"type":"payout.paid"}', 't=1,v1=00')).toThrow(PaymentError);
  });

  it('picks up undecided payouts after a restart', async () => {
    const request = payout({});
    await provider.createPayout(request);
    queue = []; // the process died before the decision ran
    expect(await provider.resumePending()).toBeGreaterThanOrEqual(1);
    await step();
    expect((await provider.getPayout(request.payoutReference))?.status).toBe('paid');
  });
});

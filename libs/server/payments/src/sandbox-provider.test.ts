import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, userAccount } from '@tessera/server/ledger';
import { beforeEach, expect, it } from 'vitest';
import { signCallback } from './callback-signature';
import { handleDepositCallback } from './deposit-callback';
import { PaymentError, type DepositIntentRequest, type SignedCallback } from './payment-provider';
import { createSandboxPaymentProvider, type PaymentScheduler, type SandboxPaymentProvider } from './sandbox-provider';

const secret = 'test-callback-secret';

/** Collects scheduled work so a test decides when "later" is; no timers, no sleeping. */
function steppedScheduler() {
  const queue: { task: () => Promise<void>; delayMs: number }[] = [];
  const scheduler: PaymentScheduler = { schedule: (task, delayMs) => void queue.push({ task, delayMs }) };
  return {
    scheduler,
    delays: () => queue.map((q) => q.delayMs),
    /** Runs what is queued now (work it schedules waits for the next call). */
    async step(): Promise<number> {
      const batch = queue.splice(0);
      for (const q of batch) await q.task();
      return batch.length;
    },
  };
}

const card = (number: string) => ({ number, expiryMonth: 12, expiryYear: 2030, cvc: '123' });

describeEachDatabase('sandbox payment provider', (ctx) => {
  let now: Date;
  let delivered: SignedCallback[];
  let failNextDeliveries: number;
  let stepper: ReturnType<typeof steppedScheduler>;
  let provider: SandboxPaymentProvider;

  beforeEach(() => {
    now = new Date('2026-11-20T12:00:00Z');
    delivered = [];
    failNextDeliveries = 0;
    stepper = steppedScheduler();
    provider = createSandboxPaymentProvider({
      database: ctx.db,
      callbackSecret: secret,
      scheduler: stepper.scheduler,
      clock: () => now,
      confirmDelayMs: 2_000,
      timeoutMs: 60_000,
      deliver: async (callback) => {
        if (failNextDeliveries > 0) {
          failNextDeliveries--;
          throw new Error('platform unreachable');
        }
        delivered.push(callback);
      },
    });
  });

  function request(number: string, overrides: Partial<DepositIntentRequest> = {}): DepositIntentRequest {
    return {
      merchantReference: `dep-${randomUUID()}`,
      amount: 2_500,
      currency: 'EUR',
      card: card(number),
      metadata: { brandId: 'sandbox-brand', userId: randomUUID() },
      ...overrides,
    };
  }

  const wallet = (req: DepositIntentRequest) =>
    getAccountBalance(ctx.db, userAccount(req.metadata?.['userId'] ?? '', req.currency));

  it('approves a good test card only after the delay, and the callback credits the wallet exactly once', async () => {
    const req = request('4242 4242 4242 4242');
    const intent = await provider.createDepositIntent(req);
    expect(intent).toMatchObject({ status: 'processing', cardLast4: '4242', amount: 2_500, nextAction: null });
    expect(delivered).toHaveLength(0);
    expect(stepper.delays()).toEqual([2_000]);

    await stepper.step();
    expect(delivered).toHaveLength(1);
    expect((await provider.getDepositIntent(req.merchantReference))?.status).toBe('succeeded');
    const callback = delivered[0] as SignedCallback;
    const first = await handleDepositCallback(ctx.db, provider, callback.body, callback.signature);
    expect(first.outcome).toBe('credited');
    // The provider retries, or the network duplicates: sequentially and concurrently, the credit stays single.
    const again = await Promise.all(
      Array.from({ length: 5 }, () => handleDepositCallback(ctx.db, provider, callback.body, callback.signature)),
    );
    expect(again.map((r) => r.outcome)).toEqual(Array(5).fill('already_credited'));
    expect(await wallet(req)).toBe(2_500);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('declines card %s asynchronously with %s and credits nothing', async (number, reason) => {
    const req = request(number);
    expect((await provider.createDepositIntent(req)).status).toBe('processing');
    await stepper.step();
    const callback = delivered[0] as SignedCallback;
    expect(provider.verifyCallback(callback.body, callback.signature)).toMatchObject({
      type: 'deposit.declined',
      intent: { declineReason: reason },
    });
    expect(await handleDepositCallback(ctx.db, provider, callback.body, callback.signature)).toEqual({
      outcome: 'not_credited',
      status: 'declined',
      reason,
    });
    expect(await wallet(req)).toBe(0);
  });

  it('holds a 3-D Secure card until the challenge: a wrong code declines, the right one approves', async () => {
    const wrong = request('4000000000003220');
    expect(await provider.createDepositIntent(wrong)).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'challenge' },
    });
    expect(stepper.delays()).toEqual([]);
    expect((await provider.completeChallenge(wrong.merchantReference, '0000')).status).toBe('declined');
    await expect(provider.completeChallenge(wrong.merchantReference, '1234')).rejects.toMatchObject({
      reason: 'state',
    });

    const right = request('4000000000003220');
    await provider.createDepositIntent(right);
    expect((await provider.completeChallenge(right.merchantReference, '1234')).status).toBe('processing');
    await stepper.step();
    const approved = delivered
      .map((d) => provider.verifyCallback(d.body, d.signature))
      .find((c) => c.intent.merchantReference === right.merchantReference);
    expect(approved?.type).toBe('deposit.succeeded');
  });

  it('a card whose issuer never answers stays processing, then expires after the timeout', async () => {
    const req = request('4000000000000119');
    await provider.createDepositIntent(req);
    await stepper.step();
    expect(delivered).toHaveLength(0);
    expect((await provider.getDepositIntent(req.merchantReference))?.status).toBe('processing');
    now = new Date(now.getTime() + 61_000);
    await stepper.step();
    expect((await provider.getDepositIntent(req.merchantReference))?.status).toBe('expired');
    const callback = delivered[0] as SignedCallback;
    expect(await handleDepositCallback(ctx.db, provider, callback.body, callback.signature)).toMatchObject({
      outcome: 'not_credited',
      status: 'expired',
    });
  });

  it('validates amount, currency and card before accepting anything', async () => {
    const cases: [Partial<DepositIntentRequest>, string][] = [
      [{ amount: 99 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ amount: 10_000_001 }, 'amount'],
      [{ currency: 'XXX' }, 'currency'],
      [{ card: card('4242424242424241') }, 'card.number'],
      [{ card: card('4111111111111111') }, 'card.number'], // a real-looking card: not a sandbox test card
      [{ card: { ...card('4242424242424242'), expiryYear: 2026, expiryMonth: 10 } }, 'card.expiry'],
      [{ card: { ...card('4242424242424242'), cvc: '12' } }, 'card.cvc'],
      [{ merchantReference: '' }, 'merchantReference'],
    ];
    for (const [overrides, field] of cases) {
      const error = await provider.createDepositIntent(request('4242424242424242', overrides)).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(PaymentError);
      expect(error).toMatchObject({ reason: 'validation', field });
    }
    expect(stepper.delays()).toEqual([]);
  });

  it('refuses a card whose funding the merchant does not accept, by the card’s BIN, before charging', async () => {
    const noCredit = { refusedFunding: ['credit'] as const };
    const refused = await provider.createDepositIntent(request('5555555555554444', noCredit)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: 'validation', field: 'card.number', message: /credit cards/ });
    expect(stepper.delays()).toEqual([]);
    // A debit or prepaid card passes the same rule, and a credit card passes where credit is accepted.
    expect((await provider.createDepositIntent(request('4242424242424242', noCredit))).status).toBe('processing');
    expect((await provider.createDepositIntent(request('5105105105105100', noCredit))).status).toBe('processing');
    expect((await provider.createDepositIntent(request('5555555555554444'))).status).toBe('processing');
  });

  it('is idempotent by merchant reference and refuses the reference for another payment', async () => {
    const req = request('4242424242424242');
    const [a, b] = await Promise.all([provider.createDepositIntent(req), provider.createDepositIntent(req)]);
    expect(b?.id).toBe(a?.id);
    expect(stepper.delays()).toHaveLength(1);
    await expect(provider.createDepositIntent({ ...req, amount: 9_999 })).rejects.toMatchObject({
      reason: 'idempotency',
    });
  });

  it('refuses forged, tampered, stale and unsigned callbacks', async () => {
    const req = request('4242424242424242');
    await provider.createDepositIntent(req);
    await stepper.step();
    const { body, signature } = delivered[0] as SignedCallback;
    const tampered = body.replace('"amount":2500', '"amount":250000');
    expect(tampered).not.toBe(body);
    await expect(handleDepositCallback(ctx.db, provider, tampered, signature)).rejects.toMatchObject({
      reason: 'signature',
    });
    expect(() => provider.verifyCallback(body, signCallback('another-secret', body, now))).toThrow(PaymentError);
    expect(() => provider.verifyCallback(body, undefined)).toThrow(/Malformed/);
    now = new Date(now.getTime() + 301_000);
    expect(() => provider.verifyCallback(body, signature)).toThrow(/expired/);
    expect(await wallet(req)).toBe(0);
  });

  it('retries an undelivered callback with back-off until the platform answers', async () => {
    failNextDeliveries = 2;
    const req = request('4242424242424242');
    await provider.createDepositIntent(req);
    await stepper.step();
    expect(stepper.delays()).toEqual([1_000]);
    await stepper.step();
    expect(stepper.delays()).toEqual([2_000]);
    await stepper.step();
    expect(delivered).toHaveLength(1);
    expect(await stepper.step()).toBe(0);
  });

  it('picks up undecided deposits after a restart from its own table', async () => {
    const req = request('4242424242424242');
    await provider.createDepositIntent(req); // the process stops before the decision runs
    const restarted = steppedScheduler();
    const again = createSandboxPaymentProvider({
      database: ctx.db,
      callbackSecret: secret,
      scheduler: restarted.scheduler,
      clock: () => now,
      deliver: async (c) => void delivered.push(c),
    });
    expect(await again.resumePending()).toBeGreaterThanOrEqual(1);
    await restarted.step();
    expect((await again.getDepositIntent(req.merchantReference))?.status).toBe('succeeded');
    expect(delivered.some((d) => d.body.includes(req.merchantReference))).toBe(true);
  });

  it('refunds succeeded deposits partly or fully, once per refund reference, never beyond the deposit', async () => {
    const req = request('4242424242424242');
    await provider.createDepositIntent(req);
    await expect(
      provider.refund({ merchantReference: req.merchantReference, refundReference: 'r0', amount: 100 }),
    ).rejects.toMatchObject({ reason: 'state' });
    await stepper.step();
    const ref = `r-${randomUUID()}`;
    expect(
      await provider.refund({ merchantReference: req.merchantReference, refundReference: ref, amount: 1_000 }),
    ).toMatchObject({ refundedAmount: 1_000 });
    expect(
      await provider.refund({ merchantReference: req.merchantReference, refundReference: ref, amount: 1_000 }),
    ).toMatchObject({ refundedAmount: 1_000 });
    await expect(
      provider.refund({
        merchantReference: req.merchantReference,
        refundReference: `r-${randomUUID()}`,
        amount: 1_501,
      }),
    ).rejects.toMatchObject({ reason: 'validation' });
    expect((await provider.getDepositIntent(req.merchantReference))?.refundedAmount).toBe(1_000);
  });
});

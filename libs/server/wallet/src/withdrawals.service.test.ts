import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, userAccount, verifyLedger } from '@tessera/server/ledger';
import {
  createSandboxPaymentProvider,
  handleDepositCallback,
  PaymentError,
  type PaymentScheduler,
  type SandboxPaymentProvider,
  type SignedCallback,
} from '@tessera/server/payments';
import { beforeEach, expect, it } from 'vitest';
import type { CashierGate } from './cashier-gate';
import { createWithdrawals, type Withdrawals } from './withdrawals.service';

const config = (withdrawals: Partial<{ autoApproveMax: Record<string, number>; playerMayCancel: boolean }> = {}) =>
  ({
    office: { pages: { withdraw: { enabled: true } } },
    cashier: {
      withdrawals: { autoApproveMax: { EUR: 100 }, minAmount: {}, playerMayCancel: true, ...withdrawals },
    },
  }) as unknown as ResolvedBrand['config'];

describeEachDatabase('withdrawals service', (ctx) => {
  let queue: Array<() => Promise<void>>;
  let payoutCallbacks: SignedCallback[];
  let provider: SandboxPaymentProvider;
  let gates: CashierGate[];
  let service: Withdrawals;
  const run = async () => {
    while (queue.length > 0) for (const task of queue.splice(0)) await task();
  };

  beforeEach(() => {
    queue = [];
    payoutCallbacks = [];
    gates = [];
    const scheduler: PaymentScheduler = { schedule: (task) => void queue.push(task) };
    provider = createSandboxPaymentProvider({
      database: ctx.db,
      callbackSecret: 'secret',
      scheduler,
      confirmDelayMs: 0,
      deliver: async (c) => void (await handleDepositCallback(ctx.db, provider, c.body, c.signature)),
      // Kept, not delivered: each test hands them to the service when it wants.
      deliverPayout: async (c) => void payoutCallbacks.push(c),
    });
    service = createWithdrawals({ db: ctx.db, provider, clock: () => new Date(), gates });
  });

  async function funded(amount = 10_000) {
    const bettor = { brandId: 'cash', userId: randomUUID(), currency: 'EUR' };
    const merchantReference = `dep-${randomUUID()}`;
    await provider.createDepositIntent({
      merchantReference,
      amount,
      currency: 'EUR',
      card: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123' },
      metadata: { brandId: bettor.brandId, userId: bettor.userId },
    });
    await run();
    return { bettor, merchantReference };
  }

  const main = (userId: string) => getAccountBalance(ctx.db, userAccount(userId, 'EUR'));

  it('asks the gates before the reserve: a refusal writes nothing', async () => {
    const { bettor, merchantReference } = await funded();
    const asked: unknown[] = [];
    gates.push(async (input) => {
      asked.push(input);
      return new ApiError(403, 'Not available', { detail: 'verification_required: verify first', error_code: 7 });
    });
    await expect(
      service.request(
        { bettor, config: config() },
        { amount: 20, requestId: randomUUID(), methodReference: merchantReference },
      ),
    ).rejects.toMatchObject({ statusCode: 403, extra: { error_code: 7 } });
    expect(asked).toEqual([
      {
        accountId: bettor.userId,
        brandId: 'cash',
        country: '',
        currency: 'EUR',
        amountMinor: 2_000,
        kind: 'withdrawal',
      },
    ]);
    expect(await main(bettor.userId)).toBe(10_000);
    expect(await service.list(bettor)).toEqual([]);
  });

  it('a callback for an unknown, paid or cancelled withdrawal changes nothing', async () => {
    const { bettor, merchantReference } = await funded(50_000);
    const paid = await service.request(
      { bettor, config: config() },
      { amount: 20, requestId: randomUUID(), methodReference: merchantReference },
    );
    await run();
    const callback = payoutCallbacks[0];
    if (!callback) throw new Error('no payout callback sent');
    expect(await service.handleCallback(callback.body, callback.signature)).toEqual({ outcome: 'paid' });
    // Delivered again (a provider retries): nothing more moves.
    expect(await service.handleCallback(callback.body, callback.signature)).toEqual({ outcome: 'ignored' });
    expect((await service.own(bettor, paid.id)).state).toBe('paid');
    expect(await main(bettor.userId)).toBe(48_000);

    // A payout the platform never asked for (another system's reference at the same provider).
    await provider.createPayout({
      payoutReference: randomUUID(),
      amount: 500,
      currency: 'EUR',
      destination: { type: 'deposit', merchantReference },
    });
    await run();
    const stranger = payoutCallbacks[1];
    if (!stranger) throw new Error('no second payout callback sent');
    expect(await service.handleCallback(stranger.body, stranger.signature)).toEqual({ outcome: 'unknown' });

    // Cancelled before it was sent, then a (forged-order) paid payout under its id arrives: ignored.
    const waiting = await service.request(
      { bettor, config: config() },
      { amount: 150, requestId: randomUUID(), methodReference: merchantReference },
    );
    expect(waiting.state).toBe('requested');
    await service.cancel({ bettor, config: config() }, waiting.id);
    await provider.createPayout({
      payoutReference: waiting.id,
      amount: 15_000,
      currency: 'EUR',
      destination: { type: 'deposit', merchantReference },
    });
    await run();
    const late = payoutCallbacks[2];
    if (!late) throw new Error('no third payout callback sent');
    expect(await service.handleCallback(late.body, late.signature)).toEqual({ outcome: 'ignored' });
    expect((await service.own(bettor, waiting.id)).state).toBe('cancelled');
    expect(await main(bettor.userId)).toBe(48_000);

    await expect(service.handleCallback(callback.body, 't=1,v1=00')).rejects.toBeInstanceOf(PaymentError);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('a withdrawal marked sent that the provider never received is sent again by the sweep, once', async () => {
    const { bettor, merchantReference } = await funded();
    const down = createWithdrawals({
      db: ctx.db,
      provider: {
        ...provider,
        createPayout: async () => {
          throw new Error('connection reset');
        },
      },
      clock: () => new Date(),
    });
    const w = await down.request(
      { bettor, config: config() },
      { amount: 30, requestId: randomUUID(), methodReference: merchantReference },
    );
    expect(w.state).toBe('sent');
    expect(await provider.getPayout(w.id)).toBeUndefined();
    expect(await service.resume()).toBeGreaterThanOrEqual(1);
    await run();
    for (const c of payoutCallbacks.splice(0)) await service.handleCallback(c.body, c.signature);
    expect((await service.own(bettor, w.id)).state).toBe('paid');
    // Nothing left to do: the next sweep changes nothing.
    await service.resume();
    await run();
    expect(payoutCallbacks).toEqual([]);
    expect(await main(bettor.userId)).toBe(7_000);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('a payout the provider never answers expires: the withdrawal fails and the reserve comes back', async () => {
    const { bettor, merchantReference } = await funded();
    let now = new Date('2026-11-20T12:00:00Z');
    const slow = createSandboxPaymentProvider({
      database: ctx.db,
      callbackSecret: 'secret',
      scheduler: { schedule: (task) => void queue.push(task) },
      confirmDelayMs: 0,
      timeoutMs: 60_000,
      clock: () => now,
      deliver: async () => undefined,
      deliverPayout: async (c) => void payoutCallbacks.push(c),
    });
    const timed = createWithdrawals({ db: ctx.db, provider: slow, clock: () => now });
    const w = await timed.request(
      { bettor, config: config() },
      { amount: 20.93, requestId: randomUUID(), methodReference: merchantReference },
    );
    const step = async () => {
      for (const task of queue.splice(0)) await task();
    };
    await step();
    expect((await timed.own(bettor, w.id)).state).toBe('sent');
    expect(payoutCallbacks).toEqual([]);
    now = new Date(now.getTime() + 61_000);
    await step();
    for (const c of payoutCallbacks.splice(0)) await timed.handleCallback(c.body, c.signature);
    expect(await timed.own(bettor, w.id)).toMatchObject({ state: 'failed', reason: 'provider_timeout' });
    expect(await main(bettor.userId)).toBe(10_000);
  });

  it('the withdrawable amount leaves out bonus money and the stakes of advance bets waiting for cover', async () => {
    const { bettor } = await funded(10_000);
    await ctx.db.query(
      `insert into ledger_accounts (owner_kind, owner_id, currency, purpose, allow_negative, created_at)
       values ('user', $1, 'EUR', 'bonus', false, now())`,
      [bettor.userId],
    );
    await ctx.db.query(
      `insert into bets (id, bet_guid, line_no, ledger_guid, brand_id, user_id, currency, kind, vid, status, hold_reason,
                         stake, original_stake, coef, potential_win, request_hash, details, created_at)
       values ($1, $2, 1, $3, $4, $5, 'EUR', 'single', 0, 'waiting', 'advance', 2500, 2500, 2.0, 5000, 'h',
               '{"advance":{"securedBy":[]}}', now())`,
      [randomUUID(), randomUUID(), randomUUID(), bettor.brandId, bettor.userId],
    );
    expect(await service.withdrawable(bettor)).toMatchObject({ main: 10_000, advanceHeld: 2_500, withdrawable: 7_500 });
  });
});

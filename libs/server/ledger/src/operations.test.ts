import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { platformAccount, userAccount } from './accounts';
import { getAccountBalance } from './balances';
import { InsufficientFundsError, LedgerError } from './errors';
import {
  cancelWithdrawal,
  cashOutBet,
  confirmWithdrawal,
  grantBonus,
  recordDeposit,
  refundDeposit,
  reserveWithdrawal,
  settleBet,
  stakeBet,
  type BetOutcome,
} from './operations';
import { verifyLedger } from './verify';

const currency = 'EUR';

function player() {
  return { brandId: `brand-${randomUUID().slice(0, 8)}`, userId: randomUUID(), currency };
}

describeEachDatabase('ledger operations', (ctx) => {
  const balance = (userId: string, purpose: 'main' | 'bonus' | 'withdrawal_hold' = 'main') =>
    getAccountBalance(ctx.db, userAccount(userId, currency, purpose));
  const platform = (brandId: string, purpose: Parameters<typeof platformAccount>[2]) =>
    getAccountBalance(ctx.db, platformAccount(brandId, currency, purpose));

  it('a confirmed deposit credits the wallet once per provider reference', async () => {
    const p = player();
    const first = await recordDeposit(ctx.db, { ...p, amount: 5000, provider: 'sandbox', reference: 'dep-1' });
    const again = await recordDeposit(ctx.db, { ...p, amount: 5000, provider: 'sandbox', reference: 'dep-1' });
    expect(again.id).toBe(first.id);
    expect(await balance(p.userId)).toBe(5000);
    expect(await platform(p.brandId, 'cash_in')).toBe(-5000);
  });

  it('a stake moves the net stake to bets held and the stake tax to taxes payable, once per betGuid', async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 1000, provider: 'sandbox', reference: randomUUID() });
    const betGuid = randomUUID();
    await stakeBet(ctx.db, { ...p, betGuid, stake: 400, stakeTax: 20 });
    const retry = await stakeBet(ctx.db, { ...p, betGuid, stake: 400, stakeTax: 20 });
    expect(retry.replayed).toBe(true);
    expect(await balance(p.userId)).toBe(600);
    expect(await platform(p.brandId, 'bets_held')).toBe(380);
    expect(await platform(p.brandId, 'taxes_payable')).toBe(20);
    await expect(stakeBet(ctx.db, { ...p, betGuid: randomUUID(), stake: 601 })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await expect(stakeBet(ctx.db, { ...p, betGuid: randomUUID(), stake: 100, stakeTax: 100 })).rejects.toBeInstanceOf(
      LedgerError,
    );
  });

  const outcomes: {
    outcome: BetOutcome;
    payout?: number;
    payoutTax?: number;
    wallet: number;
    house: number;
    tax: number;
  }[] = [
    { outcome: 'won', payout: 250, wallet: 250, house: -150, tax: 0 },
    { outcome: 'won', payout: 250, payoutTax: 30, wallet: 220, house: -150, tax: 30 },
    { outcome: 'lost', wallet: 0, house: 100, tax: 0 },
    { outcome: 'returned', wallet: 100, house: 0, tax: 0 },
    { outcome: 'half-won', payout: 175, wallet: 175, house: -75, tax: 0 },
    { outcome: 'half-lost', wallet: 50, house: 50, tax: 0 },
  ];
  for (const c of outcomes) {
    it(`settles a ${c.outcome} bet${c.payoutTax ? ' with payout tax' : ''}: wallet +${c.wallet}, house ${c.house}`, async () => {
      const p = player();
      await recordDeposit(ctx.db, { ...p, amount: 100, provider: 'sandbox', reference: randomUUID() });
      const betGuid = randomUUID();
      await stakeBet(ctx.db, { ...p, betGuid, stake: 100 });
      const settled = await settleBet(ctx.db, {
        betGuid,
        outcome: c.outcome,
        payout: c.payout,
        payoutTax: c.payoutTax,
      });
      expect(settled.kind).toBe('bet.settle');
      expect(await balance(p.userId)).toBe(c.wallet);
      expect(await platform(p.brandId, 'house')).toBe(c.house);
      expect(await platform(p.brandId, 'taxes_payable')).toBe(c.tax);
      expect(await platform(p.brandId, 'bets_held')).toBe(0);
    });
  }

  it('settles once: a second settlement returns the first, a cash-out after it is refused', async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 100, provider: 'sandbox', reference: randomUUID() });
    const betGuid = randomUUID();
    await stakeBet(ctx.db, { ...p, betGuid, stake: 100 });
    const first = await settleBet(ctx.db, { betGuid, outcome: 'won', payout: 300 });
    const second = await settleBet(ctx.db, { betGuid, outcome: 'won', payout: 300 });
    expect(second.id).toBe(first.id);
    await expect(cashOutBet(ctx.db, { betGuid, amount: 90 })).rejects.toMatchObject({ code: 'already_resolved' });
    expect(await balance(p.userId)).toBe(300);
  });

  it('cash-out pays the offer from bets held and the house, and settlement after it is refused', async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 100, provider: 'sandbox', reference: randomUUID() });
    const betGuid = randomUUID();
    await stakeBet(ctx.db, { ...p, betGuid, stake: 100 });
    await cashOutBet(ctx.db, { betGuid, amount: 160 });
    expect(await balance(p.userId)).toBe(160);
    expect(await platform(p.brandId, 'house')).toBe(-60);
    await expect(settleBet(ctx.db, { betGuid, outcome: 'lost' })).rejects.toMatchObject({ code: 'already_resolved' });
  });

  it('refuses settlement of an unknown bet and inconsistent payouts', async () => {
    await expect(settleBet(ctx.db, { betGuid: randomUUID(), outcome: 'lost' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 100, provider: 'sandbox', reference: randomUUID() });
    const betGuid = randomUUID();
    await stakeBet(ctx.db, { ...p, betGuid, stake: 100 });
    await expect(settleBet(ctx.db, { betGuid, outcome: 'won' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(settleBet(ctx.db, { betGuid, outcome: 'lost', payout: 10 })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(settleBet(ctx.db, { betGuid, outcome: 'lost', payoutTax: 10 })).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('a withdrawal is reserved, then confirmed or cancelled, never both', async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 1000, provider: 'sandbox', reference: randomUUID() });
    await reserveWithdrawal(ctx.db, { ...p, amount: 700, withdrawalId: 'w1-' + p.userId });
    expect(await balance(p.userId)).toBe(300);
    expect(await balance(p.userId, 'withdrawal_hold')).toBe(700);
    await confirmWithdrawal(ctx.db, { withdrawalId: 'w1-' + p.userId });
    expect(await balance(p.userId, 'withdrawal_hold')).toBe(0);
    expect(await platform(p.brandId, 'cash_out')).toBe(700);
    await expect(cancelWithdrawal(ctx.db, { withdrawalId: 'w1-' + p.userId })).rejects.toMatchObject({
      code: 'already_resolved',
    });

    await reserveWithdrawal(ctx.db, { ...p, amount: 300, withdrawalId: 'w2-' + p.userId });
    await cancelWithdrawal(ctx.db, { withdrawalId: 'w2-' + p.userId });
    expect(await balance(p.userId)).toBe(300);
    await expect(
      reserveWithdrawal(ctx.db, { ...p, amount: 301, withdrawalId: 'w3-' + p.userId }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('a confirmation racing a cancellation: exactly one wins', async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 1000, provider: 'sandbox', reference: randomUUID() });
    // A second pending withdrawal keeps the hold funded, so only the shared key can stop the loser.
    await reserveWithdrawal(ctx.db, { ...p, amount: 400, withdrawalId: 'a-' + p.userId });
    await reserveWithdrawal(ctx.db, { ...p, amount: 400, withdrawalId: 'b-' + p.userId });
    const results = await Promise.allSettled([
      confirmWithdrawal(ctx.db, { withdrawalId: 'a-' + p.userId }),
      cancelWithdrawal(ctx.db, { withdrawalId: 'a-' + p.userId }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(p.userId, 'withdrawal_hold')).toBe(400);
  });

  it('a bonus lands in the bonus wallet, which can pay stakes; a refund takes a deposit back', async () => {
    const p = player();
    await grantBonus(ctx.db, { ...p, amount: 500, bonusId: randomUUID() });
    expect(await platform(p.brandId, 'bonus_cost')).toBe(-500);
    await stakeBet(ctx.db, { ...p, betGuid: randomUUID(), stake: 200, wallet: 'bonus' });
    expect(await balance(p.userId, 'bonus')).toBe(300);
    await recordDeposit(ctx.db, { ...p, amount: 1000, provider: 'sandbox', reference: 'd-' + p.userId });
    const refund = {
      ...p,
      amount: 600,
      provider: 'sandbox',
      reference: 'd-' + p.userId,
      refundReference: 'r-' + p.userId,
    };
    await refundDeposit(ctx.db, refund);
    await refundDeposit(ctx.db, refund);
    expect(await balance(p.userId)).toBe(400);
    await expect(
      refundDeposit(ctx.db, { ...refund, amount: 401, refundReference: 'r2-' + p.userId }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it("a stake and the caller's own rows commit or roll back together", async () => {
    const p = player();
    await recordDeposit(ctx.db, { ...p, amount: 100, provider: 'sandbox', reference: randomUUID() });
    const betGuid = randomUUID();
    await ctx.db.exec('create table if not exists ops_test_bets (guid text primary key)');
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query('insert into ops_test_bets (guid) values ($1)', [betGuid]);
        await stakeBet(tx, { ...p, betGuid, stake: 100 });
        throw new Error('crash between the stake and the commit');
      }),
    ).rejects.toThrow('crash');
    expect(await balance(p.userId)).toBe(100);
    expect((await ctx.db.query('select 1 from ops_test_bets where guid = $1', [betGuid])).rows).toHaveLength(0);
  });

  it('leaves every invariant intact', async () => {
    const report = await verifyLedger(ctx.db);
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

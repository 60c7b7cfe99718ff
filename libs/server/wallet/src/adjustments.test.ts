import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, platformAccount, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { expect, it } from 'vitest';
import { adjustBalance, type AdjustmentInput } from './adjustments';
import { paymentsHistory } from './payments-history';

describeEachDatabase('manual balance adjustments', (ctx) => {
  function input(userId: string, amountMinor: number, extra: Partial<AdjustmentInput> = {}): AdjustmentInput {
    return {
      brandId: 'adj',
      userId,
      currency: 'EUR',
      amountMinor,
      reason: 'goodwill after a late settlement',
      requestId: randomUUID(),
      actor: 'operator:pay@ops.example',
      maxMinor: 100_000,
      ...extra,
    };
  }
  const adjust = (i: AdjustmentInput) => ctx.db.transaction((tx) => adjustBalance(tx, i));
  const refusal = async (i: AdjustmentInput) => {
    const error = await adjust(i).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it('credits and debits as balanced transactions against the brand account, with the balance before and after', async () => {
    const userId = randomUUID();
    await recordDeposit(ctx.db, {
      brandId: 'adj',
      userId,
      currency: 'EUR',
      amount: 1_000,
      provider: 't',
      reference: randomUUID(),
    });
    const credit = await adjust(input(userId, 2_500));
    expect(credit).toMatchObject({ balanceBefore: 1_000, balanceAfter: 3_500, replayed: false });
    const debit = await adjust(input(userId, -500));
    expect(debit).toMatchObject({ balanceBefore: 3_500, balanceAfter: 3_000 });
    expect(await getAccountBalance(ctx.db, userAccount(userId, 'EUR'))).toBe(3_000);
    expect(await getAccountBalance(ctx.db, platformAccount('adj', 'EUR', 'adjustments'))).toBeLessThanOrEqual(-2_000);
    expect(credit.transaction.metadata).toMatchObject({ reason: 'goodwill after a late settlement' });
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('refuses a debit below zero, a zero amount and one above the maximum, writing nothing', async () => {
    const userId = randomUUID();
    await adjust(input(userId, 1_000));
    const overdraft = await refusal(input(userId, -1_001));
    expect(overdraft.statusCode).toBe(422);
    expect(overdraft.extra).toMatchObject({ error_code: 1317 });
    expect((await refusal(input(userId, 0))).extra).toMatchObject({ error_code: 1320 });
    expect((await refusal(input(userId, 100_001))).extra).toMatchObject({ error_code: 1321 });
    expect((await refusal(input(userId, -100_001))).extra).toMatchObject({ error_code: 1321 });
    expect(await getAccountBalance(ctx.db, userAccount(userId, 'EUR'))).toBe(1_000);
  });

  it('answers the first adjustment for a repeated requestId, and refuses it for a different one', async () => {
    const userId = randomUUID();
    const first = await adjust(input(userId, 700, { requestId: 'req-replay-1' }));
    const again = await adjust(input(userId, 700, { requestId: 'req-replay-1' }));
    expect(again).toMatchObject({ replayed: true, balanceAfter: 700 });
    expect(again.transaction.id).toBe(first.transaction.id);
    expect((await refusal(input(userId, 800, { requestId: 'req-replay-1' }))).statusCode).toBe(409);
    expect(await getAccountBalance(ctx.db, userAccount(userId, 'EUR'))).toBe(700);
  });

  it('shows in the player’s payments history as an adjustment, without the reason', async () => {
    const userId = randomUUID();
    await adjust(input(userId, 1_250));
    await adjust(input(userId, -250));
    const history = await paymentsHistory(ctx.db, userId, { page_number: 1 }, { now: new Date() });
    expect(history.items.map((i) => [i.type, i.amount, i.status])).toEqual([
      ['adjustment', -2.5, 'completed'],
      ['adjustment', 12.5, 'completed'],
    ]);
    expect(JSON.stringify(history)).not.toContain('goodwill');
    const only = await paymentsHistory(ctx.db, userId, { types: ['adjustment'] }, { now: new Date() });
    expect(only.total).toBe(2);
  });
});

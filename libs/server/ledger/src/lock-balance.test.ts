import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { userAccount } from './accounts';
import { lockAccountBalance } from './balances';
import { recordDeposit } from './operations';

describeEachDatabase('lockAccountBalance', (ctx) => {
  it('answers the balance inside the caller transaction, 0 for an account never used', async () => {
    const userId = randomUUID();
    const wallet = userAccount(userId, 'EUR');
    expect(await ctx.db.transaction((tx) => lockAccountBalance(tx, wallet))).toBe(0);
    await recordDeposit(ctx.db, {
      brandId: 'lock',
      userId,
      currency: 'EUR',
      amount: 750,
      provider: 'test',
      reference: randomUUID(),
    });
    expect(await ctx.db.transaction((tx) => lockAccountBalance(tx, wallet))).toBe(750);
  });
});

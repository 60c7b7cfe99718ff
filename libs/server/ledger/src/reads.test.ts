import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { userAccount } from './accounts';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  grantBonus,
  recordDeposit,
  reserveWithdrawal,
  settleBet,
  stakeBet,
} from './operations';
import { getPaymentsHistory, getStatement, getUserBalances, toAccountLists } from './reads';

const day = 86_400_000;
const now = new Date('2026-11-20T12:00:00Z');

describeEachDatabase('ledger reads', (ctx) => {
  it('lists main and bonus accounts in the spec account entry shape, money in major units', async () => {
    const userId = randomUUID();
    const owner = { brandId: 'b', userId, currency: 'KZT' };
    await recordDeposit(ctx.db, { ...owner, amount: 123_456, provider: 'sandbox', reference: randomUUID() });
    await recordDeposit(ctx.db, {
      ...owner,
      currency: 'USD',
      amount: 1005,
      provider: 'sandbox',
      reference: randomUUID(),
    });
    await grantBonus(ctx.db, { ...owner, amount: 5000, bonusId: randomUUID() });
    const entries = await getUserBalances(ctx.db, userId, {
      currencies: { KZT: { id: 87, symbol: '₸', name: 'Тенге' } },
    });
    expect(entries.map((e) => [e.type, e.iso, e.money, e.isActive])).toEqual([
      ['main', 'KZT', 1234.56, true],
      ['main', 'USD', 10.05, false],
      ['bonus', 'KZT', 50, false],
    ]);
    expect(entries[0]).toMatchObject({
      name: 'Тенге',
      symbol: '₸',
      currencyId: 87,
      isBonusAccount: false,
      label: 'Тенге (₸)',
      isPointsTypeBalance: false,
    });
    expect(entries[1]).toMatchObject({ currencyId: 10, symbol: '$', label: 'US dollar ($)' });
    const lists = toAccountLists(entries);
    expect([lists.accounts.length, lists.bonuses.length, lists.all_accounts.length]).toEqual([2, 1, 3]);
    expect((await getUserBalances(ctx.db, userId, { activeCurrency: 'USD' })).find((e) => e.isActive)?.iso).toBe('USD');
    expect(await getUserBalances(ctx.db, randomUUID())).toEqual([]);
  });

  it('pages the payments history newest first, with withdrawal status and the archive switch', async () => {
    const userId = randomUUID();
    const owner = { brandId: 'b', userId, currency: 'EUR' };
    // 25 deposits one day apart, the oldest 100 days ago.
    for (let i = 0; i < 25; i++) {
      const at = new Date(now.getTime() - (100 - i * 4) * day);
      await recordDeposit(ctx.db, {
        ...owner,
        amount: 1000 + i,
        provider: 'sandbox',
        reference: `h${i}-${userId}`,
        at,
      });
    }
    const at = new Date(now.getTime() - day);
    await reserveWithdrawal(ctx.db, { ...owner, amount: 300, withdrawalId: `wp-${userId}`, at });
    await reserveWithdrawal(ctx.db, {
      ...owner,
      amount: 200,
      withdrawalId: `wc-${userId}`,
      at: new Date(at.getTime() + 1000),
    });
    await reserveWithdrawal(ctx.db, {
      ...owner,
      amount: 100,
      withdrawalId: `wx-${userId}`,
      at: new Date(at.getTime() + 2000),
    });
    await confirmWithdrawal(ctx.db, { withdrawalId: `wc-${userId}`, at });
    await cancelWithdrawal(ctx.db, { withdrawalId: `wx-${userId}`, at });
    await stakeBet(ctx.db, { ...owner, betGuid: randomUUID(), stake: 10 }); // not a payment

    const first = await getPaymentsHistory(ctx.db, userId, { pageNumber: 1, now });
    // 90-day horizon: deposits at 100 and 96 days ago (i = 0, 1) and 92 (i = 2) are archived.
    expect(first.total).toBe(22 + 3);
    expect(first.items).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.items.slice(0, 3).map((i) => [i.type, i.amount, i.status])).toEqual([
      ['withdrawal', 1, 'cancelled'],
      ['withdrawal', 2, 'completed'],
      ['withdrawal', 3, 'pending'],
    ]);
    expect(first.items[3]).toMatchObject({
      type: 'deposit',
      amount: 10.24,
      status: 'completed',
      reference: `h24-${userId}`,
      archived: false,
    });
    const second = await getPaymentsHistory(ctx.db, userId, { pageNumber: 2, now });
    expect(second.items).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const withArchive = await getPaymentsHistory(ctx.db, userId, { pageNumber: 2, isIncludeArchive: true, now });
    expect(withArchive.total).toBe(28);
    expect(withArchive.items.at(-1)).toMatchObject({ amount: 10, archived: true });
    const beyond = await getPaymentsHistory(ctx.db, userId, { pageNumber: 9, now });
    expect(beyond).toMatchObject({ items: [], total: 25, hasMore: false });
  });

  it('a statement walks the running balance back from the current balance, page by page', async () => {
    const userId = randomUUID();
    const owner = { brandId: 'b', userId, currency: 'EUR' };
    await recordDeposit(ctx.db, { ...owner, amount: 1000, provider: 'sandbox', reference: randomUUID() });
    const guids = [randomUUID(), randomUUID(), randomUUID()];
    for (const betGuid of guids) await stakeBet(ctx.db, { ...owner, betGuid, stake: 100 });
    await settleBet(ctx.db, { betGuid: guids[0] ?? '', outcome: 'won', payout: 250 });
    const account = userAccount(userId, 'EUR');
    const page1 = await getStatement(ctx.db, account, { limit: 3 });
    expect(page1.balance).toBe(950);
    expect(page1.entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['bet.settle', 250, 950],
      ['bet.stake', -100, 700],
      ['bet.stake', -100, 800],
    ]);
    const page2 = await getStatement(ctx.db, account, { limit: 3, before: page1.nextBefore ?? undefined });
    expect(page2.entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['bet.stake', -100, 900],
      ['deposit', 1000, 1000],
    ]);
    expect(page2.nextBefore).toBeNull();
    expect(await getStatement(ctx.db, userAccount(randomUUID(), 'EUR'))).toEqual({
      balance: 0,
      entries: [],
      nextBefore: null,
    });
  });
});

import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { recordDeposit, stakeBet } from './operations';
import { verifyLedger } from './verify';

// Its own file, so corrupting the database here cannot fail other suites' checks.
describeEachDatabase('verifyLedger', (ctx) => {
  it('reports a healthy ledger with zero totals per currency', async () => {
    const owner = { brandId: 'b', userId: randomUUID(), currency: 'EUR' };
    await recordDeposit(ctx.db, { ...owner, amount: 1000, provider: 'sandbox', reference: randomUUID() });
    await recordDeposit(ctx.db, {
      ...owner,
      currency: 'USD',
      amount: 700,
      provider: 'sandbox',
      reference: randomUUID(),
    });
    await stakeBet(ctx.db, { ...owner, betGuid: randomUUID(), stake: 300, stakeTax: 15 });
    const report = await verifyLedger(ctx.db);
    expect(report).toMatchObject({
      ok: true,
      issues: [],
      totals: { EUR: 0, USD: 0 },
      counts: { transactions: 3, postings: 7 },
    });
  });

  it('detects a cached balance row that no longer matches its postings', async () => {
    const { rows } = await ctx.db.query<{ account_id: string; shard: number }>(
      `select b.account_id, b.shard from ledger_balances b join ledger_accounts a on a.id = b.account_id
       where a.owner_kind = 'user' and a.currency = 'EUR' limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('fixture missing');
    await ctx.db.query('update ledger_balances set balance = balance + 1 where account_id = $1 and shard = $2', [
      row.account_id,
      row.shard,
    ]);
    try {
      const report = await verifyLedger(ctx.db);
      expect(report.ok).toBe(false);
      expect(report.issues).toEqual([
        { kind: 'balance_mismatch', accountId: String(row.account_id), shard: row.shard, cached: 701, postings: 700 },
      ]);
    } finally {
      await ctx.db.query('update ledger_balances set balance = balance - 1 where account_id = $1 and shard = $2', [
        row.account_id,
        row.shard,
      ]);
    }
    expect((await verifyLedger(ctx.db)).ok).toBe(true);
  });

  it('detects postings written past ledger_post that unbalance a transaction and a currency', async () => {
    const { rows } = await ctx.db.query<{ id: string; account_id: string; shard: number }>(
      `select p.transaction_id as id, p.account_id, p.shard from ledger_postings p join ledger_accounts a on a.id = p.account_id
       where a.currency = 'USD' and a.owner_kind = 'user' limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('fixture missing');
    await ctx.db.query(
      'insert into ledger_postings (transaction_id, account_id, shard, amount, created_at) values ($1, $2, $3, 5, now())',
      [row.id, row.account_id, row.shard],
    );
    const kinds = (await verifyLedger(ctx.db)).issues.map((i) => i.kind).sort();
    expect(kinds).toEqual(['balance_mismatch', 'currency_not_zero', 'transaction_unbalanced']);
  });
});

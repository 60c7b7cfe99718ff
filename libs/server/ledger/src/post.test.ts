import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { platformAccount, userAccount } from './accounts';
import { getAccountBalance } from './balances';
import { IdempotencyKeyReusedError, InsufficientFundsError, LedgerError, UnbalancedTransactionError } from './errors';
import { findTransactionByKey, post } from './post';
import { verifyLedger } from './verify';

const brand = 'test-brand';

function fixture() {
  const user = userAccount(randomUUID(), 'EUR');
  const cashIn = platformAccount(`${brand}-${randomUUID().slice(0, 8)}`, 'EUR', 'cash_in');
  return { user, cashIn };
}

async function fund(db: Parameters<typeof post>[0], user: ReturnType<typeof userAccount>, amount: number) {
  return post(db, {
    idempotencyKey: `fund:${randomUUID()}`,
    kind: 'deposit',
    postings: [
      { account: platformAccount(brand, user.currency, 'cash_in'), amount: -amount },
      { account: user, amount },
    ],
  });
}

describeEachDatabase('ledger post', (ctx) => {
  it('writes a balanced transaction and moves both balances', async () => {
    const { user, cashIn } = fixture();
    const tx = await post(ctx.db, {
      idempotencyKey: `k:${randomUUID()}`,
      kind: 'deposit',
      postings: [
        { account: cashIn, amount: -1050 },
        { account: user, amount: 1050 },
      ],
      metadata: { reference: 'r1' },
    });
    expect(tx.replayed).toBe(false);
    expect(await getAccountBalance(ctx.db, user)).toBe(1050);
    expect(await getAccountBalance(ctx.db, cashIn)).toBe(-1050);
    const stored = await findTransactionByKey(ctx.db, tx.idempotencyKey);
    expect(stored?.postings.map((p) => p.amount)).toEqual([-1050, 1050]);
    expect(stored?.metadata).toEqual({ reference: 'r1' });
  });

  it('refuses postings that do not sum to zero per currency, writing nothing', async () => {
    const { user, cashIn } = fixture();
    const key = `k:${randomUUID()}`;
    await expect(
      post(ctx.db, {
        idempotencyKey: key,
        kind: 'deposit',
        postings: [
          { account: cashIn, amount: -100 },
          { account: user, amount: 99 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedTransactionError);
    // Zero in total but across two currencies is still unbalanced.
    await expect(
      post(ctx.db, {
        idempotencyKey: key,
        kind: 'deposit',
        postings: [
          { account: platformAccount(brand, 'USD', 'cash_in'), amount: -100 },
          { account: user, amount: 100 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedTransactionError);
    expect(await findTransactionByKey(ctx.db, key)).toBeUndefined();
  });

  it('refuses fractional, zero and unsafe amounts', async () => {
    const { user, cashIn } = fixture();
    for (const amount of [10.5, 0, 2 ** 60]) {
      await expect(
        post(ctx.db, {
          idempotencyKey: `k:${randomUUID()}`,
          kind: 'deposit',
          postings: [
            { account: cashIn, amount: -amount },
            { account: user, amount },
          ],
        }),
      ).rejects.toBeInstanceOf(LedgerError);
    }
  });

  it('the database itself refuses an unbalanced set sent past the library', async () => {
    await expect(
      ctx.db.query(
        `select * from ledger_post('raw', 'deposit', '{}', now(), '{user,platform}', '{u1,b}', '{EUR,EUR}', '{main,cash_in}',
          '{f,t}', '{1,16}', '{100,-99}')`,
      ),
    ).rejects.toThrow(/do not balance/);
  });

  it('refuses to take a user wallet below zero and writes nothing', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 500);
    const key = `k:${randomUUID()}`;
    const error = await post(ctx.db, {
      idempotencyKey: key,
      kind: 'bet.stake',
      postings: [
        { account: user, amount: -501 },
        { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 501 },
      ],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((error as InsufficientFundsError).available).toBe(500);
    expect((error as InsufficientFundsError).account).toEqual(user);
    expect(await getAccountBalance(ctx.db, user)).toBe(500);
    expect(await findTransactionByKey(ctx.db, key)).toBeUndefined();
  });

  it('an insufficient-funds refusal leaves an outer transaction usable', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 100);
    const committed = await ctx.db.transaction(async (tx) => {
      await expect(
        post(tx, {
          idempotencyKey: `k:${randomUUID()}`,
          kind: 'bet.stake',
          postings: [
            { account: user, amount: -200 },
            { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 200 },
          ],
        }),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      return post(tx, {
        idempotencyKey: `k:${randomUUID()}`,
        kind: 'bet.stake',
        postings: [
          { account: user, amount: -60 },
          { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 60 },
        ],
      });
    });
    expect(committed.replayed).toBe(false);
    expect(await getAccountBalance(ctx.db, user)).toBe(40);
  });

  it('rolls back with the outer transaction', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 100);
    const key = `k:${randomUUID()}`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await post(tx, {
          idempotencyKey: key,
          kind: 'bet.stake',
          postings: [
            { account: user, amount: -60 },
            { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 60 },
          ],
        });
        throw new Error('the bet row could not be written');
      }),
    ).rejects.toThrow('bet row');
    expect(await getAccountBalance(ctx.db, user)).toBe(100);
    expect(await findTransactionByKey(ctx.db, key)).toBeUndefined();
  });

  it('the same key twice gives the first transaction and moves money once', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 1000);
    const request = {
      idempotencyKey: `k:${randomUUID()}`,
      kind: 'bet.stake',
      postings: [
        { account: user, amount: -300 },
        { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 300 },
      ],
    };
    const first = await post(ctx.db, request);
    const second = await post(ctx.db, {
      ...request,
      postings: [
        { account: user, amount: -999 },
        { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 999 },
      ],
    });
    expect(second.id).toBe(first.id);
    expect(second.replayed).toBe(true);
    expect(second.postings.map((p) => p.amount)).toEqual([-300, 300]);
    expect(await getAccountBalance(ctx.db, user)).toBe(700);
  });

  it('a key reused for another kind of transaction is refused', async () => {
    const { user } = fixture();
    const tx = await fund(ctx.db, user, 100);
    await expect(
      post(ctx.db, {
        idempotencyKey: tx.idempotencyKey,
        kind: 'bet.stake',
        postings: [
          { account: user, amount: -10 },
          { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 10 },
        ],
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('the same key posted 50 times concurrently gives one transaction and one debit', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 10_000);
    const request = {
      idempotencyKey: `k:${randomUUID()}`,
      kind: 'bet.stake',
      postings: [
        { account: user, amount: -250 },
        { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 250 },
      ],
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => post(ctx.db, request)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await getAccountBalance(ctx.db, user)).toBe(10_000 - 250);
    const { rows } = await ctx.db.query<{ n: string }>(
      'select count(*)::text as n from ledger_transactions where idempotency_key = $1',
      [request.idempotencyKey],
    );
    expect(rows[0]?.n).toBe('1');
  });

  it('concurrent debits racing for the last money: exactly the affordable number succeed', async () => {
    const { user } = fixture();
    await fund(ctx.db, user, 1000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        post(ctx.db, {
          idempotencyKey: `race:${user.ownerId}:${i}`,
          kind: 'bet.stake',
          postings: [
            { account: user, amount: -70 },
            { account: platformAccount(brand, 'EUR', 'bets_held'), amount: 70 },
          ],
        }),
      ),
    );
    const accepted = attempts.filter((a) => a.status === 'fulfilled');
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(accepted).toHaveLength(14); // floor(1000 / 70)
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await getAccountBalance(ctx.db, user)).toBe(1000 - 14 * 70);
  });

  it('opens a new wallet and new platform accounts once when first used by concurrent posts', async () => {
    const user = userAccount(randomUUID(), 'GBP');
    const brandId = `fresh-${randomUUID().slice(0, 8)}`;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(ctx.db, {
          idempotencyKey: `open:${user.ownerId}:${i}`,
          kind: 'deposit',
          postings: [
            { account: platformAccount(brandId, 'GBP', 'cash_in'), amount: -(i + 1) },
            { account: user, amount: i + 1 },
          ],
        }),
      ),
    );
    expect(await getAccountBalance(ctx.db, user)).toBe(210);
    const { rows } = await ctx.db.query<{ n: string; rows: string }>(
      `select count(distinct a.id)::text as n, count(*)::text as rows from ledger_accounts a join ledger_balances b on b.account_id = a.id
       where (a.owner_id = $1 or a.owner_id = $2)`,
      [user.ownerId, brandId],
    );
    expect(rows[0]).toEqual({ n: '2', rows: String(1 + 64) });
  });

  it('keeps the ledger history append-only', async () => {
    const { user } = fixture();
    const tx = await fund(ctx.db, user, 100);
    await expect(
      ctx.db.query('update ledger_postings set amount = amount * 2 where transaction_id = $1', [tx.id]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('delete from ledger_transactions where id = $1', [tx.id])).rejects.toThrow(/append-only/);
  });

  it('leaves every invariant intact', async () => {
    const report = await verifyLedger(ctx.db);
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.counts.transactions).toBeGreaterThan(5);
  });
});

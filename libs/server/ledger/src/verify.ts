import type { Queryable } from '@tessera/server/db';

/** One broken invariant found by {@link verifyLedger}. */
export type LedgerIssue =
  | { kind: 'currency_not_zero'; currency: string; total: number }
  | { kind: 'transaction_unbalanced'; transactionId: string; currency: string; total: number }
  | { kind: 'transaction_without_postings'; transactionId: string }
  | { kind: 'balance_mismatch'; accountId: string; shard: number; cached: number; postings: number }
  | { kind: 'forbidden_negative'; accountId: string; balance: number }
  | { kind: 'duplicate_idempotency_key'; idempotencyKey: string; count: number };

/** The ledger's invariant report. */
export interface LedgerReport {
  /** True when no issue was found. */
  ok: boolean;
  issues: LedgerIssue[];
  /** Sum of all postings per currency (all zero in a healthy ledger). */
  totals: Record<string, number>;
  counts: { accounts: number; transactions: number; postings: number };
}

const num = (v: string | number | null): number => Number(v ?? 0);

/**
 * Checks every invariant of the ledger against the postings: all postings sum to zero per currency and per
 * transaction, every cached balance row equals its postings, no account that may not go negative is negative, and
 * no idempotency key appears twice. Reads the whole ledger: for tests, benchmarks and a nightly audit job.
 */
export async function verifyLedger(db: Queryable): Promise<LedgerReport> {
  const issues: LedgerIssue[] = [];
  const totals: Record<string, number> = {};

  const byCurrency = await db.query<{ currency: string; total: string }>(
    `select a.currency, sum(p.amount)::text as total
     from ledger_postings p join ledger_accounts a on a.id = p.account_id group by a.currency order by a.currency`,
  );
  for (const r of byCurrency.rows) {
    totals[r.currency] = num(r.total);
    if (num(r.total) !== 0) issues.push({ kind: 'currency_not_zero', currency: r.currency, total: num(r.total) });
  }

  const unbalanced = await db.query<{ transaction_id: string; currency: string; total: string }>(
    `select p.transaction_id, a.currency, sum(p.amount)::text as total
     from ledger_postings p join ledger_accounts a on a.id = p.account_id
     group by p.transaction_id, a.currency having sum(p.amount) <> 0 order by 1 limit 1000`,
  );
  for (const r of unbalanced.rows) {
    issues.push({
      kind: 'transaction_unbalanced',
      transactionId: String(r.transaction_id),
      currency: r.currency,
      total: num(r.total),
    });
  }

  const empty = await db.query<{ id: string }>(
    `select t.id from ledger_transactions t
     where not exists (select 1 from ledger_postings p where p.transaction_id = t.id) order by t.id limit 1000`,
  );
  for (const r of empty.rows) issues.push({ kind: 'transaction_without_postings', transactionId: String(r.id) });

  // Full outer join: a posting on a shard without a balance row is as wrong as a balance with no postings.
  const mismatched = await db.query<{ account_id: string; shard: number; cached: string; postings: string }>(
    `select coalesce(b.account_id, s.account_id) as account_id, coalesce(b.shard, s.shard) as shard,
            coalesce(b.balance, 0)::text as cached, coalesce(s.total, 0)::text as postings
     from ledger_balances b
     full join (select account_id, shard, sum(amount) as total from ledger_postings group by account_id, shard) s
       on s.account_id = b.account_id and s.shard = b.shard
     where coalesce(b.balance, 0) <> coalesce(s.total, 0)
     order by 1, 2 limit 1000`,
  );
  for (const r of mismatched.rows) {
    issues.push({
      kind: 'balance_mismatch',
      accountId: String(r.account_id),
      shard: Number(r.shard),
      cached: num(r.cached),
      postings: num(r.postings),
    });
  }

  const negative = await db.query<{ id: string; balance: string }>(
    `select a.id, sum(b.balance)::text as balance
     from ledger_accounts a join ledger_balances b on b.account_id = a.id
     where not a.allow_negative or not b.allow_negative
     group by a.id having sum(b.balance) < 0 or min(b.balance) < 0 order by a.id limit 1000`,
  );
  for (const r of negative.rows)
    issues.push({ kind: 'forbidden_negative', accountId: String(r.id), balance: num(r.balance) });

  const duplicates = await db.query<{ idempotency_key: string; n: string }>(
    `select idempotency_key, count(*)::text as n from ledger_transactions group by idempotency_key having count(*) > 1 limit 1000`,
  );
  for (const r of duplicates.rows)
    issues.push({ kind: 'duplicate_idempotency_key', idempotencyKey: r.idempotency_key, count: num(r.n) });

  const counts = await db.query<{ accounts: string; transactions: string; postings: string }>(
    `select (select count(*) from ledger_accounts)::text as accounts,
            (select count(*) from ledger_transactions)::text as transactions,
            (select count(*) from ledger_postings)::text as postings`,
  );
  const c = counts.rows[0];
  return {
    ok: issues.length === 0,
    issues,
    totals,
    counts: {
      accounts: num(c?.accounts ?? 0),
      transactions: num(c?.transactions ?? 0),
      postings: num(c?.postings ?? 0),
    },
  };
}

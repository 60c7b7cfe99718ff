import type { Queryable } from '@tessera/server/db';
import type { AccountRef } from './accounts';

/** The balance of one account in minor units (the sum of its balance rows); 0 when the account was never used. */
export async function getAccountBalance(db: Queryable, account: AccountRef): Promise<number> {
  const { rows } = await db.query<{ balance: string | null }>(
    `select sum(b.balance)::text as balance
     from ledger_accounts a join ledger_balances b on b.account_id = a.id
     where a.owner_kind = $1 and a.owner_id = $2 and a.currency = $3 and a.purpose = $4`,
    [account.ownerKind, account.ownerId, account.currency, account.purpose],
  );
  return Number(rows[0]?.balance ?? 0);
}

/**
 * The balance of one account with its balance rows locked until the caller's transaction ends: a debit decided
 * before it is posted (a casino round whose stake and win are one transaction, where the posting's own check sees
 * only the net) reads a balance nothing else can spend meanwhile. 0 when the account was never used (nothing locked).
 */
export async function lockAccountBalance(tx: Queryable, account: AccountRef): Promise<number> {
  const { rows } = await tx.query<{ balance: string }>(
    `select b.balance::text as balance
     from ledger_accounts a join ledger_balances b on b.account_id = a.id
     where a.owner_kind = $1 and a.owner_id = $2 and a.currency = $3 and a.purpose = $4
     order by b.shard
     for update of b`,
    [account.ownerKind, account.ownerId, account.currency, account.purpose],
  );
  return rows.reduce((sum, r) => sum + Number(r.balance), 0);
}

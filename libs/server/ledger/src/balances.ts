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

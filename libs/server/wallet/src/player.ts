import type { Queryable } from '@tessera/server/db';

/** The player's registration country (lower case, as the brand files name countries); '' for an unknown account. */
export async function playerCountry(db: Queryable, userId: string): Promise<string> {
  // Account ids are numbers; the ledger takes any text, so another id is simply no account here.
  if (!/^\d{1,18}$/.test(userId)) return '';
  const { rows } = await db.query<{ country: string }>('select country from accounts_users where id = $1', [userId]);
  return (rows[0]?.country ?? '').toLowerCase();
}

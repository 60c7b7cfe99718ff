import type { Queryable } from '@tessera/server/db';

/** The player's favourite game ids, most recently marked first. */
export async function listFavourites(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ game_id: string }>(
    `select game_id from casino_favourites where user_id = $1 order by created_at desc, game_id`,
    [userId],
  );
  return rows.map((r) => r.game_id);
}

/** Marks a game (again: nothing changes). */
export async function addFavourite(db: Queryable, userId: string, gameId: string, at: Date): Promise<void> {
  await db.query(
    `insert into casino_favourites (user_id, game_id, created_at) values ($1, $2, $3) on conflict do nothing`,
    [userId, gameId, at],
  );
}

/** Unmarks a game (not marked: nothing changes). */
export async function removeFavourite(db: Queryable, userId: string, gameId: string): Promise<void> {
  await db.query(`delete from casino_favourites where user_id = $1 and game_id = $2`, [userId, gameId]);
}

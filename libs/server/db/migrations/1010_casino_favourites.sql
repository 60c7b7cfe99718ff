-- The casino lobby's favourites (owned by libs/server/casino, ADR 0320): the games a player marked, kept on the server
-- so every device shows the same. A game id is the catalogue's; a game later withdrawn stays here but is not listed.
create table casino_favourites (
  user_id text not null,
  game_id text not null check (game_id ~ '^[a-z0-9-]{1,64}$'),
  created_at timestamptz not null,
  primary key (user_id, game_id)
);

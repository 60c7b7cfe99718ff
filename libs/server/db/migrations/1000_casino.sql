-- The in-house casino's rounds (owned by libs/server/casino; ADR 0285). A player has one active seed pair: the
-- server seed stays secret (only its SHA-256 is shown) until the player rotates, which reveals it and opens the next
-- pair. A round takes the pair's next nonce, so (seed, nonce) fixes its randomness; its money is one ledger
-- transaction (instant games) or a hold per stake and one settlement (a blackjack hand), keyed by the round id.
-- Times are written by the application's clock, never by now().

create table casino_seeds (
  id bigint generated always as identity primary key,
  user_id text not null,
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  -- the nonce the next round under this pair takes
  next_nonce integer not null default 0 check (next_nonce >= 0),
  created_at timestamptz not null,
  -- null while active; set when the player rotates, after which the server seed may be shown
  revealed_at timestamptz
);
-- one active pair per player: concurrent first rounds cannot open two
create unique index casino_seeds_active on casino_seeds (user_id) where revealed_at is null;
create index casino_seeds_user on casino_seeds (user_id, id desc);

create table casino_rounds (
  -- chosen by the client: a retried request names the same round and gets it back
  id text primary key check (id ~ '^[A-Za-z0-9_-]{8,64}$'),
  user_id text not null,
  brand_id text not null,
  currency text not null,
  game_id text not null,
  seed_id bigint not null references casino_seeds (id),
  nonce integer not null check (nonce >= 0),
  -- the bet as the game normalised it, and a stepped game's decisions in order
  bet jsonb not null,
  actions jsonb not null default '[]'::jsonb,
  -- everything staked (a blackjack double, split or insurance adds to it), and what came back once settled
  stake bigint not null check (stake > 0),
  win bigint check (win >= 0),
  status text not null check (status in ('open', 'settled')),
  outcome jsonb,
  created_at timestamptz not null,
  settled_at timestamptz,
  unique (seed_id, nonce),
  check ((status = 'open') = (win is null))
);
create index casino_rounds_user_created on casino_rounds (user_id, created_at desc);
create index casino_rounds_open on casino_rounds (user_id) where status = 'open';

-- Casino tournaments (owned by libs/server/casino; README "Tournaments"). A tournament is brand configuration
-- (modules.casino.tournaments); these tables hold what it has scored and paid. A round scores once: its points row is
-- keyed by the round (in-house round id, or provider and round id of an external one), so scoring the same window
-- again adds nothing. The prizes are paid once: the result row is written in the payout's transaction, with one
-- ledger transaction per rank under its own idempotency key.
-- Times are written by the application's clock (or copied from the round), never by now().

create table casino_tournament_points (
  brand_id text not null,
  tournament_id text not null check (tournament_id ~ '^[a-z0-9-]{1,40}$'),
  -- 'i:<round id>' for an in-house round, 'x:<provider>:<round id>' for an external provider's
  round_key text not null,
  user_id text not null,
  game_id text not null,
  stake bigint not null check (stake > 0),
  win bigint not null check (win >= 0),
  points bigint not null check (points > 0),
  -- when the round settled: a player's latest decides who reached equal points first
  scored_at timestamptz not null,
  primary key (brand_id, tournament_id, round_key)
);
create index casino_tournament_points_user on casino_tournament_points (brand_id, tournament_id, user_id);

-- How far each tournament's window has been scored: the next scoring looks back from here (less a margin for
-- rounds whose transaction committed late), never over the whole window again.
create table casino_tournament_scans (
  brand_id text not null,
  tournament_id text not null,
  scanned_to timestamptz not null,
  primary key (brand_id, tournament_id)
);

-- One row per tournament paid: written in the payout's transaction, so a second payout finds it and pays nothing.
create table casino_tournament_results (
  brand_id text not null,
  tournament_id text not null,
  currency text not null,
  -- the window that was scored and ranked
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  paid_at timestamptz not null,
  primary key (brand_id, tournament_id)
);

create table casino_tournament_prizes (
  brand_id text not null,
  tournament_id text not null,
  rank integer not null check (rank >= 1),
  user_id text not null,
  points bigint not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  ledger_transaction_id text not null,
  primary key (brand_id, tournament_id, rank),
  foreign key (brand_id, tournament_id) references casino_tournament_results (brand_id, tournament_id)
);

-- Scoring reads settled rounds of a brand by settlement time.
create index casino_rounds_brand_settled on casino_rounds (brand_id, settled_at) where status = 'settled';
create index casino_external_rounds_brand_closed on casino_external_rounds (brand_id, updated_at)
  where status = 'closed';

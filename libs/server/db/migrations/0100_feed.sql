-- Sportsbook feed: the durable copy of the odds feed (owned by apps/api/src/modules/feed).
-- The in-memory read model is rebuilt from these tables on start, then caught up from the provider.
-- Odds ticks are written in batches (one transaction per flush); status changes and results at once.

create table feed_sports (
  id integer primary key,
  name text not null,
  name_key text not null,
  kind text not null check (kind in ('regular', 'cyber', 'virtual')),
  main_market_type text not null,
  ord integer not null
);

create table feed_countries (
  id integer primary key,
  iso text,
  name text not null,
  region boolean not null
);

create table feed_championships (
  id integer primary key,
  sport_id integer not null,
  country_id integer not null,
  name text not null,
  tier smallint not null
);

create table feed_market_groups (
  id text primary key,
  name_key text not null,
  ord integer not null
);

create table feed_games (
  id bigint primary key,
  sport_id integer not null,
  champ_id integer not null,
  home_id bigint not null,
  home_name text not null,
  away_id bigint not null,
  away_name text not null,
  starts_at timestamptz not null,
  status text not null check (status in ('prematch', 'live', 'finished', 'cancelled')),
  -- period, clock and score of a started game; null before kick-off
  live jsonb,
  -- set when the game left the feed (or was absent from a provider snapshot); the row stays for history
  removed_at timestamptz,
  updated_at timestamptz not null default now()
);

create index feed_games_in_feed on feed_games (sport_id, champ_id) where removed_at is null;
create index feed_games_home on feed_games (home_id);
create index feed_games_away on feed_games (away_id);

create table feed_markets (
  id text primary key,
  game_id bigint not null references feed_games (id) on delete cascade,
  group_id text not null,
  type text not null,
  line numeric,
  status text not null check (status in ('open', 'suspended', 'settled')),
  suspend_reason text,
  ord integer not null
);

create index feed_markets_game on feed_markets (game_id);

create table feed_outcomes (
  id text primary key,
  market_id text not null references feed_markets (id) on delete cascade,
  game_id bigint not null,
  code text not null,
  name_key text not null,
  odds numeric(12, 3) not null,
  status text not null check (status in ('open', 'suspended', 'settled')),
  result text check (result in ('won', 'lost', 'returned', 'half-won', 'half-lost')),
  ord integer not null,
  updated_at timestamptz not null default now()
);

create index feed_outcomes_game on feed_outcomes (game_id);

-- Settlement reads results from here; a result is written once and never changed.
create table feed_results (
  game_id bigint primary key,
  status text not null check (status in ('finished', 'cancelled')),
  score jsonb not null,
  period_scores jsonb not null,
  outcomes jsonb not null,
  settled_at timestamptz not null,
  recorded_at timestamptz not null default now()
);

-- The provider sequence number of the last flush, per provider: for operations and catch-up checks.
create table feed_checkpoints (
  provider text primary key,
  seq bigint not null,
  feed_at timestamptz not null,
  flushed_at timestamptz not null default now()
);

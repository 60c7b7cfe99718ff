-- Responsible gambling (owned by libs/server/responsible; its README says why each table looks so).
-- Times are written by the application's clock, never by now(), so tests and the test-mode clock can move time.
-- Money is integer minor units in the account's currency; a session limit counts minutes.

-- The limits a player set: one row per kind and period. `amount` is the limit in force (null: none); a raise or a
-- removal waits the brand's cooling-off and is stored as pending until `pending_at` (lowering replaces at once).
create table responsible_limits (
  user_id text not null,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month', 'session')),
  currency text not null,
  amount bigint check (amount is null or amount > 0),
  pending_amount bigint check (pending_amount is null or pending_amount > 0),
  -- when the pending change (pending_amount, or removal when pending_amount is null) takes effect; null: none pending
  pending_at timestamptz,
  updated_at timestamptz not null,
  primary key (user_id, kind, period),
  check ((kind = 'session') = (period = 'session'))
);

-- Time-outs, self-exclusions and panic locks: immediate, never shortened; ends_at null is a permanent exclusion.
create table responsible_blocks (
  id uuid primary key,
  user_id text not null,
  brand_id text not null,
  kind text not null check (kind in ('timeout', 'self_exclusion', 'panic')),
  starts_at timestamptz not null,
  ends_at timestamptz,
  created_at timestamptz not null,
  check (ends_at is null or ends_at > starts_at)
);
create index responsible_blocks_user on responsible_blocks (user_id, ends_at);

-- Reality checks: the session's start and its last acknowledgement, kept by the server so every tab and a reload
-- see the same clock.
create table responsible_sessions (
  session_id uuid primary key,
  user_id text not null,
  started_at timestamptz not null,
  acknowledged_at timestamptz not null
);

-- The sandbox cross-operator deposit-limit system's own records (a real one, as LUGAS, keeps these centrally):
-- each authorised deposit of a player (keyed across operators) by operator.
create table responsible_sandbox_cross_deposits (
  id uuid primary key,
  player_key text not null,
  operator text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  month text not null,
  created_at timestamptz not null
);
create index responsible_sandbox_cross_deposits_player on responsible_sandbox_cross_deposits (player_key, month);

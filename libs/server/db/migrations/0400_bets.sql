-- Sportsbook bets (owned by apps/api/src/modules/bets). See docs/adr/0120-0124.
--
-- A placement (one betGUID) creates one bet, or several (singles, multi), numbered by line_no. The unique
-- (bet_guid, line_no) makes a placement idempotent: a second request with the same guid finds the rows and replays
-- the first answer. The stake is posted to the ledger (libs/server/ledger, key bet.stake:<ledger_guid>) in the same
-- database transaction as these rows, so a bet exists exactly when its money moved.
-- Money is integer minor units; times are written by the application's clock.

create table bets (
  id text primary key,
  bet_guid uuid not null,
  line_no smallint not null,
  -- the ledger's betGuid of the stake now held (changes after a partial sale re-stakes the rest)
  ledger_guid text not null unique,
  brand_id text not null,
  user_id text not null,
  currency text not null,
  kind text not null check (kind in ('single', 'express', 'system', 'antiExpress')),
  vid smallint not null,
  system_k smallint,
  status text not null check (status in ('waiting', 'accepted', 'won', 'lost', 'returned', 'half_won', 'half_lost', 'sold', 'rejected')),
  -- why a waiting bet is held: autoBet (until the feed's odds reach auto_bet_cf) or vipApproval
  hold_reason text check (hold_reason in ('autoBet', 'vipApproval')),
  stake bigint not null check (stake > 0),
  stake_tax bigint not null default 0 check (stake_tax >= 0),
  -- the stake at placement, before part sales
  original_stake bigint not null,
  coef numeric(14, 4) not null,
  boost_percent numeric(6, 2) not null default 0,
  auto_bet_cf numeric(14, 4),
  potential_win bigint not null,
  payout bigint,
  payout_tax bigint,
  -- what sales paid out so far
  sold_amount bigint not null default 0,
  -- the request's fingerprint (events, kinds, stakes): the same guid with another request is refused
  request_hash text not null,
  -- flags of the request (oneClick, powerBet, promo, couponCode, ...) and the answer's accepted odds changes
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  settled_at timestamptz,
  unique (bet_guid, line_no)
);
create index bets_user_created on bets (user_id, created_at desc);
create index bets_waiting on bets (hold_reason) where status = 'waiting';

create table bet_selections (
  bet_id text not null references bets (id),
  ord smallint not null,
  game_id bigint not null,
  market_id text not null,
  outcome_id text not null,
  coef numeric(14, 4) not null,
  home text not null,
  away text not null,
  -- the feed's word once the game is settled: won, lost, returned, half-won, half-lost
  result text check (result in ('won', 'lost', 'returned', 'half-won', 'half-lost')),
  primary key (bet_id, ord)
);
create index bet_selections_open_game on bet_selections (game_id) where result is null;

-- Coupons saved by code (SaveCoupon / GetCoupon).
create table saved_coupons (
  code text primary key,
  brand_id text not null,
  payload jsonb not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

-- External game providers' rounds on the seamless wallet (owned by libs/server/casino; ADR 0345). The provider runs the
-- game; the platform holds the money: every bet, win and rollback the provider sends is one row here, keyed by the
-- provider's own transaction id, and at most one balanced ledger transaction. A rollback naming a bet never seen
-- leaves a tombstone under that bet's id, so the bet arriving late is refused instead of taking money.
-- Times are written by the application's clock, never by now().

create table casino_external_rounds (
  provider text not null check (provider ~ '^[a-z0-9-]{1,32}$'),
  -- the provider's round id
  round_id text not null check (round_id ~ '^[A-Za-z0-9_.:-]{1,100}$'),
  user_id text not null,
  brand_id text not null,
  currency text not null,
  -- the catalogue's game id
  game_id text not null check (game_id ~ '^[a-z0-9-]{1,64}$'),
  -- every bet taken and not rolled back, and every win paid, minor units
  stake bigint not null default 0 check (stake >= 0),
  win bigint not null default 0 check (win >= 0),
  status text not null check (status in ('open', 'closed')),
  -- the calendar periods the round began in (null: no stake gate counted it), as casino_rounds (migration 1050)
  usage_day timestamptz,
  usage_week timestamptz,
  usage_month timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (provider, round_id)
);
create index casino_external_rounds_user_created on casino_external_rounds (user_id, created_at desc);

create table casino_external_transactions (
  provider text not null check (provider ~ '^[a-z0-9-]{1,32}$'),
  -- the provider's transaction id: a repeated callback names the same one and is answered, never applied twice
  transaction_id text not null check (transaction_id ~ '^[A-Za-z0-9_.:-]{1,100}$'),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  round_id text not null,
  user_id text not null,
  game_id text not null,
  amount bigint not null check (amount >= 0),
  -- a rollback: the bet it reverses
  reference_id text,
  -- done; rolled_back (a bet a rollback reversed); tombstone (a bet id a rollback named before the bet came: refused)
  status text not null check (status in ('done', 'rolled_back', 'tombstone')),
  -- the ledger transaction that moved the money (none for a zero win, a tombstone or a rollback of nothing)
  ledger_transaction_id text,
  -- SHA-256 of the request's money fields: the same id sent with other content is refused, not answered
  fingerprint text not null,
  created_at timestamptz not null,
  primary key (provider, transaction_id),
  check ((kind = 'rollback') = (reference_id is not null)),
  check (status <> 'tombstone' or kind = 'bet')
);
create index casino_external_transactions_round on casino_external_transactions (provider, round_id);

-- A round counts in the wager and loss limits as an in-house one does (migration 1050): wager = everything staked and
-- not rolled back, loss = that less the wins; a bet, win or rollback changes the row and the trigger adds the change.
create function casino_external_rounds_stake_usage() returns trigger
language plpgsql
as $$
declare
  v_wager bigint := new.stake;
  v_loss bigint := new.stake - new.win;
begin
  if new.usage_day is null and new.usage_week is null and new.usage_month is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    v_wager := v_wager - old.stake;
    v_loss := v_loss - (old.stake - old.win);
  end if;
  if v_wager <> 0 or v_loss <> 0 then
    perform stake_usage_apply(new.user_id, new.usage_day, new.usage_week, new.usage_month, v_wager, v_loss);
  end if;
  return null;
end;
$$;

create trigger casino_external_rounds_stake_usage after insert or update of stake, win on casino_external_rounds
  for each row execute function casino_external_rounds_stake_usage();

-- Casino rounds count in the wager and loss limits (owned by libs/server/casino; ADR 0295). A round carries the
-- calendar periods it began in (null: played without a stake gate, counted nowhere), and a trigger adds what it
-- contributes to the player's running usage (responsible_usage, migration 0620) when it is written and the
-- difference when it changes: wager = everything staked (a double, split or insurance adds), loss = that less the win.
-- The round's stakes were checked against the limits under the usage row's lock earlier in the same transaction.

alter table casino_rounds
  add column usage_day timestamptz,
  add column usage_week timestamptz,
  add column usage_month timestamptz;

create function casino_rounds_stake_usage() returns trigger
language plpgsql
as $$
declare
  v_wager bigint := new.stake;
  v_loss bigint := new.stake - coalesce(new.win, 0);
begin
  if new.usage_day is null and new.usage_week is null and new.usage_month is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    v_wager := v_wager - old.stake;
    v_loss := v_loss - (old.stake - coalesce(old.win, 0));
  end if;
  if v_wager <> 0 or v_loss <> 0 then
    perform stake_usage_apply(new.user_id, new.usage_day, new.usage_week, new.usage_month, v_wager, v_loss);
  end if;
  return null;
end;
$$;

create trigger casino_rounds_stake_usage after insert or update of stake, win on casino_rounds
  for each row execute function casino_rounds_stake_usage();

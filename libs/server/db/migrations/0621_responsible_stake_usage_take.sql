-- A stake checked and counted in one function on the hot path (ADR 0295; owned by libs/server/responsible).
-- 0620 checked a bet under SELECT … FOR UPDATE and counted it through a row trigger calling a SQL function, which
-- PostgreSQL plans again on every call. stake_usage_take locks the row, checks and counts with one UPDATE, all in
-- PL/pgSQL (plans kept per connection); a player's first stake takes the slower way through stake_usage_check.
-- bet_place (migration 0531) counts its bets with it; their later changes keep the trigger.

create or replace function stake_usage_apply(p_user_id text, p_day timestamptz, p_week timestamptz, p_month timestamptz,
                                             p_wager bigint, p_loss bigint) returns void
language plpgsql
as $$
begin
  update responsible_usage set
    day_wager = day_wager + case when day_start = p_day then p_wager else 0 end,
    day_loss = day_loss + case when day_start = p_day then p_loss else 0 end,
    week_wager = week_wager + case when week_start = p_week then p_wager else 0 end,
    week_loss = week_loss + case when week_start = p_week then p_loss else 0 end,
    month_wager = month_wager + case when month_start = p_month then p_wager else 0 end,
    month_loss = month_loss + case when month_start = p_month then p_loss else 0 end
  where user_id = p_user_id and (day_start = p_day or week_start = p_week or month_start = p_month);
end;
$$;

-- Checks a stake against the ceilings and counts it (wager and loss) in the periods given, moving each counter forward
-- to its period first; answers the first ceiling it would pass (nothing counted), or refused null. Two statements on
-- the player's row, locked first; a player's first stake takes the slower way through stake_usage_check.
create function stake_usage_take(p_user_id text, p_starts timestamptz[], p_stake bigint, p_kinds text[],
                                 p_periods text[], p_limits bigint[])
returns table (refused integer, used bigint)
language plpgsql
as $$
declare
  v_row responsible_usage%rowtype;
  v_check record;
  v_used bigint;
  v_counts boolean;
begin
  select * into v_row from responsible_usage where user_id = p_user_id for update;
  if not found then
    select * into v_check from stake_usage_check(p_user_id, p_starts, p_stake, p_kinds, p_periods, p_limits);
    if v_check.refused is null then
      perform stake_usage_apply(p_user_id, p_starts[1], p_starts[2], p_starts[3], p_stake, p_stake);
    end if;
    return query select v_check.refused, v_check.used;
    return;
  end if;
  if v_row.day_start < p_starts[1] then
    v_row.day_start := p_starts[1]; v_row.day_wager := 0; v_row.day_loss := 0;
  end if;
  if v_row.week_start < p_starts[2] then
    v_row.week_start := p_starts[2]; v_row.week_wager := 0; v_row.week_loss := 0;
  end if;
  if v_row.month_start < p_starts[3] then
    v_row.month_start := p_starts[3]; v_row.month_wager := 0; v_row.month_loss := 0;
  end if;
  if p_stake > 0 then
    for i in 1 .. coalesce(array_length(p_kinds, 1), 0) loop
      if p_periods[i] = 'day' then
        v_counts := v_row.day_start = p_starts[1];
        v_used := case when p_kinds[i] = 'wager' then v_row.day_wager else greatest(0, v_row.day_loss) end;
      elsif p_periods[i] = 'week' then
        v_counts := v_row.week_start = p_starts[2];
        v_used := case when p_kinds[i] = 'wager' then v_row.week_wager else greatest(0, v_row.week_loss) end;
      else
        v_counts := v_row.month_start = p_starts[3];
        v_used := case when p_kinds[i] = 'wager' then v_row.month_wager else greatest(0, v_row.month_loss) end;
      end if;
      if v_counts and v_used + p_stake > p_limits[i] then
        return query select i, v_used;
        return;
      end if;
    end loop;
  end if;
  -- A period the row is past (this caller's clock behind another's at midnight) does not count the stake.
  if v_row.day_start = p_starts[1] then
    v_row.day_wager := v_row.day_wager + p_stake; v_row.day_loss := v_row.day_loss + p_stake;
  end if;
  if v_row.week_start = p_starts[2] then
    v_row.week_wager := v_row.week_wager + p_stake; v_row.week_loss := v_row.week_loss + p_stake;
  end if;
  if v_row.month_start = p_starts[3] then
    v_row.month_wager := v_row.month_wager + p_stake; v_row.month_loss := v_row.month_loss + p_stake;
  end if;
  update responsible_usage set
    day_start = v_row.day_start, day_wager = v_row.day_wager, day_loss = v_row.day_loss,
    week_start = v_row.week_start, week_wager = v_row.week_wager, week_loss = v_row.week_loss,
    month_start = v_row.month_start, month_wager = v_row.month_wager, month_loss = v_row.month_loss
  where user_id = p_user_id;
  return query select null::integer, null::bigint;
end;
$$;

-- A bet's insert is counted by bet_place through stake_usage_take (migration 0531); the trigger counts later changes.
drop trigger bets_stake_usage on bets;
create trigger bets_stake_usage after update of status, payout, sold_amount, original_stake on bets
  for each row execute function bets_stake_usage();

-- stake_usage_take in one statement on the hot path (ADR 0295; owned by libs/server/responsible). 0621 locked the row
-- with SELECT … FOR UPDATE and then updated it; the bench still saw the gated placements fall behind a fixed rate. Now
-- the stake is counted by one UPDATE (which takes the row lock; a waiting one recomputes from the newest row) and the
-- ceilings are checked on what it returns; a refusal, rare, takes the count back with a second update. The answer is
-- 0621's: the first ceiling passed with what was used before the stake, or refused null.

create or replace function stake_usage_take(p_user_id text, p_starts timestamptz[], p_stake bigint, p_kinds text[],
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
  update responsible_usage u set
    day_wager = case when u.day_start < p_starts[1] then p_stake
                     when u.day_start = p_starts[1] then u.day_wager + p_stake else u.day_wager end,
    day_loss = case when u.day_start < p_starts[1] then p_stake
                    when u.day_start = p_starts[1] then u.day_loss + p_stake else u.day_loss end,
    day_start = greatest(u.day_start, p_starts[1]),
    week_wager = case when u.week_start < p_starts[2] then p_stake
                      when u.week_start = p_starts[2] then u.week_wager + p_stake else u.week_wager end,
    week_loss = case when u.week_start < p_starts[2] then p_stake
                     when u.week_start = p_starts[2] then u.week_loss + p_stake else u.week_loss end,
    week_start = greatest(u.week_start, p_starts[2]),
    month_wager = case when u.month_start < p_starts[3] then p_stake
                       when u.month_start = p_starts[3] then u.month_wager + p_stake else u.month_wager end,
    month_loss = case when u.month_start < p_starts[3] then p_stake
                      when u.month_start = p_starts[3] then u.month_loss + p_stake else u.month_loss end,
    month_start = greatest(u.month_start, p_starts[3])
  where u.user_id = p_user_id
  returning u.* into v_row;
  if not found then
    select * into v_check from stake_usage_check(p_user_id, p_starts, p_stake, p_kinds, p_periods, p_limits);
    if v_check.refused is null then
      perform stake_usage_apply(p_user_id, p_starts[1], p_starts[2], p_starts[3], p_stake, p_stake);
    end if;
    return query select v_check.refused, v_check.used;
    return;
  end if;
  if p_stake > 0 then
    for i in 1 .. coalesce(array_length(p_kinds, 1), 0) loop
      -- What was used before this stake, in a period that counts it (the row is at the period given).
      if p_periods[i] = 'day' then
        v_counts := v_row.day_start = p_starts[1];
        v_used := case when p_kinds[i] = 'wager' then v_row.day_wager - p_stake
                       else greatest(0, v_row.day_loss - p_stake) end;
      elsif p_periods[i] = 'week' then
        v_counts := v_row.week_start = p_starts[2];
        v_used := case when p_kinds[i] = 'wager' then v_row.week_wager - p_stake
                       else greatest(0, v_row.week_loss - p_stake) end;
      else
        v_counts := v_row.month_start = p_starts[3];
        v_used := case when p_kinds[i] = 'wager' then v_row.month_wager - p_stake
                       else greatest(0, v_row.month_loss - p_stake) end;
      end if;
      if v_counts and v_used + p_stake > p_limits[i] then
        perform stake_usage_apply(p_user_id, p_starts[1], p_starts[2], p_starts[3], -p_stake, -p_stake);
        return query select i, v_used;
        return;
      end if;
    end loop;
  end if;
  return query select null::integer, null::bigint;
end;
$$;

-- Running wager and loss usage per player (owned by libs/server/responsible; ADR 0295, its README "What counts").
-- One row per player holds the day, week and month the counters are for (starts of calendar periods in the time zone
-- of the player's brand and country, as the stake gate computed them) and what was staked and lost in each. Stakes
-- are checked against the limits under this row's lock in the transaction that takes them (bet_place, a casino round),
-- so two stakes of one player at once cannot both pass a limit, and no placement sums the month's bets.
--
-- A bet or round carries the periods it counts in (usage_day, usage_week, usage_month); triggers add what it
-- contributes when it is written and the difference whenever that changes (settlement, sale, void, a VIP stake
-- approved lower, a blackjack double), in the same transaction. Contribution: wager = the stake at placement, loss =
-- that stake less what came back (payout after tax, sales); a rejected bet contributes nothing; an open stake counts
-- as lost until settled. A period's counters count only for the period the row is at: a bet settled after its period
-- ended changes nothing. Lock order, everywhere: this row before the ledger's balance rows.

create table responsible_usage (
  user_id text primary key,
  day_start timestamptz not null,
  day_wager bigint not null default 0,
  day_loss bigint not null default 0,
  week_start timestamptz not null,
  week_wager bigint not null default 0,
  week_loss bigint not null default 0,
  month_start timestamptz not null,
  month_wager bigint not null default 0,
  month_loss bigint not null default 0
);

-- Adds a bet's or round's change to the counters of the periods it counts in that are the row's current ones.
create function stake_usage_apply(p_user_id text, p_day timestamptz, p_week timestamptz, p_month timestamptz,
                                  p_wager bigint, p_loss bigint) returns void
language sql
as $$
  update responsible_usage set
    day_wager = day_wager + case when day_start = p_day then p_wager else 0 end,
    day_loss = day_loss + case when day_start = p_day then p_loss else 0 end,
    week_wager = week_wager + case when week_start = p_week then p_wager else 0 end,
    week_loss = week_loss + case when week_start = p_week then p_loss else 0 end,
    month_wager = month_wager + case when month_start = p_month then p_wager else 0 end,
    month_loss = month_loss + case when month_start = p_month then p_loss else 0 end
  where user_id = p_user_id and (day_start = p_day or week_start = p_week or month_start = p_month);
$$;

-- A player's first row (the first stake after this migration, or ever): what was staked and lost since the starts,
-- summed once from the bets and casino rounds, which then carry their periods so their later changes count.
create function stake_usage_backfill(p_user_id text, p_starts timestamptz[]) returns void
language plpgsql
as $$
declare
  v_from timestamptz := least(p_starts[1], p_starts[2], p_starts[3]);
begin
  update bets set usage_day = case when created_at >= p_starts[1] then p_starts[1] end,
                  usage_week = case when created_at >= p_starts[2] then p_starts[2] end,
                  usage_month = case when created_at >= p_starts[3] then p_starts[3] end
   where user_id = p_user_id and created_at >= v_from and usage_day is null and usage_week is null and usage_month is null;
  update casino_rounds set usage_day = case when created_at >= p_starts[1] then p_starts[1] end,
                           usage_week = case when created_at >= p_starts[2] then p_starts[2] end,
                           usage_month = case when created_at >= p_starts[3] then p_starts[3] end
   where user_id = p_user_id and created_at >= v_from and usage_day is null and usage_week is null and usage_month is null;
  update responsible_usage u set
    day_wager = s.day_wager, day_loss = s.day_loss, week_wager = s.week_wager, week_loss = s.week_loss,
    month_wager = s.month_wager, month_loss = s.month_loss
  from (
    select coalesce(sum(wager) filter (where created_at >= p_starts[1]), 0) as day_wager,
           coalesce(sum(loss) filter (where created_at >= p_starts[1]), 0) as day_loss,
           coalesce(sum(wager) filter (where created_at >= p_starts[2]), 0) as week_wager,
           coalesce(sum(loss) filter (where created_at >= p_starts[2]), 0) as week_loss,
           coalesce(sum(wager) filter (where created_at >= p_starts[3]), 0) as month_wager,
           coalesce(sum(loss) filter (where created_at >= p_starts[3]), 0) as month_loss
      from (
        select created_at, original_stake as wager,
               original_stake - case when status = 'sold' then sold_amount else coalesce(payout, 0) + sold_amount end as loss
          from bets where user_id = p_user_id and created_at >= v_from and status <> 'rejected'
        union all
        select created_at, stake, stake - coalesce(win, 0)
          from casino_rounds where user_id = p_user_id and created_at >= v_from
      ) c
  ) s
  where u.user_id = p_user_id;
end;
$$;

-- Locks the player's row (creating it, with what came before, on the first stake), moves each counter to the period
-- given when that one is later, and checks a stake against the ceilings: the first one it would pass is answered
-- (1-based, with what was used before); none: refused is null. Nothing is added here: the stake's row, once written,
-- adds itself (the triggers below). A stake of 0 only takes the lock. A ceiling of a period the row is past (the
-- caller's clock behind another's at midnight) is not checked: that stake counts in no current period.
create function stake_usage_check(p_user_id text, p_starts timestamptz[], p_stake bigint, p_kinds text[],
                                  p_periods text[], p_limits bigint[])
returns table (refused integer, used bigint)
language plpgsql
as $$
declare
  v_row responsible_usage%rowtype;
  v_created integer;
  v_start timestamptz;
  v_given timestamptz;
  v_used bigint;
begin
  select * into v_row from responsible_usage where user_id = p_user_id for update;
  if not found then
    -- Two first stakes at once: the second waits for the first's row, then locks it.
    insert into responsible_usage (user_id, day_start, week_start, month_start)
    values (p_user_id, p_starts[1], p_starts[2], p_starts[3])
    on conflict (user_id) do nothing;
    get diagnostics v_created = row_count;
    if v_created = 1 then
      perform stake_usage_backfill(p_user_id, p_starts);
    end if;
    select * into v_row from responsible_usage where user_id = p_user_id for update;
  end if;
  if v_row.day_start < p_starts[1] or v_row.week_start < p_starts[2] or v_row.month_start < p_starts[3] then
    if v_row.day_start < p_starts[1] then
      v_row.day_start := p_starts[1]; v_row.day_wager := 0; v_row.day_loss := 0;
    end if;
    if v_row.week_start < p_starts[2] then
      v_row.week_start := p_starts[2]; v_row.week_wager := 0; v_row.week_loss := 0;
    end if;
    if v_row.month_start < p_starts[3] then
      v_row.month_start := p_starts[3]; v_row.month_wager := 0; v_row.month_loss := 0;
    end if;
    update responsible_usage set
      day_start = v_row.day_start, day_wager = v_row.day_wager, day_loss = v_row.day_loss,
      week_start = v_row.week_start, week_wager = v_row.week_wager, week_loss = v_row.week_loss,
      month_start = v_row.month_start, month_wager = v_row.month_wager, month_loss = v_row.month_loss
    where user_id = p_user_id;
  end if;
  if p_stake > 0 then
    for i in 1 .. coalesce(array_length(p_kinds, 1), 0) loop
      if p_periods[i] = 'day' then
        v_start := v_row.day_start; v_given := p_starts[1];
        v_used := case when p_kinds[i] = 'wager' then v_row.day_wager else greatest(0, v_row.day_loss) end;
      elsif p_periods[i] = 'week' then
        v_start := v_row.week_start; v_given := p_starts[2];
        v_used := case when p_kinds[i] = 'wager' then v_row.week_wager else greatest(0, v_row.week_loss) end;
      else
        v_start := v_row.month_start; v_given := p_starts[3];
        v_used := case when p_kinds[i] = 'wager' then v_row.month_wager else greatest(0, v_row.month_loss) end;
      end if;
      if v_start = v_given and v_used + p_stake > p_limits[i] then
        return query select i, v_used;
        return;
      end if;
    end loop;
  end if;
  return query select null::integer, null::bigint;
end;
$$;

-- Bets: what a bet contributes, added when it is placed and changed as it is settled, sold, voided or approved.
create function bets_stake_usage() returns trigger
language plpgsql
as $$
declare
  v_wager bigint := 0;
  v_loss bigint := 0;
begin
  if new.usage_day is null and new.usage_week is null and new.usage_month is null then
    return null;
  end if;
  if new.status <> 'rejected' then
    v_wager := new.original_stake;
    v_loss := new.original_stake - case when new.status = 'sold' then new.sold_amount
                                        else coalesce(new.payout, 0) + new.sold_amount end;
  end if;
  if tg_op = 'UPDATE' and old.status <> 'rejected' then
    v_wager := v_wager - old.original_stake;
    v_loss := v_loss - (old.original_stake - case when old.status = 'sold' then old.sold_amount
                                                  else coalesce(old.payout, 0) + old.sold_amount end);
  end if;
  if v_wager <> 0 or v_loss <> 0 then
    perform stake_usage_apply(new.user_id, new.usage_day, new.usage_week, new.usage_month, v_wager, v_loss);
  end if;
  return null;
end;
$$;

create trigger bets_stake_usage after insert or update of status, payout, sold_amount, original_stake on bets
  for each row execute function bets_stake_usage();

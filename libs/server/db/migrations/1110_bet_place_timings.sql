-- bet_place can time the stake gate's part of a placement (owned by libs/server/bets; ADR 0504, issue 13's limit
-- checks). With p_timed, it answers gate_ms, the wall time of the bettor's usage check (stake_usage_take: waiting for
-- the bettor's usage row lock, counting the stake, checking the ceilings; null without a gate), and write_ms, the
-- statement's time from its start to its checks and writes done (before the commit). Without p_timed it reads no
-- clock and answers nulls: placement passes it only when a PlacementTimer asks (the bench). Otherwise 0531 unchanged.

drop function bet_place(jsonb, jsonb, timestamptz, text, text, text[], text[], text[], smallint[], text[], text[], text[],
  text[], boolean[], smallint[], bigint[], timestamptz[], bigint, text[], text[], bigint[]);

create function bet_place(
  p_bets jsonb,
  p_selections jsonb,
  p_at timestamptz,
  p_user_id text,
  p_currency text,
  p_stake_keys text[],
  p_stake_kinds text[],
  p_stake_guids text[],
  p_stake_sizes smallint[],
  p_owner_kinds text[],
  p_owner_ids text[],
  p_currencies text[],
  p_purposes text[],
  p_allow_negative boolean[],
  p_shard_counts smallint[],
  p_amounts bigint[],
  -- the starts of the day, week and month the placement counts in (null: no stake gate, counted nowhere)
  p_usage_starts timestamptz[],
  -- the placement's stakes together (the bets' original stakes), checked against the ceilings
  p_usage_stake bigint,
  -- the ceilings: wager or loss, day, week or month, the limit in minor units
  p_ceiling_kinds text[],
  p_ceiling_periods text[],
  p_ceiling_limits bigint[],
  -- answer gate_ms and write_ms (the clock is read only then)
  p_timed boolean
) returns table (outcome text, balance bigint, ceiling integer, used bigint, gate_ms double precision,
                 write_ms double precision)
language plpgsql
as $$
declare
  v_inserted integer;
  v_post record;
  v_check record;
  v_from integer := 1;
  v_to integer;
  v_stakes integer := coalesce(array_length(p_stake_keys, 1), 0);
  v_postings integer := 0;
  v_gate_at timestamptz;
  v_gate_ms double precision;
  v_write_ms double precision;
begin
  for i in 1 .. coalesce(array_length(p_stake_sizes, 1), 0) loop
    v_postings := v_postings + p_stake_sizes[i];
  end loop;
  if coalesce(array_length(p_stake_sizes, 1), 0) <> v_stakes or coalesce(array_length(p_stake_kinds, 1), 0) <> v_stakes
     or coalesce(array_length(p_stake_guids, 1), 0) <> v_stakes or v_postings <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception 'bet_place: stake arrays disagree with the postings' using errcode = '22023';
  end if;

  -- The bettor's usage row first (its lock serialises the bettor's stakes, and comes before the ledger's balance rows,
  -- as in settlement): checked and counted in one statement; a stake past a ceiling is refused with nothing written
  -- (a duplicate placement below rolls the count back with everything else: it raises nothing, so it is undone here).
  if p_usage_starts is not null then
    if p_timed then
      v_gate_at := clock_timestamp();
    end if;
    select * into v_check from stake_usage_take(p_user_id, p_usage_starts, p_usage_stake, p_ceiling_kinds,
                                                p_ceiling_periods, p_ceiling_limits);
    if p_timed then
      v_gate_ms := extract(epoch from clock_timestamp() - v_gate_at) * 1000;
    end if;
    if v_check.refused is not null then
      if p_timed then
        v_write_ms := extract(epoch from clock_timestamp() - statement_timestamp()) * 1000;
      end if;
      return query select 'limit'::text, null::bigint, v_check.refused, v_check.used, v_gate_ms, v_write_ms;
      return;
    end if;
  end if;

  insert into bets (id, bet_guid, line_no, ledger_guid, brand_id, user_id, currency, kind, vid, system_k, status, hold_reason,
                    stake, stake_tax, original_stake, coef, boost_percent, auto_bet_cf, potential_win, request_hash, details, created_at,
                    usage_day, usage_week, usage_month)
  select x.id, x.bet_guid, x.line_no, x.ledger_guid, x.brand_id, x.user_id, x.currency, x.kind, x.vid, x.system_k, x.status, x.hold_reason,
         x.stake, x.stake_tax, x.original_stake, x.coef, x.boost_percent, x.auto_bet_cf, x.potential_win, x.request_hash, x.details, p_at,
         p_usage_starts[1], p_usage_starts[2], p_usage_starts[3]
    from jsonb_to_recordset(p_bets) as x(id text, bet_guid uuid, line_no smallint, ledger_guid text, brand_id text, user_id text,
         currency text, kind text, vid smallint, system_k smallint, status text, hold_reason text, stake bigint, stake_tax bigint,
         original_stake bigint, coef numeric, boost_percent numeric, auto_bet_cf numeric, potential_win bigint, request_hash text,
         details jsonb)
  on conflict do nothing;
  get diagnostics v_inserted = row_count;
  if v_inserted = 0 then
    if p_usage_starts is not null then
      perform stake_usage_apply(p_user_id, p_usage_starts[1], p_usage_starts[2], p_usage_starts[3], -p_usage_stake,
                                -p_usage_stake);
    end if;
    if p_timed then
      v_write_ms := extract(epoch from clock_timestamp() - statement_timestamp()) * 1000;
    end if;
    return query select 'duplicate'::text, null::bigint, null::integer, null::bigint, v_gate_ms, v_write_ms;
    return;
  end if;
  if v_inserted <> jsonb_array_length(p_bets) then
    raise exception 'bet_place: % of % bets of one placement already exist', jsonb_array_length(p_bets) - v_inserted, jsonb_array_length(p_bets);
  end if;

  insert into bet_selections (bet_id, ord, game_id, market_id, outcome_id, coef, home, away,
                              market_type, market_line, outcome_code, outcome_name_key)
  select s.bet_id, s.ord, s.game_id, s.market_id, s.outcome_id, s.coef, s.home, s.away,
         s.market_type, s.market_line, s.outcome_code, s.outcome_name_key
    from jsonb_to_recordset(p_selections) as s(bet_id text, ord smallint, game_id bigint, market_id text, outcome_id text,
         coef numeric, home text, away text, market_type text, market_line numeric, outcome_code text, outcome_name_key text);

  for i in 1 .. v_stakes loop
    v_to := v_from + p_stake_sizes[i] - 1;
    select * into v_post from ledger_post(
      p_stake_keys[i],
      p_stake_kinds[i],
      jsonb_build_object('betGuid', p_stake_guids[i]),
      p_at,
      p_owner_kinds[v_from:v_to],
      p_owner_ids[v_from:v_to],
      p_currencies[v_from:v_to],
      p_purposes[v_from:v_to],
      p_allow_negative[v_from:v_to],
      p_shard_counts[v_from:v_to],
      p_amounts[v_from:v_to]
    );
    if v_post.outcome = 'insufficient_funds' then
      raise exception 'insufficient_funds account=% available=%', v_post.account_id, v_post.available;
    elsif v_post.outcome <> 'posted' then
      raise exception 'bet_place: stake % was already posted', p_stake_keys[i];
    end if;
    v_from := v_to + 1;
  end loop;

  if p_timed then
    v_write_ms := extract(epoch from clock_timestamp() - statement_timestamp()) * 1000;
  end if;
  return query
    select 'placed'::text, coalesce(sum(b.balance), 0)::bigint, null::integer, null::bigint, v_gate_ms, v_write_ms
      from ledger_accounts a join ledger_balances b on b.account_id = a.id
     where a.owner_kind = 'user' and a.owner_id = p_user_id and a.currency = p_currency and a.purpose = 'main';
end;
$$;

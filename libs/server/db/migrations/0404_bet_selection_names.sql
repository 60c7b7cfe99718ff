-- A selection keeps what the bettor picked by name, not only by id: the market's type and line and the outcome's code
-- and dictionary key, as the line showed them at placement. The bets history names a selection with them in the
-- bettor's language long after the game has left the line ("Total 2.5, Over 2.5" rather than an outcome id). Null for
-- selections placed before this migration and for a line that does not give them; the history then shows the id.
alter table bet_selections
  add column market_type text,
  add column market_line numeric(8, 2),
  add column outcome_code text,
  add column outcome_name_key text;

-- bet_place as in 0402, storing the four names with each selection.
create or replace function bet_place(
  p_bets jsonb,
  p_selections jsonb,
  p_stakes jsonb,
  p_at timestamptz,
  p_user_id text,
  p_currency text
) returns table (outcome text, balance bigint)
language plpgsql
as $$
declare
  v_inserted integer;
  v_stake jsonb;
  v_post record;
begin
  insert into bets (id, bet_guid, line_no, ledger_guid, brand_id, user_id, currency, kind, vid, system_k, status, hold_reason,
                    stake, stake_tax, original_stake, coef, boost_percent, auto_bet_cf, potential_win, request_hash, details, created_at)
  select x.id, x.bet_guid, x.line_no, x.ledger_guid, x.brand_id, x.user_id, x.currency, x.kind, x.vid, x.system_k, x.status, x.hold_reason,
         x.stake, x.stake_tax, x.original_stake, x.coef, x.boost_percent, x.auto_bet_cf, x.potential_win, x.request_hash, x.details, p_at
    from jsonb_to_recordset(p_bets) as x(id text, bet_guid uuid, line_no smallint, ledger_guid text, brand_id text, user_id text,
         currency text, kind text, vid smallint, system_k smallint, status text, hold_reason text, stake bigint, stake_tax bigint,
         original_stake bigint, coef numeric, boost_percent numeric, auto_bet_cf numeric, potential_win bigint, request_hash text,
         details jsonb)
  on conflict do nothing;
  get diagnostics v_inserted = row_count;
  if v_inserted = 0 then
    return query select 'duplicate'::text, null::bigint;
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

  for v_stake in select value from jsonb_array_elements(p_stakes) loop
    select * into v_post from ledger_post(
      v_stake->>'key',
      v_stake->>'kind',
      v_stake->'metadata',
      p_at,
      array(select jsonb_array_elements_text(v_stake->'owner_kinds')),
      array(select jsonb_array_elements_text(v_stake->'owner_ids')),
      array(select jsonb_array_elements_text(v_stake->'currencies')),
      array(select jsonb_array_elements_text(v_stake->'purposes')),
      array(select (jsonb_array_elements_text(v_stake->'allow_negative'))::boolean),
      array(select (jsonb_array_elements_text(v_stake->'shard_counts'))::smallint),
      array(select (jsonb_array_elements_text(v_stake->'amounts'))::bigint)
    );
    if v_post.outcome = 'insufficient_funds' then
      raise exception 'insufficient_funds account=% available=%', v_post.account_id, v_post.available;
    elsif v_post.outcome <> 'posted' then
      raise exception 'bet_place: stake % was already posted', v_stake->>'key';
    end if;
  end loop;

  return query
    select 'placed'::text, coalesce(sum(b.balance), 0)::bigint
      from ledger_accounts a join ledger_balances b on b.account_id = a.id
     where a.owner_kind = 'user' and a.owner_id = p_user_id and a.currency = p_currency and a.purpose = 'main';
end;
$$;

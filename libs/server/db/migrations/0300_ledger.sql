-- Wallet ledger (owned by libs/server/ledger) and the sandbox payment provider's own state
-- (owned by apps/api/src/providers/payments). See docs/adr/0080-double-entry-ledger.md.
--
-- Money is integer minor units (bigint), never floating point. Every movement is one ledger_transactions row with
-- postings that sum to zero per currency; ledger_balances caches each account's balance and is updated in the same
-- database transaction, so it can always be checked against the postings (verifyLedger).
-- Times are written by the application (its clock), never by now(), so tests can move time.

-- An account is identified by its owner, currency and purpose. User wallets never go negative and have one
-- balance row; platform accounts may go negative and spread their balance over several rows ("shards") so that
-- thousands of concurrent bets do not queue on a single hot row lock.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  owner_kind text not null check (owner_kind in ('user', 'platform')),
  owner_id text not null,
  currency text not null check (currency ~ '^[A-Za-z]{2,6}$'),
  purpose text not null check (purpose ~ '^[a-z][a-z_]{1,39}$'),
  allow_negative boolean not null,
  shard_count smallint not null default 1 check (shard_count between 1 and 64),
  -- decimal places of the minor unit; the platform rounds every amount to 2 (spec section 9)
  exponent smallint not null default 2 check (exponent between 0 and 8),
  is_active boolean not null default true,
  created_at timestamptz not null,
  unique (owner_kind, owner_id, currency, purpose),
  -- a user's money is never negative, whatever the application asks for
  check (owner_kind = 'platform' or (not allow_negative and shard_count = 1))
);

create table ledger_balances (
  account_id bigint not null references ledger_accounts (id),
  shard smallint not null,
  balance bigint not null default 0,
  -- copied from the account so the check below holds in the database itself
  allow_negative boolean not null,
  updated_at timestamptz not null,
  primary key (account_id, shard),
  check (allow_negative or balance >= 0)
);

create table ledger_transactions (
  id bigint generated always as identity primary key,
  -- the same key twice gives the first transaction (a betGuid, a provider reference, ...)
  idempotency_key text not null unique,
  kind text not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);

create table ledger_postings (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  shard smallint not null,
  amount bigint not null check (amount <> 0),
  created_at timestamptz not null
);
create index ledger_postings_account on ledger_postings (account_id, id desc);
create index ledger_postings_transaction on ledger_postings (transaction_id);

-- Postings and transactions are history: corrections are new, balanced transactions, never edits.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger history is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end $$;
create trigger ledger_postings_append_only before update or delete on ledger_postings
  for each row execute function ledger_refuse_change();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_refuse_change();

-- Posts one balanced transaction in a single statement (one round trip, atomic even without an outer transaction).
-- Postings come as parallel arrays: account natural key, policy for creating a missing account, amount.
-- Returns outcome 'posted' or 'duplicate' (the key exists: transaction_id is the first one), or
-- 'insufficient_funds' (nothing written except missing accounts; account_id and available say where), so the
-- caller's outer transaction stays usable. Misuse (unbalanced, zero amounts, bad arrays) raises.
create function ledger_post(
  p_key text,
  p_kind text,
  p_metadata jsonb,
  p_at timestamptz,
  p_owner_kinds text[],
  p_owner_ids text[],
  p_currencies text[],
  p_purposes text[],
  p_allow_negative boolean[],
  p_shard_counts smallint[],
  p_amounts bigint[]
) returns table (transaction_id bigint, outcome text, account_id bigint, available bigint)
language plpgsql as $$
declare
  v_id bigint;
  v_n integer := coalesce(array_length(p_amounts, 1), 0);
  v_hash bigint := abs(hashtext(p_key)::bigint);
  v_acc bigint[] := '{}';
  v_shard smallint[] := '{}';
  v_rows_acc bigint[] := '{}';
  v_rows_shard smallint[] := '{}';
  v_rows_delta bigint[] := '{}';
  v_account bigint;
  v_shards smallint;
  v_balance bigint;
  v_allow_negative boolean;
  v_short_account bigint;
  v_short_balance bigint;
  v_sum numeric;
  r record;
begin
  if v_n = 0 or array_length(p_owner_kinds, 1) is distinct from v_n or array_length(p_owner_ids, 1) is distinct from v_n
     or array_length(p_currencies, 1) is distinct from v_n or array_length(p_purposes, 1) is distinct from v_n
     or array_length(p_allow_negative, 1) is distinct from v_n or array_length(p_shard_counts, 1) is distinct from v_n
     or array_position(p_amounts, null) is not null or 0 = any (p_amounts) then
    raise exception 'ledger_post: posting arrays must be non-empty, of equal length, with non-zero amounts' using errcode = '22023';
  end if;
  -- Balanced per currency, checked with plain expressions (no query): a handful of postings, a handful of currencies.
  for i in 1 .. v_n loop
    if array_position(p_currencies, p_currencies[i]) = i then
      v_sum := 0;
      for j in i .. v_n loop
        if p_currencies[j] = p_currencies[i] then
          v_sum := v_sum + p_amounts[j];
        end if;
      end loop;
      if v_sum <> 0 then
        raise exception 'ledger_post: postings of % do not balance per currency', p_key using errcode = '22023';
      end if;
    end if;
  end loop;

  select t.id into v_id from ledger_transactions t where t.idempotency_key = p_key;
  if found then
    return query select v_id, 'duplicate'::text, null::bigint, null::bigint;
    return;
  end if;

  -- Account ids, and the shard this key picks on each, by single-row index lookups (a set-wise join of the
  -- parameter arrays plans as a scan of all accounts). A missing account is opened on first use.
  for i in 1 .. v_n loop
    select a.id, a.shard_count into v_account, v_shards from ledger_accounts a
    where a.owner_kind = p_owner_kinds[i] and a.owner_id = p_owner_ids[i] and a.currency = p_currencies[i] and a.purpose = p_purposes[i];
    if not found then
      insert into ledger_accounts (owner_kind, owner_id, currency, purpose, allow_negative, shard_count, created_at)
      values (p_owner_kinds[i], p_owner_ids[i], p_currencies[i], p_purposes[i], p_allow_negative[i], p_shard_counts[i], p_at)
      on conflict (owner_kind, owner_id, currency, purpose) do nothing
      returning id, shard_count into v_account, v_shards;
      if v_account is null then
        -- opened concurrently by another transaction, which has committed by now
        select a.id, a.shard_count into v_account, v_shards from ledger_accounts a
        where a.owner_kind = p_owner_kinds[i] and a.owner_id = p_owner_ids[i] and a.currency = p_currencies[i] and a.purpose = p_purposes[i];
      else
        insert into ledger_balances (account_id, shard, balance, allow_negative, updated_at)
        select v_account, g, 0, p_allow_negative[i], p_at from generate_series(0, v_shards - 1) g;
      end if;
    end if;
    v_acc := v_acc || v_account;
    v_shard := v_shard || (v_hash % v_shards)::smallint;
  end loop;

  -- Row locks in (account id, shard) order, the same order in every transaction, so concurrent posts never deadlock;
  -- the balance check runs on the locked rows, so racing debits cannot both spend the last money.
  for r in
    select x.acc, x.sh, sum(x.amt)::bigint as delta
    from unnest(v_acc, v_shard, p_amounts) x(acc, sh, amt) group by x.acc, x.sh order by x.acc, x.sh
  loop
    select b.balance, b.allow_negative into v_balance, v_allow_negative
    from ledger_balances b where b.account_id = r.acc and b.shard = r.sh for update;
    if not found then
      raise exception 'ledger_post: account % has no balance row %', r.acc, r.sh using errcode = '55000';
    end if;
    if not v_allow_negative and v_balance + r.delta < 0 and v_short_account is null then
      v_short_account := r.acc;
      v_short_balance := v_balance;
    end if;
    v_rows_acc := v_rows_acc || r.acc;
    v_rows_shard := v_rows_shard || r.sh;
    v_rows_delta := v_rows_delta || r.delta;
  end loop;

  -- A concurrent request with the same key may have committed while this one waited for the locks.
  select t.id into v_id from ledger_transactions t where t.idempotency_key = p_key;
  if found then
    return query select v_id, 'duplicate'::text, null::bigint, null::bigint;
    return;
  end if;
  if v_short_account is not null then
    return query select null::bigint, 'insufficient_funds'::text, v_short_account, v_short_balance;
    return;
  end if;

  insert into ledger_transactions (idempotency_key, kind, metadata, created_at)
  values (p_key, p_kind, coalesce(p_metadata, '{}'::jsonb), p_at)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    select t.id into v_id from ledger_transactions t where t.idempotency_key = p_key;
    return query select v_id, 'duplicate'::text, null::bigint, null::bigint;
    return;
  end if;

  for i in 1 .. coalesce(array_length(v_rows_acc, 1), 0) loop
    update ledger_balances b set balance = b.balance + v_rows_delta[i], updated_at = p_at
    where b.account_id = v_rows_acc[i] and b.shard = v_rows_shard[i];
  end loop;

  insert into ledger_postings (transaction_id, account_id, shard, amount, created_at)
  select v_id, x.acc, x.sh, x.amt, p_at from unnest(v_acc, v_shard, p_amounts) with ordinality x(acc, sh, amt, ord) order by x.ord;

  return query select v_id, 'posted'::text, null::bigint, null::bigint;
end $$;

-- The sandbox payment provider's own records (a real provider keeps these on its side).
-- Card numbers are never stored: only the last four digits and the test scenario they selected.
create table payment_sandbox_intents (
  id uuid primary key,
  merchant_reference text not null unique,
  amount bigint not null check (amount > 0),
  currency text not null,
  card_last4 text not null,
  scenario text not null,
  status text not null check (status in ('requires_action', 'processing', 'succeeded', 'declined', 'expired')),
  decline_reason text,
  challenge_code text,
  metadata jsonb not null default '{}'::jsonb,
  refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  callback_attempts integer not null default 0,
  callback_delivered_at timestamptz,
  completes_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_sandbox_intents_pending on payment_sandbox_intents (completes_at)
  where status = 'processing' or (status in ('succeeded', 'declined', 'expired') and callback_delivered_at is null);

create table payment_sandbox_refunds (
  id uuid primary key,
  intent_id uuid not null references payment_sandbox_intents (id),
  refund_reference text not null unique,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null
);

-- Withdrawals (owned by libs/server/wallet) and the sandbox payment provider's payouts (libs/server/payments).
-- See libs/server/wallet/README.md, "Withdrawals". Money is integer minor units; times are written by the application.
--
-- A withdrawal's money moves only through the ledger (withdrawal.reserve at request, withdrawal.confirm when paid,
-- withdrawal.cancel when rejected, cancelled or failed); this table is its state, changed in the same database
-- transaction as the ledger posting, and every change is one row of cashier_withdrawal_events.
create table cashier_withdrawals (
  id uuid primary key,
  brand_id text not null,
  user_id text not null,
  -- the player's registration country when asked: the settings that applied are those of brand and country
  country text not null,
  currency text not null,
  amount bigint not null check (amount > 0),
  -- the client's id for the request: the same request twice is one withdrawal
  request_id text not null,
  -- where the money goes: 'deposit' (back to the card of a deposit, closed loop) or 'card'
  method text not null check (method in ('deposit', 'card')),
  -- the deposit's merchant reference (closed loop) and the last four digits shown to the player; never a card number
  method_reference text,
  method_last4 text not null,
  state text not null check (state in ('requested', 'approved', 'sent', 'paid', 'rejected', 'cancelled', 'failed')),
  -- why it was rejected or failed (a person's reason, or the provider's code)
  reason text,
  provider text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, request_id)
);
create index cashier_withdrawals_user on cashier_withdrawals (user_id, created_at desc);
-- The recovery sweep reads the withdrawals that are not finished.
create index cashier_withdrawals_open on cashier_withdrawals (updated_at) where state in ('requested', 'approved', 'sent');

create table cashier_withdrawal_events (
  id bigint generated always as identity primary key,
  withdrawal_id uuid not null references cashier_withdrawals (id),
  from_state text,
  to_state text not null,
  -- 'player', 'system' (automatic approval, recovery), 'provider' (its callback or answer) or 'operator:<name>' (CLI)
  actor text not null,
  reason text,
  -- the ledger transaction written with this change, when money moved
  ledger_transaction_id bigint,
  created_at timestamptz not null
);
create index cashier_withdrawal_events_withdrawal on cashier_withdrawal_events (withdrawal_id, id);

-- The sandbox payment provider's payouts (a real provider keeps these on its side).
create table payment_sandbox_payouts (
  id uuid primary key,
  payout_reference text not null unique,
  amount bigint not null check (amount > 0),
  currency text not null,
  destination_last4 text not null,
  scenario text not null,
  status text not null check (status in ('processing', 'paid', 'declined', 'failed', 'expired')),
  failure_reason text,
  metadata jsonb not null default '{}'::jsonb,
  callback_attempts integer not null default 0,
  callback_delivered_at timestamptz,
  completes_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_sandbox_payouts_pending on payment_sandbox_payouts (completes_at)
  where status = 'processing' or callback_delivered_at is null;

-- Four-eyes for manual balance adjustments (ADR 0356; libs/server/backoffice README, "Payments desk").
-- An adjustment above its brand's amount (server.json backoffice.adjustmentFourEyesAbove) is recorded here and moves
-- no money until a second, different operator approves it; then the one ledger transaction is made under the first
-- operator's requestId (so it stays idempotent) and the row names it. Times are written by the application's clock.
create table backoffice_adjustment_requests (
  id uuid primary key,
  brand_id text not null,
  player_id bigint not null references accounts_users (id) on delete cascade,
  currency text not null,
  -- Minor units, signed (a debit is negative); never 0.
  amount_minor bigint not null check (amount_minor <> 0),
  reason text not null,
  -- The console's idempotency key of the first request: the same key again answers this row.
  request_id text not null,
  requested_by uuid not null references backoffice_operators (id),
  requested_at timestamptz not null,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  decided_by uuid references backoffice_operators (id),
  decided_at timestamptz,
  decision_reason text,
  transaction_id text,
  check (decided_by is null or decided_by <> requested_by),
  unique (player_id, request_id)
);
create index backoffice_adjustment_requests_pending on backoffice_adjustment_requests (requested_at)
  where state = 'pending';

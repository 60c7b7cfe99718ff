-- Deposits player protection let through and the payment provider may still collect (libs/server/responsible README,
-- "What counts"): they count against the player's deposit limits until credited (then the ledger counts them) or
-- closed at the provider (declined, expired, never started), when the row is deleted. Keyed by the deposit's
-- merchant reference; times from the application's clock.
create table responsible_deposit_holds (
  reference text primary key,
  user_id text not null,
  currency text not null,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null
);
create index responsible_deposit_holds_user on responsible_deposit_holds (user_id, created_at);

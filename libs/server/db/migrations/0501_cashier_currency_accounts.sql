-- Currency accounts and transfers between a player's own accounts (owned by libs/server/wallet; README "Currency
-- accounts"). The money is in the ledger (the player's main account per currency); these rows say which accounts the
-- player holds, the quotes they were shown and the transfers made. Times are written by the application.
create table cashier_currency_accounts (
  id bigint generated always as identity primary key,
  brand_id text not null,
  user_id text not null,
  currency text not null,
  created_at timestamptz not null,
  unique (user_id, currency)
);

-- A rate shown to the player, good until expires_at; a transfer spends it once.
create table cashier_transfer_quotes (
  id uuid primary key,
  brand_id text not null,
  user_id text not null,
  from_currency text not null,
  to_currency text not null,
  from_amount bigint not null check (from_amount > 0),
  to_amount bigint not null check (to_amount > 0),
  rate numeric(30, 12) not null,
  rate_provider text not null,
  rate_as_of timestamptz not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

create table cashier_transfers (
  id uuid primary key,
  quote_id uuid not null unique references cashier_transfer_quotes (id),
  brand_id text not null,
  user_id text not null,
  from_currency text not null,
  to_currency text not null,
  from_amount bigint not null,
  to_amount bigint not null,
  rate numeric(30, 12) not null,
  ledger_transaction_id bigint not null,
  created_at timestamptz not null
);
create index cashier_transfers_user on cashier_transfers (user_id, created_at desc);

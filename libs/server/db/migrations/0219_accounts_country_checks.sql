-- The country an account registered with, checked against the country of the registration request's IP address
-- (ADR 0195; owned by apps/api/src/modules/auth/country-check.ts). One row per account opened since; accounts opened
-- before have none (their country was self-declared).
create table accounts_country_checks (
  user_id bigint primary key references accounts_users (id) on delete cascade,
  brand_id text not null,
  -- The country the player declared (the account's country), and the IP's, null when the address has none.
  declared_country text not null,
  ip_country text,
  ip text,
  outcome text not null check (outcome in ('match', 'mismatch', 'unknown')),
  -- required: flagged at registration, the office must verify the country before it is trusted; verified: done.
  verification text not null check (verification in ('not_required', 'required', 'verified')),
  checked_at timestamptz not null,
  verified_at timestamptz,
  verified_by text
);
create index accounts_country_checks_required on accounts_country_checks (brand_id, checked_at) where verification = 'required';

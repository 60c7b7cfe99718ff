-- Affordability checks compliance recorded (libs/server/responsible README, "Affordability checks"; jurisdiction rule
-- NLKSA-NL-1): from checked_at the player may deposit up to monthly_amount (minor units) a calendar month in the
-- currency, when that is above the threshold of their age band (responsible.affordabilityCheck). Every check is kept
-- with who made it and why; the latest counts. Times from the application's clock.
create table responsible_affordability_checks (
  id text primary key,
  user_id text not null,
  brand_id text not null,
  currency text not null,
  monthly_amount bigint not null check (monthly_amount > 0),
  reason text not null check (reason <> ''),
  operator text not null,
  checked_at timestamptz not null
);
create index responsible_affordability_checks_user on responsible_affordability_checks (user_id, currency, checked_at desc);

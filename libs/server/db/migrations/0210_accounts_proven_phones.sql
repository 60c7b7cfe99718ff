-- Only a phone that a code has proven is an account's phone (issue 12 item 4, ADR 0201): an unproven number (a full
-- registration's) is kept on its account but is no sign-in identifier and counts for no uniqueness, so the real
-- owner can still prove it elsewhere; then it is dropped from the account that held it unproven.
drop index accounts_users_phone;
create unique index accounts_users_proven_phone on accounts_users (brand_id, phone)
  where phone is not null and phone_confirmed_at is not null;
create index accounts_users_unproven_phone on accounts_users (brand_id, phone)
  where phone is not null and phone_confirmed_at is null;

-- An account's brand or country changing tells every server too (owned by libs/server/responsible; ADR 0430, after
-- migration 1090): the stake gate's profile keeps the account's site, whose settings decide the limits before play,
-- the locks offered and the time zone of the periods. A verification that corrects the declared country
-- (accounts' applyVerifiedIdentity) used to reach a watching server only when the profile's 5 min ran out; now it is
-- heard at commit, like a write to limits or locks. Only a real change notifies: other updates of the row stay silent.

create function responsible_profile_notify_site() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('responsible_profile', new.id::text);
  return null;
end;
$$;

create trigger accounts_users_site_notify after update of brand_id, country on accounts_users
  for each row
  when (old.brand_id is distinct from new.brand_id or old.country is distinct from new.country)
  execute function responsible_profile_notify_site();

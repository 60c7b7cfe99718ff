-- A write to a player's limits or locks tells every server at once (owned by libs/server/responsible; ADR 0430):
-- NOTIFY responsible_profile with the account id, delivered at commit, so a stake gate's cached profile is dropped
-- when it changes instead of being read again every 30 s just in case. Every writer is covered (the routes, the
-- CLI, the console), as the trigger sits on the tables. The channel is the database's: a server on another schema of
-- the same database drops an account of the same id for nothing, which costs one read.

create function responsible_profile_notify() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('responsible_profile', coalesce(new.user_id, old.user_id));
  return null;
end;
$$;

create trigger responsible_limits_notify after insert or update or delete on responsible_limits
  for each row execute function responsible_profile_notify();
create trigger responsible_blocks_notify after insert or update or delete on responsible_blocks
  for each row execute function responsible_profile_notify();

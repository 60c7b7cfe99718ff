-- The sandbox activity file (libs/server/responsible README, "Sandbox activity file"; jurisdiction rule DEGGL-PP-1):
-- the operator a player is active with and their last stake there, shared by every server on the database as the
-- real cross-operator file is. Development and test only; a production server talks to the real file.
create table responsible_sandbox_activity (
  player_key text primary key,
  operator text not null,
  last_seen timestamptz not null
);

-- Shared feed (several servers on one PostgreSQL and Redis, ADR 0360): one row per feed stream.
-- The leader (the server holding the advisory lock) raises `epoch` when it takes over, and records with every flush
-- the stream sequence number its writes reach (`seq`), so a new leader continues the sequence and a server rebuilding
-- after a gap knows where the stored feed stands. `sim_start` is the instant every server's simulator starts from,
-- so the simulators of a cluster play the same world.
create table feed_cluster (
  stream text primary key,
  stream_id text not null,
  epoch bigint not null default 0,
  seq bigint not null default 0,
  provider_seq bigint not null default 0,
  sim_start bigint,
  updated_at timestamptz not null default now()
);

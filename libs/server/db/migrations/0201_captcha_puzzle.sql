-- The built-in puzzle captcha (ADR 0160, owned by apps/api/src/modules/auth/captcha-puzzle.ts). One row per challenge:
-- the answer (gap_x) never leaves the server; the browser holds only the challenge id, stored here as its SHA-256.
-- A challenge takes one answer; a right answer earns one signed token, and the first protected call that presents it
-- uses it up (token_used_at), so neither a challenge nor a token can be replayed.

create table accounts_captcha_challenges (
  id_hash text primary key,
  brand_id text not null,
  gap_x integer not null,
  ip text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  answered_at timestamptz,
  solved boolean not null default false,
  token_used_at timestamptz
);
create index accounts_captcha_challenges_expiry on accounts_captcha_challenges (expires_at);

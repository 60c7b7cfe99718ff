-- The operators' console (owned by libs/server/backoffice; its README says why each table looks so).
-- Operators are not players: their own accounts, sessions and an append-only, hash-chained audit log.
-- Times are written by the application (its clock), never by now(), so tests can move time.

create table backoffice_operators (
  id uuid primary key,
  email text not null,
  -- argon2id, as the players' passwords (libs/server/accounts).
  password_hash text not null,
  role text not null check (role in ('admin', 'compliance', 'payments', 'risk', 'support', 'viewer')),
  -- The brands the operator may see and act on; '{*}' is every brand.
  brands text[] not null check (cardinality(brands) > 0),
  disabled boolean not null default false,
  -- The authenticator secret, AES-256-GCM sealed with the server key; pending while the first sign-in enrols it.
  totp_secret text,
  totp_pending_secret text,
  totp_enrolled_at timestamptz,
  -- The last TOTP step used: a code is never accepted twice.
  totp_last_step bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_sign_in_at timestamptz
);
create unique index backoffice_operators_email on backoffice_operators (lower(email));

-- The cookie holds a random token; only its SHA-256 is stored. A session is a half-session (stage totp-enrol or totp)
-- until the second factor, then full; it ends after 15 idle minutes, at expires_at, or when revoked.
create table backoffice_sessions (
  id uuid primary key,
  token_hash text not null unique,
  operator_id uuid not null references backoffice_operators (id) on delete cascade,
  stage text not null check (stage in ('totp-enrol', 'totp', 'full')),
  ip text,
  user_agent text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index backoffice_sessions_operator on backoffice_sessions (operator_id) where revoked_at is null;

-- Every operator action: who, when, from where, what, why, before and after. seq counts from 1 without gaps (the
-- application appends under an advisory lock); hash = SHA-256 of the previous hash and this entry's canonical JSON,
-- so `tessera audit verify` proves that nothing was edited, removed or inserted.
create table backoffice_audit (
  seq bigint primary key check (seq > 0),
  at timestamptz not null,
  operator_id uuid,
  operator_email text,
  action text not null,
  target_type text,
  target_id text,
  brand_id text,
  reason text,
  ip text,
  user_agent text,
  before jsonb,
  after jsonb,
  prev_hash text not null,
  hash text not null unique
);
create index backoffice_audit_at on backoffice_audit (at desc);
create index backoffice_audit_operator on backoffice_audit (operator_id, seq desc);

create function backoffice_audit_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the backoffice audit log is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end $$;
create trigger backoffice_audit_append_only before update or delete on backoffice_audit
  for each row execute function backoffice_audit_refuse_change();
create trigger backoffice_audit_no_truncate before truncate on backoffice_audit
  for each statement execute function backoffice_audit_refuse_change();

-- Operators' notes on a player.
create table backoffice_player_notes (
  id uuid primary key,
  user_id bigint not null references accounts_users (id) on delete cascade,
  brand_id text not null,
  operator_id uuid not null references backoffice_operators (id),
  text text not null,
  created_at timestamptz not null
);
create index backoffice_player_notes_user on backoffice_player_notes (user_id, created_at desc);

-- Four-eyes: the first approval of a withdrawal above the brand's amount, waiting for a second, different operator.
create table backoffice_withdrawal_approvals (
  withdrawal_id uuid not null references cashier_withdrawals (id),
  operator_id uuid not null references backoffice_operators (id),
  reason text not null,
  created_at timestamptz not null,
  primary key (withdrawal_id, operator_id)
);

-- Accounts and security (owned by apps/api/src/modules/auth and modules/account, providers/messaging).
-- Accounts are per brand: the same phone or e-mail may register once on each brand.
-- Times are always written by the application (its clock), never by now(), so tests can move time.

create sequence accounts_user_id_seq start with 10000001;

create table accounts_users (
  id bigint primary key default nextval('accounts_user_id_seq'),
  brand_id text not null,
  phone text,
  phone_confirmed_at timestamptz,
  email text,
  email_activated_at timestamptz,
  password_hash text,
  currency text not null,
  country text not null,
  birth_date date,
  first_name text,
  last_name text,
  status text not null default 'active' check (status in ('active', 'blocked')),
  registration_variant text not null,
  promo_code text,
  ref_code text,
  social_provider text,
  social_subject text,
  -- TOTP secrets are AES-256-GCM sealed with the server key; the disable hash is stored hashed.
  two_factor_secret text,
  two_factor_pending_secret text,
  two_factor_enabled_at timestamptz,
  two_factor_disable_hash text,
  two_factor_last_step bigint,
  secure_question text,
  secure_question_custom boolean not null default false,
  secure_answer_hash text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index accounts_users_phone on accounts_users (brand_id, phone) where phone is not null;
create unique index accounts_users_email on accounts_users (brand_id, lower(email)) where email is not null;
create unique index accounts_users_social on accounts_users (brand_id, social_provider, social_subject)
  where social_provider is not null;

-- The cookie holds a random token; only its SHA-256 is stored, so a database leak hands out no sessions.
create table accounts_sessions (
  id uuid primary key,
  token_hash text not null unique,
  user_id bigint not null references accounts_users (id) on delete cascade,
  brand_id text not null,
  user_agent text,
  ip text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index accounts_sessions_user on accounts_sessions (user_id) where revoked_at is null;

-- One-time codes and tokens (SMS codes, e-mail links, the second login step): keyed-hashed, expiring, single use.
create table accounts_codes (
  id uuid primary key,
  brand_id text not null,
  purpose text not null,
  recipient text not null,
  user_id bigint references accounts_users (id) on delete cascade,
  code_hash text not null,
  payload jsonb,
  attempts integer not null default 0,
  max_attempts integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index accounts_codes_lookup on accounts_codes (brand_id, purpose, recipient, created_at desc);

create table accounts_security_events (
  id bigserial primary key,
  brand_id text not null,
  user_id bigint,
  kind text not null,
  ip text,
  user_agent text,
  detail jsonb not null default '{}',
  created_at timestamptz not null
);
create index accounts_security_events_user on accounts_security_events (user_id, created_at desc);

-- Failed attempts by key (login identifier, account, IP, code recipient) for lockout; old rows are pruned.
create table accounts_attempts (
  id bigserial primary key,
  brand_id text not null,
  attempt_key text not null,
  created_at timestamptz not null
);
create index accounts_attempts_key on accounts_attempts (brand_id, attempt_key, created_at desc);

-- Messages handed to the messaging provider; the development provider keeps them here as its outbox.
create table message_outbox (
  id uuid primary key,
  seq bigserial not null,
  brand_id text not null,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  status text not null check (status in ('sent', 'failed')),
  created_at timestamptz not null
);
create index message_outbox_recipient on message_outbox (recipient, seq desc);

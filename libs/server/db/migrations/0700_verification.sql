-- Identity verification (owned by libs/server/verification; its README). A player uploads documents, submits them
-- with the country and date of birth their documents show, and compliance decides (verified or rejected with a
-- reason). Times are written by the application (its clock), never by now(), so tests can move time.

-- One row per submission for review; the newest row of an account is its status. A submission after a rejection is
-- a resubmission (resubmission = true).
create table verification_submissions (
  id uuid primary key,
  -- The order of submissions (two may share a clock reading).
  seq bigint generated always as identity,
  user_id bigint not null references accounts_users (id) on delete cascade,
  brand_id text not null,
  status text not null check (status in ('submitted', 'verified', 'rejected')),
  resubmission boolean not null,
  -- What the player states their documents show (the office form), lower-case ISO country and a date.
  country text not null check (country ~ '^[a-z]{2}$'),
  birth_date date not null,
  submitted_at timestamptz not null,
  decided_at timestamptz
);
create index verification_submissions_user on verification_submissions (user_id, seq desc);
-- At most one submission of an account waits for a decision.
create unique index verification_submissions_pending on verification_submissions (user_id) where status = 'submitted';

-- The uploaded files' metadata; the bytes live in the document storage under storage_key (a random id, never the
-- upload's name), outside the web root and never served. A document joins the submission it was sent with.
create table verification_documents (
  id uuid primary key,
  user_id bigint not null references accounts_users (id) on delete cascade,
  brand_id text not null,
  submission_id uuid references verification_submissions (id) on delete set null,
  document_type text not null check (document_type in ('passport', 'id_card', 'driving_licence', 'proof_of_address', 'selfie')),
  -- The type the bytes proved (magic numbers), not the name or the declared type.
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  -- The upload's file name as the player's own label (path, control and bidi characters removed), for their list only.
  file_name text not null,
  uploaded_at timestamptz not null
);
create index verification_documents_user on verification_documents (user_id, uploaded_at desc);

-- Every decision, kept: who (the operator), when, what and why.
create table verification_decisions (
  id bigint generated always as identity primary key,
  submission_id uuid not null references verification_submissions (id) on delete cascade,
  user_id bigint not null references accounts_users (id) on delete cascade,
  brand_id text not null,
  decision text not null check (decision in ('verified', 'rejected')),
  reason text not null,
  operator text not null,
  -- verified: the country and date of birth compliance confirmed; they replace the declared ones in accounts_users.
  verified_country text check (verified_country ~ '^[a-z]{2}$'),
  verified_birth_date date,
  decided_at timestamptz not null,
  check (decision = 'rejected' or (verified_country is not null and verified_birth_date is not null))
);
create index verification_decisions_user on verification_decisions (user_id, decided_at desc);

-- The self-declared country and date of birth of a verified account, kept beside the verified values that replaced
-- them in accounts_users (the column every rule reads).
create table verification_identities (
  user_id bigint primary key references accounts_users (id) on delete cascade,
  brand_id text not null,
  declared_country text not null,
  declared_birth_date date,
  verified_country text not null,
  verified_birth_date date not null,
  decision_id bigint not null references verification_decisions (id),
  verified_at timestamptz not null
);

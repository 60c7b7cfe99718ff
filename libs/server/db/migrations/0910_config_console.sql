-- The console layer of the site configuration (owned by libs/server/backoffice/src/config; ADR 0310). Above the brand's
-- files (platform < brand < country < language < console), per brand, country and language. Each row is one whole
-- state of a brand's console layer: a draft, then (once published) a numbered version. Restoring version N is a new
-- draft holding version N's layers, published the same way, so history only grows.
-- Times are written by the application (its clock), never by now(), so tests can move time.

create table config_console_changes (
  id uuid primary key,
  brand_id text not null,
  -- draft: being prepared; approved: a second operator approved it (four-eyes); published: a version; discarded.
  state text not null check (state in ('draft', 'approved', 'published', 'discarded')),
  -- The published version this draft was made on (0: the files alone); a draft whose base is no longer the newest
  -- version cannot be published (it would silently undo the newer one).
  base_version integer not null check (base_version >= 0),
  -- Set when published: 1, 2, ... per brand without gaps.
  version integer check (version > 0),
  -- The whole console layer of the brand after this change: {"<country|*>/<language|*>": {partial site config}}.
  layers jsonb not null,
  -- The version whose layers a restore copied.
  restored_from integer,
  -- The sections (top-level keys of the site configuration) the change touches, and whether the brand asks four eyes.
  sections text[] not null,
  needs_approval boolean not null,
  reason text,
  created_by uuid not null references backoffice_operators (id),
  created_by_email text not null,
  created_at timestamptz not null,
  approved_by uuid references backoffice_operators (id),
  approved_by_email text,
  approved_at timestamptz,
  published_by uuid references backoffice_operators (id),
  published_by_email text,
  published_at timestamptz,
  check ((state = 'published') = (version is not null)),
  check (state <> 'published' or (reason is not null and published_at is not null))
);
create unique index config_console_changes_version on config_console_changes (brand_id, version) where version is not null;
create index config_console_changes_open on config_console_changes (brand_id, created_at) where state in ('draft', 'approved');

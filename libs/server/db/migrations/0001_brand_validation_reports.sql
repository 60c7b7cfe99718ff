-- Foundation: what each start-up found when it validated the brand files.
-- Compliance and operations read it to see when a brand was refused and why.
create table brand_validation_reports (
  id bigint generated always as identity primary key,
  startup_id uuid not null,
  brand_id text not null,
  status text not null check (status in ('valid', 'refused')),
  issues jsonb not null default '[]'::jsonb,
  recorded_at timestamptz not null default now()
);

create index brand_validation_reports_brand_recorded
  on brand_validation_reports (brand_id, recorded_at desc);

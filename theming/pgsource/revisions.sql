-- themekit theming/pgsource migration 2: the revisions of each theme
-- (pgsource.Revisions), and which one is live.
--
--   * theme_revisions: every saved revision of a tenant's theme, numbered
--     from 1 per theme, never changed once saved (the publish columns
--     aside): the theme as its JSON record (theming.Theme's encoding),
--     who saved it and why, when, and the fields it changed from the
--     revision before it (revision.FieldChange's encoding).
--   * theme_live: the live revision of each theme that has one. Publishing
--     sets it and writes the revision into themes and theme_colors, in one
--     transaction; the triggers of migration 1 notify the replicas.
--
-- Existing themes get a first revision holding the theme as it was, live
-- when it validates (written by pgsource.Migrate in Go, which reads the
-- rows as pgsource.Tables.Read does; migration 3 gives the others a live
-- revision that validates).

create table if not exists theme_revisions (
  tenant_id      text        not null references tenants on delete cascade,
  theme_id       int         not null,
  number         int         not null check (number > 0),
  theme          jsonb       not null,
  author         text        not null default '',
  note           text        not null default '',
  saved_at       timestamptz not null default now(),
  changes        jsonb       not null default '[]',
  published_at   timestamptz,
  published_by   text,
  published_note text,
  primary key (tenant_id, theme_id, number)
);

create table if not exists theme_live (
  tenant_id text not null,
  theme_id  int  not null,
  number    int  not null,
  primary key (tenant_id, theme_id),
  foreign key (tenant_id, theme_id, number) references theme_revisions on delete cascade
);

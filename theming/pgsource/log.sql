-- themekit theming/pgsource migration 3: the publish log, the revision the
-- contract's rows hold, changes of the live revision made past the store,
-- and which releases run on the schema. Every change is additive: the
-- release of schema version 2 keeps running on it (themekit_schema's
-- runs_from), so a rolling deploy never stops a replica.
--
--   * theme_revisions.outside marks a revision the store recorded rather
--     than an admin saved: the theme as a publish found it in the
--     contract's rows, changed past the store (plain SQL).
--   * theme_publications: every change of each theme's live revision, in
--     order (seq, from 1 per theme): a publish (or rollback), an archive,
--     a delete, or a change made past the store ('outside'); from which
--     live revision to which (0: none), who, why, when. Append-only: a
--     trigger refuses UPDATE and DELETE (but for the cascade of a
--     tenant's deletion).
--   * theme_rows: the revision the contract's rows (themes, theme_colors)
--     hold as the store last wrote or recorded them; none when it knows of
--     no rows. A publish compares the rows with it, and with the live
--     revision, to find a change made past the store.
--   * a trigger on theme_live notifies the tenant on every change of its
--     live revisions (the replicas serve a theme whose row does not
--     validate as its live revision), and logs as 'outside' a change not
--     made by pgsource.Revisions (which sets themekit.store in its
--     transaction and logs its own), by the session's role: a hand-made
--     rollback, or a publish of a release before this one.
--   * themekit_schema.runs_from: the oldest schema version whose release
--     runs on the schema; null means the row's own version.
--
-- Revisions still writes published_at, published_by and published_note
-- for the release of schema version 2, which reads them; the log is the
-- record.

alter table theme_revisions add column if not exists outside bool not null default false;

create table if not exists theme_publications (
  tenant_id   text        not null references tenants on delete cascade,
  theme_id    int         not null,
  seq         int         not null check (seq > 0),
  action      text        not null check (action in ('publish', 'archive', 'delete', 'outside')),
  from_number int         not null default 0,
  to_number   int         not null default 0,
  author      text        not null default '',
  note        text        not null default '',
  at          timestamptz not null default now(),
  primary key (tenant_id, theme_id, seq)
);

-- A theme is deleted once; Head finds it by this index.
create unique index if not exists theme_publications_deleted
  on theme_publications (tenant_id, theme_id) where action = 'delete';

create or replace function themekit_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old; -- the cascade of a tenant's deletion
  end if;
  raise exception 'themekit: % is append-only', tg_table_name;
end $$;

drop trigger if exists themekit_append_only on theme_publications;
create trigger themekit_append_only before update or delete on theme_publications
  for each row execute function themekit_append_only();

create table if not exists theme_rows (
  tenant_id text not null,
  theme_id  int  not null,
  number    int  not null,
  primary key (tenant_id, theme_id),
  foreign key (tenant_id, theme_id, number) references theme_revisions on delete cascade
);

create or replace function themekit_live_changed() returns trigger
language plpgsql as $$
declare
  tenant text;
  theme  int;
  was    int := 0;
  now_   int := 0;
begin
  if tg_op = 'DELETE' then
    tenant := old.tenant_id; theme := old.theme_id; was := old.number;
  else
    tenant := new.tenant_id; theme := new.theme_id; now_ := new.number;
    if tg_op = 'UPDATE' then
      was := old.number;
    end if;
  end if;
  if was = now_ or not exists (select 1 from tenants where id = tenant) then
    return null; -- no change, or the cascade of a tenant's deletion
  end if;
  perform pg_notify('themekit_tenant', tenant);
  if current_setting('themekit.store', true) is distinct from 'on' then
    perform pg_advisory_xact_lock(hashtext(tenant), theme);
    insert into theme_publications (tenant_id, theme_id, seq, action, from_number, to_number, author, note)
      select tenant, theme, coalesce(max(seq), 0) + 1, 'outside', was, now_, session_user::text,
        'theme_live changed past pgsource.Revisions'
      from theme_publications where tenant_id = tenant and theme_id = theme;
  end if;
  return null;
end $$;

drop trigger if exists themekit_live_changed on theme_live;
create trigger themekit_live_changed after insert or update or delete on theme_live
  for each row execute function themekit_live_changed();

alter table themekit_schema add column if not exists runs_from int;

-- themekit theming/pgsource schema (pgsource.Schema embeds this file): the
-- schema's version 1, which pgsource.Migrate applies under an advisory lock
-- and records in themekit_schema; version 2 (revisions.sql) follows it.
--
-- The contract between a host's database and pgsource:
--
--   * tenants(id): a tenant exists when its row does; a tenant without one
--     is unknown (404), with or without themes.
--   * themes: one row per theme of a tenant, a column for every field of
--     theming.Theme except colors; an image pair is two columns.
--   * theme_colors: one row per theme, component and scheme that the theme
--     overrides.
--   * every committed change to a tenant's rows sends NOTIFY on the channel
--     themekit_tenant (pgsource.DefaultChannel) with the tenant id as the
--     payload; the triggers below do it.
--
-- The table names may differ (pgsource.Tables), and so may the channel
-- (pgsource.Options.Channel, with triggers that notify on it); the column
-- names and types may not, unless the host reads its themes itself
-- (pgsource.Options.Query). Nothing else is needed: pgsource does not
-- poll, it reads a tenant's three tables when the tenant is first asked
-- for and again after each notification that names it.
--
-- Every statement is idempotent, so Migrate can apply it to a database
-- made by an older release, which applied this file alone. Do not Exec it
-- from every replica at start: replicas that do so at once race each other
-- (concurrent CREATE TABLE IF NOT EXISTS and CREATE TRIGGER fail); call
-- pgsource.Migrate, which takes a lock first.
--
-- Roles. Only the admin path's role (the one that saves through
-- pgsource.Revisions, or pgsource.Tables.Save on a database that keeps no
-- revisions) may write the three tables: let it own them, or grant it
-- insert, update and delete, and grant the replicas' role select alone,
-- e.g.
--
--   grant select on tenants, themes, theme_colors to themekit_replica;
--
-- PUBLIC has no privilege on them (PostgreSQL 15's default; keep it).
-- NOTIFY cannot be restricted: any role that can connect may notify
-- themekit_tenant with any payload. pgsource treats a notification as a
-- hint: it reads the tenant's rows again, keeps the snapshot when they are
-- unchanged, and merges the notifications that follow such a re-check
-- (pgsource.Options.RecheckInterval), so a flood costs a read now and then
-- and no rebuild.

create table if not exists tenants (
  id text primary key
);

-- themes has a column for every field of theming.Theme except colors (in
-- theme_colors). An image pair (logo_site, the three default banners) is
-- two columns; the pair is null when both are.
create table if not exists themes (
  tenant_id                             text not null references tenants on delete cascade,
  id                                    int  not null,
  name                                  text not null,
  favicon                               text,
  logo                                  text,
  logo_inverse                          text,
  compact_logo                          text,
  compact_logo_inverse                  text,
  logo_site_thumbnail                   text,
  logo_site_original                    text,
  light_mode_logo_type                  text not null default 'DEFAULT',
  dark_mode_logo_type                   text not null default 'DEFAULT',
  logo_alignment                        text not null default 'left',
  logo_height                           int  not null default 0,
  logo_margin_left                      int  not null default 0,
  logo_margin_top                       int  not null default 0,
  compact_light_mode_logo_type          text not null default 'DEFAULT',
  compact_dark_mode_logo_type           text not null default 'DEFAULT',
  compact_logo_size                     int  not null default 0,
  default_group_banner_thumbnail        text,
  default_group_banner_original         text,
  default_event_banner_thumbnail        text,
  default_event_banner_original         text,
  default_user_profile_banner_thumbnail text,
  default_user_profile_banner_original  text,
  is_default                            bool not null default false,
  primary key (tenant_id, id)
);

-- One row per theme, component and scheme that the theme overrides.
create table if not exists theme_colors (
  tenant_id    text not null,
  theme_id     int  not null,
  component_id text not null,
  scheme       text not null check (scheme in ('light', 'dark')),
  value        text not null,
  primary key (tenant_id, theme_id, component_id, scheme),
  foreign key (tenant_id, theme_id) references themes on delete cascade
);

-- themekit_notify_tenant sends the tenant id of every changed row on the
-- channel themekit_tenant. NOTIFY is delivered when the transaction
-- commits, and once per tenant per transaction however many rows changed.
-- Its argument names the row's tenant column.
create or replace function themekit_notify_tenant() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('themekit_tenant', to_jsonb(old) ->> tg_argv[0]);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('themekit_tenant', to_jsonb(new) ->> tg_argv[0]);
  end if;
  return null;
end $$;

drop trigger if exists themekit_notify on tenants;
create trigger themekit_notify after insert or update or delete on tenants
  for each row execute function themekit_notify_tenant('id');
drop trigger if exists themekit_notify on themes;
create trigger themekit_notify after insert or update or delete on themes
  for each row execute function themekit_notify_tenant('tenant_id');
drop trigger if exists themekit_notify on theme_colors;
create trigger themekit_notify after insert or update or delete on theme_colors
  for each row execute function themekit_notify_tenant('tenant_id');

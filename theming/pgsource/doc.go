// Package pgsource serves each tenant's themes from PostgreSQL and
// follows every committed change with LISTEN/NOTIFY: a
// [tenant.Source] whose tenants are read from the tables of
// [Schema] (or by the host's own query), kept current by a listener on a
// connection of its own.
//
// Each replica, at start, calls [Migrate] (which brings the schema to
// [SchemaVersion] under an advisory lock: of replicas starting together
// one migrates and the others wait for it, then find nothing to do; a
// replica of a release the schema has left behind stops with
// [ErrSchemaNewer]),
// builds a [Source] with [New] (which connects, or says why it cannot),
// runs [Source.Run] in a goroutine for as long as it serves, and gives the
// Source to httpadapter as its Source. A change committed on any
// connection reaches every replica's next request for the tenant.
//
// # Schema versions and rolling deploys
//
// [Migrate] records each migration it applies in [SchemaTable]. Version 1
// is [Schema], the table contract (tenants, themes, theme_colors and
// their triggers); version 2 adds theme_revisions and theme_live, the
// tables of [Revisions], and gives every existing theme a first revision
// holding it as it was; version 3 adds the publish log
// (theme_publications, append-only), theme_rows (the revision the
// contract's rows hold) and a trigger that logs a change of theme_live
// made past the store, and gives every theme with rows a live revision
// that the catalog validates (never a row that does not). Each migration
// is idempotent on the schema before it, so a database made by applying
// [Schema] alone (as hosts did before versions) is migrated in place
// without loss. A database at the version costs Migrate two reads and no
// lock or privilege beyond SELECT.
//
// A release runs on its own schema version and on the next release's:
// each migration is additive and records, in SchemaTable's runs_from, the
// oldest version whose release still runs on it. So a deploy rolls: the
// first replica of the new release migrates while the old replicas keep
// serving, and they are replaced one at a time, never all stopped (see
// docs/replicas.md, "Rolling a deploy"). A replica whose release the
// schema has left behind fails at start with [ErrSchemaNewer], before it
// asks for anything that needs a privilege. The release of schema version
// 2 (before runs_from) runs on version 3 as long as it does not restart;
// a replica of it that restarts mid-deploy refuses version 3, without the
// sentinel.
//
// # Revisions: the one write path
//
// [Source.Revisions] is the [revision.Store] on the Source's pool, and
// the one path that writes a theme once the database keeps revisions:
// drafts saved from the revision the editor saw, published when the
// Options.PublishPolicy passes them, by writing them into the contract's
// tables in the transaction that makes them live and logs it, so the
// triggers notify every replica. [Tables.Save] refuses there
// ([ErrUseRevisions]). A row changed past the store (plain SQL) is found
// by the theme's next publish, archive or delete, recorded as a revision
// marked Outside and named in a *revision.ConflictError; nothing is
// reverted unseen. The Source serves a request that previews a revision
// ([revision.WithPreview]) the revision in place of the live theme; see
// package revision.
//
// # The last good version of every theme
//
// A theme whose live row does not validate (written past the admin path,
// or refused by a newer catalog) is served as its live revision, when it
// validates; else as its stand-in, the catalog's defaults under the
// theme's id, name and default flag (what migration 3 makes live for a
// theme with no revision that validates): the same on every replica,
// restarted or not. Only on a database without revision tables (a host's
// own) is it served as the version the replica served last
// ([tenant.Source]'s rule). A tenant left with no servable theme is
// served the catalog's defaults ([tenant.DefaultTheme];
// Options.Tenant.NoDefaultTheme keeps the 404). [tenant.Source.LeftOut]
// (a method of Source) says which themes are left out and why, and each
// problem is logged once.
//
// How replicas stay current: triggers send NOTIFY with the tenant id on
// every committed change; the listener invalidates that tenant, whose
// next request reloads it. When the connection is lost (or found dead by
// the keep-alive ping, which has a deadline of its own, well under its
// interval), the listener reconnects with exponential backoff and jitter,
// LISTENs again and then invalidates every built tenant, so a change
// committed meanwhile is not missed. Nothing polls.
//
// A theme that does not validate is logged once, one line per problem,
// with the tenant, theme, component and path, and what is served in its
// place; the tenant's other themes are served as they are.
//
// # Roles: who may write, and who may notify
//
// The tables are the themes' only truth: give write access to them
// (INSERT, UPDATE, DELETE on tenants, themes, theme_colors,
// theme_revisions, theme_live and theme_rows, INSERT on
// theme_publications, as the schema's owner or by GRANT) to the role of
// the admin path alone, the one that saves through [Revisions]. The
// replicas' role needs SELECT on the tables (themekit_schema among them)
// and nothing else; it need not own them: let the owner run [Migrate]
// once per release, and the replicas' own calls find the schema at its
// version (or the next release's) and change nothing.
// PUBLIC has no privilege on the tables by default since PostgreSQL 15;
// keep it so.
//
// A notification cannot be restricted the same way: any role that can
// connect to the database may NOTIFY any channel, with any payload. So a
// notification is a hint, never data: it names a tenant to look at again,
// and pgsource reads that tenant's rows before it serves anything new.
// A re-check that finds the rows as they were keeps the tenant's snapshot
// (the same *theming.Snapshot, so every document rendered from it stays
// cached). The notifications that follow the first of each
// [Options].RecheckInterval are merged, and the tenants they name
// re-checked together at its end in one read, so a flood of
// notifications from a role with no privilege on the tables costs at
// most about one read per RecheckInterval, however many tenants it names,
// and no build. A payload that names no built tenant costs no read (it
// forgets that name's remembered miss, if there is one). A request's
// tenant name is checked by [tenant.Source] before any lookup (see
// [tenant.MaxNameLen]), so no name costs a failed round trip.
//
// pgx is this package's dependency alone: theming, httpadapter, contrast
// and colorref do not import it.
package pgsource

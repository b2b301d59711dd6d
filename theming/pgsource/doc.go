// Package pgsource serves each tenant's themes from PostgreSQL and
// follows every committed change with LISTEN/NOTIFY: a
// [tenant.Source] whose tenants are read from the tables of
// [Schema] (or by the host's own query), kept current by a listener on a
// connection of its own.
//
// A host creates the schema once (Exec [Schema]), builds a [Source] with
// [New], runs [Source.Run] in a goroutine for as long as it serves, and
// gives the Source to httpadapter as its Source. Each replica does the
// same: a change committed on any connection reaches every replica's next
// request for the tenant.
//
// How replicas stay current: triggers send NOTIFY with the tenant id on
// every committed change; the listener invalidates that tenant, whose
// next request reloads it. When the connection is lost (or found dead by
// the keep-alive ping, which has a deadline of its own, well under its
// interval), the listener reconnects with exponential backoff and jitter,
// LISTENs again and then invalidates every built tenant, so a change
// committed meanwhile is not missed. Nothing polls.
//
// A theme that does not validate (a row written past the admin path) is
// left out of its tenant's snapshot and logged once, one line per
// problem, with the tenant, theme, component and path; the tenant's other
// themes are served.
//
// # Roles: who may write, and who may notify
//
// The tables are the themes' only truth: give write access to them
// (INSERT, UPDATE, DELETE on tenants, themes and theme_colors, as the
// schema's owner or by GRANT) to the role of the admin path alone, the one
// that saves through [Tables.Save] after CheckTheme. The replicas' role
// needs SELECT on the three tables and nothing else; it need not own
// them, and [Schema] is applied once by the owner (it is idempotent).
// PUBLIC has no privilege on the tables by default since PostgreSQL 15;
// keep it so.
//
// A notification cannot be restricted the same way: any role that can
// connect to the database may NOTIFY any channel, with any payload. So a
// notification is a hint, never data: it names a tenant to look at again,
// and pgsource reads that tenant's rows before it serves anything new.
// A re-check that finds the rows as they were keeps the tenant's snapshot
// (the same *theming.Snapshot, so every document rendered from it stays
// cached), and after such a re-check the notifications for the tenant
// within [Options].RecheckInterval are merged into one, so a flood of
// notifications from a role with no privilege on the tables costs at
// most about one read of the tenant per RecheckInterval, and no build.
// A payload that names no built tenant costs no read (it forgets that
// name's remembered miss, if there is one). A request's
// tenant name is checked by [tenant.Source] before any lookup (see
// [tenant.MaxNameLen]), so no name costs a failed round trip.
//
// pgx is this package's dependency alone: theming, httpadapter, contrast
// and colorref do not import it.
package pgsource

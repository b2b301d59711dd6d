package pgsource

import (
	"context"
	_ "embed"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

//go:embed revisions.sql
var revisionsSQL string

//go:embed log.sql
var logSQL string

// SchemaTable records the migrations [Migrate] applied: one row per
// version, with its name, when it was applied, and (from version 3) the
// oldest schema version whose release runs on it.
const SchemaTable = "themekit_schema"

// migrationLock is the key of the advisory lock Migrate holds while it
// migrates: "themekit" in ASCII.
const migrationLock int64 = 0x7468656d656b6974

// migration is one version of the schema. Each is idempotent on the
// schema it follows, so that a database made by an older release's
// Schema (without SchemaTable) is migrated in place without loss.
//
// A migration keeps the previous release running (runsFrom its version
// less one) unless it cannot: it adds tables, columns with defaults and
// triggers, and changes nothing the previous release reads or writes, so
// that replicas of both releases serve side by side while a deploy rolls.
// One that must break that says so with runsFrom its own version, and its
// release notes say to stop the old replicas before it migrates.
type migration struct {
	version  int
	runsFrom int // 0: the column does not exist yet
	name     string
	up       func(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog) error
}

// migrations are the schema's versions, in order.
var migrations = []migration{
	{1, 0, "tenants, themes, theme_colors and their NOTIFY triggers", func(ctx context.Context, tx pgx.Tx, _ *theming.CompiledCatalog) error {
		return execSQL(ctx, tx, Schema)
	}},
	{2, 0, "theme_revisions and theme_live, a first revision of every theme", func(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog) error {
		if err := execSQL(ctx, tx, revisionsSQL); err != nil {
			return err
		}
		return firstRevisions(ctx, tx, cc)
	}},
	{3, 2, "theme_publications and theme_rows, a valid live revision of every theme", migrateLog},
}

// SchemaVersion is the version of the schema this package reads and
// writes: the last migration's.
var SchemaVersion = migrations[len(migrations)-1].version

// ErrSchemaNewer is wrapped by the error of [Migrate] and [New] on a
// database whose schema a newer release migrated to a version this
// release does not run on. A release runs on its own schema version and
// on the next release's (the deploy's rolling replicas of both serve
// side by side); a replica that finds a schema past that fails at start,
// before it asks for anything that needs a privilege.
var ErrSchemaNewer = errors.New("pgsource: the database's schema is newer than this release runs on")

func execSQL(ctx context.Context, tx pgx.Tx, sql string) error {
	_, err := tx.Exec(ctx, sql)
	return err
}

// Migrate brings the database's schema to [SchemaVersion], applying the
// migrations it lacks, in order, in one transaction under an advisory
// lock: replicas that start together each call it, one migrates and the
// others wait for it and then find nothing to do. A database made by
// [Schema] alone (an older release's way) is migrated in place; its
// themes keep their rows.
//
// Every theme with rows gets a live revision that cc validates: its rows
// as a first revision when they validate; else the last revision that
// was live and validates; else one holding the catalog's defaults under
// the theme's id, name and default flag (its name replaced when it is
// what does not validate). A row that does not validate is recorded in
// the history but never made live, so every replica, restarted or not,
// serves the same. cc must be the catalog the replicas serve.
//
// It returns how many migrations this call applied. A database at the
// version, or at a newer one that this release runs on, costs two or
// three reads and no lock or privilege beyond SELECT on [SchemaTable], so
// a replica whose role may not change the schema calls it safely once
// the schema's owner migrated; one this release does not run on is an
// error wrapping [ErrSchemaNewer], found before anything that needs a
// privilege is tried.
func Migrate(ctx context.Context, db Beginner, cc *theming.CompiledCatalog) (applied int, err error) {
	if cc == nil {
		return 0, fmt.Errorf("%w: Migrate's catalog is nil", ErrOptions)
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("pgsource: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	at, err := checkSchema(ctx, tx)
	if err != nil {
		return 0, err
	}
	if at >= SchemaVersion {
		return 0, tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock($1)", migrationLock); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: taking the lock: %w", err)
	}
	if _, err := tx.Exec(ctx, "create table if not exists "+SchemaTable+
		" (version int primary key, name text not null, applied_at timestamptz not null default now())"); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: the schema is at version %d and this release's is %d: %w", at, SchemaVersion, err)
	}
	if at, err = checkSchema(ctx, tx); err != nil { // again, under the lock
		return 0, err
	}
	for _, m := range migrations[min(at, SchemaVersion):] {
		if err := m.up(ctx, tx, cc); err != nil {
			return 0, fmt.Errorf("pgsource: migration %d (%s): %w", m.version, m.name, err)
		}
		q, args := "insert into "+SchemaTable+" (version, name) values ($1, $2)", []any{m.version, m.name}
		if m.runsFrom > 0 {
			q, args = "insert into "+SchemaTable+" (version, name, runs_from) values ($1, $2, $3)", append(args, m.runsFrom)
		}
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return 0, fmt.Errorf("pgsource: migration %d: %w", m.version, err)
		}
		applied++
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: %w", err)
	}
	return applied, nil
}

// checkSchema returns the newest version SchemaTable records, 0 when
// there is no such table, and an error wrapping ErrSchemaNewer when that
// version is past SchemaVersion and no release of SchemaVersion runs on
// it. It reads, and needs no privilege beyond SELECT on SchemaTable.
func checkSchema(ctx context.Context, db Querier) (int, error) {
	var exists bool
	if err := db.QueryRow(ctx, "select to_regclass($1) is not null", SchemaTable).Scan(&exists); err != nil {
		return 0, fmt.Errorf("pgsource: reading the schema version: %w", err)
	}
	if !exists {
		return 0, nil
	}
	var at int
	var runsFromKnown bool
	err := db.QueryRow(ctx, "select coalesce(max(version), 0), exists (select 1 from pg_attribute where attrelid = $1::regclass "+
		"and attname = 'runs_from' and not attisdropped) from "+SchemaTable, SchemaTable).Scan(&at, &runsFromKnown)
	if err != nil {
		return 0, fmt.Errorf("pgsource: reading the schema version: %w", err)
	}
	if at <= SchemaVersion {
		return at, nil
	}
	runsFrom := at
	if runsFromKnown {
		err := db.QueryRow(ctx, "select coalesce(max(coalesce(runs_from, version)), 0) from "+SchemaTable+" where version > $1",
			SchemaVersion).Scan(&runsFrom)
		if err != nil {
			return 0, fmt.Errorf("pgsource: reading the schema version: %w", err)
		}
	}
	if runsFrom <= SchemaVersion {
		return at, nil
	}
	return 0, fmt.Errorf("%w: the schema is version %d, which releases of schema version %d and later run on; this release's is %d",
		ErrSchemaNewer, at, runsFrom, SchemaVersion)
}

// firstRevisions gives every theme with rows and without revisions a
// first one, holding the theme as its rows read, live when it validates
// (migration 2 as version 2's release ran it, but for that).
func firstRevisions(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog) error {
	themes, err := themesWithout(ctx, tx, "select 1 from theme_revisions r where r.tenant_id = t.tenant_id and r.theme_id = t.id")
	if err != nil {
		return err
	}
	for _, rt := range themes {
		t := rt.theme
		if _, err := tx.Exec(ctx, `insert into theme_revisions (tenant_id, theme_id, number, theme, author, note, changes)
			values ($1, $2, 1, $3, 'themekit', 'the theme as it was before revisions', coalesce($4::jsonb, '[]'))
			on conflict do nothing`, rt.tenant, t.ID, t, revision.Diff(theming.Theme{ID: t.ID}, t)); err != nil {
			return fmt.Errorf("tenant %q, theme %d: %w", rt.tenant, t.ID, err)
		}
		if revision.CheckSave(cc, t, revision.Change{}) != nil {
			continue // migration 3 gives it a live revision that validates
		}
		if _, err := tx.Exec(ctx, `update theme_revisions set published_at = now(), published_by = 'themekit', published_note = 'migration 2'
			where tenant_id = $1 and theme_id = $2 and number = 1`, rt.tenant, t.ID); err != nil {
			return fmt.Errorf("tenant %q, theme %d: %w", rt.tenant, t.ID, err)
		}
		if _, err := tx.Exec(ctx, "insert into theme_live (tenant_id, theme_id, number) values ($1, $2, 1) on conflict do nothing", rt.tenant, t.ID); err != nil {
			return fmt.Errorf("tenant %q, theme %d: %w", rt.tenant, t.ID, err)
		}
	}
	return nil
}

// tenantTheme is a theme of a tenant, as its rows read.
type tenantTheme struct {
	tenant string
	theme  theming.Theme
}

// themesWithout returns the themes with rows (in the contract's tables of
// the schema's names) for which the correlated subquery notExists, over
// themes t, finds no row, by tenant and id.
func themesWithout(ctx context.Context, tx pgx.Tx, notExists string) ([]tenantTheme, error) {
	rows, err := tx.Query(ctx, "select tenant_id, id from themes t where not exists ("+notExists+") order by 1, 2")
	if err != nil {
		return nil, err
	}
	type key struct {
		Tenant string
		ID     int
	}
	keys, err := pgx.CollectRows(rows, pgx.RowToStructByPos[key])
	if err != nil {
		return nil, err
	}
	var out []tenantTheme
	read := rowsRead{}
	for _, k := range keys {
		t, err := read.theme(ctx, tx, k.Tenant, k.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, tenantTheme{k.Tenant, t})
	}
	return out, nil
}

// rowsRead reads each tenant's rows once, and keeps them by theme id.
type rowsRead map[string]map[int]theming.Theme

// theme returns the tenant's theme id as its rows hold it.
func (rr rowsRead) theme(ctx context.Context, tx pgx.Tx, tenant string, id int) (theming.Theme, error) {
	themes, ok := rr[tenant]
	if !ok {
		all, err := Tables{}.Read(ctx, tx, tenant)
		if err != nil {
			return theming.Theme{}, fmt.Errorf("tenant %q: %w", tenant, err)
		}
		themes = map[int]theming.Theme{}
		for _, t := range all {
			themes[t.ID] = t
		}
		rr[tenant] = themes
	}
	return themes[id], nil
}

// migrateLog is migration 3: log.sql, the log's first entries from what
// version 2 kept (the publish that made each live revision live), the
// rows' revisions, and a live revision that cc validates for every theme
// with rows ([settle]).
func migrateLog(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog) error {
	if err := execSQL(ctx, tx, logSQL); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `insert into theme_publications (tenant_id, theme_id, seq, action, from_number, to_number, author, note, at)
		select l.tenant_id, l.theme_id, 1, 'publish', 0, l.number, coalesce(r.published_by, ''), coalesce(r.published_note, ''),
			coalesce(r.published_at, r.saved_at)
		from theme_live l join theme_revisions r on r.tenant_id = l.tenant_id and r.theme_id = l.theme_id and r.number = l.number
		where not exists (select 1 from theme_publications p where p.tenant_id = l.tenant_id and p.theme_id = l.theme_id)`); err != nil {
		return err
	}
	// Version 2's publishes wrote the live revision into the rows; a
	// change made past them since is found by the next publish.
	if _, err := tx.Exec(ctx, `insert into theme_rows (tenant_id, theme_id, number)
		select tenant_id, theme_id, number from theme_live on conflict do nothing`); err != nil {
		return err
	}
	return settle(ctx, tx, cc) // its changes of theme_live log themselves (state.setLive)
}

// settle gives every theme with rows a live revision that cc validates:
// the one it has, when it validates; else its rows, recorded as a
// revision, when they validate (they are what the replicas serve); else
// the newest revision that was live once and validates; else a stand-in
// ([standIn]). Rows that are no revision yet are recorded as one, marked
// outside.
func settle(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog) error {
	rows, err := tx.Query(ctx, `select t.tenant_id, t.id, coalesce(l.number, 0), r.theme from themes t
		left join theme_live l on l.tenant_id = t.tenant_id and l.theme_id = t.id
		left join theme_revisions r on r.tenant_id = l.tenant_id and r.theme_id = l.theme_id and r.number = l.number
		order by 1, 2`)
	if err != nil {
		return err
	}
	// The themes whose live revision is missing or does not validate,
	// kept while the rows stream: a handful, of every theme.
	type candidate struct {
		tenant   string
		id, live int
	}
	var (
		todo   []candidate
		c      candidate
		theme  *theming.Theme
		fields = []any{&c.tenant, &c.id, &c.live, &theme}
	)
	_, err = pgx.ForEachRow(rows, fields, func() error {
		if c.live == 0 || revision.CheckSave(cc, *theme, revision.Change{}) != nil {
			todo = append(todo, c)
		}
		theme = nil
		return nil
	})
	if err != nil {
		return err
	}
	read := rowsRead{}
	for _, c := range todo {
		t, err := read.theme(ctx, tx, c.tenant, c.id)
		if err != nil {
			return err
		}
		if err := settleTheme(ctx, tx, cc, c.tenant, t, c.live); err != nil {
			return fmt.Errorf("tenant %q, theme %d: %w", c.tenant, c.id, err)
		}
	}
	return nil
}

// settleTheme gives the theme whose rows hold t, and whose live revision
// is live (0: none) and does not validate, one that does; see settle.
func settleTheme(ctx context.Context, tx pgx.Tx, cc *theming.CompiledCatalog, tenant string, t theming.Theme, live int) error {
	st := state{tx: tx, tenant: tenant, themeID: t.ID}
	h, err := st.head(ctx)
	if err != nil {
		return err
	}
	was, err := st.theme(ctx, live)
	if err != nil {
		return err
	}
	recorded, err := st.recordRows(ctx, t, h.Newest, true, was, "found by migration 3: the theme's rows, written past the store")
	if err != nil {
		return err
	}
	if revision.CheckSave(cc, t, revision.Change{}) == nil {
		return st.setLive(ctx, live, recorded, revision.ActionOutside,
			revision.Change{Note: "migration 3: the theme's rows, served, had no live revision that validates"})
	}
	var to int
	var why string
	rows, err := tx.Query(ctx, `select number, theme from theme_revisions where tenant_id = $1 and theme_id = $2
		and published_at is not null order by published_at desc, number desc`, tenant, t.ID)
	if err != nil {
		return err
	}
	type candidate struct {
		Number int
		Theme  theming.Theme
	}
	published, err := pgx.CollectRows(rows, pgx.RowToStructByPos[candidate])
	if err != nil {
		return err
	}
	for _, c := range published {
		if revision.CheckSave(cc, c.Theme, revision.Change{}) == nil {
			to, why = c.Number, fmt.Sprintf("migration 3: revision %d, the last live one that validates", c.Number)
			break
		}
	}
	if to == 0 {
		newest := max(h.Newest, recorded)
		stand := standIn(cc, t)
		prev, err := st.theme(ctx, newest)
		if err != nil {
			return err
		}
		if _, err := st.insert(ctx, newest+1, stand, revision.Change{Author: "themekit",
			Note: "migration 3: the catalog's defaults, for a theme with no revision that validates"}, revision.Diff(prev, stand), false); err != nil {
			return err
		}
		to, why = newest+1, "migration 3: the catalog's defaults, for a theme with no revision that validates"
	}
	if live > 0 {
		why += fmt.Sprintf(" (revision %d does not validate)", live)
	}
	return st.setLive(ctx, live, to, revision.ActionPublish, revision.Change{Author: "themekit", Note: why})
}

// standIn is the theme served in place of t when t's rows do not
// validate and no revision of it does: its id, name and default flag,
// every color the catalog's and no image; named "Theme <id>" when its
// name is what does not validate.
func standIn(cc *theming.CompiledCatalog, t theming.Theme) theming.Theme {
	s := theming.Theme{ID: t.ID, Name: t.Name, IsDefault: t.IsDefault}
	if revision.CheckSave(cc, s, revision.Change{}) != nil {
		s.Name = fmt.Sprintf("Theme %d", t.ID)
	}
	return s
}

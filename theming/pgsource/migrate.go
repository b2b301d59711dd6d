package pgsource

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

//go:embed revisions.sql
var revisionsSQL string

// SchemaTable records the migrations [Migrate] applied: one row per
// version, with its name and when it was applied.
const SchemaTable = "themekit_schema"

// migrationLock is the key of the advisory lock Migrate holds while it
// migrates: "themekit" in ASCII.
const migrationLock int64 = 0x7468656d656b6974

// migration is one version of the schema. Each is idempotent on the
// schema it follows, so that a database made by an older release's
// Schema (without SchemaTable) is migrated in place without loss.
type migration struct {
	version int
	name    string
	up      func(ctx context.Context, tx pgx.Tx) error
}

// migrations are the schema's versions, in order.
var migrations = []migration{
	{1, "tenants, themes, theme_colors and their NOTIFY triggers", execSQL(Schema)},
	{2, "theme_revisions and theme_live, a first revision of every theme", func(ctx context.Context, tx pgx.Tx) error {
		if err := execSQL(revisionsSQL)(ctx, tx); err != nil {
			return err
		}
		return firstRevisions(ctx, tx)
	}},
}

// SchemaVersion is the version of the schema this package reads and
// writes: the last migration's.
var SchemaVersion = migrations[len(migrations)-1].version

func execSQL(sql string) func(context.Context, pgx.Tx) error {
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql)
		return err
	}
}

// Migrate brings the database's schema to [SchemaVersion], applying the
// migrations it lacks, in order, in one transaction under an advisory
// lock: replicas that start together each call it, one migrates and the
// others wait for it and then find nothing to do. A database made by
// [Schema] alone (an older release's way) is migrated in place; its
// themes keep their rows and get a first revision, live. It returns how
// many migrations this call applied. A database at the version already
// costs two reads and no lock, so a replica whose role may not change the
// schema calls it safely once it is migrated; one newer than this package
// is an error.
func Migrate(ctx context.Context, db Beginner) (applied int, err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("pgsource: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	at, err := schemaVersion(ctx, tx)
	if err == nil && at == SchemaVersion {
		return 0, tx.Commit(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("pgsource: migrate: reading the schema version: %w", err)
	}
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock($1)", migrationLock); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: taking the lock: %w", err)
	}
	if _, err := tx.Exec(ctx, "create table if not exists "+SchemaTable+
		" (version int primary key, name text not null, applied_at timestamptz not null default now())"); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: %w", err)
	}
	if at, err = schemaVersion(ctx, tx); err != nil { // again, under the lock
		return 0, fmt.Errorf("pgsource: migrate: reading the schema version: %w", err)
	}
	if at > SchemaVersion {
		return 0, fmt.Errorf("pgsource: migrate: the database's schema is version %d, newer than this release's %d", at, SchemaVersion)
	}
	for _, m := range migrations[at:] {
		if err := m.up(ctx, tx); err != nil {
			return 0, fmt.Errorf("pgsource: migration %d (%s): %w", m.version, m.name, err)
		}
		if _, err := tx.Exec(ctx, "insert into "+SchemaTable+" (version, name) values ($1, $2)", m.version, m.name); err != nil {
			return 0, fmt.Errorf("pgsource: migration %d: %w", m.version, err)
		}
		applied++
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("pgsource: migrate: %w", err)
	}
	return applied, nil
}

// schemaVersion returns the newest version SchemaTable records, 0 when
// there is no such table.
func schemaVersion(ctx context.Context, tx pgx.Tx) (int, error) {
	var exists bool
	if err := tx.QueryRow(ctx, "select to_regclass($1) is not null", SchemaTable).Scan(&exists); err != nil || !exists {
		return 0, err
	}
	var v int
	err := tx.QueryRow(ctx, "select coalesce(max(version), 0) from "+SchemaTable).Scan(&v)
	return v, err
}

// firstRevisions gives every theme without revisions a first one, live,
// holding the theme as its rows read.
func firstRevisions(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, "select distinct tenant_id from themes t where not exists "+
		"(select 1 from theme_revisions r where r.tenant_id = t.tenant_id and r.theme_id = t.id) order by 1")
	if err != nil {
		return err
	}
	tenants, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, name := range tenants {
		themes, err := Tables{}.Read(ctx, tx, name)
		if err != nil {
			return fmt.Errorf("tenant %q: %w", name, err)
		}
		for _, t := range themes {
			if _, err := tx.Exec(ctx, `insert into theme_revisions (tenant_id, theme_id, number, theme, author, note, changes, published_at, published_by, published_note)
				values ($1, $2, 1, $3, 'themekit', 'the theme as it was before revisions', coalesce($4::jsonb, '[]'), now(), 'themekit', 'migration 2')
				on conflict do nothing`, name, t.ID, t, revision.Diff(theming.Theme{ID: t.ID}, t)); err != nil {
				return fmt.Errorf("tenant %q, theme %d: %w", name, t.ID, err)
			}
			if _, err := tx.Exec(ctx, "insert into theme_live (tenant_id, theme_id, number) values ($1, $2, 1) on conflict do nothing", name, t.ID); err != nil {
				return fmt.Errorf("tenant %q, theme %d: %w", name, t.ID, err)
			}
		}
	}
	return nil
}

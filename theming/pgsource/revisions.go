package pgsource

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// Revisions is the [revision.Store] on PostgreSQL: the tables of
// migration 2 ([Migrate]), theme_revisions and theme_live, a revision's
// theme and changes kept as their JSON encoding (jsonb). A publish
// writes the revision into the contract's tables (with [Tables.Write]) in
// the transaction that makes it live, so the triggers notify every
// replica, which serves it on its next request for the tenant.
//
// Each call runs in a transaction of DB's. With DB a pgx.Tx, the call
// runs in a savepoint of it, and commits with it: a host that writes an
// audit row of its own does so in the same transaction:
//
//	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
//		revs := source.Revisions()
//		revs.DB = tx
//		r, err := revs.Save(ctx, tenant, theme, base, by)
//		if err != nil {
//			return err
//		}
//		_, err = tx.Exec(ctx, "insert into audit_log (who, what) values ($1, $2)", by.Author, fmt.Sprint("theme ", r.ThemeID, " revision ", r.Number))
//		return err
//	})
//
// A conflict found in a host's transaction leaves that transaction
// usable (the savepoint is rolled back), and the host decides whether to
// commit the rest.
type Revisions struct {
	// DB runs each call: a *pgxpool.Pool, a *pgx.Conn or a pgx.Tx.
	DB Database
	// Catalog checks each saved theme, and Policy is the one a revision
	// must pass to be published.
	Catalog *theming.CompiledCatalog
	Policy  contrast.Policy
	// Tables names the contract's tables a publish writes; the zero value
	// is the schema's.
	Tables Tables
}

// Database is what Revisions needs of a connection: to query and to
// begin transactions. A *pgxpool.Pool, a *pgx.Conn and a pgx.Tx all
// have it.
type Database interface {
	Querier
	Beginner
}

var _ revision.Store = Revisions{}

// Save implements [revision.Store]. A tenant without a row in the
// tenants table is an error wrapping [theming.ErrUnknownTenant].
func (rs Revisions) Save(ctx context.Context, tenant string, t theming.Theme, base int, by revision.Change) (revision.Revision, error) {
	if err := rs.Catalog.CheckTheme(t); err != nil {
		return revision.Revision{}, err
	}
	r := revision.Revision{ThemeID: t.ID, Number: base + 1, Theme: t, Change: by}
	err := pgx.BeginFunc(ctx, rs.DB, func(tx pgx.Tx) error {
		if err := rs.lockTenant(ctx, tx, tenant); err != nil {
			return err
		}
		prev := theming.Theme{ID: t.ID}
		if base > 0 {
			err := tx.QueryRow(ctx, "select theme from theme_revisions where tenant_id = $1 and theme_id = $2 and number = $3",
				tenant, t.ID, base).Scan(&prev)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) { // none: the insert below finds the conflict
				return err
			}
		}
		r.Changes = revision.Diff(prev, t)
		err := tx.QueryRow(ctx, `insert into theme_revisions (tenant_id, theme_id, number, theme, author, note, changes)
			select $1, $2, $3 + 1, $4, $5, $6, coalesce($7::jsonb, '[]')
			where coalesce((select max(number) from theme_revisions where tenant_id = $1 and theme_id = $2), 0) = $3
			on conflict do nothing
			returning saved_at`, tenant, t.ID, base, t, by.Author, by.Note, r.Changes).Scan(&r.Saved)
		if errors.Is(err, pgx.ErrNoRows) {
			return rs.conflict(ctx, tx, tenant, t.ID, "save", base)
		}
		return err
	})
	if err != nil {
		return revision.Revision{}, err
	}
	r.Saved = r.Saved.UTC()
	return r, nil
}

// lockTenant checks that tenant exists, and keeps it from being deleted
// until the transaction ends.
func (rs Revisions) lockTenant(ctx context.Context, tx pgx.Tx, tenant string) error {
	tenants, _, _ := rs.Tables.names()
	var found string
	err := tx.QueryRow(ctx, "select id from "+tenants+" where id = $1 for share", tenant).Scan(&found)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("pgsource: tenant %q: %w", tenant, theming.ErrUnknownTenant)
	}
	return err
}

// conflict returns the ConflictError of op from revision from, with the
// theme's newest (save) or live (publish) revision as the transaction
// sees it now.
func (rs Revisions) conflict(ctx context.Context, tx pgx.Tx, tenant string, themeID int, op string, from int) error {
	q := "select coalesce(max(number), 0) from theme_revisions where tenant_id = $1 and theme_id = $2"
	if op == "publish" {
		q = "select coalesce(max(number), 0) from theme_live where tenant_id = $1 and theme_id = $2"
	}
	var now int
	if err := tx.QueryRow(ctx, q, tenant, themeID).Scan(&now); err != nil {
		return err
	}
	return &revision.ConflictError{ThemeID: themeID, Op: op, From: from, Now: now}
}

// Publish implements [revision.Store]: in one transaction, the revision
// is made live if live is still the live revision (a conflict comes
// before the policy's judgement), judged, and written into the
// contract's tables, whose triggers notify the replicas; a refusal rolls
// the transaction back.
func (rs Revisions) Publish(ctx context.Context, tenant string, themeID, n, live int, by revision.Change) error {
	r, err := rs.Revision(ctx, tenant, themeID, n)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, rs.DB, func(tx pgx.Tx) error {
		if err := rs.lockTenant(ctx, tx, tenant); err != nil {
			return err
		}
		q := "update theme_live set number = $3 where tenant_id = $1 and theme_id = $2 and number = $4"
		if live == 0 {
			q = "insert into theme_live (tenant_id, theme_id, number) select $1, $2, $3 where $4 = 0 on conflict do nothing"
		}
		tag, err := tx.Exec(ctx, q, tenant, themeID, n, live)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return rs.conflict(ctx, tx, tenant, themeID, "publish", live)
		}
		if err := revision.CheckPublish(rs.Catalog, rs.Policy, r.Theme, n); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "update theme_revisions set published_at = now(), published_by = $4, published_note = $5 "+
			"where tenant_id = $1 and theme_id = $2 and number = $3", tenant, themeID, n, by.Author, by.Note); err != nil {
			return err
		}
		return rs.Tables.Write(ctx, tx, tenant, r.Theme)
	})
}

// revisionColumns are the columns a Revision is read from, in the order
// scanRevision takes them.
const revisionColumns = `r.theme_id, r.number, r.theme, r.author, r.note, r.saved_at, r.changes,
	r.published_at, coalesce(r.published_by, ''), coalesce(r.published_note, ''), l.number is not null`

const revisionFrom = ` from theme_revisions r left join theme_live l
	on l.tenant_id = r.tenant_id and l.theme_id = r.theme_id and l.number = r.number`

// History implements [revision.Store].
func (rs Revisions) History(ctx context.Context, tenant string, themeID int) ([]revision.Revision, error) {
	rows, err := rs.DB.Query(ctx, "select "+revisionColumns+revisionFrom+
		" where r.tenant_id = $1 and r.theme_id = $2 order by r.number desc", tenant, themeID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanRevision)
}

// Revision returns revision n of a tenant's theme: an error wrapping
// [revision.ErrUnknownRevision] when there is none.
func (rs Revisions) Revision(ctx context.Context, tenant string, themeID, n int) (revision.Revision, error) {
	rows, err := rs.DB.Query(ctx, "select "+revisionColumns+revisionFrom+
		" where r.tenant_id = $1 and r.theme_id = $2 and r.number = $3", tenant, themeID, n)
	if err != nil {
		return revision.Revision{}, err
	}
	r, err := pgx.CollectExactlyOneRow(rows, scanRevision)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, fmt.Errorf("%w: theme %d has no revision %d", revision.ErrUnknownRevision, themeID, n)
	}
	return r, err
}

func scanRevision(row pgx.CollectableRow) (revision.Revision, error) {
	var (
		r         revision.Revision
		published *time.Time
	)
	err := row.Scan(&r.ThemeID, &r.Number, &r.Theme, &r.Author, &r.Note, &r.Saved, &r.Changes,
		&published, &r.PublishedBy.Author, &r.PublishedBy.Note, &r.Live)
	if err != nil {
		return r, fmt.Errorf("pgsource: a revision row: %w", err)
	}
	r.Saved = r.Saved.UTC()
	if published != nil {
		r.Published = published.UTC()
	}
	return r, nil
}

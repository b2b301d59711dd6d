package main

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// querier is what the functions below need of a connection, a pool or a
// transaction.
type querier = pgsource.Querier

// loadThemes reads a tenant's themes, with their colors, as of one moment.
// A tenant without a tenants row is an error wrapping
// theming.ErrUnknownTenant.
func loadThemes(ctx context.Context, db querier, tenant string) ([]theming.Theme, error) {
	return (pgsource.Tables{}).Read(ctx, db, tenant)
}

// setColorRow writes one override; an empty value removes it.
func setColorRow(ctx context.Context, db querier, tenant string, themeID int, component string, sc theming.Scheme, value string) error {
	var err error
	if value == "" {
		_, err = db.Exec(ctx, `delete from theme_colors where tenant_id = $1 and theme_id = $2 and component_id = $3 and scheme = $4`,
			tenant, themeID, component, string(sc))
	} else {
		_, err = db.Exec(ctx, `insert into theme_colors (tenant_id, theme_id, component_id, scheme, value) values ($1, $2, $3, $4, $5)
			on conflict (tenant_id, theme_id, component_id, scheme) do update set value = excluded.value`,
			tenant, themeID, component, string(sc), value)
	}
	if err != nil {
		return fmt.Errorf("theme %d: colors.%s.%s: %w", themeID, component, sc, err)
	}
	return nil
}

// The demo tenants -seed writes: acme has the four default themes,
// globex themes 2 and 3 only.
var demoTenants = []struct {
	id     string
	themes []int // ids of default themes; nil means all
}{
	{"acme", nil},
	{"globex", []int{2, 3}},
}

// seed brings the schema to its version and writes the demo tenants,
// replacing any data they had, in one transaction: each theme saved and
// published as revision 1, by "seed".
func seed(ctx context.Context, db pgsource.Database) error {
	if _, err := pgsource.Migrate(ctx, db); err != nil {
		return err
	}
	defaults, err := theming.DefaultThemes()
	if err != nil {
		return err
	}
	cat, err := theming.DefaultCatalog()
	if err != nil {
		return err
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		return err
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	revs := pgsource.Revisions{DB: tx, Catalog: cc}
	by := revision.Change{Author: "seed", Note: "the demo data"}
	for _, tenant := range demoTenants {
		if _, err := tx.Exec(ctx, "delete from tenants where id = $1", tenant.id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "insert into tenants (id) values ($1)", tenant.id); err != nil {
			return err
		}
		for _, t := range defaults {
			if tenant.themes == nil || slices.Contains(tenant.themes, t.ID) {
				r, err := revs.Save(ctx, tenant.id, t, 0, by)
				if err == nil {
					err = revs.Publish(ctx, tenant.id, t.ID, r.Number, 0, by)
				}
				if err != nil {
					return fmt.Errorf("tenant %s: %w", tenant.id, err)
				}
			}
		}
	}
	return tx.Commit(ctx)
}

// errNoSuchTheme is set-color's error for a theme the tenant does not
// have.
var errNoSuchTheme = errors.New("no such theme")

// setColor is the admin save path: in one transaction it locks the theme,
// writes the override (an empty value removes it), reads the theme back
// as it now is and checks it against the catalog with CheckTheme. An edit
// that adds a problem is rolled back, leaving the database unchanged, and
// the returned error is the *theming.ValidationError of the new problems.
// Problems the theme already had (a bad row written outside this path)
// do not block an edit, which may be the one that fixes them.
func setColor(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}, cat *theming.CompiledCatalog, tenant string, themeID int, component string, sc theming.Scheme, value string) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var locked int
	err = tx.QueryRow(ctx, "select id from themes where tenant_id = $1 and id = $2 for update", tenant, themeID).Scan(&locked)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("tenant %q, theme %d: %w", tenant, themeID, errNoSuchTheme)
	}
	if err != nil {
		return err
	}
	before, err := themeProblems(ctx, tx, cat, tenant, themeID)
	if err != nil {
		return err
	}
	if err := setColorRow(ctx, tx, tenant, themeID, component, sc, value); err != nil {
		return err
	}
	after, err := themeProblems(ctx, tx, cat, tenant, themeID)
	if err != nil {
		return err
	}
	had := map[string]bool{}
	for _, p := range before {
		had[p.Error()] = true
	}
	var added []*theming.Problem
	for _, p := range after {
		if !had[p.Error()] {
			added = append(added, p)
		}
	}
	if len(added) > 0 {
		return &theming.ValidationError{Problems: added}
	}
	return tx.Commit(ctx)
}

// themeProblems checks one theme of a tenant, as the transaction tx sees
// it, and returns its problems.
func themeProblems(ctx context.Context, tx pgx.Tx, cat *theming.CompiledCatalog, tenant string, themeID int) ([]*theming.Problem, error) {
	themes, err := (pgsource.Tables{}).Read(ctx, tx, tenant) // in tx: as the transaction sees it
	if err != nil {
		return nil, err
	}
	for _, t := range themes {
		if t.ID != themeID {
			continue
		}
		var ve *theming.ValidationError
		if err := cat.CheckTheme(t); errors.As(err, &ve) {
			return ve.Problems, nil
		} else if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

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
// replacing any data they had, in one transaction: each tenant created
// and each theme saved and published as revision 1, by "seed", through
// the revision store (the one write path of a database that keeps
// revisions).
func seed(ctx context.Context, db pgsource.Database) error {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		return err
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		return err
	}
	if _, err := pgsource.Migrate(ctx, db, cc); err != nil {
		return err
	}
	defaults, err := theming.DefaultThemes()
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
		if err := revs.CreateTenant(ctx, tenant.id); err != nil {
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
// serve.
var errNoSuchTheme = errors.New("no such theme")

// setColor is the admin's save path, through revisions: the theme's live
// revision with one override set (an empty value removes it), saved as a
// new revision from the newest and published over the live one, both by
// by. A theme that does not validate with the edit is refused by the
// save, with its *theming.ValidationError, and nothing changes. A publish
// that the contrast policy refuses (a *revision.RefusedError), or that
// finds another revision gone live or the theme changed past the store
// (a *revision.ConflictError; the change made past the store is then in
// the theme's history), leaves the saved revision as a draft: the
// returned revision, with the publish's error.
func setColor(ctx context.Context, revs pgsource.Revisions, tenant string, themeID int, component string, sc theming.Scheme, value string,
	by revision.Change) (revision.Revision, error) {
	h, err := revs.Head(ctx, tenant, themeID)
	if err != nil {
		return revision.Revision{}, err
	}
	if h.Live == 0 {
		return revision.Revision{}, fmt.Errorf("tenant %q, theme %d: %w", tenant, themeID, errNoSuchTheme)
	}
	live, err := revs.Revision(ctx, tenant, themeID, h.Live)
	if err != nil {
		return revision.Revision{}, err
	}
	t := live.Theme
	t.Colors = maps.Clone(t.Colors)
	t.SetOverride(component, sc, value)
	r, err := revs.Save(ctx, tenant, t, h.Newest, by)
	if err != nil {
		return revision.Revision{}, err
	}
	return r, revs.Publish(ctx, tenant, themeID, r.Number, h.Live, by)
}

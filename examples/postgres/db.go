package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/themekit/themekit/theming"
)

// schema creates the tables and the NOTIFY triggers if they are missing.
//
//go:embed schema.sql
var schema string

// notifyChannel is the channel the triggers of schema.sql notify with a
// tenant id.
const notifyChannel = "themekit_tenant"

// querier is what the functions below need of a connection, a pool or a
// transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// themeColumns are the columns of themes after tenant_id, in the order of
// themeRow.fields.
const themeColumns = `id, name, favicon, logo, logo_inverse, compact_logo, compact_logo_inverse,
	logo_site_thumbnail, logo_site_original,
	light_mode_logo_type, dark_mode_logo_type, logo_alignment, logo_height, logo_margin_left, logo_margin_top,
	compact_light_mode_logo_type, compact_dark_mode_logo_type, compact_logo_size,
	default_group_banner_thumbnail, default_group_banner_original,
	default_event_banner_thumbnail, default_event_banner_original,
	default_user_profile_banner_thumbnail, default_user_profile_banner_original,
	is_default`

// themeRow is a row of themes: a theme without its colors, its image
// pairs split into two columns each.
type themeRow struct {
	theming.Theme
	pairs [4][2]*string // thumbnail, original of logo_site and the three banners
}

// fields returns pointers to the row's values in the order of
// themeColumns, for Scan and, as arguments, for INSERT.
func (r *themeRow) fields() []any {
	t := &r.Theme
	return []any{&t.ID, &t.Name, &t.Favicon, &t.Logo, &t.LogoInverse, &t.CompactLogo, &t.CompactLogoInverse,
		&r.pairs[0][0], &r.pairs[0][1],
		&t.LightModeLogoType, &t.DarkModeLogoType, &t.LogoAlignment, &t.LogoHeight, &t.LogoMarginLeft, &t.LogoMarginTop,
		&t.CompactLightModeLogoType, &t.CompactDarkModeLogoType, &t.CompactLogoSize,
		&r.pairs[1][0], &r.pairs[1][1],
		&r.pairs[2][0], &r.pairs[2][1],
		&r.pairs[3][0], &r.pairs[3][1],
		&t.IsDefault}
}

// pairFields are the theme's image pairs in the order of themeRow.pairs.
func pairFields(t *theming.Theme) [4]**theming.ImagePair {
	return [4]**theming.ImagePair{&t.LogoSite, &t.DefaultGroupBanner, &t.DefaultEventBanner, &t.DefaultUserProfileBanner}
}

// rowOf splits t's image pairs into columns.
func rowOf(t theming.Theme) *themeRow {
	r := &themeRow{Theme: t}
	for i, p := range pairFields(&r.Theme) {
		if *p != nil {
			r.pairs[i] = [2]*string{(*p).Thumbnail, (*p).Original}
		}
	}
	return r
}

// theme joins the row's image columns into pairs; a pair whose two
// columns are null is null.
func (r *themeRow) theme() theming.Theme {
	t := r.Theme
	for i, p := range pairFields(&t) {
		if c := r.pairs[i]; c[0] != nil || c[1] != nil {
			*p = &theming.ImagePair{Thumbnail: c[0], Original: c[1]}
		}
	}
	return t
}

// loadThemes reads a tenant's themes, with their colors, as of one moment:
// the three queries run in one read-only, repeatable-read transaction
// sent in one round trip. A tenant without a tenants row is an error
// wrapping theming.ErrUnknownTenant.
func loadThemes(ctx context.Context, db querier, tenant string) ([]theming.Theme, error) {
	return readThemes(ctx, db, tenant, true)
}

// readThemes reads a tenant's themes; own says whether to run the
// queries in their own transaction, which a caller already in one must
// not.
func readThemes(ctx context.Context, db querier, tenant string, own bool) ([]theming.Theme, error) {
	b := &pgx.Batch{}
	if own {
		b.Queue("begin isolation level repeatable read read only")
	}
	b.Queue("select exists (select 1 from tenants where id = $1)", tenant)
	b.Queue("select "+themeColumns+" from themes where tenant_id = $1 order by id", tenant)
	b.Queue("select theme_id, component_id, scheme, value from theme_colors where tenant_id = $1", tenant)
	if own {
		b.Queue("commit")
	}
	res := db.SendBatch(ctx, b)
	defer res.Close()

	if own {
		if _, err := res.Exec(); err != nil {
			return nil, err
		}
	}
	var exists bool
	if err := res.QueryRow().Scan(&exists); err != nil {
		return nil, err
	}
	rows, err := res.Query()
	if err != nil {
		return nil, err
	}
	var themes []theming.Theme
	byID := map[int]int{}
	var r themeRow
	_, err = pgx.ForEachRow(rows, r.fields(), func() error {
		byID[r.ID] = len(themes)
		themes = append(themes, r.theme())
		r = themeRow{}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if rows, err = res.Query(); err != nil {
		return nil, err
	}
	var (
		themeID                  int
		component, scheme, value string
	)
	_, err = pgx.ForEachRow(rows, []any{&themeID, &component, &scheme, &value}, func() error {
		t := &themes[byID[themeID]] // the foreign key guarantees the theme
		if t.Colors == nil {
			t.Colors = map[string]theming.PerScheme{}
		}
		o := t.Colors[component]
		if scheme == string(theming.Dark) {
			o.Dark = value
		} else {
			o.Light = value
		}
		t.Colors[component] = o
		return nil
	})
	if err != nil {
		return nil, err
	}
	if own {
		if _, err := res.Exec(); err != nil {
			return nil, err
		}
	}
	if !exists {
		return nil, fmt.Errorf("postgres example: tenant %q: %w", tenant, theming.ErrUnknownTenant)
	}
	return themes, nil
}

// insertTheme writes t and its colors for tenant.
func insertTheme(ctx context.Context, db querier, tenant string, t theming.Theme) error {
	r := rowOf(t)
	args := append([]any{tenant}, r.fields()...)
	marks := make([]string, len(args))
	for i := range marks {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	if _, err := db.Exec(ctx, "insert into themes (tenant_id, "+themeColumns+") values ("+strings.Join(marks, ", ")+")", args...); err != nil {
		return fmt.Errorf("theme %d: %w", t.ID, err)
	}
	for component, o := range t.Colors {
		for _, sc := range theming.Schemes() {
			if v := o.For(sc); v != "" {
				if err := setColorRow(ctx, db, tenant, t.ID, component, sc, v); err != nil {
					return err
				}
			}
		}
	}
	return nil
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

// seed creates the schema if it is missing and writes the demo tenants,
// replacing any data they had, in one transaction.
func seed(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}) error {
	defaults, err := theming.DefaultThemes()
	if err != nil {
		return err
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, schema); err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	for _, tenant := range demoTenants {
		if _, err := tx.Exec(ctx, "delete from tenants where id = $1", tenant.id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "insert into tenants (id) values ($1)", tenant.id); err != nil {
			return err
		}
		for _, t := range defaults {
			if tenant.themes == nil || slices.Contains(tenant.themes, t.ID) {
				if err := insertTheme(ctx, tx, tenant.id, t); err != nil {
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
func themeProblems(ctx context.Context, tx querier, cat *theming.CompiledCatalog, tenant string, themeID int) ([]*theming.Problem, error) {
	themes, err := readThemes(ctx, tx, tenant, false)
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

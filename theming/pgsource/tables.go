package pgsource

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/themekit/themekit/theming"
)

// Schema creates the tables of the contract and the triggers that notify
// on [DefaultChannel], where they are missing: schema.sql, which documents
// the contract. It is the schema's version 1: apply it with [Migrate],
// which takes a lock first (replicas that Exec it at once race each
// other) and applies the versions after it. A host whose tables have
// other names or notify another channel adapts it and applies it itself.
//
//go:embed schema.sql
var Schema string

// Querier is what reading and writing themes needs of a connection: a
// *pgxpool.Pool, a *pgx.Conn and a pgx.Tx all have it.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Tables names the three tables of the contract (see [Schema]). An empty
// name is the schema's: tenants, themes, theme_colors. Names are quoted as
// identifiers; a schema-qualified table is not supported.
type Tables struct {
	Tenants, Themes, Colors string
}

// names returns the quoted table names, defaults filled in.
func (tb Tables) names() (tenants, themes, colors string) {
	q := func(name, def string) string {
		if name == "" {
			name = def
		}
		return pgx.Identifier{name}.Sanitize()
	}
	return q(tb.Tenants, "tenants"), q(tb.Themes, "themes"), q(tb.Colors, "theme_colors")
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

// Read returns a tenant's themes, with their colors, in id order, as of
// one moment: the three queries run in one read-only, repeatable-read
// transaction sent in one round trip, or, when db is a pgx.Tx, in that
// transaction. A tenant without a row in the tenants table is an error
// wrapping [theming.ErrUnknownTenant].
func (tb Tables) Read(ctx context.Context, db Querier, tenant string) ([]theming.Theme, error) {
	return tb.read(ctx, db, tenant, 0)
}

// readTheme returns one theme of a tenant as its rows hold it, in the
// transaction tx, and whether it has rows.
func (tb Tables) readTheme(ctx context.Context, tx pgx.Tx, tenant string, themeID int) (theming.Theme, bool, error) {
	themes, err := tb.read(ctx, tx, tenant, themeID)
	if err != nil || len(themes) == 0 {
		return theming.Theme{}, false, err
	}
	return themes[0], true, nil
}

// read is Read, of the theme themeID alone when it is not 0.
func (tb Tables) read(ctx context.Context, db Querier, tenant string, themeID int) ([]theming.Theme, error) {
	tenants, themesTable, colors := tb.names()
	_, inTx := db.(pgx.Tx)
	b := &pgx.Batch{}
	if !inTx {
		b.Queue("begin isolation level repeatable read read only")
	}
	b.Queue("select exists (select 1 from "+tenants+" where id = $1)", tenant)
	if themeID != 0 {
		b.Queue("select "+themeColumns+" from "+themesTable+" where tenant_id = $1 and id = $2", tenant, themeID)
		b.Queue("select theme_id, component_id, scheme, value from "+colors+" where tenant_id = $1 and theme_id = $2", tenant, themeID)
	} else {
		b.Queue("select "+themeColumns+" from "+themesTable+" where tenant_id = $1 order by id", tenant)
		b.Queue("select theme_id, component_id, scheme, value from "+colors+" where tenant_id = $1", tenant)
	}
	if !inTx {
		b.Queue("commit")
	}
	res := db.SendBatch(ctx, b)
	defer res.Close()

	if !inTx {
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
		colorOf                  int
		component, scheme, value string
	)
	_, err = pgx.ForEachRow(rows, []any{&colorOf, &component, &scheme, &value}, func() error {
		i, ok := byID[colorOf]
		if !ok {
			return nil // no such theme: the contract's foreign key rules it out
		}
		themes[i].SetOverride(component, theming.Scheme(scheme), value) // the table's check admits light and dark only
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !inTx {
		if _, err := res.Exec(); err != nil {
			return nil, err
		}
	}
	if !exists {
		return nil, fmt.Errorf("pgsource: tenant %q: %w", tenant, theming.ErrUnknownTenant)
	}
	return themes, nil
}

// write stores t for tenant, replacing the theme with its id and all of
// its colors, without checking it: the one write of the contract's rows,
// of a publish (Revisions) and of Save on a database without revisions.
// Run it in a transaction (db a pgx.Tx), so that readers never see the
// theme without its colors.
func (tb Tables) write(ctx context.Context, db Querier, tenant string, t theming.Theme) error {
	_, themesTable, colors := tb.names()
	r := rowOf(t)
	args := append([]any{tenant}, r.fields()...)
	marks := make([]string, len(args))
	for i := range marks {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	cols := strings.Fields(strings.ReplaceAll(themeColumns, ",", " "))
	set := make([]string, 0, len(cols)-1)
	for _, c := range cols[1:] {
		set = append(set, c+" = excluded."+c)
	}
	if _, err := db.Exec(ctx, "insert into "+themesTable+" (tenant_id, "+themeColumns+") values ("+strings.Join(marks, ", ")+
		") on conflict (tenant_id, id) do update set "+strings.Join(set, ", "), args...); err != nil {
		return fmt.Errorf("pgsource: theme %d: %w", t.ID, err)
	}
	if _, err := db.Exec(ctx, "delete from "+colors+" where tenant_id = $1 and theme_id = $2", tenant, t.ID); err != nil {
		return fmt.Errorf("pgsource: theme %d: %w", t.ID, err)
	}
	for component, o := range t.Colors {
		for _, sc := range theming.Schemes() {
			if v := o.For(sc); v != "" {
				if _, err := db.Exec(ctx, "insert into "+colors+" (tenant_id, theme_id, component_id, scheme, value) values ($1, $2, $3, $4, $5)",
					tenant, t.ID, component, string(sc), v); err != nil {
					return fmt.Errorf("pgsource: theme %d: colors.%s.%s: %w", t.ID, component, sc, err)
				}
			}
		}
	}
	return nil
}

// Beginner starts transactions: a *pgxpool.Pool or a *pgx.Conn.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// ErrUseRevisions is wrapped by the error of [Tables.Save] on a database
// that keeps revisions: there, every write of a theme is a revision
// ([Revisions]), so that each is in the history, every publish in the
// log, and no write undoes another unseen.
var ErrUseRevisions = errors.New("pgsource: this database keeps revisions: save a theme with Revisions.Save, then make it live with Revisions.Publish")

// Save is the save of a host without revisions, on a database of the
// contract alone ([Schema] applied, never migrated to version 2): in one
// transaction it checks that tenant exists (an error wrapping
// [theming.ErrUnknownTenant] if not), checks t with cc's CheckTheme and,
// if it passes, writes it and commits. A theme that does not pass is
// refused with CheckTheme's *theming.ValidationError and nothing is
// written. The commit notifies every replica that follows the tenant. The
// rules between themes (unique ids, at most one default) are the
// caller's: CheckTheme looks at one theme, and a tenant's snapshot leaves
// out a second default.
//
// On a database that keeps revisions (one [Migrate] brought to version 2
// or later: it has theme_revisions), Save writes nothing and returns an
// error wrapping [ErrUseRevisions]: the write path there is
// [Revisions.Save] and [Revisions.Publish], and a row written past it is
// found by the next publish as a change made past the store.
func (tb Tables) Save(ctx context.Context, db Beginner, cc *theming.CompiledCatalog, tenant string, t theming.Theme) error {
	if err := cc.CheckTheme(t); err != nil {
		return err
	}
	tenants, _, _ := tb.names()
	return pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		var revisions bool
		if err := tx.QueryRow(ctx, "select to_regclass('theme_revisions') is not null").Scan(&revisions); err != nil {
			return err
		}
		if revisions {
			return fmt.Errorf("pgsource: Tables.Save of theme %d: %w", t.ID, ErrUseRevisions)
		}
		var found string
		err := tx.QueryRow(ctx, "select id from "+tenants+" where id = $1 for share", tenant).Scan(&found)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("pgsource: tenant %q: %w", tenant, theming.ErrUnknownTenant)
		}
		if err != nil {
			return err
		}
		return tb.write(ctx, tx, tenant, t)
	})
}

package tenant_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// rows is a host's table for the tests: each tenant's themes as read,
// built leniently on the default catalog, as the example hosts do; rows
// read as they were at the last build give that build's results again,
// as pgsource's do.
type rows struct {
	cc    *theming.CompiledCatalog
	mu    sync.Mutex
	m     map[string][]theming.Theme
	built map[string]build
}

type build struct {
	snap *theming.Snapshot
	err  error
}

func (r *rows) set(tenant string, themes ...theming.Theme) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.m[tenant] = themes
	delete(r.built, tenant)
}

func (r *rows) load(_ context.Context, tenant string) (*theming.Snapshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	themes, ok := r.m[tenant]
	if !ok {
		return nil, fmt.Errorf("no tenant %q: %w", tenant, theming.ErrUnknownTenant)
	}
	b, ok := r.built[tenant]
	if !ok {
		b.snap, b.err = r.cc.SnapshotLenient(themes)
		r.built[tenant] = b
	}
	return b.snap, b.err
}

func newRows(t *testing.T, opts tenant.Options) (*rows, *tenant.Source, *syncBuffer) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	r := &rows{cc: cc, m: map[string][]theming.Theme{}, built: map[string]build{}}
	logs := &syncBuffer{}
	opts.Load = r.load
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	return r, tenant.NewSource(opts), logs
}

func names(t *testing.T, s *theming.Snapshot) []string {
	t.Helper()
	var out []string
	for _, rt := range s.Themes() {
		out = append(out, fmt.Sprint(rt.ID(), " ", rt.Name()))
	}
	return out
}

func TestTheLastGoodVersionOfEveryTheme(t *testing.T) {
	r, src, logs := newRows(t, tenant.Options{})
	good := theming.Theme{ID: 1, Name: "Harbor", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(10, 60%, 40%)"}}}
	other := theming.Theme{ID: 2, Name: "Ember"}
	bad := good
	bad.Name = "Harbor, broken"
	bad.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%"}}
	r.set("acme", good, other)
	s, err := get(src, "acme")
	require.NoError(t, err)
	require.Equal(t, []string{"1 Harbor", "2 Ember"}, names(t, s))

	r.set("acme", bad, other)
	src.Invalidate("acme")
	s, err = get(src, "acme")
	require.NoError(t, err)

	t.Run("a theme whose row turns bad is served as it last validated", func(t *testing.T) {
		assert.Equal(t, []string{"1 Harbor", "2 Ember"}, names(t, s))
		rt, _ := s.Theme(1)
		c, _ := rt.Color(theming.Light, "primary")
		assert.Equal(t, "hsl(10, 60%, 40%)", c.String())
	})
	t.Run("the source says which theme is left out, why, and what is served", func(t *testing.T) {
		lo := src.LeftOut()
		require.Len(t, lo, 1)
		assert.Equal(t, "acme", lo[0].Tenant)
		assert.Equal(t, 1, lo[0].ThemeID)
		assert.True(t, lo[0].LastGood)
		require.Len(t, lo[0].Problems, 1)
		assert.Equal(t, "colors.primary.light", lo[0].Problems[0].Path)
		assert.False(t, lo[0].Since.IsZero())
	})
	t.Run("it is logged once, however often the tenant reloads", func(t *testing.T) {
		since := src.LeftOut()[0].Since
		for range 3 {
			other.Name += "!"
			r.set("acme", bad, other)
			src.Invalidate("acme")
			s, err := get(src, "acme")
			require.NoError(t, err)
			assert.Contains(t, names(t, s), "1 Harbor")
		}
		assert.Equal(t, 1, strings.Count(logs.String(), "theme left out"), logs.String())
		assert.Contains(t, logs.String(), `serving="its last good version"`)
		assert.Equal(t, since, src.LeftOut()[0].Since, "left out since the first load that left it out")
	})
	t.Run("a load that returns the same snapshot serves the same snapshot, not a new build", func(t *testing.T) {
		s1, _ := get(src, "acme")
		src.Invalidate("acme")
		s2, _ := get(src, "acme")
		assert.Same(t, s1, s2)
	})
	t.Run("a fixed row is served again, and said so", func(t *testing.T) {
		fixed := good
		fixed.Name = "Harbor, fixed"
		r.set("acme", fixed, other)
		src.Invalidate("acme")
		s, err := get(src, "acme")
		require.NoError(t, err)
		assert.Contains(t, names(t, s), "1 Harbor, fixed")
		assert.Empty(t, src.LeftOut())
		assert.Contains(t, logs.String(), "tenant: theme served again")
	})
}

func TestATenantWithNoServableThemeGetsTheCatalogsDefaults(t *testing.T) {
	r, src, logs := newRows(t, tenant.Options{})
	bad := theming.Theme{ID: 1, Name: "Broken", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%"}}}

	t.Run("a new tenant with no themes", func(t *testing.T) {
		r.set("new")
		s, err := get(src, "new")
		require.NoError(t, err)
		assert.Equal(t, []string{"1 Default"}, names(t, s))
		rt, err := s.ChooseTheme(0)
		require.NoError(t, err)
		assert.Equal(t, tenant.DefaultTheme(), withoutDefaults(rt.Theme()))
		cat, err := theming.DefaultCatalog()
		require.NoError(t, err)
		literals := 0
		for _, comp := range cat.Components {
			if comp.Hidden || !strings.HasPrefix(comp.Fallback.Light, "hsl") {
				continue
			}
			literals++
			c, _ := rt.Color(theming.Light, comp.ID)
			want, err := colorref.ParseColor(comp.Fallback.Light)
			require.NoError(t, err)
			assert.Equal(t, want, c, "%s takes the catalog's fallback", comp.ID)
		}
		require.NotZero(t, literals)
	})
	t.Run("a tenant whose only theme was bad from the start", func(t *testing.T) {
		r.set("acme", bad)
		s, err := get(src, "acme")
		require.NoError(t, err)
		assert.Equal(t, []string{"1 Default"}, names(t, s))
		lo := src.LeftOut()
		require.Len(t, lo, 1)
		assert.False(t, lo[0].LastGood)
		assert.Contains(t, logs.String(), `serving="nothing: no earlier version is known"`)
	})
	t.Run("the defaults are no theme's earlier version", func(t *testing.T) {
		r.set("acme", bad, theming.Theme{ID: 2, Name: "Ember"})
		src.Invalidate("acme")
		s, err := get(src, "acme")
		require.NoError(t, err)
		assert.Equal(t, []string{"2 Ember"}, names(t, s))
	})
	t.Run("an option keeps the 404", func(t *testing.T) {
		r, src, _ := newRows(t, tenant.Options{NoDefaultTheme: true})
		r.set("new")
		s, err := get(src, "new")
		require.NoError(t, err)
		_, err = s.ChooseTheme(0)
		assert.ErrorIs(t, err, theming.ErrNoThemes)
	})
}

// withoutDefaults clears the fields a served theme carries with their
// documented defaults, so it compares with the record it came from.
func withoutDefaults(th theming.Theme) theming.Theme {
	th.LightModeLogoType, th.DarkModeLogoType, th.CompactLightModeLogoType, th.CompactDarkModeLogoType, th.LogoAlignment = "", "", "", "", ""
	return th
}

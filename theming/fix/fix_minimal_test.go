package fix_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// brokenThemes returns the default themes broken as a designer breaks
// them: each of a seeded 4 to 19 of their fields (overridden or not) set to
// its color with the lightness moved by up to 45 points, or to another
// visible component's id (an alias), kept when the theme validates and
// fails some rule under AA.
func brokenThemes(t *testing.T, n int) []theming.Theme {
	t.Helper()
	snap := defaultSnapshot(t)
	cc := snap.CompiledCatalog()
	comps := snap.Components()
	rng := rand.New(rand.NewPCG(29, 4))
	var out []theming.Theme
	for len(out) < n {
		rt := snap.Themes()[rng.IntN(len(snap.Themes()))]
		th := rt.Theme()
		th.ID = len(out) + 1
		th.Colors = maps.Clone(th.Colors)
		for range 4 + rng.IntN(16) {
			c := comps[rng.IntN(len(comps))]
			if c.ID == snap.PageBackground() {
				continue
			}
			sc := theming.Schemes()[rng.IntN(2)]
			if rng.IntN(5) == 0 {
				th.SetOverride(c.ID, sc, comps[rng.IntN(len(comps))].ID)
				continue
			}
			col, _ := rt.Color(sc, c.ID)
			h, s, l, a := col.HSLA()
			th.SetOverride(c.ID, sc, colorref.HSLA(h, s, min(max(l+rng.Float64()*90-45, 0), 100), a).Rounded().String())
		}
		rep, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
		if err != nil || rep.OK() {
			continue // a cycle, or nothing broken
		}
		out = append(out, th)
	}
	return out
}

// TestFixThemeEditsAreMinimalAsASet: every fixed theme passes, and no
// single edit can be undone (the override removed, or the value or alias
// it replaced restored) with every rule still passing: each undoing is
// tried and audited.
func TestFixThemeEditsAreMinimalAsASet(t *testing.T) {
	cc := defaultCatalog(t)
	n := 100
	if testing.Short() {
		n = 20
	}
	fixed, edits, undone := 0, 0, 0
	for _, th := range brokenThemes(t, n) {
		t.Run(fmt.Sprintf("theme %d", th.ID), func(t *testing.T) {
			out, es, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
			if err != nil {
				require.ErrorIs(t, err, fix.ErrUnsatisfiable, "a fix fails only when the rules cannot hold")
				return
			}
			fixed++
			rep, err := fix.New(cc).AuditTheme(out, contrast.Policy{})
			require.NoError(t, err)
			require.True(t, rep.OK(), "%d rules fail after the fix", rep.Failed)
			for _, e := range es {
				edits++
				back := out
				back.Colors = maps.Clone(out.Colors)
				back.SetOverride(e.Component, e.Scheme, e.From)
				assert.Equal(t, th.Colors[e.Component].For(e.Scheme), back.Colors[e.Component].For(e.Scheme), "undoing %s restores what the theme had", e.Field)
				r, err := fix.New(cc).AuditTheme(back, contrast.Policy{})
				require.NoError(t, err)
				if r.OK() {
					undone++
					t.Errorf("%s can be undone with every rule still passing: %v", e.Field, e)
				}
			}
		})
	}
	t.Logf("%d broken themes fixed with %d edits; %d of them could be undone", fixed, edits, undone)
	assert.Greater(t, fixed, n/2, "most broken themes can be fixed")
}

// TestFixThemeAllowsOnlyTheFieldsAsked: with Allow, the fix edits only
// the fields listed, and says so when they are not enough.
func TestFixThemeAllowsOnlyTheFieldsAsked(t *testing.T) {
	cc := defaultCatalog(t)
	th := theming.Theme{ID: 4, Name: "Pale", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%, 80%)"}}}
	_, free, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
	require.NoError(t, err)
	require.Equal(t, "colors.primary.light", free[0].Field, "left free, the fix moves the brand")

	t.Run("a form that offers the brand's dependents gets fixes in them", func(t *testing.T) {
		allow := []string{"colors.link.light", "colors.primary-button.light", "colors.focus-ring.light", "colors.sidebar-active-item.light",
			"colors.event-date-badge.light", "colors.member-avatar-ring.light", "colors.primary-button-text.light", "colors.rsvp-button.light",
			"colors.primary-button-focus-ring.light", "colors.rsvp-button-focus-ring.light", "colors.input-focus-border.light"}
		out, es, err := fix.New(cc).FixTheme(th, fix.FixOptions{Allow: allow})
		var ue *fix.UnsatisfiableError
		if err != nil {
			require.ErrorAs(t, err, &ue) // primary's own rules need primary
		}
		for _, e := range es {
			assert.Contains(t, allow, e.Field)
		}
		assert.Equal(t, "hsl(221, 72%, 80%)", out.Colors["primary"].Light, "the brand is not allowed to move")
		require.NotEmpty(t, es)
	})
	t.Run("an empty list allows nothing", func(t *testing.T) {
		out, es, err := fix.New(cc).FixTheme(th, fix.FixOptions{Allow: []string{}})
		assert.ErrorIs(t, err, fix.ErrUnsatisfiable)
		assert.Empty(t, es)
		assert.Equal(t, th.Colors, out.Colors)
	})
	t.Run("an unknown field is an error", func(t *testing.T) {
		_, _, err := fix.New(cc).FixTheme(th, fix.FixOptions{Allow: []string{"colors.no-such.light"}})
		assert.ErrorIs(t, err, theming.ErrUnknownThemeField)
	})
}

package fix_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// sidebarTheme overrides the brand, which sidebar-active-item falls back
// to; the item must pass as text on --sidebar-active-item-background, its
// own color at 12% over the page, so the background moves with it.
func sidebarTheme() theming.Theme {
	return theming.Theme{ID: 9, Name: "Sidebar", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 51%)"}}}
}

// The expected lightnesses were computed by testdata/reference.py's
// functions (python3, independent of this module), on the 0.01 grid:
//
//   - with the background fixed at hsl(214, 82%, 51%) at 12%, the nearest
//     passing foreground is 44.1% (the pair fix, the issue's), which once
//     applied (the background at 44.1% too) measures 4.425:1 rendered, as
//     the issue reports: a failure;
//   - with the background moving with it, the highest passing lightness
//     is 43.59% (4.501:1 exact, 4.503:1 rendered), as the brute
//     force found over all 210 rules.
func TestFixThemeHoldsOnceApplied(t *testing.T) {
	cc := defaultCatalog(t)
	th := sidebarTheme()
	rep, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
	require.NoError(t, err)
	f := findFinding(t, rep, 9, theming.Light, "sidebar-active-item", "--sidebar-active-item-background")
	require.False(t, f.Pass, "the light brand fails as text on its own tint")

	t.Run("the pair fix does not hold once applied", func(t *testing.T) {
		var pair *fix.Suggestion
		for _, s := range rep.Suggestions(f) {
			if s.Side == contrast.Foreground {
				pair = &s
			}
		}
		require.NotNil(t, pair)
		assert.Equal(t, "hsl(214, 82%, 44.1%)", pair.Foreground.String())
		assert.Equal(t, "colors.primary.light", pair.Field)
		assert.False(t, pair.Applies, "the derived background moves with the field")
	})
	t.Run("FixTheme moves the brand to the lightness that holds", func(t *testing.T) {
		fixed, edits, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
		require.NoError(t, err)
		require.Len(t, edits, 1, "one field")
		assert.Equal(t, fix.Edit{Field: "colors.primary.light", Component: "primary", Scheme: theming.Light,
			From: "hsl(214, 82%, 51%)", Was: colorref.HSL(214, 82, 51), To: colorref.HSL(214, 82, 43.59), Distance: 7.41}, edits[0])
		assert.Equal(t, "hsl(214, 82%, 43.59%)", fixed.Colors["primary"].Light)
		after, err := fix.New(cc).AuditTheme(fixed, contrast.Policy{})
		require.NoError(t, err)
		assert.True(t, after.OK(), "the fixed theme passes all %d rules", after.Checked)
	})
	t.Run("it is the nearest lightness that holds, by brute force over audits", func(t *testing.T) {
		first := ""
		for k := 5100; k >= 4000; k-- {
			c := colorref.HSL(214, 82, float64(k)/100).String()
			try := sidebarTheme()
			try.Colors["primary"] = theming.PerScheme{Light: c}
			r, err := fix.New(cc).AuditTheme(try, contrast.Policy{})
			require.NoError(t, err)
			if r.OK() {
				first = c
				break
			}
		}
		assert.Equal(t, "hsl(214, 82%, 43.59%)", first)
	})
	t.Run("SuggestEdit gives the same field edit, verified", func(t *testing.T) {
		s, ok := rep.SuggestEdit(f)
		require.True(t, ok)
		assert.Equal(t, "colors.primary.light", s.Field)
		assert.Equal(t, "hsl(214, 82%, 43.59%)", s.To)
		assert.True(t, s.Applies)
		assert.Equal(t, "hsla(214, 82%, 43.59%, 0.12)", s.Background.String(), "the pair as it is once applied")
	})
	t.Run("FieldRange is the form's answer", func(t *testing.T) {
		rs, err := fix.New(cc).FieldRange(th, "colors.primary.light", contrast.Policy{})
		require.NoError(t, err)
		require.NotEmpty(t, rs)
		assert.Equal(t, 43.59, rs[len(rs)-1].Max, "the highest lightness that holds")
	})
}

func TestFixThemeKeepsHueSaturationAndPinnedFields(t *testing.T) {
	snap := defaultSnapshot(t)
	cc := snap.CompiledCatalog()
	pinned := []string{"colors.primary.light", "colors.nav-bar.dark"}
	for _, rt := range snap.Themes() {
		t.Run(fmt.Sprintf("theme %d at AAA", rt.ID()), func(t *testing.T) {
			in := rt.Theme()
			fixed, edits, err := fix.New(cc).FixTheme(in, fix.FixOptions{Policy: fix.HighContrastPolicy(), Pinned: pinned})
			require.NoError(t, err)
			require.NotEmpty(t, edits, "the default themes do not pass AAA as they are")
			for _, e := range edits {
				assert.NotContains(t, pinned, e.Field, "a pinned field moved")
				to, err := colorref.ParseColor(e.To.String())
				require.NoError(t, err)
				require.Equal(t, e.To, to, "%s: the new color is in the form it prints", e.Field)
				h0, s0, l0, a0 := e.Was.HSLA()
				h1, s1, l1, a1 := to.HSLA()
				assert.InDelta(t, h0, h1, 0.005, "%s keeps its hue", e.Field)
				assert.InDelta(t, s0, s1, 0.005, "%s keeps its saturation", e.Field)
				assert.InDelta(t, a0, a1, 0.005, "%s keeps its alpha", e.Field)
				assert.InDelta(t, math.Abs(l1-l0), e.Distance, 0.006)
			}
			assert.Equal(t, in.Colors["primary"].Light, fixed.Colors["primary"].Light, "pinned")
			assert.Equal(t, in.Colors["nav-bar"].Dark, fixed.Colors["nav-bar"].Dark, "pinned")
			for id, o := range in.Colors {
				assert.Contains(t, fixed.Colors, id, "no override is removed")
				_ = o
			}
			assert.Equal(t, in.Name, fixed.Name, "only colors change")
			assert.Equal(t, in.Logo, fixed.Logo, "only colors change")
			rep, err := fix.New(cc).AuditTheme(fixed, fix.HighContrastPolicy())
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%d rules fail after the fix", rep.Failed)
		})
	}
}

func TestFixThemeLeavesAPassingThemeAlone(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, rt := range snap.Themes() {
		fixed, edits, err := fix.New(snap.CompiledCatalog()).FixTheme(rt.Theme(), fix.FixOptions{})
		require.NoError(t, err)
		assert.Empty(t, edits, "theme %d passes AA", rt.ID())
		assert.Equal(t, rt.Theme().Colors, fixed.Colors)
	}
}

// A text that must be darker than the light page and lighter than a black
// surface the caller pins: no lightness holds.
func TestFixThemeNamesRulesThatCannotHoldTogether(t *testing.T) {
	cc := defaultCatalog(t)
	th := theming.Theme{ID: 5, Name: "Black surface", Colors: map[string]theming.PerScheme{"surface": {Light: "hsl(0, 0%, 0%)"}}}
	_, _, err := fix.New(cc).FixTheme(th, fix.FixOptions{Pinned: []string{"colors.surface.light"}})
	require.Error(t, err)
	assert.ErrorIs(t, err, fix.ErrUnsatisfiable)
	var ue *fix.UnsatisfiableError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, 5, ue.ThemeID)
	require.NotEmpty(t, ue.Failing)
	var c *fix.Conflict
	for n := range ue.Conflicts {
		if ue.Conflicts[n].Field == "colors.text-primary.light" {
			c = &ue.Conflicts[n]
		}
	}
	require.NotNil(t, c, "the conflict on text-primary is named: %v", err)
	targets := map[string][]contrast.LightnessRange{}
	for _, r := range c.Rules {
		targets[r.Target.Value] = r.Ranges
	}
	require.Contains(t, targets, "page-background")
	require.Contains(t, targets, "surface")
	assert.Less(t, targets["page-background"][len(targets["page-background"])-1].Max, targets["surface"][0].Min,
		"darker than one, lighter than the other: %v", err)
	assert.Contains(t, err.Error(), "text-primary on surface needs lightness")
}

func TestFixThemeErrors(t *testing.T) {
	cc := defaultCatalog(t)
	_, _, err := fix.New(cc).FixTheme(sidebarTheme(), fix.FixOptions{Pinned: []string{"colours.primary.light"}})
	assert.ErrorIs(t, err, theming.ErrUnknownThemeField)
	_, err = fix.New(cc).FieldRange(sidebarTheme(), "colors.no-such.light", contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrUnknownThemeField)
	_, err = fix.New(cc).FieldRange(sidebarTheme(), "colors.primary.dusk", contrast.Policy{})
	assert.ErrorIs(t, err, theming.ErrUnknownThemeField)
	_, _, err = fix.New(cc).FixTheme(sidebarTheme(), fix.FixOptions{Policy: contrast.Policy{Level: 7}})
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)
	bad := sidebarTheme()
	bad.Colors["nav-bgg"] = theming.PerScheme{Light: "primary"}
	_, _, err = fix.New(cc).FixTheme(bad, fix.FixOptions{})
	assert.ErrorIs(t, err, theming.ErrUnknownComponent)
	_, _, err = fix.New(&theming.CompiledCatalog{}).FixTheme(sidebarTheme(), fix.FixOptions{})
	assert.ErrorIs(t, err, theming.ErrNoCatalog)
}

func TestHighContrastPassesAAA(t *testing.T) {
	snap := defaultSnapshot(t)
	e := engineOf(snap)
	for _, rt := range snap.Themes() {
		hc, _, err := e.FixTheme(rt.Theme(), fix.FixOptions{Policy: fix.HighContrastPolicy(), Alpha: true})
		require.NoError(t, err)
		rep, err := e.AuditTheme(hc, contrast.Policy{Level: contrast.AAA})
		require.NoError(t, err)
		assert.True(t, rep.OK(), "theme %d's variant: %d rules fail AAA", rt.ID(), rep.Failed)
		same := e.HighContrast(rt).Theme.Theme().Colors
		assert.Equal(t, hc.Colors, same, "the resolved theme's variant is the same")
	}
}

// Themes broken in several ways are fixed, keeping each moved field's
// hue, saturation and alpha (a translucent override stays translucent),
// and the field the failing finding names is the one moved.
func TestFixThemeFixesBrokenThemes(t *testing.T) {
	cc := defaultCatalog(t)
	tests := []struct {
		name   string
		colors map[string]theming.PerScheme
		moved  string // the field the failing finding names
	}{
		{"text too light", map[string]theming.PerScheme{"text-primary": {Light: "hsl(222, 25%, 70%)"}}, "colors.text-primary.light"},
		{"a brand too light for its buttons", map[string]theming.PerScheme{"primary": {Light: "hsl(221, 72%, 75%)"}}, "colors.primary.light"},
		{"a translucent text", map[string]theming.PerScheme{"text-secondary": {Light: "hsla(220, 12%, 70%, 0.85)"}}, "colors.text-secondary.light"},
		{"a dark-only failure", map[string]theming.PerScheme{"primary": {Dark: "hsl(217, 90%, 30%)"}}, "colors.primary.dark"},
		{"an override others fall back to", map[string]theming.PerScheme{"border": {Light: "hsl(220, 10%, 88%)"}}, "colors.border.light"},
		{"two overrides on one chain", map[string]theming.PerScheme{"link": {Light: "secondary"}, "secondary": {Light: "hsl(262, 48%, 80%)"}}, "colors.secondary.light"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th := theming.Theme{ID: 3, Name: "Broken", Colors: tt.colors}
			before, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
			require.NoError(t, err)
			require.False(t, before.OK(), "the theme is broken")
			fixed, edits, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
			require.NoError(t, err)
			after, err := fix.New(cc).AuditTheme(fixed, contrast.Policy{})
			require.NoError(t, err)
			assert.True(t, after.OK(), "%d rules fail after the fix", after.Failed)
			var fields []string
			for _, e := range edits {
				fields = append(fields, e.Field)
				to, err := colorref.ParseColor(e.To.String())
				require.NoError(t, err)
				require.Equal(t, e.To, to, "%s: the new color is in the form it prints", e.Field)
				h0, s0, _, a0 := e.Was.HSLA()
				h1, s1, _, a1 := to.HSLA()
				assert.InDelta(t, h0, h1, 0.005)
				assert.InDelta(t, s0, s1, 0.005)
				assert.InDelta(t, a0, a1, 0.005, "%s keeps its alpha", e.Field)
			}
			assert.Contains(t, fields, tt.moved)
		})
	}
	t.Run("a text at half opacity cannot reach 4.5:1 at any lightness, and the error says so", func(t *testing.T) {
		th := theming.Theme{ID: 3, Name: "Ghost", Colors: map[string]theming.PerScheme{"text-secondary": {Light: "hsla(220, 12%, 34%, 0.5)"}}}
		_, _, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
		var ue *fix.UnsatisfiableError
		require.ErrorAs(t, err, &ue)
		assert.Contains(t, err.Error(), "colors.text-secondary.light must satisfy: text-secondary on page-background needs lightness none")
	})
}

func TestFixThemeReturnsACopy(t *testing.T) {
	logo := "themes/9/logo.png"
	th := sidebarTheme()
	th.Logo = &logo
	th.LogoSite = &theming.ImagePair{Original: &logo}
	fixed, _, err := fix.New(defaultCatalog(t)).FixTheme(th, fix.FixOptions{})
	require.NoError(t, err)
	*fixed.Logo, *fixed.LogoSite.Original = "changed", "changed"
	fixed.Colors["primary"] = theming.PerScheme{}
	assert.Equal(t, "themes/9/logo.png", logo, "the caller's image paths are untouched")
	assert.Equal(t, "hsl(214, 82%, 51%)", th.Colors["primary"].Light, "the caller's colors are untouched")
}

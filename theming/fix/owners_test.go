package fix_test

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// Tests of the rules that have one owner each: a second copy that
// drifted from the first would show here.

// The library writes overrides through SetOverride: the solver on a
// theme without a Colors map, a dark-only fix that keeps the light value
// a theme has, and the report's edit of a theme that overrides nothing
// all land in the right scheme and keep the rest.
func TestTheLibraryWritesOverridesOneWay(t *testing.T) {
	cc := defaultCatalog(t)
	t.Run("FixTheme keeps the other scheme's value", func(t *testing.T) {
		th := theming.Theme{ID: 4, Name: "Dark brand", Colors: map[string]theming.PerScheme{
			"primary": {Light: "hsl(221, 72%, 45%)", Dark: "hsl(217, 90%, 30%)"},
		}}
		fixed, edits, err := fix.New(cc).FixTheme(th, fix.FixOptions{})
		require.NoError(t, err)
		require.NotEmpty(t, edits)
		for _, e := range edits {
			assert.Equal(t, theming.Dark, e.Scheme, "only the dark scheme fails")
		}
		assert.Equal(t, "hsl(221, 72%, 45%)", fixed.Colors["primary"].Light, "the light value is kept")
		assert.NotEqual(t, "hsl(217, 90%, 30%)", fixed.Colors["primary"].Dark)
		assert.Equal(t, "hsl(217, 90%, 30%)", th.Colors["primary"].Dark, "the caller's map is untouched")
	})
	t.Run("FixTheme of a theme without a Colors map", func(t *testing.T) {
		bad := theming.Theme{ID: 4, Name: "Pale", Colors: map[string]theming.PerScheme{"text-primary": {Light: "hsl(222, 25%, 70%)"}}}
		fixed, _, err := fix.New(cc).FixTheme(bad, fix.FixOptions{})
		require.NoError(t, err)
		again, edits, err := fix.New(cc).FixTheme(theming.Theme{ID: 4, Name: "Plain"}, fix.FixOptions{Policy: fix.HighContrastPolicy()})
		require.NoError(t, err)
		require.NotEmpty(t, edits, "the default catalog does not pass AAA as it is")
		values := 0
		for _, o := range again.Colors {
			for _, sc := range theming.Schemes() {
				if o.For(sc) != "" {
					values++
				}
			}
		}
		assert.Equal(t, len(edits), values, "one value per edited field, in a map made for them")
		assert.NotEmpty(t, fixed.Colors)
	})
	t.Run("the report's edit of a theme that overrides nothing", func(t *testing.T) {
		rep, err := fix.New(cc).AuditTheme(theming.Theme{ID: 6, Name: "Plain"}, contrast.Policy{Level: contrast.AAA})
		require.NoError(t, err)
		edits := 0
		for _, f := range rep.Failures() {
			s, ok := rep.SuggestEdit(f)
			if !ok {
				continue
			}
			edits++
			id, sc, err := theming.ParseField(s.Field)
			require.NoError(t, err)
			th := theming.Theme{ID: 6, Name: "Plain"}
			th.SetOverride(id, sc, s.To)
			after, err := fix.New(cc).AuditTheme(th, contrast.Policy{Level: contrast.AAA})
			require.NoError(t, err)
			assert.True(t, findingOf(t, after, f).Pass, "%s set to %s fixes %s on %s", s.Field, s.To, f.Component, f.Target.Value)
		}
		assert.Positive(t, edits)
	})
}

func findingOf(t *testing.T, rep *fix.Report, f fix.Finding) fix.Finding {
	t.Helper()
	return findFinding(t, rep, f.ThemeID, f.Scheme, f.Component, f.Target.Value)
}

// FixTheme finds a passing window of lightness four steps wide (46.89 to
// 46.92%), narrower than the 0.25 grid the solver once walked and with no
// grid point in it: the brand must reach 4.5:1 on black and on a
// near-white grey. The window was found by
// examples/themecheck/testdata/reference.py's exact ratio (python3), not
// by this package.
func TestFixThemeFindsANarrowWindow(t *testing.T) {
	cc, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page", PalettePreview: []string{},
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 100%)"}},
			{ID: "brand", Name: "Brand", Fallback: theming.PerScheme{Light: "hsl(210, 40%, 30%)", Dark: "hsl(210, 40%, 60%)"},
				ContrastAgainst: []theming.ContrastTarget{
					{Type: theming.TargetHSL, Value: "hsl(0, 0%, 0%)", ContrastType: contrast.Text},
					{Type: theming.TargetHSL, Value: "hsl(0, 0%, 98.4%)", ContrastType: contrast.Text},
				}},
		},
	})
	require.NoError(t, err)
	exact := contrast.Policy{Method: contrast.Exact}
	fixed, edits, err := fix.New(cc).FixTheme(theming.Theme{ID: 1, Name: "T"}, fix.FixOptions{Policy: exact})
	require.NoError(t, err)
	require.Len(t, edits, 2)
	to := map[theming.Scheme]string{edits[0].Scheme: edits[0].To.String(), edits[1].Scheme: edits[1].To.String()}
	assert.Equal(t, "hsl(210, 40%, 46.89%)", to[theming.Light], "the nearest to 30%: the window's low end")
	assert.Equal(t, "hsl(210, 40%, 46.92%)", to[theming.Dark], "the nearest to 60%: the window's high end")
	rep, err := fix.New(cc).AuditTheme(fixed, exact)
	require.NoError(t, err)
	assert.True(t, rep.OK())
	rs, err := fix.New(cc).FieldRange(theming.Theme{ID: 1, Name: "T"}, "colors.brand.light", exact)
	require.NoError(t, err)
	assert.Equal(t, []contrast.LightnessRange{{Min: 46.89, Max: 46.92}}, rs)
	assert.Equal(t, map[string]theming.PerScheme{"brand": {Light: "hsl(210, 40%, 46.89%)", Dark: "hsl(210, 40%, 46.92%)"}},
		maps.Clone(fixed.Colors))
}

package fix_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// withOpacity returns the default catalog with the first variable of
// each component named given the opacity op: the catalog as it was
// before its focus rings and divider were made opaque.
func withOpacity(t *testing.T, op float64, ids ...string) *theming.CompiledCatalog {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	for n := range cat.Components {
		for _, id := range ids {
			if cat.Components[n].ID == id {
				cat.Components[n].Variables[0].Opacity = &op
			}
		}
	}
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	return cc
}

// TestARuleJudgesTheVariableThatPaints: a component's rules judge its
// first variable as the page paints it. Issue 29 measured the default
// catalog's focus rings, drawn by one variable at opacity 0.5, under 3:1
// in Chromium while the audit judged their opaque color at 4.20–10.86:1;
// judged as painted, the audit finds under 3:1 every ring that the
// opaque color passed.
func TestARuleJudgesTheVariableThatPaints(t *testing.T) {
	rings := []string{"primary-button-focus-ring", "secondary-button-focus-ring", "destructive-button-focus-ring", "rsvp-button-focus-ring"}
	cc := withOpacity(t, 0.5, rings...)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	snap, err := cc.Snapshot(themes)
	require.NoError(t, err)
	rep := audit(t, snap)
	opaque := audit(t, defaultSnapshot(t))
	require.True(t, opaque.OK())
	judged := 0
	for n, f := range rep.Findings {
		if !contains(rings, f.Component) {
			continue
		}
		judged++
		rt, ok := snap.Theme(f.ThemeID)
		require.True(t, ok)
		v, ok := rt.Variable(f.Scheme, "--"+f.Component)
		require.True(t, ok)
		assert.Equal(t, v, f.Foreground, "the finding's foreground is the variable's value")
		assert.Equal(t, 0.5, f.Foreground.Alpha())
		o := opaque.Findings[n]
		require.Equal(t, f.Component, o.Component)
		assert.Equal(t, f.Foreground.WithAlpha(1), o.Foreground, "the opaque catalog paints the same color at alpha 1")
		assert.GreaterOrEqual(t, o.Rendered, 4.2, "the opaque ring, as the audit judged it before")
		if !f.Pass {
			assert.Less(t, f.Rendered, 3.0, "%s on %s (%s)", f.Component, f.Target.Value, f.Scheme)
		}
	}
	assert.Equal(t, 2*4*(2+2+2+1), judged, "every ring rule of every theme in both schemes")
	assert.Positive(t, rep.Failed, "translucent rings fail where the page paints them")

	t.Run("the default catalog's rings and divider are opaque and pass", func(t *testing.T) {
		snap := defaultSnapshot(t)
		for _, id := range append(rings, "divider") {
			c, ok := snap.Component(id)
			require.True(t, ok)
			assert.Nil(t, c.Variables[0].Opacity, "%s's first variable paints it opaque", id)
		}
		assert.True(t, audit(t, snap).OK())
	})
}

// A target component is painted by its first variable too: a surface
// whose first variable is lightened by 40 points is judged lightened.
func TestATargetIsJudgedAsItsFirstVariablePaintsIt(t *testing.T) {
	off := 40.0
	cc, err := theming.CompileCatalog(theming.Catalog{
		PageBackground: "page",
		PalettePreview: []string{},
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"},
				Variables: []theming.Variable{{CSSVariable: "--page"}}},
			{ID: "panel", Name: "Panel", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 20%)", Dark: "hsl(0, 0%, 20%)"},
				Variables: []theming.Variable{{CSSVariable: "--panel", LightnessOffset: &off}, {CSSVariable: "--panel-dark"}}},
			{ID: "label", Name: "Label", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 100%)"},
				Variables:       []theming.Variable{{CSSVariable: "--label"}},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "panel", ContrastType: contrast.Text}}},
		},
	})
	require.NoError(t, err)
	rep, err := fix.New(cc).AuditTheme(theming.Theme{ID: 1, Name: "T"}, contrast.Policy{})
	require.NoError(t, err)
	f := rep.Findings[0]
	assert.Equal(t, colorref.HSL(0, 0, 60), f.Background, "the panel as --panel paints it")
	// White on grey 60%, by the WCAG formula: 1.05/(((0.6+0.055)/1.055)^2.4+0.05).
	assert.InDelta(t, 2.849, f.Exact, 0.001)
	assert.False(t, f.Pass, "white text on the lightened panel fails, although it passes on the panel's own color")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

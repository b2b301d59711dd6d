package theming_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// Tests of the rules that have one owner each: a second copy that
// drifted from the first would show here.

func TestPerSchemeWithSetsOneScheme(t *testing.T) {
	p := theming.PerScheme{Light: "primary", Dark: "hsl(0, 0%, 10%)"}
	assert.Equal(t, theming.PerScheme{Light: "hsl(1, 2%, 3%)", Dark: "hsl(0, 0%, 10%)"}, p.With(theming.Light, "hsl(1, 2%, 3%)"))
	assert.Equal(t, theming.PerScheme{Light: "primary", Dark: "text"}, p.With(theming.Dark, "text"))
	assert.Equal(t, p, p.With("dusk", "text"), "a scheme that is neither leaves it as it is")
	assert.Equal(t, theming.PerScheme{Light: "primary", Dark: "hsl(0, 0%, 10%)"}, p, "With returns a copy")
}

func TestSetOverride(t *testing.T) {
	t.Run("a nil Colors map is made", func(t *testing.T) {
		var th theming.Theme
		th.SetOverride("primary", theming.Dark, "hsl(0, 0%, 20%)")
		assert.Equal(t, map[string]theming.PerScheme{"primary": {Dark: "hsl(0, 0%, 20%)"}}, th.Colors)
	})
	t.Run("the other scheme's value is kept", func(t *testing.T) {
		th := theming.Theme{Colors: map[string]theming.PerScheme{"primary": {Light: "text", Dark: "hsl(0, 0%, 20%)"}}}
		th.SetOverride("primary", theming.Light, "hsl(0, 0%, 80%)")
		assert.Equal(t, theming.PerScheme{Light: "hsl(0, 0%, 80%)", Dark: "hsl(0, 0%, 20%)"}, th.Colors["primary"])
	})
	t.Run("an override cleared in both schemes is removed", func(t *testing.T) {
		th := theming.Theme{Colors: map[string]theming.PerScheme{"primary": {Light: "text"}}}
		th.SetOverride("primary", theming.Light, "")
		assert.NotContains(t, th.Colors, "primary")
	})
	t.Run("a scheme that is neither changes nothing", func(t *testing.T) {
		var th theming.Theme
		th.SetOverride("primary", "dusk", "text")
		assert.Nil(t, th.Colors)
	})
}

// A visible definition may not name a hidden component, wherever it
// names it: from the catalog (a fallback, a component target, a variable
// target, the page background, the palette preview) and from a theme (an
// override's key and its value), one sentinel and one wording.
func TestAHiddenReferenceHasOneWording(t *testing.T) {
	const want = `refers to hidden component "old"`
	const why = `; the served catalog must be self-contained`
	catalogWith := func(change func(cat *theming.Catalog)) theming.Catalog {
		cat := theming.Catalog{
			PageBackground: "page",
			PalettePreview: []string{"page"},
			Components: []theming.Component{
				{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}},
				{ID: "text", Name: "Text", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 10%)", Dark: "hsl(0, 0%, 90%)"}},
				{ID: "old", Name: "Old", Hidden: true, Fallback: theming.PerScheme{Light: "text", Dark: "text"},
					Variables: []theming.Variable{{CSSVariable: "--old"}}},
			},
		}
		change(&cat)
		return cat
	}
	tests := []struct {
		name    string
		catalog theming.Catalog
		theme   *theming.Theme
		wantMsg string
	}{
		{"a visible fallback", catalogWith(func(c *theming.Catalog) { c.Components[1].Fallback.Dark = "old" }), nil, want + why},
		{"a visible component target", catalogWith(func(c *theming.Catalog) {
			c.Components[1].ContrastAgainst = []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "old", ContrastType: contrast.Text}}
		}), nil, want + why},
		{"a visible variable target", catalogWith(func(c *theming.Catalog) {
			c.Components[1].ContrastAgainst = []theming.ContrastTarget{{Type: theming.TargetVariable, Value: "--old", ContrastType: contrast.Text}}
		}), nil, want + ` through CSS variable "--old"` + why},
		{"the page background", catalogWith(func(c *theming.Catalog) { c.PageBackground = "old" }), nil, want + why},
		{"the palette preview", catalogWith(func(c *theming.Catalog) { c.PalettePreview = []string{"old"} }), nil, want + why},
		{"a theme's override key", catalogWith(func(*theming.Catalog) {}),
			&theming.Theme{ID: 1, Name: "T", Colors: map[string]theming.PerScheme{"old": {Light: "hsl(0, 0%, 0%)"}}}, want + why},
		{"a theme's override value", catalogWith(func(*theming.Catalog) {}),
			&theming.Theme{ID: 1, Name: "T", Colors: map[string]theming.PerScheme{"text": {Dark: "old"}}}, want + why},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cc, err := theming.CompileCatalog(tt.catalog)
			if tt.theme != nil {
				require.NoError(t, err)
				err = cc.CheckTheme(*tt.theme)
			}
			p := onlyProblem(t, err)
			assert.ErrorIs(t, p, theming.ErrHiddenReference)
			assert.Equal(t, tt.wantMsg, p.Msg)
		})
	}
	t.Run("a hidden definition may name a hidden one", func(t *testing.T) {
		_, err := theming.CompileCatalog(catalogWith(func(c *theming.Catalog) {
			c.Components = append(c.Components, theming.Component{ID: "older", Name: "Older", Hidden: true,
				Fallback:        theming.PerScheme{Light: "old", Dark: "old"},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetVariable, Value: "--old", ContrastType: contrast.Text}}})
		}))
		assert.NoError(t, err)
	})
}

// Each place that takes a component id refuses one that is not an id
// with the same message.
func TestAComponentIDHasOneMessage(t *testing.T) {
	const bad = "Nav_Bar"
	base := func() theming.Catalog {
		return theming.Catalog{PageBackground: "page", PalettePreview: []string{}, Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}},
		}}
	}
	var msgs []string
	for _, change := range []func(*theming.Catalog){
		func(c *theming.Catalog) { c.Components[0].ID, c.PageBackground = bad, bad },
		func(c *theming.Catalog) { c.PalettePreview = []string{bad} },
		func(c *theming.Catalog) {
			c.Components[0].ContrastAgainst = []theming.ContrastTarget{{Type: theming.TargetComponent, Value: bad, ContrastType: contrast.Text}}
		},
	} {
		cat := base()
		change(&cat)
		_, err := theming.CompileCatalog(cat)
		var verr *theming.ValidationError
		require.ErrorAs(t, err, &verr)
		for _, p := range verr.Problems {
			assert.ErrorIs(t, p, theming.ErrInvalid)
			msgs = append(msgs, p.Msg)
		}
	}
	cc, err := theming.CompileCatalog(base())
	require.NoError(t, err)
	p := onlyProblem(t, cc.CheckTheme(theming.Theme{ID: 1, Name: "T", Colors: map[string]theming.PerScheme{bad: {Light: "page"}}}))
	msgs = append(msgs, p.Msg)
	require.Len(t, msgs, 5, "component_id, page_background, palette_preview, a target, an override key")
	for _, m := range msgs {
		assert.Equal(t, msgs[0], m)
	}
	assert.True(t, strings.HasPrefix(msgs[0], `"Nav_Bar" is not a component id (lower-case words joined by hyphens)`), msgs[0])
}

// The page background must be opaque, checked one way for the catalog's
// own colors and for a theme's.
func TestAnOpaquePageBackgroundIsOneRule(t *testing.T) {
	cat := theming.Catalog{PageBackground: "page", PalettePreview: []string{}, Components: []theming.Component{
		{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsla(0, 0%, 0%, 0.5)"}},
	}}
	_, err := theming.CompileCatalog(cat)
	fromCatalog := onlyProblem(t, err)
	cat.Components[0].Fallback.Dark = "hsl(0, 0%, 0%)"
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	fromTheme := onlyProblem(t, cc.CheckTheme(theming.Theme{ID: 1, Name: "T", Colors: map[string]theming.PerScheme{"page": {Dark: "hsla(0, 0%, 0%, 0.5)"}}}))
	for _, p := range []*theming.Problem{fromCatalog, fromTheme} {
		assert.ErrorIs(t, p, theming.ErrInvalid)
		assert.Equal(t, theming.Dark, p.Scheme)
		assert.Equal(t, "page", p.ComponentID)
	}
	assert.Equal(t, `the page background "page" resolves to hsla(0, 0%, 0%, 0.5) in dark scheme; it must be opaque`, fromCatalog.Msg)
	assert.Equal(t, fromCatalog.Msg, fromTheme.Msg)
	assert.Equal(t, "page_background", fromCatalog.Path)
	assert.Equal(t, "colors", fromTheme.Path)
}

func onlyProblem(t *testing.T, err error) *theming.Problem {
	t.Helper()
	var verr *theming.ValidationError
	require.True(t, errors.As(err, &verr), "want a *ValidationError, got %v", err)
	require.Len(t, verr.Problems, 1, "%v", err)
	return verr.Problems[0]
}

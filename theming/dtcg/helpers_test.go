package dtcg_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

func ptr[T any](v T) *T { return &v }

// richCatalog has what the default data lacks: hsla colors, a chain of
// fallbacks, hidden components (one with a derived variable), every kind
// of derivation and three themes.
func richCatalog() (theming.Catalog, []theming.Theme) {
	cat := theming.Catalog{
		PageBackground: "page",
		PalettePreview: []string{"brand", "page"},
		Components: []theming.Component{
			{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(220, 15%, 8%)"},
				Variables: []theming.Variable{{CSSVariable: "--page"}, {CSSVariable: "--page-alt", LightnessOffset: ptr(-3.5)}}},
			{ID: "brand", Name: "Brand", Fallback: theming.PerScheme{Light: "hsl(200, 46.53%, 40.25%)", Dark: "hsla(200, 60%, 70%, 0.9)"},
				Variables: []theming.Variable{{CSSVariable: "--brand"}, {CSSVariable: "--brand-soft", Opacity: ptr(0.25)},
					{CSSVariable: "--brand-light", Lightness: ptr(92.0)}, {CSSVariable: "--brand-mix", Lightness: ptr(30.0), LightnessOffset: ptr(5.0), Opacity: ptr(0.5)},
					{CSSVariable: "--brand-again"}},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "page", ContrastType: "non-text"}},
				CanEditOpacity:  ptr(true), DefaultOpacity: ptr(0.0)},
			{ID: "accent", Name: "Accent", Fallback: theming.PerScheme{Light: "brand", Dark: "brand"},
				Variables: []theming.Variable{{CSSVariable: "--accent-overlay", Opacity: ptr(0.4)}}},
			{ID: "button", Name: "Button", Fallback: theming.PerScheme{Light: "accent", Dark: "hsla(10, 80%, 50%, 0.75)"},
				Variables: []theming.Variable{{CSSVariable: "--button"}}},
			{ID: "shadow-base", Name: "Shadow base", Hidden: true, Fallback: theming.PerScheme{Light: "hsla(0, 0%, 0%, 0.2)", Dark: "hsla(0, 0%, 0%, 0.6)"},
				Variables: []theming.Variable{{CSSVariable: "--shadow-base"}, {CSSVariable: "--shadow-strong", Opacity: ptr(0.5)}}},
			{ID: "shadow", Name: "Shadow", Hidden: true, Fallback: theming.PerScheme{Light: "shadow-base", Dark: "shadow-base"},
				Variables: []theming.Variable{{CSSVariable: "--shadow"}}},
			{ID: "text", Name: "Text", Fallback: theming.PerScheme{Light: "hsl(359.996, 10%, 10%)", Dark: "hsl(0, 0%, 95%)"},
				Variables:       []theming.Variable{{CSSVariable: "--text"}},
				ContrastAgainst: []theming.ContrastTarget{{Type: theming.TargetComponent, Value: "page", ContrastType: "text"}}},
		},
	}
	themes := []theming.Theme{
		{ID: 1, Name: "One", IsDefault: true},
		{ID: 2, Name: "Two", Colors: map[string]theming.PerScheme{"brand": {Light: "hsla(120, 50%, 30%, 0.95)"}, "button": {Dark: "text"}}},
		{ID: 7, Name: "Seven", Colors: map[string]theming.PerScheme{"accent": {Light: "hsl(300, 40%, 40%)", Dark: "page"}}},
	}
	return cat, themes
}

// variantOf is a stand-in high-contrast variant for the tests: the
// catalog's page background white (black in the dark scheme), its first
// other component black (white).
func variantOf(cat theming.Catalog) func(theming.Theme) (theming.Theme, error) {
	page, other := cat.PageBackground, cat.Components[0].ID
	if other == page {
		other = cat.Components[1].ID
	}
	return func(t theming.Theme) (theming.Theme, error) {
		t.Colors = map[string]theming.PerScheme{other: {Light: "hsl(0, 0%, 0%)", Dark: "hsl(0, 0%, 100%)"}, page: {Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 0%)"}}
		return t, nil
	}
}

func defaultData(t *testing.T) (theming.Catalog, []theming.Theme) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	return cat, themes
}

// writeFiles writes an export into a new temporary directory.
func writeFiles(t *testing.T, files []dtcg.File) string {
	dir := t.TempDir()
	for _, f := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644))
	}
	return dir
}

type dataset struct {
	name   string
	cat    theming.Catalog
	themes []theming.Theme
}

func datasets(t *testing.T) []dataset {
	cat, themes := defaultData(t)
	rc, rt := richCatalog()
	return []dataset{{"the default data", cat, themes}, {"a catalog with hsla, chains, hidden components, every derivation and three themes", rc, rt}}
}

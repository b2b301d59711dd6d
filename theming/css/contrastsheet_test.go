package css_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The selectors are written by hand: each block is as specific as the
// scheme block it overrides and comes after it.
func TestStylesheetServesTheHighContrastVariant(t *testing.T) {
	snap := defaultSnapshot(t)
	e := fix.New(snap.CompiledCatalog())
	rt, ok := snap.Theme(1)
	require.True(t, ok)
	sheet := string(css.Stylesheet(rt, e.HighContrast(rt)))
	heads := []string{
		":root,\n[data-color-scheme=\"light\"] {\n",
		"@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n",
		"[data-color-scheme=\"dark\"] {\n",
		"@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme=\"light\"] {\n",
		"  @media (prefers-color-scheme: dark) {\n    :root:not([data-color-scheme=\"light\"]) {\n",
		"  [data-color-scheme=\"dark\"] {\n",
		":root[data-contrast=\"more\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"light\"] {\n",
		"@media (prefers-color-scheme: dark) {\n  :root[data-contrast=\"more\"]:not([data-color-scheme=\"light\"]) {\n",
		":root[data-contrast=\"more\"][data-color-scheme=\"dark\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"dark\"] {\n",
		"@media (forced-colors: active) {\n  :root,\n  [data-color-scheme] {\n",
	}
	blocks := sheetBlocks(t, sheet, heads...)
	hc := e.HighContrast(rt).Theme
	require.NotSame(t, rt, hc, "the default data's theme 1 does not pass AAA: its variant differs")
	values := declarations
	// A variant's block holds the variables the variant moves in either
	// scheme, with its values; the others stay as the theme's own block
	// sets them.
	moved := map[string]bool{}
	for _, sc := range theming.Schemes() {
		for name, v := range rt.Variables(sc) {
			if hv, _ := hc.Variable(sc, name); hv != v {
				moved[name] = true
			}
		}
	}
	require.NotEmpty(t, moved)
	for n, sc := range map[int]theming.Scheme{3: theming.Light, 4: theming.Dark, 5: theming.Dark, 6: theming.Light, 7: theming.Dark, 8: theming.Dark} {
		got := values(blocks[n])
		assert.Len(t, got, len(moved), "block %d sets the moved variables", n)
		for name := range moved {
			v, _ := hc.Variable(sc, name)
			assert.Equal(t, v.String(), got[name], "block %d: %s is the variant's %s value", n, name, sc)
		}
	}
	differs := false
	for name, v := range rt.Variables(theming.Light) {
		if hv, _ := hc.Variable(theming.Light, name); hv != v {
			differs = true
		}
	}
	assert.True(t, differs, "the variant moves some variable")
	forced := values(blocks[9])
	assert.Equal(t, "Canvas !important", forced["--page-background"])
	assert.Len(t, forced, len(values(blocks[0])), "every variable is mapped under forced colors")
	for name, role := range forced {
		want, ok := e.ForcedColor(name)
		require.True(t, ok, name)
		assert.Equal(t, want+" !important", role, "%s takes the engine's role", name)
	}
}

// Many readers may ask for a theme's stylesheet at once: the variant is
// worked out once and every reader gets the same sheet (run with -race).
func TestStylesheetVariantIsSafeForConcurrentUse(t *testing.T) {
	snap := defaultSnapshot(t)
	e := fix.New(snap.CompiledCatalog())
	rt, ok := snap.Theme(2)
	require.True(t, ok)
	sheets := make(chan string, 8)
	for range 8 {
		go func() { sheets <- string(css.Stylesheet(rt, e.HighContrast(rt))) }()
	}
	first := <-sheets
	for range 7 {
		assert.Equal(t, first, <-sheets)
	}
}

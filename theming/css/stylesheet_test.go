package css_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The expected sheet is written by hand from the base data (see
// TestDerivedVariables for where each value comes from).
func TestStylesheet(t *testing.T) {
	_, sheet := served(t, loadBase(t), 2)
	const light = `  --page: hsl(0, 0%, 100%);
  --primary: hsl(210, 50%, 40%);
  --primary-hover: hsl(210, 50%, 30%);
  --button: hsl(210, 50%, 40%);
  --button-soft: hsla(210, 50%, 90%, 0.5);
  --button-focus: hsla(210, 50%, 40%, 0.4);
  --text: hsl(0, 0%, 10%);
  --scrim: hsla(0, 0%, 0%, 0.5);
`
	const dark = `  --page: hsl(0, 0%, 10%);
  --primary: hsl(210, 50%, 70%);
  --primary-hover: hsl(210, 50%, 60%);
  --button: hsl(210, 50%, 70%);
  --button-soft: hsla(210, 50%, 90%, 0.5);
  --button-focus: hsla(210, 50%, 70%, 0.4);
  --text: hsl(0, 0%, 95%);
  --scrim: hsla(0, 0%, 0%, 0.5);
`
	const properties = `@property --page { syntax: '<color>'; inherits: true; initial-value: hsl(0, 0%, 100%); }
@property --primary { syntax: '<color>'; inherits: true; initial-value: hsl(210, 50%, 40%); }
@property --primary-hover { syntax: '<color>'; inherits: true; initial-value: hsl(210, 50%, 30%); }
@property --button { syntax: '<color>'; inherits: true; initial-value: hsl(210, 50%, 40%); }
@property --button-soft { syntax: '<color>'; inherits: true; initial-value: hsla(210, 50%, 90%, 0.5); }
@property --button-focus { syntax: '<color>'; inherits: true; initial-value: hsla(210, 50%, 40%, 0.4); }
@property --text { syntax: '<color>'; inherits: true; initial-value: hsl(0, 0%, 10%); }
@property --scrim { syntax: '<color>'; inherits: true; initial-value: hsla(0, 0%, 0%, 0.5); }
`
	want := "/* theme 2: Plain */\n" + properties + ":root,\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n" + light +
		"}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n    color-scheme: dark;\n" +
		indent(dark) + "  }\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n" + dark + "}\n"
	normal, _, found := strings.Cut(sheet, "@media (prefers-contrast: more)")
	assert.True(t, found, "the high-contrast variant follows (see contrastsheet_test.go)")
	// The base data's dark text cannot reach 7:1 on the half-transparent
	// --button-soft over the dark page: the variant says so first.
	normal, note, _ := strings.Cut(normal, "/* high contrast: ")
	assert.Equal(t, want, normal)
	assert.Contains(t, note, "theme 2 reaches WCAG 2 AAA except 2 rules, each at the most contrast it can reach: text on --button-soft (text, dark) ")
	assert.NotContains(t, sheet, "--old", "hidden components' variables are not in the sheet")
}

func TestAStylesheetWithoutTheVariantIsTheThemesOwnBlocks(t *testing.T) {
	s := loadBase(t)
	rt, sheet := served(t, s, 2)
	own := string(css.Stylesheet(rt, nil))
	assert.True(t, strings.HasPrefix(sheet, own), "the served sheet begins with the theme's own blocks")
	assert.True(t, strings.HasSuffix(own, "[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n  --page: hsl(0, 0%, 10%);\n"+
		"  --primary: hsl(210, 50%, 70%);\n  --primary-hover: hsl(210, 50%, 60%);\n  --button: hsl(210, 50%, 70%);\n"+
		"  --button-soft: hsla(210, 50%, 90%, 0.5);\n  --button-focus: hsla(210, 50%, 70%, 0.4);\n  --text: hsl(0, 0%, 95%);\n"+
		"  --scrim: hsla(0, 0%, 0%, 0.5);\n}\n"), "it ends with the dark block: %s", own)
	for _, block := range []string{"high contrast", "prefers-contrast", "data-contrast", "forced-colors"} {
		assert.NotContains(t, own, block)
	}
}

// indent adds two spaces to each line, as inside the media query.
func indent(lines string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(lines, "\n"), "\n", "\n  ") + "\n"
}

func TestStylesheetLightDark(t *testing.T) {
	rt, _ := loadBase(t).Theme(1)
	sheet := string(css.LightDark(rt, nil))
	assert.Contains(t, sheet, "@property --page { syntax: '<color>'; inherits: true; initial-value: hsl(0, 0%, 100%); }\n")
	assert.Contains(t, sheet, ":root,\n[data-color-scheme] {\n  --page: light-dark(hsl(0, 0%, 100%), hsl(0, 0%, 10%));\n  --primary: light-dark(hsl(120, 40%, 30%), hsl(210, 50%, 70%));\n",
		"declared on every element that sets a scheme, so that a registered <color> resolves light-dark() there")
	assert.True(t, strings.HasSuffix(sheet, "}\n:root {\n  color-scheme: light dark;\n}\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n}\n"),
		"without a variant the sheet ends with the schemes: %s", sheet)
	assert.NotContains(t, sheet, "@media")
}

// With the variant, the light-dark() sheet has Stylesheet's high-contrast
// and forced-colors blocks in light-dark() form: the variables the
// variant moves, with its values in both schemes, under
// prefers-contrast: more and under data-contrast="more", and the same
// forced-colors block. (TestLightDarkComputesAsStylesheetInChromium
// checks what Chromium computes from them.)
func TestLightDarkServesTheHighContrastVariant(t *testing.T) {
	snap := defaultSnapshot(t)
	e := fix.New(snap.CompiledCatalog())
	rt, ok := snap.Theme(1)
	require.True(t, ok)
	v := e.HighContrast(rt)
	sheet := string(css.LightDark(rt, v))
	heads := []string{
		":root,\n[data-color-scheme] {\n",
		"@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme] {\n",
		":root[data-contrast=\"more\"],\n:root[data-contrast=\"more\"] [data-color-scheme] {\n",
		"@media (forced-colors: active) {\n",
	}
	blocks := sheetBlocks(t, sheet, heads...)
	want := map[string]string{} // the variant's moved variables, in light-dark() form
	for name := range rt.Variables(theming.Light) {
		l, _ := rt.Variable(theming.Light, name)
		d, _ := rt.Variable(theming.Dark, name)
		hl, _ := v.Theme.Variable(theming.Light, name)
		hd, _ := v.Theme.Variable(theming.Dark, name)
		if hl != l || hd != d {
			want[name] = "light-dark(" + hl.String() + ", " + hd.String() + ")"
		}
	}
	require.NotEmpty(t, want, "the default data's theme 1 does not pass AAA: its variant moves some variables")
	for _, n := range []int{1, 2} {
		assert.Equal(t, want, declarations(blocks[n]), "block %d holds the moved variables with the variant's values", n)
	}
	_, forced, ok := strings.Cut(string(css.Stylesheet(rt, v)), "@media (forced-colors: active) {\n")
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(sheet, "@media (forced-colors: active) {\n"+forced), "the forced-colors block is Stylesheet's")
}

func TestStylesheetCommentCannotBeClosedByAThemeName(t *testing.T) {
	themes := edit(t, baseThemes, func(m map[string]any) { theme(m, 1)["name"] = "x */ body { display: none } /* \u00e9" })
	s, err := theming.Load([]byte(baseCatalog), themes)
	require.NoError(t, err)
	_, sheet := served(t, s, 2)
	first, _, _ := strings.Cut(sheet, "\n")
	assert.Equal(t, "/* theme 2: x * / body { display: none } /* ?? */", first)
}

func TestTheZeroResolvedThemesSheetsHaveNoVariables(t *testing.T) {
	var rt theming.ResolvedTheme
	assert.Equal(t, "/* theme 0:  */\n:root {\n  color-scheme: light dark;\n}\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n}\n", string(css.LightDark(&rt, nil)))
	assert.Equal(t, "/* theme 0:  */\n:root,\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n    color-scheme: dark;\n  }\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n}\n", string(css.Stylesheet(&rt, nil)))
}

package css_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The sheet says when a theme's variant cannot bring every rule to AAA,
// naming the rules the variant lists, before the variant's blocks.
func TestTheSheetNamesTheRulesAVariantCannotBringToAAA(t *testing.T) {
	snap := defaultSnapshot(t)
	cc := snap.CompiledCatalog()
	e := fix.New(cc)
	themes, err := cc.Snapshot([]theming.Theme{
		// issue 29's translucent muted text, which the variant brings to
		// AAA by raising its alpha
		{ID: 7, Name: "Muted", Colors: map[string]theming.PerScheme{"text-muted": {Light: "hsla(220, 9%, 10%, 0.6)"}}},
		// a mid grey page, on which neither black nor white text reaches 7:1
		{ID: 8, Name: "Grey page", Colors: map[string]theming.PerScheme{"page-background": {Light: "hsl(0, 0%, 46%)"}}},
	})
	require.NoError(t, err)

	t.Run("a variant that reaches AAA has nothing to note", func(t *testing.T) {
		rt, _ := themes.Theme(7)
		v := e.HighContrast(rt)
		require.Empty(t, v.Failing, "premise")
		assert.NotContains(t, string(css.Stylesheet(rt, v)), "/* high contrast:")
	})
	t.Run("one that cannot names the rules in a comment before the variant", func(t *testing.T) {
		rt, _ := themes.Theme(8)
		v := e.HighContrast(rt)
		require.NotEmpty(t, v.Failing, "premise")
		sheet := string(css.Stylesheet(rt, v))
		at := strings.Index(sheet, "/* high contrast:")
		require.GreaterOrEqual(t, at, 0)
		note := sheet[at:]
		note = note[:strings.Index(note, "*/")]
		assert.Less(t, at, strings.Index(sheet, "@media (prefers-contrast: more)"))
		assert.Contains(t, note, "theme 8 reaches WCAG 2 AAA except")
		f := v.Failing[0]
		assert.Contains(t, note, f.Component+" on "+f.Target.Value+" ("+string(f.Target.ContrastType)+", light) "+contrast.FormatRatio(f.Ratio))
		assert.NotContains(t, note, "work bound")
	})
	t.Run("a variant the fix's work bound stopped says so", func(t *testing.T) {
		raw, err := os.ReadFile("../fix/testdata/hostile-theme.json")
		require.NoError(t, err)
		var doc struct {
			Theme theming.Theme `json:"theme"`
		}
		require.NoError(t, json.Unmarshal(raw, &doc))
		hostile, err := cc.Snapshot([]theming.Theme{doc.Theme})
		require.NoError(t, err)
		rt, _ := hostile.Theme(doc.Theme.ID)
		v := e.HighContrast(rt)
		require.True(t, v.Stopped, "premise: the bound stops the hostile theme's variant")
		assert.Contains(t, string(css.Stylesheet(rt, v)), " (the fix stopped at its work bound), each at the most contrast it can reach:")
	})
	t.Run("a variant made by hand, with no engine, has no roles to map", func(t *testing.T) {
		rt, _ := snap.Theme(1)
		sheet := string(css.Stylesheet(rt, &fix.Variant{Theme: rt}))
		_, forced, ok := strings.Cut(sheet, "@media (forced-colors: active) {\n  :root,\n  [data-color-scheme] {\n")
		require.True(t, ok)
		assert.Equal(t, "  }\n}\n", forced, "an empty forced-colors block")
		assert.Contains(t, sheet, "@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme=\"light\"] {\n  }\n", "and empty variant blocks: the variant is the theme")
	})
	t.Run("a variant of another catalog's theme is matched by variable name", func(t *testing.T) {
		base := loadBase(t)
		rt, _ := base.Theme(2)
		other, _ := snap.Theme(1)
		sheet := string(css.Stylesheet(rt, &fix.Variant{Theme: other}))
		_, blocks, ok := strings.Cut(sheet, "@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme=\"light\"] {\n")
		require.True(t, ok)
		block, _, _ := strings.Cut(blocks, "}")
		want, _ := other.Variable(theming.Light, "--primary")
		assert.Equal(t, "    --primary: "+want.String()+";\n  ", block, "only the variable both have, at the variant's value")
	})
}

package fix_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The failures below follow from the base catalog by hand: primary at
// lightness 95% on the white page is far under 3:1 (non-text), text at
// 80% grey is far under 4.5:1 on the page and on --button-soft (button's
// variable at lightness 90%, from primary), and under 3:1 on the white
// hsl target; the catalog's dark text, made hsl(0, 0%, 20%) here, fails
// on the dark page and on --button-soft (lightness 90% at half opacity
// over that page) with no override involved.
func TestReportByField(t *testing.T) {
	cat := edit(t, baseCatalog, func(m map[string]any) {
		comp(m, 4)["fallback"].(map[string]any)["dark"] = "hsl(0, 0%, 20%)"
	})
	snap, err := theming.Load(cat, []byte(baseThemes))
	require.NoError(t, err)
	cc := snap.CompiledCatalog()
	th := theming.Theme{ID: 7, Name: "Pale", Colors: map[string]theming.PerScheme{
		"primary": {Light: "hsl(210, 50%, 95%)"},
		"text":    {Light: "hsl(0, 0%, 80%)"},
	}}
	rep, err := fix.New(cc).AuditTheme(th, contrast.Policy{})
	require.NoError(t, err)

	type rule struct{ scheme, component, target string }
	rulesOf := func(ff fix.FieldFailures) []rule {
		var out []rule
		for _, f := range ff.Failing {
			assert.False(t, f.Pass)
			out = append(out, rule{string(f.Scheme), f.Component, f.Target.Value})
		}
		return out
	}
	got := rep.ByField()
	var fields []string
	for _, ff := range got {
		assert.Equal(t, 7, ff.ThemeID)
		fields = append(fields, ff.Field)
	}
	require.Equal(t, []string{"colors.primary.light", "colors.text.light", "colors.text.dark"}, fields, "one entry per field, in the order of the first failure")
	assert.Equal(t, []rule{{"light", "primary", "page"}, {"light", "primary", "page"}, {"light", "text", "--button-soft"}}, rulesOf(got[0]),
		"primary's field holds its own rule (for --primary and --primary-hover) and the rule whose background it decides")
	assert.Equal(t, []rule{{"light", "text", "page"}, {"light", "text", "--button-soft"}, {"light", "text", "hsl(0, 0%, 100%)"}}, rulesOf(got[1]))
	assert.Equal(t, []rule{{"dark", "text", "page"}, {"dark", "text", "--button-soft"}}, rulesOf(got[2]),
		"a failure no override decided is shown at its component's field")

	passing, err := fix.New(cc).AuditTheme(theming.Theme{ID: 8, Name: "Plain"}, contrast.Policy{})
	require.NoError(t, err)
	require.Len(t, passing.Failures(), 2, "premise: only the catalog's dark text fails")
	require.Len(t, passing.ByField(), 1)
	assert.Equal(t, "colors.text.dark", passing.ByField()[0].Field)
	assert.Nil(t, (*fix.Report)(nil).ByField())
}

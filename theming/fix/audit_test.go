package fix_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The ratios below were computed independently with python3 (colorsys and
// the WCAG formula), not printed by this package.
func TestAudit(t *testing.T) {
	rep := audit(t, loadBase(t))
	// 2 themes × 2 schemes × (2 rules on primary, one per variable
	// (--primary and --primary-hover) + 3 rules on text).
	require.Equal(t, 20, rep.Checked)
	require.Len(t, rep.Findings, 20)

	find := func(theme int, sc theming.Scheme, variable, target string) fix.Finding {
		t.Helper()
		for _, f := range rep.Findings {
			if f.ThemeID == theme && f.Scheme == sc && f.Variable == variable && f.Target.Value == target {
				return f
			}
		}
		t.Fatalf("no finding for %d %s %s %s", theme, sc, variable, target)
		return fix.Finding{}
	}
	tests := []struct {
		name      string
		theme     int
		scheme    theming.Scheme
		variable  string
		target    string
		wantExact float64
		wantPass  bool
	}{
		{"text on the page passes", 2, theming.Light, "--text", "page", 17.493345072372342, true},
		{"a theme's override is audited", 1, theming.Light, "--primary", "page", 6.437276328448001, true},
		{"a state variable is judged as derived from the override", 1, theming.Light, "--primary-hover", "page", 10.563919692666937, true},
		{"a state variable is judged in the dark scheme with its offset", 2, theming.Dark, "--primary-hover", "page", 5.825597035691126, true},
		{"a translucent variable target is composited over the page", 2, theming.Light, "--text", "--button-soft", 15.540894059584726, true},
		{"light text on a light translucent target over a dark page fails", 2, theming.Dark, "--text", "--button-soft", 3.6015599493072825, false},
		{"a literal hsl target fails the non-text rule", 1, theming.Dark, "--text", "hsl(0, 0%, 100%)", 1.1170148513914115, false},
		{"the dark scheme uses the dark fallback", 2, theming.Dark, "--primary", "page", 7.935993765034035, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := find(tt.theme, tt.scheme, tt.variable, tt.target)
			assert.InDelta(t, tt.wantExact, f.Exact, 1e-9, "exact ratio of %s on %s", tt.variable, tt.target)
			assert.Equal(t, min(f.Exact, f.Rendered), f.Ratio, "under both methods the verdict rests on the lower ratio")
			assert.Equal(t, tt.wantPass, f.Pass, "pass of %s on %s", tt.variable, tt.target)
		})
	}
	assert.Equal(t, 4, rep.Failed, "the two failing rules fail in the dark scheme under both themes")
	assert.False(t, rep.OK())
	assert.Len(t, rep.Failures(), 4)
}

func TestAuditIsSortedAndDeterministic(t *testing.T) {
	rep := audit(t, loadBase(t))
	var order []string
	for _, f := range rep.Findings[:6] {
		order = append(order, string(f.Scheme)+" "+f.Component+" "+f.Variable+" "+f.Target.Value)
	}
	assert.Equal(t, []string{
		"light primary --primary page", "light primary --primary-hover page",
		"light text --text page", "light text --text --button-soft", "light text --text hsl(0, 0%, 100%)",
		"dark primary --primary page",
	}, order, "theme, then scheme, then catalog order, then rule order, then variable order")
	assert.Equal(t, 1, rep.Findings[0].ThemeID)
	assert.Equal(t, 2, rep.Findings[19].ThemeID)

	a, err := json.Marshal(rep)
	require.NoError(t, err)
	b, err := json.Marshal(audit(t, loadBase(t)))
	require.NoError(t, err)
	assert.JSONEq(t, string(a), string(b), "two audits of the same data encode the same")
	assert.Contains(t, string(a), `"foreground":"hsl(0, 0%, 95%)","background":"hsla(210, 50%, 90%, 0.5)","backdrop":"hsl(0, 0%, 10%)"`)
}

func TestDefaultDataPassesItsOwnAudit(t *testing.T) {
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	rep := audit(t, s)
	for _, f := range rep.Failures() {
		t.Errorf("theme %d %s: %s against %s %q: %.3f < %.1f", f.ThemeID, f.Scheme, f.Component, f.Target.Type, f.Target.Value, f.Ratio, f.Required)
	}
	var schemes = map[theming.Scheme]bool{}
	themes := map[int]bool{}
	for _, f := range rep.Findings {
		schemes[f.Scheme] = true
		themes[f.ThemeID] = true
	}
	assert.Len(t, schemes, 2, "both schemes are audited")
	assert.Len(t, themes, len(s.Themes()), "every theme is audited")
	assert.Greater(t, rep.Checked, 400)
}

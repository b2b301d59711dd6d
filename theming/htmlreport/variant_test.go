package htmlreport_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

// TestWriteHasAHighContrastSection: with the variants' audit, the page
// ends with a section that counts each theme's rules at AAA and draws
// every rule a variant cannot bring there, at the ratio it reaches.
func TestWriteHasAHighContrastSection(t *testing.T) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	// A mid-grey page no fix moves: no text reaches 7:1 on it.
	grey := theming.Theme{ID: 9, Name: "Grey page", Colors: map[string]theming.PerScheme{"page-background": {Light: "hsl(0, 0%, 46%)"}}}
	snap, err = snap.CompiledCatalog().Snapshot(append(themes, grey))
	require.NoError(t, err)
	e := fix.New(snap.CompiledCatalog())
	rep, err := e.Audit(snap, contrast.Policy{})
	require.NoError(t, err)
	hc := e.HighContrastAudit(snap)
	require.Positive(t, hc.Failed)

	page := renderReport(t, rep, htmlreport.Options{HighContrast: hc})
	checkBalanced(t, page)
	sec := section(t, page, "high-contrast")
	assert.Contains(t, sec, "checked at WCAG 2 level <strong>AAA</strong>, method <strong>both</strong>")
	assert.Contains(t, sec, "<tr><td>Grey page (id 9)</td><td class=\"num\">312</td>")
	assert.Contains(t, sec, "<tr><td>Harbor (id 1)</td><td class=\"num\">312</td><td class=\"num\">0</td></tr>")
	assert.Equal(t, hc.Failed, strings.Count(sec, "<td>Grey page (theme 9), light: <code>"), "a row per rule that cannot reach AAA")
	for _, f := range hc.Failures() {
		assert.Contains(t, sec, "<code>"+f.Component+"</code> (<code>"+f.Variable+"</code>) on "+string(f.Target.Type)+" <code>"+f.Target.Value+"</code>")
	}
	assert.NotContains(t, section(t, page, "theme-1-light"), "high-contrast")

	without := renderReport(t, rep, htmlreport.Options{})
	assert.NotContains(t, without, `<section id="high-contrast">`)
}

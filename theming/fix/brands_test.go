package fix_test

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// hexBrand is a brand color of ../testdata/brands.txt.
type hexBrand struct {
	hex, name string
	color     colorref.Color
}

// hexBrands reads ../testdata/brands.txt: a hex color and a name a line.
func hexBrands(t *testing.T) []hexBrand {
	t.Helper()
	var out []hexBrand
	sc := bufio.NewScanner(strings.NewReader(readTestdata("brands.txt")))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		hex, name, _ := strings.Cut(line, " ")
		c, err := colorref.Parse(hex)
		require.NoError(t, err, "brands.txt: %q", line)
		out = append(out, hexBrand{hex, name, c})
	}
	require.GreaterOrEqual(t, len(out), 30, "brands.txt holds at least 30 brands")
	return out
}

// Issue 37: in 18 of 22 brands Generate left --link-visited under 4.5:1
// in the dark scheme, while an audit that judged each component's first
// variable only was green. Every variable a component paints is judged
// now, and Generate's theme passes them all, in both schemes, at AA, and
// its high-contrast variant at AAA.
func TestGeneratedThemesPassEveryJudgedVariable(t *testing.T) {
	cc := defaultCatalog(t)
	e := fix.New(cc)
	states := []string{"--link-hover", "--link-visited", "--border-strong", "--input-border-hover", "--primary-button-hover", "--primary-button-active"}
	pairs, kept := 0, 0
	for _, b := range hexBrands(t) {
		t.Run(b.hex+" "+b.name, func(t *testing.T) {
			th, err := e.Generate(b.color, fix.GenerateOptions{})
			require.NoError(t, err)
			if th.Name == "Generated" { // the brand passed its own rules: kept
				kept++
				got, err := colorref.ParseColor(th.Colors["primary"].Light)
				require.NoError(t, err, "a generated override is an hsl() color")
				assert.Equal(t, b.hex, got.Hex(), "the hex brand is kept as an hsl() that renders as it")
			}
			rep, err := e.AuditTheme(th, contrast.Policy{})
			require.NoError(t, err)
			for _, f := range rep.Failures() {
				t.Errorf("%s %s (%s) on %s: %.3f:1 < %g:1", f.Scheme, f.Variable, f.Component, f.Target.Value, f.Ratio, f.Required)
			}
			judged := map[theming.Scheme]map[string]bool{theming.Light: {}, theming.Dark: {}}
			for _, f := range rep.Findings {
				judged[f.Scheme][f.Variable] = true
			}
			for _, sc := range theming.Schemes() {
				for _, v := range states {
					assert.True(t, judged[sc][v], "%s is judged in the %s scheme", v, sc)
				}
			}
			pairs += rep.Checked

			hc := e.HighContrast(mustResolve(t, cc, th))
			var failing []string
			for _, f := range hc.Failing {
				failing = append(failing, string(f.Scheme)+" "+f.Variable+" on "+f.Target.Value)
			}
			assert.Empty(t, failing, "the variant reaches AAA on every judged variable")
		})
	}
	t.Logf("%d judged pairs passed AA over %d brands, %d of them kept as given", pairs, len(hexBrands(t)), kept)
	assert.Positive(t, kept, "some hex brands pass their own rules and are kept")
}

// mustResolve returns t resolved against cc.
func mustResolve(t *testing.T, cc *theming.CompiledCatalog, th theming.Theme) *theming.ResolvedTheme {
	t.Helper()
	s, err := cc.Snapshot([]theming.Theme{th})
	require.NoError(t, err)
	rt, ok := s.Theme(th.ID)
	require.True(t, ok)
	return rt
}

package fix_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// linkCatalog is a page and a link with three states and a tint, written
// so that each case changes one variable: the link is blue (lightness 40
// on the white page, 70 on the dark one), its states derive from it.
func linkCatalog(vars string) []byte {
	return []byte(`{"page_background": "page", "palette_preview": [], "components": [
  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
   "variables": [{"css_variable": "--page"}]},
  {"component_id": "link", "name": "Link", "fallback": {"light": "hsl(220, 80%, 40%)", "dark": "hsl(220, 80%, 70%)"},
   "variables": [{"css_variable": "--link"}, ` + vars + `],
   "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"}]}
]}`)
}

// judged audits a link catalog with one theme that overrides nothing.
func judged(t *testing.T, vars string) *fix.Report {
	t.Helper()
	s, err := theming.Load(linkCatalog(vars), []byte(`{"themes": [{"id": 1, "name": "Plain", "colors": {}}]}`))
	require.NoError(t, err)
	return audit(t, s)
}

// variablesJudged lists the variables a report judged in scheme sc.
func variablesJudged(rep *fix.Report, sc theming.Scheme) []string {
	var out []string
	for _, f := range rep.Findings {
		if f.Scheme == sc {
			out = append(out, f.Variable)
		}
	}
	return out
}

func TestEveryVariableAComponentPaintsIsJudgedUnlessItsRoleExemptsIt(t *testing.T) {
	tests := []struct {
		name string
		vars string
		want []string
	}{
		{"a state without a role is judged beside the first variable",
			`{"css_variable": "--link-hover", "lightness_offset": -10}`, []string{"--link", "--link-hover"}},
		{"a decoration is not judged",
			`{"css_variable": "--link-halo", "opacity": 0.2, "role": "decoration"}`, []string{"--link"}},
		{"a disabled state is not judged",
			`{"css_variable": "--link-disabled", "opacity": 0.4, "role": "disabled"}`, []string{"--link"}},
		{"a surface is not judged as its component's foreground",
			`{"css_variable": "--link-tint", "opacity": 0.1, "role": "surface"}`, []string{"--link"}},
		{"every content variable is judged, in the component's order",
			`{"css_variable": "--link-hover", "lightness_offset": -10}, {"css_variable": "--link-halo", "opacity": 0.2, "role": "decoration"}, {"css_variable": "--link-visited", "lightness_offset": -18}`,
			[]string{"--link", "--link-hover", "--link-visited"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := judged(t, tt.vars)
			for _, sc := range theming.Schemes() {
				assert.Equal(t, tt.want, variablesJudged(rep, sc), "the variables judged in the %s scheme", sc)
			}
		})
	}
}

func TestAFindingNamesTheVariableItJudgedAndItsValue(t *testing.T) {
	rep := judged(t, `{"css_variable": "--link-visited", "lightness_offset": -18}`)
	i := slices.IndexFunc(rep.Findings, func(f fix.Finding) bool {
		return f.Scheme == theming.Dark && f.Variable == "--link-visited"
	})
	require.GreaterOrEqual(t, i, 0, "a finding of --link-visited in the dark scheme")
	f := rep.Findings[i]
	assert.Equal(t, "link", f.Component)
	assert.Equal(t, "hsl(220, 80%, 52%)", f.Foreground.String(), "judged as the page paints it: 70 - 18")
	assert.Equal(t, "hsl(0, 0%, 10%)", f.Background.String())
}

// A rule naming a surface as its target judges the surface (here the
// text on a tint); the tint itself is no foreground of its component's
// rules.
func TestASurfaceIsJudgedWhereARuleNamesItAsItsTarget(t *testing.T) {
	cat := []byte(`{"page_background": "page", "palette_preview": [], "components": [
  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
   "variables": [{"css_variable": "--page"}]},
  {"component_id": "badge", "name": "Badge", "fallback": {"light": "hsl(140, 60%, 30%)", "dark": "hsl(140, 60%, 60%)"},
   "variables": [{"css_variable": "--badge"}, {"css_variable": "--badge-background", "opacity": 0.12, "role": "surface"}],
   "contrast_against": [{"type": "variable", "value": "--badge-background", "contrast_type": "text"},
                        {"type": "component", "value": "page", "contrast_type": "non-text"}]}
]}`)
	s, err := theming.Load(cat, []byte(`{"themes": [{"id": 1, "name": "Plain", "colors": {}}]}`))
	require.NoError(t, err)
	rep := audit(t, s)
	var got []string
	for _, f := range rep.Findings {
		if f.Scheme == theming.Light {
			got = append(got, f.Variable+" on "+f.Target.Value)
		}
	}
	assert.Equal(t, []string{"--badge on --badge-background", "--badge on page"}, got,
		"the badge's text is judged on its surface; the surface is not judged against the page, nor against itself")
}

// The catalog format's two ways of deriving a state: one offset for both
// schemes darkens a link's visited state on the dark page too, where it
// loses contrast, and the audit names the variable; an offset per scheme
// that moves away from each page keeps it.
func TestAnOffsetThatDarkensATextStateOnTheDarkPageFailsTheAudit(t *testing.T) {
	one := judged(t, `{"css_variable": "--link-visited", "lightness_offset": -45}`)
	require.False(t, one.OK())
	var failing []string
	for _, f := range one.Failures() {
		failing = append(failing, fmt.Sprintf("%s %s %s", f.Scheme, f.Variable, f.Field))
	}
	assert.Equal(t, []string{"dark --link-visited "}, failing,
		"only the visited state fails, only on the dark page (25% on 10%); no override decided it, so no field")

	perScheme := judged(t, `{"css_variable": "--link-visited", "lightness_offset": -45, "lightness_offset_dark": 15}`)
	assert.True(t, perScheme.OK(), "lighter on the dark page: %v", perScheme.Failures())
}

// A finding's Field is the theme field that decided the judged variable's
// color, for a state as for its component's first variable.
func TestAStateFindingNamesTheFieldThatDecidedIt(t *testing.T) {
	s, err := theming.Load(linkCatalog(`{"css_variable": "--link-visited", "lightness_offset": -18}`),
		[]byte(`{"themes": [{"id": 1, "name": "Grey link", "colors": {"link": {"dark": "hsl(0, 0%, 45%)"}}}]}`))
	require.NoError(t, err)
	rep := audit(t, s)
	var failing []string
	for _, f := range rep.Failures() {
		failing = append(failing, fmt.Sprintf("%s %s %s", f.Scheme, f.Variable, f.Field))
	}
	assert.Equal(t, []string{"dark --link colors.link.dark", "dark --link-visited colors.link.dark"}, failing)
}

// The default data judges every variable its components paint but those
// it marks, and passes.
func TestDefaultDataJudgesEveryContentVariable(t *testing.T) {
	s := defaultSnapshot(t)
	rep, err := engineOf(s).Audit(s, contrast.Policy{})
	require.NoError(t, err)
	assert.True(t, rep.OK(), "the default data passes: %v", rep.Failures())
	judgedVars := map[string]bool{}
	for _, f := range rep.Findings {
		judgedVars[f.Variable] = true
	}
	cat := s.CompiledCatalog().Catalog()
	for _, c := range cat.Components {
		if c.Hidden || len(c.ContrastAgainst) == 0 {
			continue
		}
		for _, v := range c.Variables {
			assert.Equal(t, v.Role == theming.RoleContent, judgedVars[v.CSSVariable], "%s (role %q) of %s", v.CSSVariable, v.Role, c.ID)
		}
	}
	for _, name := range []string{"--link-hover", "--link-visited", "--border-strong", "--input-border-hover", "--group-header-text-muted", "--primary-button-active"} {
		assert.True(t, judgedVars[name], "%s carries content: it is judged", name)
	}
}

// A failing state is fixed by an edit of the field it derives from,
// verified on the whole theme: the derivation moves with it.
func TestAFailingStateIsFixedThroughItsComponentsField(t *testing.T) {
	s, err := theming.Load(linkCatalog(`{"css_variable": "--link-visited", "lightness_offset": -18}`),
		[]byte(`{"themes": [{"id": 1, "name": "Plain", "colors": {}}]}`))
	require.NoError(t, err)
	rep := audit(t, s)
	fails := rep.Failures()
	require.Len(t, fails, 1, "premise: the visited state, 52% on the dark page")
	require.Equal(t, "--link-visited", fails[0].Variable)
	edit, ok := rep.SuggestEdit(fails[0])
	require.True(t, ok, "an edit of the link's dark field fixes its visited state")
	assert.Equal(t, "colors.link.dark", edit.Field)
	assert.True(t, edit.Applies)
	after, err := engineOf(s).AuditTheme(theming.Theme{ID: 1, Name: "Plain", Colors: map[string]theming.PerScheme{"link": {Dark: edit.To}}}, contrast.Policy{})
	require.NoError(t, err)
	assert.True(t, after.OK(), "the theme with the edit passes every pair: %v", after.Failures())
}

package axepage_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/testkit/axepage"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

func defaultSnapshot(t *testing.T) *theming.Snapshot {
	t.Helper()
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	return snap
}

// TestDefaultThemesPassInChromium loads every theme of the default data
// in light and dark, with the scheme chosen by the emulated
// prefers-color-scheme and by the data-color-scheme attribute, and
// requires axe-core's pass on every text rule, 3:1 on every non-text rule
// and the theme's own colors on every element.
func TestDefaultThemesPassInChromium(t *testing.T) {
	snap := defaultSnapshot(t)
	b := axepage.Launch(t)
	for _, tc := range []struct {
		name      string
		opts      axepage.Options
		viaThemes bool // the themes given as a list, as a function returns them
	}{
		{"every default theme passes AA in both schemes chosen by prefers-color-scheme", axepage.Options{}, false},
		{"every default theme, given as a theme list, passes AA in both schemes chosen by data-color-scheme", axepage.Options{ByAttribute: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res axepage.Result
			if tc.viaThemes {
				var themes []theming.Theme
				for _, rt := range snap.Themes() {
					themes = append(themes, rt.Theme())
				}
				res = b.CheckThemes(t, snap.CompiledCatalog(), themes, tc.opts)
			} else {
				res = b.Check(t, snap, tc.opts)
			}
			assert.Equal(t, 2*len(snap.Themes()), res.Pages)
			// 105 contrast_against entries per scheme on the default
			// catalog (issue 20), judging 156 variables per scheme since
			// issue 37 (every variable its component paints but the
			// decorations, disabled states and surfaces), 76 of them text.
			assert.Equal(t, 2*len(snap.Themes())*76, res.TextRules)
			assert.Equal(t, 2*len(snap.Themes())*80, res.NonText)
			rep, err := fix.New(snap.CompiledCatalog()).Audit(snap, contrast.Policy{})
			require.NoError(t, err)
			assert.Equal(t, rep.Checked, res.TextRules+res.NonText, "the page paints every pair the audit judged")
			t.Logf("%d pairs judged in Chromium (%d text by axe-core, %d non-text by the computed colors), as many as the audit's", res.TextRules+res.NonText, res.TextRules, res.NonText)
		})
	}
}

// ruleKey names a rule in one scheme.
type ruleKey struct {
	scheme    theming.Scheme
	component string
	target    string
}

// pairKey names a rule's pair in one scheme: the rule and the variable
// it judged.
type pairKey struct {
	ruleKey
	variable string
}

// TestHarnessCatchesBrokenThemes shows the harness able to fail: themes
// broken in several ways get violations in Chromium, and exactly on the
// rules the library's own audit fails under the rendered method (the
// ratio axe-core computes), text rules by axe-core and non-text rules by
// the harness's measure of the computed colors.
func TestHarnessCatchesBrokenThemes(t *testing.T) {
	snap := defaultSnapshot(t)
	b := axepage.Launch(t)
	for _, tc := range []struct {
		name      string
		component string
		override  theming.PerScheme
		// mustFail are rules the violations must include, worked out by
		// hand; failSchemes the schemes that must have violations.
		mustFail    []ruleKey
		failSchemes []theming.Scheme
		nonText     bool // non-text violations expected too
	}{
		{"text too light in both schemes is caught in both", "text-primary",
			theming.PerScheme{Light: "hsl(0, 0%, 70%)", Dark: "hsl(0, 0%, 30%)"},
			[]ruleKey{{theming.Light, "text-primary", "page-background"}, {theming.Dark, "text-primary", "page-background"}},
			[]theming.Scheme{theming.Light, theming.Dark}, false},
		{"text too light in dark only is caught in dark only", "text-primary",
			theming.PerScheme{Dark: "hsl(0, 0%, 35%)"},
			[]ruleKey{{theming.Dark, "text-primary", "page-background"}},
			[]theming.Scheme{theming.Dark}, false},
		{"translucent text is caught once flattened", "text-primary",
			theming.PerScheme{Light: "hsla(220, 30%, 15%, 0.45)"},
			[]ruleKey{{theming.Light, "text-primary", "page-background"}},
			[]theming.Scheme{theming.Light}, false},
		{"an oklch() text too light in both schemes is caught as Chromium paints it", "text-primary",
			theming.PerScheme{Light: "oklch(80% 0.05 260)", Dark: "oklch(35% 0.05 260)"},
			[]ruleKey{{theming.Light, "text-primary", "page-background"}, {theming.Dark, "text-primary", "page-background"}},
			[]theming.Scheme{theming.Light, theming.Dark}, false},
		{"a Display-P3 text outside sRGB too dark in dark only is caught, clipped as axe-core clips it", "text-primary",
			theming.PerScheme{Dark: "color(display-p3 0.1 0.35 0.05)"},
			[]ruleKey{{theming.Dark, "text-primary", "page-background"}},
			[]theming.Scheme{theming.Dark}, false},
		{"a brand too light for its buttons and focus rings is caught, non-text rules too", "primary",
			theming.PerScheme{Light: "hsl(214, 82%, 80%)"},
			nil,
			[]theming.Scheme{theming.Light}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th := snap.Themes()[0].Theme()
			if th.Colors == nil {
				th.Colors = map[string]theming.PerScheme{}
			}
			th.Colors[tc.component] = tc.override
			broken, err := snap.CompiledCatalog().Snapshot([]theming.Theme{th})
			require.NoError(t, err)

			res := b.Run(t, broken, axepage.Options{})
			require.Empty(t, res.Mismatches, "the page must show the broken theme's colors")
			require.NotEmpty(t, res.Violations, "the broken theme must fail")

			got, gotPairs := map[ruleKey]bool{}, map[pairKey]bool{}
			schemes := map[theming.Scheme]bool{}
			nonText := 0
			for _, v := range res.Violations {
				if v.Check == "non-text" {
					nonText++
					assert.Equal(t, "fail", v.Outcome, "%s", v)
				} else {
					assert.Equal(t, "violation", v.Outcome, "%s", v)
				}
				got[ruleKey{v.Scheme, v.Component, v.Target.Value}] = true
				gotPairs[pairKey{ruleKey{v.Scheme, v.Component, v.Target.Value}, v.Variable}] = true
				schemes[v.Scheme] = true
			}
			for _, k := range tc.mustFail {
				assert.True(t, got[k], "%s on %s is not reported in %s: %v", k.component, k.target, k.scheme, res.Violations)
			}
			for _, sc := range theming.Schemes() {
				assert.Equal(t, slices.Contains(tc.failSchemes, sc), schemes[sc], "violations in %s", sc)
			}
			assert.Equal(t, tc.nonText, nonText > 0, "non-text violations: %d", nonText)

			rep, err := fix.New(broken.CompiledCatalog()).Audit(broken, contrast.Policy{Method: contrast.Rendered})
			require.NoError(t, err)
			want := map[pairKey]bool{}
			for _, f := range rep.Failures() {
				want[pairKey{ruleKey{f.Scheme, f.Component, f.Target.Value}, f.Variable}] = true
			}
			assert.Equal(t, want, gotPairs, "axe-core and the rendered audit must fail the same pairs, variable by variable")
		})
	}
}

// withVariant returns a stylesheet function that appends, after each
// theme's sheet, a high-contrast block in the form issue 20 gives it
// (under prefers-contrast: more and under :root[data-contrast="more"])
// that sets --text-primary to text.
func withVariant(e *fix.Engine, text string) func(*theming.ResolvedTheme) string {
	return func(rt *theming.ResolvedTheme) string {
		return string(css.Stylesheet(rt, e.HighContrast(rt))) + fmt.Sprintf("@media (prefers-contrast: more) {\n  :root {\n    --text-primary: %s;\n  }\n}\n:root[data-contrast=\"more\"] {\n  --text-primary: %s;\n}\n", text, text)
	}
}

// TestHarnessEmulatesContrastMore checks that the harness loads what
// prefers-contrast: more (emulated, or data-contrast="more") selects and
// judges it at the level asked: a variant block with text too light is
// invisible to normal runs and caught in 'more' runs, and a variant with
// text between 4.5:1 and 7:1 passes AA and fails AAA
// (color-contrast-enhanced).
func TestHarnessEmulatesContrastMore(t *testing.T) {
	snap := defaultSnapshot(t)
	b := axepage.Launch(t)
	first := []int{snap.Themes()[0].ID()}
	light := []theming.Scheme{theming.Light}
	textPrimaryFails := func(res axepage.Result, check string) bool {
		return slices.ContainsFunc(res.Violations, func(v axepage.Violation) bool {
			return v.Component == "text-primary" && v.Target.Value == "page-background" && v.Check == check
		})
	}
	for _, tc := range []struct {
		name      string
		text      string
		opts      axepage.Options
		failCheck string // the check that must fail text-primary, "" for none
	}{
		{"a too light variant is not applied without prefers-contrast: more", "hsl(0, 0%, 60%)",
			axepage.Options{}, ""},
		{"a too light variant fails AA under emulated prefers-contrast: more", "hsl(0, 0%, 60%)",
			axepage.Options{ContrastMore: true}, "color-contrast"},
		{"a too light variant fails AA under data-contrast=more", "hsl(0, 0%, 60%)",
			axepage.Options{ContrastMore: true, ByAttribute: true}, "color-contrast"},
		{"a variant at about 5.5:1 passes AA under prefers-contrast: more", "hsl(0, 0%, 38%)",
			axepage.Options{ContrastMore: true}, ""},
		{"a variant at about 5.5:1 fails AAA under prefers-contrast: more", "hsl(0, 0%, 38%)",
			axepage.Options{ContrastMore: true, Level: contrast.AAA}, "color-contrast-enhanced"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Themes, tc.opts.Schemes, tc.opts.Stylesheet = first, light, withVariant(fix.New(snap.CompiledCatalog()), tc.text)
			res := b.Run(t, snap, tc.opts)
			require.Equal(t, 1, res.Pages)
			if tc.failCheck == "" {
				assert.False(t, textPrimaryFails(res, "color-contrast") || textPrimaryFails(res, "color-contrast-enhanced"), "%v", res.Violations)
				if tc.opts.Level == contrast.AA {
					assert.Empty(t, res.Violations)
				}
				return
			}
			assert.True(t, textPrimaryFails(res, tc.failCheck), "text-primary %s on the page background is not reported by %s: %v", tc.text, tc.failCheck, res.Violations)
		})
	}
}

func TestParseComputed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want colorref.Color
	}{
		{"rgb(0, 0, 0)", colorref.SRGB(0, 0, 0, 1)},
		{"rgb(255, 128, 1)", colorref.SRGB(1, 128.0/255, 1.0/255, 1)},
		{"rgba(10, 20, 30, 0.5)", colorref.SRGB(10.0/255, 20.0/255, 30.0/255, 0.5)},
		{"color(srgb 0.126 0.3312 0.774)", colorref.SRGB(32.0/255, 84.0/255, 197.0/255, 1)},
		{"color(srgb 1 0 0.5 / 0.25)", colorref.SRGB(1, 0, 128.0/255, 0.25)},
	} {
		t.Run(tc.in+" parses to its 8-bit color", func(t *testing.T) {
			got, err := axepage.ParseComputed(tc.in)
			require.NoError(t, err)
			assert.True(t, axepage.SameRendered(got, tc.want), "got %s, want %s", got.Hex(), tc.want.Hex())
		})
	}
	// Chromium reports a color written in oklch(), oklab() or Display-P3
	// in its own notation; it is taken clipped into sRGB, as axe-core
	// reads it: the clipped channels are Color.js's
	// (colorref/testdata/notation-vectors.json), rounded to 8 bits.
	for _, tc := range []struct {
		in   string
		want colorref.Color
	}{
		{"color(display-p3 1 0 0)", colorref.SRGB(1, 0, 0, 1)},
		{"color(display-p3 0.3 0.8 0.1)", colorref.SRGB(0, 207.0/255, 0, 1)},
		{"oklch(0.62 0.19 260)", colorref.SRGB(58.0/255, 129.0/255, 246.0/255, 1)},
		{"oklab(0.628 0.2249 0.1258)", colorref.SRGB(1, 0, 0, 1)},
		{"oklch(0.62 0.19 260 / 0.5)", colorref.SRGB(58.0/255, 129.0/255, 246.0/255, 0.5)},
	} {
		t.Run(tc.in+" parses to the 8-bit color it paints", func(t *testing.T) {
			got, err := axepage.ParseComputed(tc.in)
			require.NoError(t, err)
			assert.True(t, axepage.SameRendered(got, tc.want), "got %s, want %s", got.Hex(), tc.want.Hex())
		})
	}
	for _, in := range []string{"", "red", "hsl(0, 0%, 0%)", "rgb(1, 2)", "rgb(256, 0, 0)", "rgba(0, 0, 0, 2)", "color(rec2020 1 0 0)", "oklch(0.5 0.1)", "rgb(a, b, c)"} {
		t.Run(fmt.Sprintf("%q is refused", in), func(t *testing.T) {
			_, err := axepage.ParseComputed(in)
			assert.Error(t, err)
		})
	}
}

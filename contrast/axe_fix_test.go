package contrast_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// TestSuggestedFixesPassAxe renders every suggested fix for a few hundred
// failing pairs in headless Chromium, runs axe-core on the page and
// requires that none is a violation: the foreground fix and the
// background fix of each pair, under the default method Both, at 4.5:1
// (normal text, color-contrast), 3:1 (large text, color-contrast) and 7:1
// (normal text, color-contrast-enhanced). The same page carries the
// exact method's foreground fixes, whose axe violations are counted and
// logged: they are the failures the rendered method exists to prevent.
//
// It needs chromium and the npm folder testdata/axe (npm ci); without
// either it skips, naming what is missing.
func TestSuggestedFixesPassAxe(t *testing.T) {
	browserAndAxe(t)
	rng := rand.New(rand.NewPCG(2026, 1123))
	randColor := func(translucent bool) colorref.Color {
		a := 1.0
		if translucent && rng.IntN(2) == 0 {
			a = float64(50+rng.IntN(50)) / 100
		}
		return mustParseColor(colorref.HSLA(float64(rng.IntN(36000))/100, float64(rng.IntN(10000))/100, float64(rng.IntN(10000))/100, a).String())
	}
	type rule struct {
		required float64
		size     int
		aaa      bool
	}
	rules := []rule{{contrast.TextAA, 16, false}, {contrast.LargeTextAA, 24, false}, {contrast.TextAAA, 16, true}}

	type fixed struct {
		desc  string
		rule  rule
		exact bool // the exact method's fix, counted, not required to pass
	}
	var pairs []axePair
	var fixes []fixed
	failing, perSide := 0, map[contrast.Side]int{}
	for failing < 240 {
		fg, bg, bd := randColor(true), randColor(true), randColor(false)
		r := rules[rng.IntN(len(rules))]
		if contrast.Both.Threshold(r.required).Passes(fg, bg, bd) {
			continue
		}
		sugg := contrast.Suggestions(fg, bg, bd, r.required, contrast.Both)
		if len(sugg) == 0 {
			continue
		}
		failing++
		for _, s := range sugg {
			f, b := fg, bg
			if s.Side == contrast.Foreground {
				f = s.Color
			} else {
				b = s.Color
			}
			perSide[s.Side]++
			pairs = append(pairs, axePair{FG: f.String(), BG: b.String(), Backdrop: bd.String(), SizePx: r.size})
			fixes = append(fixes, fixed{desc: fmt.Sprintf("%s fix %s for %s on %s over %s at %g:1", s.Side, s.Color, fg, bg, bd, r.required), rule: r})
		}
		if ex, ok := contrast.SuggestFor(fg, bg, bd, r.required, contrast.Exact, contrast.Foreground); ok {
			pairs = append(pairs, axePair{FG: ex.String(), BG: bg.String(), Backdrop: bd.String(), SizePx: r.size})
			fixes = append(fixes, fixed{desc: fmt.Sprintf("exact fix %s for %s on %s over %s", ex, fg, bg, bd), rule: r, exact: true})
		}
	}

	recs, version, ua := runAxe(t, pairs)
	t.Logf("axe-core %s in %s", version, ua)
	exactFixes, exactViolations, checked := 0, 0, 0
	for i, f := range fixes {
		res := recs[i].AA
		if f.rule.aaa {
			res = recs[i].AAA
		}
		require.NotNil(t, res, "%s: axe-core did not check it", f.desc)
		if f.exact {
			exactFixes++
			if res.Outcome == "violation" {
				exactViolations++
			}
			continue
		}
		checked++
		if res.Outcome != "pass" {
			t.Errorf("%s: axe-core says %s (fg %s, bg %s, ratio %v, expected %s) %s", f.desc, res.Outcome, res.FG, res.BG, res.Ratio, res.Expected, res.Message)
		}
	}
	t.Logf("%d failing pairs: %d suggested fixes (%d foreground, %d background) rendered, none an axe-core violation", failing, checked, perSide[contrast.Foreground], perSide[contrast.Background])
	t.Logf("for comparison, %d of the exact method's %d foreground fixes are axe-core violations", exactViolations, exactFixes)
	require.GreaterOrEqual(t, checked, 300)
}

// browserAndAxe skips the test, naming what is missing, unless both
// chromium and the pinned axe-core are installed.
func browserAndAxe(t *testing.T) {
	t.Helper()
	browsertest.Chromium(t)
	axeScript(t)
}

func mustParseColor(s string) colorref.Color {
	c, err := colorref.ParseColor(s)
	if err != nil {
		panic(err)
	}
	return c
}

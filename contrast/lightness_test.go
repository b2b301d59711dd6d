package contrast_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// TestThresholdPassesAsCheckDoes: the precomputed predicate gives, for
// every pair, type and policy, the verdict Policy.Check reports.
func TestThresholdPassesAsCheckDoes(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	policies := []contrast.Policy{{}, {Method: contrast.Exact}, {Method: contrast.Rendered}, {Level: contrast.AAA}, {APCA: true}, {Level: contrast.AAA, Method: contrast.Exact, APCA: true}}
	types := []contrast.Type{contrast.Text, contrast.LargeText, contrast.NonText}
	disagreeing := 0
	for n := range 20000 {
		fg, bg, bd := randomColor(rng, true), randomColor(rng, true), randomColor(rng, false)
		p, typ := policies[n%len(policies)], types[n%len(types)]
		th, err := p.Threshold(typ)
		require.NoError(t, err)
		res, err := p.Check(fg, bg, bd, typ)
		require.NoError(t, err)
		require.Equal(t, res.Pass, th.Passes(fg, bg, bd), "%s on %s over %s, %s under %+v", fg, bg, bd, typ, p)
		if res.WCAGPass != contrast.Exact.Judge(res.Exact, 0, res.Required) {
			disagreeing++
		}
	}
	t.Logf("%d pairs where the methods disagree", disagreeing)

	_, err := contrast.Policy{Method: contrast.Method(9)}.Threshold(contrast.Text)
	assert.ErrorIs(t, err, contrast.ErrUnknownMethod)
	_, err = contrast.Policy{Level: contrast.Level(9)}.Threshold(contrast.Text)
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)
	_, err = contrast.Policy{}.Threshold("huge")
	assert.ErrorIs(t, err, contrast.ErrUnknownType)
	assert.False(t, contrast.Threshold{}.Passes(colorref.HSL(0, 0, 0), colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 100)),
		"the zero Threshold passes nothing, not even black on white")
}

func TestThresholdPassesWithoutAllocating(t *testing.T) {
	th, err := contrast.Policy{APCA: true}.Threshold(contrast.Text)
	require.NoError(t, err)
	fg, bg, bd := colorref.HSLA(210, 50, 40, 0.8), colorref.HSLA(0, 0, 95, 0.5), colorref.HSL(0, 0, 100)
	assert.Zero(t, testing.AllocsPerRun(100, func() { th.Passes(fg, bg, bd) }))
}

// lightnessCase is a search problem: checks on pairs whose moving color
// is a function of any lightness, so that a brute force can look between
// the steps the search looks at.
type lightnessCase struct {
	name  string
	l0    float64
	pairs []func(l float64) (fg, bg, bd colorref.Color)
	ths   []contrast.Threshold
	// method is the thresholds' method, under which a tie is decided.
	method contrast.Method
}

func (c lightnessCase) checks() []contrast.LightnessCheck {
	out := make([]contrast.LightnessCheck, len(c.pairs))
	for i, pair := range c.pairs {
		out[i] = contrast.LightnessCheck{
			Pair:      contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return pair(float64(k) / 100) }),
			Threshold: c.ths[i],
		}
	}
	return out
}

func (c lightnessCase) passes(l float64) bool {
	for i, pair := range c.pairs {
		if !c.ths[i].Passes(pair(l)) {
			return false
		}
	}
	return true
}

// TestLightnessSearchNeverMissesAWindow compares the searches with a
// brute force that judges every 0.001 of lightness, ten points per step of
// the searches' grid, on seeded problems: one or two checks on a moving
// foreground or background, checks whose two sides move together (a
// background under a translucent foreground, a color on its own tint),
// and among them two-check problems built to pass only
// in a window of lightness a few thousandths to a few tenths wide, most
// narrower than the 0.25 grid the solver once walked. Every passing
// window the brute force finds that holds a step of the grid (a color
// that prints) is one of LightnessRanges', step for step, and
// NearestLightness returns the passing step nearest the start, as the
// brute force's steps rank them. A window narrower than a step can lie
// between two steps: no printable color passes there, and the brute force
// counts those apart.
func TestLightnessSearchNeverMissesAWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	n := 36
	if testing.Short() {
		n = 10
	}
	windows, narrow, between := 0, 0, 0
	for i := range n {
		c := newLightnessCase(t, rng, i)
		t.Run(c.name, func(t *testing.T) {
			var wantRuns [][2]int // passing windows at 0.001, in thousandths
			for j := 0; j <= 100000; j++ {
				if !c.passes(float64(j) / 1000) {
					continue
				}
				if len(wantRuns) > 0 && wantRuns[len(wantRuns)-1][1] == j-1 {
					wantRuns[len(wantRuns)-1][1] = j
				} else {
					wantRuns = append(wantRuns, [2]int{j, j})
				}
			}
			var want []contrast.LightnessRange
			for _, r := range wantRuns {
				from, to := (r[0]+9)/10, r[1]/10 // the steps of the grid in the window
				if from > to {
					between++
					continue
				}
				windows++
				if to-from < 25 {
					narrow++
				}
				want = append(want, contrast.LightnessRange{Min: float64(from) / 100, Max: float64(to) / 100})
			}
			got := contrast.LightnessRanges(c.checks())
			require.Equal(t, want, got, "the passing ranges on the grid")

			k, ok := contrast.NearestLightness(c.l0, c.checks())
			wantK, wantOK := nearestStep(c, want)
			require.Equal(t, wantOK, ok, "a step passes")
			if ok {
				assert.Equal(t, wantK, k, "the nearest passing step to %v", c.l0)
				assert.True(t, c.passes(float64(k)/100))
			}
		})
	}
	t.Logf("%d passing windows holding a step, all found, %d of them narrower than 0.25; %d narrower windows between two steps", windows, narrow, between)
	assert.Positive(t, narrow, "the generator makes windows narrower than 0.25")
	assert.Positive(t, between, "the generator makes windows narrower than a step")
}

// nearestStep is the brute force's answer to NearestLightness: of the
// steps in want, the one nearest c.l0; on a tie the higher ratio under the
// first check, then the darker.
func nearestStep(c lightnessCase, want []contrast.LightnessRange) (int, bool) {
	best, bestD, found := 0, math.Inf(1), false
	for _, r := range want {
		for k := int(math.Round(r.Min * 100)); k <= int(math.Round(r.Max*100)); k++ {
			d := math.Abs(float64(k)/100 - c.l0)
			if d < bestD || d == bestD && ratioUnder(c, k) > ratioUnder(c, best) {
				best, bestD, found = k, d, true
			}
		}
	}
	return best, found
}

func ratioUnder(c lightnessCase, k int) float64 {
	fg, bg, bd := c.pairs[0](float64(k) / 100)
	res, _ := contrast.Policy{Method: c.method}.Check(fg, bg, bd, contrast.Text)
	return res.Ratio
}

// newLightnessCase draws case i: a third are narrow windows, a third one
// or two checks with one side moving, a third checks whose two sides move.
func newLightnessCase(t *testing.T, rng *rand.Rand, i int) lightnessCase {
	methods := []contrast.Method{contrast.Both, contrast.Exact, contrast.Rendered}
	policy := contrast.Policy{Method: methods[rng.IntN(3)], APCA: i%5 == 4}
	th := func(typ contrast.Type) contrast.Threshold {
		th, err := policy.Threshold(typ)
		require.NoError(t, err)
		return th
	}
	h, s, a := rng.Float64()*360, rng.Float64()*100, 1.0
	if rng.IntN(3) == 0 {
		a = 0.5 + rng.Float64()/2
	}
	moving := func(l float64) colorref.Color { return colorref.HSLA(h, s, l, a) }
	page := randomColor(rng, false)
	c := lightnessCase{name: fmt.Sprintf("case %d %s", i, policy.Method), l0: rng.Float64() * 100, method: policy.Method}
	switch i % 3 {
	case 0: // an opaque foreground between a dark and a light background
		// Under the rendered method a window is a run of 8-bit values, a
		// few tenths of a point wide: most of these are exact.
		policy.APCA, a = false, 1
		if i/3%3 != 2 {
			policy.Method = contrast.Exact
		}
		c.method = policy.Method
		c.name = fmt.Sprintf("case %d %s", i, policy.Method)
		dark := colorref.HSL(rng.Float64()*360, rng.Float64()*100, rng.Float64()*15)
		width := []float64{0.002, 0.004, 0.006, 0.009, 0.015, 0.03, 0.1, 0.2}[i/3%8]
		light := lightFor(moving, dark, page, th(contrast.NonText), width)
		c.name += fmt.Sprintf(" a window about %g wide", width)
		c.pairs = []func(float64) (colorref.Color, colorref.Color, colorref.Color){
			func(l float64) (colorref.Color, colorref.Color, colorref.Color) { return moving(l), dark, page },
			func(l float64) (colorref.Color, colorref.Color, colorref.Color) { return moving(l), light, page },
		}
		c.ths = []contrast.Threshold{th(contrast.NonText), th(contrast.NonText)}
	case 1: // one side moves: the foreground, or the background under an opaque foreground
		fixed := randomColor(rng, true)
		for range 1 + rng.IntN(2) {
			other := randomColor(rng, true)
			if rng.IntN(2) == 0 {
				c.pairs = append(c.pairs, func(l float64) (colorref.Color, colorref.Color, colorref.Color) { return moving(l), other, page })
			} else {
				fixed = fixed.WithAlpha(1)
				c.pairs = append(c.pairs, func(l float64) (colorref.Color, colorref.Color, colorref.Color) { return fixed, moving(l), page })
			}
			c.ths = append(c.ths, th(contrast.Text))
		}
	default: // both sides move: a color on its own tint, a background under a translucent foreground
		over := colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, 0.6)
		c.pairs = []func(float64) (colorref.Color, colorref.Color, colorref.Color){
			func(l float64) (colorref.Color, colorref.Color, colorref.Color) {
				return moving(l), moving(l).WithAlpha(0.12), page
			},
			func(l float64) (colorref.Color, colorref.Color, colorref.Color) { return over, moving(l), page },
		}
		c.ths = []contrast.Threshold{th(contrast.NonText), th(contrast.LargeText)}
	}
	return c
}

// lightFor returns a light background that, with dark, lets the moving
// foreground pass th on both in a window about width wide: the
// foreground must be light enough for dark and dark enough for the light
// one. It bisects the light background's lightness on the window's
// width, measured at 0.0005, between white and the first grey on which
// the foreground at its least passing lightness fails.
func lightFor(moving func(float64) colorref.Color, dark, page colorref.Color, th contrast.Threshold, width float64) colorref.Color {
	// lo is the least lightness of the foreground that passes on dark.
	lo := 100.0
	for l := 0.0; l <= 100; l += 0.01 {
		if th.Passes(moving(l), dark, page) {
			lo = l
			break
		}
	}
	window := func(bgL float64) float64 {
		bg := colorref.HSL(0, 0, bgL)
		w := 0.0
		for l := math.Max(lo-0.5, 0); l <= math.Min(lo+1, 100); l += 0.0005 {
			if th.Passes(moving(l), dark, page) && th.Passes(moving(l), bg, page) {
				w += 0.0005
			}
		}
		return w
	}
	// Going down from white, the first grey on which the foreground at lo
	// fails: from there up the window only widens.
	a := 100.0
	for a > 0 && th.Passes(moving(lo), colorref.HSL(0, 0, a), page) {
		a -= 0.25
	}
	b := 100.0
	for range 20 {
		m := (a + b) / 2
		if window(m) < width {
			a = m
		} else {
			b = m
		}
	}
	return colorref.HSL(0, 0, b)
}

// TestLightnessSearchWithTheZeroThreshold: the zero Threshold passes
// nowhere, so neither search finds a step.
func TestLightnessSearchWithTheZeroThreshold(t *testing.T) {
	for _, l0 := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), 1e300} {
		_, ok := contrast.NearestLightness(l0, nil)
		assert.True(t, ok, "with no checks every step passes, from %v too", l0)
	}
	checks := []contrast.LightnessCheck{{
		Pair: contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) {
			return colorref.HSL(0, 0, float64(k)/100), colorref.HSL(0, 0, 0), colorref.HSL(0, 0, 0)
		}),
	}}
	_, ok := contrast.NearestLightness(50, checks)
	assert.False(t, ok)
	assert.Empty(t, contrast.LightnessRanges(checks))
}

// randomColor draws a color, translucent half the time when translucent
// is set, its values canonical half the time, as parsed catalogs' are.
func randomColor(rng *rand.Rand, translucent bool) colorref.Color {
	h, s, l := rng.Float64()*360, rng.Float64()*100, rng.Float64()*100
	a := 1.0
	if translucent && rng.IntN(2) == 0 {
		a = 0.05 + rng.Float64()*0.95
	}
	if rng.IntN(2) == 0 {
		return colorref.HSLA(math.Round(h*100)/100, math.Round(s*100)/100, math.Round(l*100)/100, math.Round(a*100)/100)
	}
	return colorref.HSLA(h, s, l, a)
}

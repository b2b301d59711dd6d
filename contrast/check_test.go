package contrast_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

func TestRequired(t *testing.T) {
	tests := []struct {
		name  string
		typ   contrast.Type
		level contrast.Level
		want  float64
	}{
		{"text at AA needs 4.5", contrast.Text, contrast.AA, 4.5},
		{"text at AAA needs 7", contrast.Text, contrast.AAA, 7},
		{"large text at AA needs 3", contrast.LargeText, contrast.AA, 3},
		{"large text at AAA needs 4.5", contrast.LargeText, contrast.AAA, 4.5},
		{"non-text at AA needs 3", contrast.NonText, contrast.AA, 3},
		{"non-text at AAA still needs 3", contrast.NonText, contrast.AAA, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := contrast.Required(tt.typ, tt.level)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got, "Required(%q, %v)", tt.typ, tt.level)
		})
	}
}

func TestRequiredRejectsUnknownValues(t *testing.T) {
	_, err := contrast.Required("decorative", contrast.AA)
	assert.ErrorIs(t, err, contrast.ErrUnknownType)
	_, err = contrast.Required(contrast.Text, contrast.Level(7))
	assert.ErrorIs(t, err, contrast.ErrUnknownLevel)
	_, err = contrast.Policy{Level: contrast.AA}.Check(mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsl(0, 0%, 100%)"), mustParse(t, "hsl(0, 0%, 100%)"), "Text")
	assert.ErrorIs(t, err, contrast.ErrUnknownType, "type names are case-sensitive")
}

func TestParseType(t *testing.T) {
	for _, s := range []string{"text", "large-text", "non-text"} {
		got, err := contrast.ParseType(s)
		require.NoError(t, err, "ParseType(%q)", s)
		assert.Equal(t, contrast.Type(s), got)
	}
	for _, s := range []string{"", "Text", "nontext", "graphics"} {
		_, err := contrast.ParseType(s)
		assert.ErrorIs(t, err, contrast.ErrUnknownType, "ParseType(%q)", s)
	}
}

// The greys below sit on either side of 4.5:1 against white. Their
// lightness was solved by hand (python3) from the WCAG formula:
// L = 1.055·Y^(1/2.4) − 0.055 with Y = 1.05/ratio − 0.05. Both render as
// grey 119 (4.478:1), so only the exact method tells them apart.
func TestExactMethodNeverRounds(t *testing.T) {
	tests := []struct {
		name     string
		fg       string
		wantPass bool
	}{
		{"4.4999:1 fails 4.5 although it prints as 4.50", "hsl(0, 0%, 46.53251787731096%)", false},
		{"4.5001:1 passes", "hsl(0, 0%, 46.53129153612248%)", true},
	}
	white := mustParse(t, "hsl(0, 0%, 100%)")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := contrast.Policy{Level: contrast.AA, Method: contrast.Exact}.Check(mustParse(t, tt.fg), white, white, contrast.Text)
			require.NoError(t, err)
			assert.InDelta(t, 4.5, res.Ratio, 2e-4, "ratio of %s on white", tt.fg)
			assert.Equal(t, tt.wantPass, res.Pass, "Policy{Method: Exact}.Check(%s on white) = %v", tt.fg, res)
			assert.Equal(t, 4.5, res.Required)
		})
	}
}

// The ratios were computed by examples/themecheck/testdata/reference.py's
// exact and rendered functions (python3), not by this package:
//
//	hsla(0, 80%, 48.26%, 0.9) on white: exact 4.510034, rendered 4.499706
//	hsl(0, 0%, 46.666…%) (#777) on white: exact = rendered = 4.478089
func TestCheckJudgesUnderBoth(t *testing.T) {
	white := mustParse(t, "hsl(0, 0%, 100%)")
	tests := []struct {
		name       string
		fg         string
		typ        contrast.Type
		level      contrast.Level
		wantPass   bool
		wantExact  bool // the verdict of the exact method alone
		wantString string
	}{
		{"a pair that passes exactly but renders below 4.5 fails", "hsla(0, 80%, 48.26%, 0.9)", contrast.Text, contrast.AA, false, true,
			"4.49:1 < 4.5:1 text AA both (exact 4.51:1, rendered 4.49:1): fail"},
		{"#777 on white fails text at AA", "hsl(0, 0%, 46.666666666666664%)", contrast.Text, contrast.AA, false, false,
			"4.47:1 < 4.5:1 text AA both: fail"},
		{"#777 on white passes non-text at AAA", "hsl(0, 0%, 46.666666666666664%)", contrast.NonText, contrast.AAA, true, true,
			"4.47:1 >= 3:1 non-text AAA both: pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg := mustParse(t, tt.fg)
			res, err := contrast.Policy{Level: tt.level}.Check(fg, white, white, tt.typ)
			require.NoError(t, err)
			assert.Equal(t, contrast.Both, res.Method)
			assert.Equal(t, tt.wantPass, res.Pass, "Policy{}.Check = %v", res)
			assert.Equal(t, tt.wantString, res.String())
			over, err := contrast.Policy{Level: tt.level}.Check(fg, white, mustParse(t, "hsl(0, 0%, 10%)"), tt.typ)
			require.NoError(t, err)
			assert.Equal(t, tt.wantPass, over.Pass, "an opaque background hides the backdrop: %v", over)
			exact, err := contrast.Policy{Level: tt.level, Method: contrast.Exact}.Check(fg, white, white, tt.typ)
			require.NoError(t, err)
			assert.Equal(t, tt.wantExact, exact.Pass, "Policy{Method: Exact}.Check = %v", exact)
		})
	}
}

// TestThePolicyDefaultJudgesBothMethods draws a few thousand seeded
// pairs near 3:1, 4.5:1 and 7:1, with translucent foregrounds and
// backgrounds over random page colors, and requires the zero Policy's
// method, Both, to pass a pair exactly when Exact and Rendered both pass
// it, at AA and AAA and for every type, and Threshold.Passes to give
// Check's verdict. It also requires the sample to hold pairs on which the
// exact method alone judges otherwise, so that a default judging the
// exact ratio would fail it.
func TestThePolicyDefaultJudgesBothMethods(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	types := []contrast.Type{contrast.Text, contrast.LargeText, contrast.NonText}
	const n = 3000
	sampled, translucentFG, translucentBG, exactDiffers := 0, 0, 0, 0
	for sampled < n {
		target := []float64{3, 4.5, 7}[sampled%3]
		fg, bg, backdrop, ok := pairNear(rng, target)
		if !ok {
			continue
		}
		sampled++
		if !fg.Opaque() {
			translucentFG++
		}
		if !bg.Opaque() {
			translucentBG++
		}
		for _, typ := range types {
			for _, lv := range []contrast.Level{contrast.AA, contrast.AAA} {
				def, err := contrast.Policy{Level: lv}.Check(fg, bg, backdrop, typ)
				require.NoError(t, err)
				exact, err := contrast.Policy{Level: lv, Method: contrast.Exact}.Check(fg, bg, backdrop, typ)
				require.NoError(t, err)
				rendered, err := contrast.Policy{Level: lv, Method: contrast.Rendered}.Check(fg, bg, backdrop, typ)
				require.NoError(t, err)
				if !assert.Equal(t, exact.Pass && rendered.Pass, def.Pass, "Policy{Level: %s}.Check(%s, %s, %s, %s) = %v; exact %v, rendered %v", lv, fg, bg, backdrop, typ, def, exact, rendered) {
					return
				}
				th, err := contrast.Policy{Level: lv}.Threshold(typ)
				require.NoError(t, err)
				if !assert.Equal(t, def.Pass, th.Passes(fg, bg, backdrop), "Threshold.Passes(%s, %s, %s) against %v", fg, bg, backdrop, def) {
					return
				}
				if exact.Pass != def.Pass {
					exactDiffers++
				}
			}
		}
	}
	t.Logf("%d pairs: %d translucent foregrounds, %d translucent backgrounds, %d verdicts the exact method alone gives otherwise",
		n, translucentFG, translucentBG, exactDiffers)
	assert.Greater(t, translucentFG, n/4, "translucent foregrounds are sampled")
	assert.Greater(t, translucentBG, n/4, "translucent backgrounds are sampled")
	assert.Greater(t, exactDiffers, 50, "the sample holds pairs where the default and the exact method disagree")
}

// pairNear draws a background (translucent half the time) over a random
// opaque backdrop, and a foreground (translucent half the time) whose
// lightness, on the 0.01 grid a catalog prints, puts the exact ratio
// within about 0.05 of target. It reports false when no lightness of the
// drawn hue and saturation reaches the target on that background.
func pairNear(rng *rand.Rand, target float64) (fg, bg, backdrop colorref.Color, ok bool) {
	alpha := func() float64 {
		if rng.IntN(2) == 0 {
			return 1
		}
		return 0.5 + rng.Float64()*0.5
	}
	backdrop = colorref.HSL(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100)
	bg = colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, alpha())
	h, s, a := rng.Float64()*360, rng.Float64()*100, alpha()
	ratio := func(l float64) float64 { return contrast.RatioOver(colorref.HSLA(h, s, l, a), bg, backdrop) }
	// The ratio falls as the foreground's lightness nears the background's
	// and rises past it: look for the target on the side of a random end.
	lo, hi := 0.0, 100.0
	if rng.IntN(2) == 0 {
		lo, hi = hi, lo
	}
	if ratio(lo) < target {
		lo, hi = hi, lo
		if ratio(lo) < target {
			return fg, bg, backdrop, false
		}
	}
	// ratio(lo) >= target; bisect towards the crossing nearest lo.
	for hi-lo > 1e-6 || lo-hi > 1e-6 {
		mid := (lo + hi) / 2
		if ratio(mid) >= target {
			lo = mid
		} else {
			hi = mid
		}
	}
	l := math.Round((lo+(rng.Float64()-0.5)*0.4)*100) / 100
	return colorref.HSLA(h, s, l, a), bg, backdrop, true
}

// Black on a 20% white is judged over the backdrop: over white the
// background is white (21:1), over black it is sRGB 0.2, whose ratio
// against black is (0.0331+0.05)/0.05 = 1.66.
func TestCheckCompositesOverTheBackdrop(t *testing.T) {
	fg, bg := mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsla(0, 0%, 100%, 0.2)")
	onWhite, err := contrast.Policy{}.Check(fg, bg, mustParse(t, "hsl(0, 0%, 100%)"), contrast.NonText)
	require.NoError(t, err)
	assert.True(t, onWhite.Pass, "over white: %v", onWhite)
	assert.InDelta(t, 21, onWhite.Exact, 1e-9)
	onBlack, err := contrast.Policy{}.Check(fg, bg, mustParse(t, "hsl(0, 0%, 0%)"), contrast.NonText)
	require.NoError(t, err)
	assert.False(t, onBlack.Pass, "over black: %v", onBlack)
	assert.InDelta(t, 1.66, onBlack.Exact, 0.01)
}

// The expected strings are the decimals of each input cut after two
// places, written by hand.
func TestFormatRatio(t *testing.T) {
	tests := []struct {
		name string
		r    float64
		want string
	}{
		{"a ratio just below 4.5 is not rounded up", 4.4999, "4.49:1"},
		{"a ratio one ulp below 7 is not rounded up", math.Nextafter(7, 0), "6.99:1"},
		{"the minimum itself keeps two places", 4.5, "4.50:1"},
		{"a whole ratio gets two zeros", 21, "21.00:1"},
		{"no contrast is 1.00:1", 1, "1.00:1"},
		{"a ratio above a threshold is cut, not rounded", 4.478089, "4.47:1"},
		{"a ratio with one decimal gets a zero", 3.1, "3.10:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, contrast.FormatRatio(tt.r))
		})
	}
}

func TestLevelString(t *testing.T) {
	assert.Equal(t, "AA", contrast.AA.String())
	assert.Equal(t, "AAA", contrast.AAA.String())
	assert.Equal(t, "Level(5)", contrast.Level(5).String())
}

// APCA is signed by polarity and asymmetric.
func TestAPCASignAndSymmetry(t *testing.T) {
	black, white := mustParse(t, "hsl(0, 0%, 0%)"), mustParse(t, "hsl(0, 0%, 100%)")
	assert.Greater(t, contrast.APCA(black, white), 0.0, "dark text on light is positive")
	assert.Less(t, contrast.APCA(white, black), 0.0, "light text on dark is negative")
	assert.NotEqual(t, -contrast.APCA(black, white), contrast.APCA(white, black), "APCA is not symmetric")
	assert.Equal(t, 0.0, contrast.APCA(black, black), "identical colors have no contrast")
	grey := mustParse(t, "hsla(0, 0%, 0%, 0.5)")
	assert.Equal(t, contrast.APCA(contrast.Composite(grey, white), white), contrast.APCA(grey, white),
		"translucent text is composited over the background")
	assert.Equal(t, contrast.APCA(black, contrast.Composite(grey, white)), contrast.APCAOver(black, grey, white))
}

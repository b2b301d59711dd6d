package contrast

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/colorref"
)

// TestRGBA8IsHalfAStepFromSRGB requires every 8-bit channel of an opaque
// color to lie within half a step and a tenth of channel8Slack of its
// exact channel, on two million seeded colors: a third of them on the
// grid a catalog prints (hue, saturation and lightness to two decimals),
// one in eight a grey, and every lightness of the printed grid in grey.
func TestRGBA8IsHalfAStepFromSRGB(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 255))
	worst, at := 0.0, colorref.Color{}
	check := func(c colorref.Color) {
		r, g, b, _ := c.SRGB()
		r8, g8, b8, _ := c.RGBA8()
		for i, v := range [3]float64{r, g, b} {
			k := [3]uint8{r8, g8, b8}[i]
			if d := math.Abs(v-float64(k)/255) - 0.5/255; d > worst {
				worst, at = d, c
			}
		}
	}
	printed := func(x float64) float64 { return math.Round(x*100) / 100 }
	for range 2_000_000 {
		h, s, l := rng.Float64()*360, rng.Float64()*100, rng.Float64()*100
		if rng.IntN(3) == 0 {
			h, s, l = printed(h), printed(s), printed(l)
		}
		if rng.IntN(8) == 0 {
			s = 0
		}
		check(colorref.HSL(h, s, l))
	}
	for k := range LightnessSteps + 1 {
		check(colorref.HSL(0, 0, float64(k)/100))
	}
	t.Logf("largest distance beyond half a step: %.3g (%v)", worst, at)
	assert.LessOrEqual(t, worst, channel8Slack/10, "%v", at)
}

// TestExactSurelyPassesIsSound requires exactSurelyPasses to be true only
// of pairs whose exact ratio, by the formula evaluated with math.Pow, is
// at least the minimum, on opaque seeded pairs and on opaque pairs placed
// at 3, 4.5 and 7 to the last float64; and to spare the exact ratio of
// most pairs that pass clearly.
func TestExactSurelyPassesIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 8))
	var cases []exactCase
	for _, target := range []float64{LargeTextAA, TextAA, TextAAA} {
		cases = append(cases, thresholdPairs(rng, target, 300, false)...)
	}
	for range verdictSample() {
		cases = append(cases, randomPair(rng, false))
	}
	clear, spared, atThreshold := 0, 0, 0
	for _, c := range cases {
		exact := refRatioOver(c.fg, c.bg, c.backdrop)
		fr, fg8, fb, br, bg8, bb := renderedPair(c.fg, c.bg, c.backdrop)
		for _, req := range []float64{LargeTextAA, TextAA, TextAAA} {
			sure := exactSurelyPasses(fr, fg8, fb, br, bg8, bb, req)
			if sure && exact < req {
				t.Fatalf("exactSurelyPasses(%v on %v, %v) is true; the exact ratio is %v", c.fg, c.bg, req, exact)
			}
			if exact >= 1.1*req {
				clear++
				if sure {
					spared++
				}
			}
			if sure && exact < req*(1+1e-9) {
				atThreshold++
			}
		}
	}
	t.Logf("%d pairs: the exact ratio spared for %d of %d clear passes", len(cases), spared, clear)
	assert.Greater(t, spared, clear*9/10, "the bounds decide most clear passes")
	assert.Zero(t, atThreshold, "no pair at the threshold is decided by its bounds")
}

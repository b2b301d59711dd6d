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

// The Both cases are checked by hand with the WCAG formula on 8-bit
// greys: grey 118 on white is 4.542:1 and grey 119 is 4.478:1. The exact
// method's answer for grey text on white, 46.53%, renders as
// 0.4653·255 = 118.65 → 119 and fails in the browser; 46.47% is the
// nearest grid lightness that renders as 118 (0.4647·255 = 118.4985) and
// passes both.
func TestSuggestLightnessPassesBothMethods(t *testing.T) {
	tests := []struct {
		name     string
		fg, bg   string
		side     contrast.Side
		required float64
		want     string
	}{
		{
			name: "grey text on white skips the exact answer that renders one step too light",
			fg:   "hsl(0, 0%, 60%)", bg: "hsl(0, 0%, 100%)", side: contrast.Foreground,
			required: 4.5, want: "hsl(0, 0%, 46.47%)",
		},
		{
			name: "a white-text rule can move the grey background instead, to the same lightness",
			fg:   "hsl(0, 0%, 100%)", bg: "hsl(0, 0%, 60%)", side: contrast.Background,
			required: 4.5, want: "hsl(0, 0%, 46.47%)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg, bg := mustParse(t, tt.fg), mustParse(t, tt.bg)
			white := colorref.HSL(0, 0, 100)
			got, ok := contrast.SuggestFor(fg, bg, white, tt.required, contrast.Both, tt.side)
			require.True(t, ok)
			assert.Equal(t, tt.want, got.String())
			if tt.side == contrast.Foreground {
				same, _ := contrast.SuggestLightness(fg, bg, white, tt.required)
				assert.Equal(t, got, same, "SuggestLightness is SuggestFor(Both, Foreground)")
			}
		})
	}
}

// TestSuggestForGeneratedPairs draws failing pairs with a fixed seed,
// opaque and translucent, and checks every suggestion on both sides under
// Both and Rendered: it passes, its printed form passes, it keeps hue,
// saturation and alpha as printed, and (for the first pairs, by scanning
// all 10001 grid lightnesses) no nearer grid lightness passes.
func TestSuggestForGeneratedPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2026))
	pairs, bruteForce := 300, 40
	if testing.Short() {
		pairs, bruteForce = 60, 10
	}
	requirements := []float64{contrast.NonTextAA, contrast.TextAA, contrast.TextAAA}
	randColor := func(translucent bool) colorref.Color {
		a := 1.0
		if translucent && rng.IntN(2) == 0 {
			a = 0.3 + rng.Float64()*0.7
		}
		return colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, a)
	}
	solved := map[contrast.Side]int{}
	for n := 0; n < pairs; {
		fg, bg, backdrop := randColor(true), randColor(true), randColor(false)
		required := requirements[rng.IntN(len(requirements))]
		if contrast.Both.Threshold(required).Passes(fg, bg, backdrop) {
			continue
		}
		n++
		for _, m := range []contrast.Method{contrast.Both, contrast.Rendered} {
			for _, side := range []contrast.Side{contrast.Foreground, contrast.Background} {
				got, ok := contrast.SuggestFor(fg, bg, backdrop, required, m, side)
				desc := fmt.Sprintf("SuggestFor(%s, %s, %s, %g, %s, %s) = %s", fg, bg, backdrop, required, m, side, got)
				orig := fg
				if side == contrast.Background {
					orig = bg
				}
				pairWith := func(c colorref.Color) (colorref.Color, colorref.Color) {
					if side == contrast.Background {
						return fg, c
					}
					return c, bg
				}
				if n <= bruteForce {
					want, wantOK := nearestPassingUnder(orig, pairWith, backdrop, required, m)
					require.Equal(t, wantOK, ok, "%s: brute force found %s", desc, want)
					require.Equal(t, want, got, "%s: the nearest passing grid point", desc)
				}
				if !ok {
					continue
				}
				solved[side]++
				printed, err := colorref.ParseColor(got.String())
				require.NoError(t, err, desc)
				require.Equal(t, got, printed, "%s is exactly its printed form", desc)
				f, b := pairWith(printed)
				require.True(t, m.Threshold(required).Passes(f, b, backdrop), "%s passes", desc)
				if m == contrast.Both {
					require.GreaterOrEqual(t, contrast.RatioOver(f, b, backdrop), required, "%s: exact", desc)
					require.Greater(t, contrast.RatioRendered(f, b, backdrop), required, "%s: rendered", desc)
				}
				h, s, _, a := orig.HSLA()
				gh, gs, _, ga := got.HSLA()
				assert.InDelta(t, h, gh, 0.005, "%s keeps the hue", desc)
				assert.InDelta(t, s, gs, 0.005, "%s keeps the saturation", desc)
				assert.InDelta(t, a, ga, 0.005, "%s keeps the alpha", desc)
			}
		}
	}
	t.Logf("%d failing pairs: %d foreground and %d background fixes", pairs, solved[contrast.Foreground], solved[contrast.Background])
	assert.Positive(t, solved[contrast.Foreground])
	assert.Positive(t, solved[contrast.Background])
}

// nearestPassingUnder is the brute-force oracle for SuggestFor: every grid
// lightness of orig with hue, saturation and alpha rounded as printed, the
// one nearest orig's lightness that passes under m (ties: higher ratio
// under m, then darker).
func nearestPassingUnder(orig colorref.Color, pairWith func(colorref.Color) (colorref.Color, colorref.Color), backdrop colorref.Color, required float64, m contrast.Method) (colorref.Color, bool) {
	h, s, l, a := orig.HSLA()
	r2 := func(v float64) float64 { return math.Round(v*100) / 100 }
	var best colorref.Color
	bestDist, bestRatio := math.Inf(1), 0.0
	for k := 0; k <= 10000; k++ {
		c := colorref.HSLA(r2(h), r2(s), float64(k)/100, r2(a))
		f, b := pairWith(c)
		if !m.Threshold(required).Passes(f, b, backdrop) {
			continue
		}
		ratio := contrast.RatioRendered(f, b, backdrop)
		if m == contrast.Both {
			ratio = math.Min(ratio, contrast.RatioOver(f, b, backdrop))
		}
		d := math.Abs(float64(k)/100 - l)
		if d < bestDist || (d == bestDist && ratio > bestRatio) {
			best, bestDist, bestRatio = c, d, ratio
		}
	}
	return best, !math.IsInf(bestDist, 1)
}

func TestSuggestions(t *testing.T) {
	white := colorref.HSL(0, 0, 100)
	t.Run("both sides come back, the nearer first", func(t *testing.T) {
		// Grey 55% text on a grey 50% card: the text must move far, the
		// card too; whichever is nearer leads.
		fg, bg := colorref.HSL(0, 0, 55), colorref.HSL(0, 0, 50)
		got := contrast.Suggestions(fg, bg, white, contrast.NonTextAA, contrast.Both)
		require.Len(t, got, 2)
		assert.LessOrEqual(t, got[0].Distance, got[1].Distance)
		assert.NotEqual(t, got[0].Side, got[1].Side)
		for _, s := range got {
			f, b := fg, bg
			if s.Side == contrast.Foreground {
				f = s.Color
			} else {
				b = s.Color
			}
			assert.True(t, contrast.Both.Threshold(contrast.NonTextAA).Passes(f, b, white), "%s fix %s", s.Side, s.Color)
		}
	})
	t.Run("a passing pair needs no suggestion", func(t *testing.T) {
		assert.Nil(t, contrast.Suggestions(colorref.HSL(0, 0, 0), white, white, contrast.TextAAA, contrast.Both))
	})
	t.Run("a pair no lightness fixes gets none", func(t *testing.T) {
		clear := colorref.HSLA(0, 0, 0, 0)
		assert.Empty(t, contrast.Suggestions(clear, clear, white, contrast.TextAA, contrast.Both))
	})
}

func TestSideString(t *testing.T) {
	assert.Equal(t, "foreground", contrast.Foreground.String())
	assert.Equal(t, "background", contrast.Background.String())
	assert.Equal(t, "Side(7)", contrast.Side(7).String())
}

func TestSuggestForRejectsUnknownArguments(t *testing.T) {
	grey, white := colorref.HSL(0, 0, 60), colorref.HSL(0, 0, 100)
	_, ok := contrast.SuggestFor(grey, white, white, contrast.TextAA, contrast.Method(5), contrast.Foreground)
	assert.False(t, ok, "an unknown method has no suggestion")
	_, ok = contrast.SuggestFor(grey, white, white, contrast.TextAA, contrast.Both, contrast.Side(3))
	assert.False(t, ok, "an unknown side has no suggestion")
}

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

// suggestExact is the suggestion under the exact method alone, which the
// tests below check against independent computations of the WCAG formula.
func suggestExact(fg, bg, backdrop colorref.Color, required float64) (colorref.Color, bool) {
	return contrast.SuggestFor(fg, bg, backdrop, required, contrast.Exact, contrast.Foreground)
}

// The expected lightnesses below were computed by an independent python3
// script (not in the repository): it implements CSS Color 4's hsl-to-sRGB,
// source-over compositing and the WCAG 2.2 ratio from their definitions,
// and scans every lightness 0.00%, 0.01%, …, 100% for the passing one
// nearest the original. The grey-on-white case also follows by hand from
// the closed form L = 1.055·Y^(1/2.4) − 0.055 with Y = 1.05/4.5 − 0.05,
// which gives 46.5319%: 46.53% is the last passing grid point below it.
func TestSuggestExactHandChecked(t *testing.T) {
	tests := []struct {
		name     string
		give     string // the failing foreground
		bg       string
		backdrop string
		required float64
		want     string
	}{
		{
			name: "grey text on white darkens to the last passing grid point",
			give: "hsl(0, 0%, 60%)", bg: "hsl(0, 0%, 100%)", backdrop: "hsl(0, 0%, 100%)",
			required: 4.5, want: "hsl(0, 0%, 46.53%)",
		},
		{
			name: "grey on mid grey lightens because 87.68% is nearer than 21.51%",
			give: "hsl(0, 0%, 55%)", bg: "hsl(0, 0%, 50%)", backdrop: "hsl(0, 0%, 100%)",
			required: 3, want: "hsl(0, 0%, 87.68%)",
		},
		{
			name: "orange keeps its hue and saturation and darkens",
			give: "hsl(30, 100%, 50%)", bg: "hsl(0, 0%, 100%)", backdrop: "hsl(0, 0%, 100%)",
			required: 4.5, want: "hsl(30, 100%, 36.53%)",
		},
		{
			name: "white text on yellow has only darker passing values",
			give: "hsl(0, 0%, 100%)", bg: "hsl(50, 100%, 50%)", backdrop: "hsl(0, 0%, 100%)",
			required: 4.5, want: "hsl(0, 0%, 37.11%)",
		},
		{
			name: "translucent text on a translucent card over a dark page keeps its alpha and lightens",
			give: "hsla(221, 72%, 45%, 0.9)", bg: "hsla(220, 20%, 20%, 0.8)", backdrop: "hsl(220, 15%, 10%)",
			required: 4.5, want: "hsla(221, 72%, 69.06%, 0.9)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg, bg, bd := mustParse(t, tt.give), mustParse(t, tt.bg), mustParse(t, tt.backdrop)
			require.Less(t, contrast.RatioOver(fg, bg, bd), tt.required, "%s on %s must fail to start with", tt.give, tt.bg)
			got, ok := suggestExact(fg, bg, bd, tt.required)
			require.True(t, ok, "SuggestLightness(%s, %s, %s, %g)", tt.give, tt.bg, tt.backdrop, tt.required)
			assert.Equal(t, tt.want, got.String(), "SuggestLightness(%s, %s, %s, %g)", tt.give, tt.bg, tt.backdrop, tt.required)
			assert.GreaterOrEqual(t, contrast.RatioOver(got, bg, bd), tt.required, "the suggestion %s must pass", got)
		})
	}
}

// When fg's alpha has more than two decimals, rounding it as printed moves
// the failing lightnesses; fg's own lightness may then pass, or the
// failing interval may lie wholly on one side of it. Expected values from
// the same python3 script, run with the alpha rounded.
func TestSuggestExactRoundsHueSaturationAndAlphaAsPrinted(t *testing.T) {
	tests := []struct {
		name     string
		give     colorref.Color
		bg       string
		required float64
		want     string
	}{
		{
			name: "a lightness on the grid that passes once the alpha is rounded up is kept",
			give: colorref.HSLA(0, 0, 0, 0.546), bg: "hsl(0, 0%, 100%)", required: 4.7, // 4.69:1 raw, 4.76:1 at 0.55
			want: "hsla(0, 0%, 0%, 0.55)",
		},
		{
			name: "the nearer neighbour above wins when rounding moves the failing interval below",
			give: colorref.HSLA(0, 0, 3.156, 0.6653), bg: "hsl(0, 0%, 65.28%)", required: 4.5,
			want: "hsla(0, 0%, 3.16%, 0.67)",
		},
		{
			name: "the nearer neighbour below wins when rounding moves the failing interval above",
			give: colorref.HSLA(0, 0, 67.4842, 0.5473), bg: "hsl(0, 0%, 15.6%)", required: 3,
			want: "hsla(0, 0%, 67.48%, 0.55)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bg, white := mustParse(t, tt.bg), colorref.HSL(0, 0, 100)
			require.Less(t, contrast.RatioOver(tt.give, bg, white), tt.required, "%v on %s must fail to start with", tt.give, tt.bg)
			got, ok := suggestExact(tt.give, bg, white, tt.required)
			require.True(t, ok, "SuggestLightness(%v, %s, %g)", tt.give, tt.bg, tt.required)
			assert.Equal(t, mustParse(t, tt.want), got, "SuggestLightness(%v, %s, %g) = %s must be exactly its printed form", tt.give, tt.bg, tt.required, got)
		})
	}
}

func TestSuggestExactNoSolution(t *testing.T) {
	tests := []struct {
		name     string
		give     string
		bg       string
		required float64
	}{
		{"nothing reaches 7:1 against a mid grey", "hsl(0, 0%, 55%)", "hsl(0, 0%, 50%)", 7},
		{"a fully transparent foreground never changes the ratio", "hsla(210, 50%, 40%, 0)", "hsl(0, 0%, 100%)", 3},
		{"no pair reaches more than 21:1", "hsl(0, 0%, 50%)", "hsl(0, 0%, 0%)", 21.5},
		{"a NaN requirement is never met", "hsl(0, 0%, 50%)", "hsl(0, 0%, 100%)", math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg, bg, bd := mustParse(t, tt.give), mustParse(t, tt.bg), mustParse(t, "hsl(0, 0%, 100%)")
			got, ok := suggestExact(fg, bg, bd, tt.required)
			assert.False(t, ok, "SuggestLightness(%s, %s, %g) = %s", tt.give, tt.bg, tt.required, got)
			assert.Equal(t, colorref.Color{}, got, "no suggestion is the zero Color")
		})
	}
}

func TestSuggestExactReturnsAPassingForegroundUnchanged(t *testing.T) {
	tests := []struct {
		name string
		give colorref.Color
	}{
		{"a canonical color", colorref.HSL(221, 72, 30)},
		{"a color with more than two decimals", colorref.HSLA(221.123, 72.456, 30.789, 0.987)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			white := colorref.HSL(0, 0, 100)
			got, ok := suggestExact(tt.give, white, white, contrast.TextAA)
			require.True(t, ok, "SuggestLightness(%s on white)", tt.give)
			assert.Equal(t, tt.give, got, "a passing %s must come back as it is", tt.give)
		})
	}
}

// TestSuggestLightnessGeneratedPairs checks the solver on failing pairs
// drawn with a fixed seed, opaque and translucent: every suggestion passes,
// prints as itself, keeps hue, saturation and alpha, and one lightness
// step closer to the original fails. The first pairs are also compared
// with a brute-force scan of all 10001 grid lightnesses, which assumes
// nothing about the shape of the ratio.
func TestSuggestExactGeneratedPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2025))
	pairs, bruteForce := 1000, 60
	if testing.Short() {
		pairs, bruteForce = 200, 20
	}
	requirements := []float64{contrast.NonTextAA, contrast.TextAA, contrast.TextAAA}
	randColor := func(translucent bool) colorref.Color {
		h, s, l := rng.Float64()*360, rng.Float64()*100, rng.Float64()*100
		a := 1.0
		if translucent && rng.IntN(2) == 0 {
			a = 0.05 + rng.Float64()*0.95
		}
		if rng.IntN(2) == 0 { // half of them canonical, as parsed catalogs are
			return colorref.HSLA(math.Round(h*100)/100, math.Round(s*100)/100, math.Round(l*100)/100, math.Round(a*100)/100)
		}
		return colorref.HSLA(h, s, l, a)
	}
	var solved, unsolvable int
	for n := 0; n < pairs; {
		fg, bg, backdrop := randColor(true), randColor(true), randColor(false)
		required := requirements[rng.IntN(len(requirements))]
		if contrast.RatioOver(fg, bg, backdrop) >= required {
			continue
		}
		n++
		got, ok := suggestExact(fg, bg, backdrop, required)
		desc := fmt.Sprintf("SuggestLightness(%s, %s, %s, %g) = %s", fg, bg, backdrop, required, got)
		if n <= bruteForce {
			want, wantOK := nearestPassing(fg, bg, backdrop, required)
			require.Equal(t, wantOK, ok, "%s: brute force found %s", desc, want)
			require.Equal(t, want, got, "%s: the nearest passing grid point", desc)
		}
		if !ok {
			// The ratio is highest at an end of the lightness range; the
			// search keeps hue, saturation and alpha as printed.
			printed := mustParse(t, fg.String())
			for _, l := range []float64{0, 100} {
				require.Less(t, contrast.RatioOver(printed.WithLightness(l), bg, backdrop), required, "%s: lightness %g%% must fail", desc, l)
			}
			unsolvable++
			continue
		}
		solved++

		h, s, l, a := fg.HSLA()
		gh, gs, gl, ga := got.HSLA()
		assert.InDelta(t, h, gh, 0.005, "%s keeps the hue", desc)
		assert.InDelta(t, s, gs, 0.005, "%s keeps the saturation", desc)
		assert.InDelta(t, a, ga, 0.005, "%s keeps the alpha", desc)
		require.GreaterOrEqual(t, contrast.RatioOver(got, bg, backdrop), required, "%s passes", desc)

		reparsed, err := colorref.ParseColor(got.String())
		require.NoError(t, err, desc)
		require.Equal(t, got, reparsed, "%s is exactly its printed form", desc)

		step := 0.01
		if gl > l {
			step = -0.01
		}
		if closer := gl + step; math.Abs(closer-l) < math.Abs(gl-l) {
			closer = math.Round(closer*100) / 100
			require.Less(t, contrast.RatioOver(got.WithLightness(closer), bg, backdrop), required,
				"%s: one step closer, %g%%, must fail", desc, closer)
		}
	}
	t.Logf("%d failing pairs: %d solved, %d without solution", pairs, solved, unsolvable)
	assert.Positive(t, solved, "the generator must produce solvable pairs")
	assert.Positive(t, unsolvable, "the generator must produce unsolvable pairs")
}

// nearestPassing is the brute-force oracle: every grid lightness with fg's
// hue, saturation and alpha rounded as printed, the passing one nearest
// fg's lightness (ties: higher ratio, then darker).
func nearestPassing(fg, bg, backdrop colorref.Color, required float64) (colorref.Color, bool) {
	h, s, l, a := fg.HSLA()
	r2 := func(v float64) float64 { return math.Round(v*100) / 100 }
	var best colorref.Color
	bestDist, bestRatio := math.Inf(1), 0.0
	for k := 0; k <= 10000; k++ {
		c := colorref.HSLA(r2(h), r2(s), float64(k)/100, r2(a))
		ratio := contrast.RatioOver(c, bg, backdrop)
		if ratio < required {
			continue
		}
		d := math.Abs(float64(k)/100 - l)
		if d < bestDist || (d == bestDist && ratio > bestRatio) {
			best, bestDist, bestRatio = c, d, ratio
		}
	}
	return best, !math.IsInf(bestDist, 1)
}

func BenchmarkSuggestLightness(b *testing.B) {
	tests := []struct {
		name         string
		fg, bg, back colorref.Color
	}{
		{"opaque", colorref.HSL(221, 72, 60), colorref.HSL(0, 0, 98), colorref.HSL(0, 0, 100)},
		{"translucent", colorref.HSLA(221, 72, 45, 0.9), colorref.HSLA(220, 20, 20, 0.8), colorref.HSL(220, 15, 10)},
	}
	for _, tt := range tests {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				// b.Loop keeps the call from being optimised away.
				contrast.SuggestLightness(tt.fg, tt.bg, tt.back, contrast.TextAA)
			}
		})
	}
}

func ExampleSuggestLightness() {
	text, _ := colorref.ParseColor("hsl(30, 100%, 50%)") // orange
	page, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	fmt.Printf("%s: %.2f:1\n", text, contrast.RatioOver(text, page, page))

	fix, ok := contrast.SuggestLightness(text, page, page, contrast.TextAA)
	fmt.Printf("%s: %.2f:1 %v\n", fix, contrast.RatioOver(fix, page, page), ok)
	// Output:
	// hsl(30, 100%, 50%): 2.53:1
	// hsl(30, 100%, 36.53%): 4.50:1 true
}

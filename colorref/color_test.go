package colorref_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lucasb-eyer/go-colorful"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

func TestString(t *testing.T) {
	tests := []struct {
		name        string
		give        colorref.Color
		want        string
		wantCompact string
	}{
		{"an opaque color prints as hsl", colorref.HSL(210, 50, 40), "hsl(210, 50%, 40%)", "hsl(210,50%,40%)"},
		{"a translucent color prints as hsla", colorref.HSLA(210, 50, 40, 0.5), "hsla(210, 50%, 40%, 0.5)", "hsla(210,50%,40%,0.5)"},
		{"numbers keep at most two decimals", colorref.HSL(33.333, 12.346, 50.5), "hsl(33.33, 12.35%, 50.5%)", "hsl(33.33,12.35%,50.5%)"},
		{"a hue that rounds up to 360 prints as 0", colorref.HSL(359.996, 10, 10), "hsl(0, 10%, 10%)", "hsl(0,10%,10%)"},
		{"an alpha that rounds to 1 prints as opaque", colorref.HSLA(0, 0, 0, 0.999), "hsl(0, 0%, 0%)", "hsl(0,0%,0%)"},
		{"an alpha just below 1 keeps two decimals", colorref.HSLA(0, 0, 0, 0.994), "hsla(0, 0%, 0%, 0.99)", "hsla(0,0%,0%,0.99)"},
		{"an alpha that rounds to 0 prints as 0", colorref.HSLA(0, 0, 0, 0.004), "hsla(0, 0%, 0%, 0)", "hsla(0,0%,0%,0)"},
		{"the zero Color is transparent black", colorref.Color{}, "hsla(0, 0%, 0%, 0)", "hsla(0,0%,0%,0)"},
		{"white", colorref.HSL(0, 0, 100), "hsl(0, 0%, 100%)", "hsl(0,0%,100%)"},
		{"a tiny negative value prints as 0", colorref.HSL(0.001, 0.001, 0.001), "hsl(0, 0%, 0%)", "hsl(0,0%,0%)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.give.String(), "String of %#v", tt.give)
			assert.Equal(t, tt.wantCompact, tt.give.Compact(), "Compact of %#v", tt.give)
		})
	}
}

func TestConstructorsNormalize(t *testing.T) {
	tests := []struct {
		name string
		give colorref.Color
		want hsla
	}{
		{"hue wraps above 360", colorref.HSL(370, 50, 50), hsla{10, 50, 50, 1}},
		{"negative hue wraps", colorref.HSL(-90, 50, 50), hsla{270, 50, 50, 1}},
		{"a hue a hair below zero wraps to zero, not 360", colorref.HSL(-1e-20, 50, 50), hsla{0, 50, 50, 1}},
		{"saturation clamps", colorref.HSL(0, 120, 50), hsla{0, 100, 50, 1}},
		{"lightness clamps", colorref.HSL(0, 50, -1), hsla{0, 50, 0, 1}},
		{"alpha clamps", colorref.HSLA(0, 50, 50, 2), hsla{0, 50, 50, 1}},
		{"NaN counts as zero", colorref.HSLA(math.NaN(), math.NaN(), math.NaN(), math.NaN()), hsla{0, 0, 0, 0}},
		{"infinity counts as zero", colorref.HSLA(math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(1)), hsla{0, 0, 0, 0}},
		{"WithLightness clamps", colorref.HSL(0, 50, 50).WithLightness(140), hsla{0, 50, 100, 1}},
		{"WithAlpha clamps", colorref.HSL(0, 50, 50).WithAlpha(-3), hsla{0, 50, 50, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, s, l, a := tt.give.HSLA()
			assert.Equal(t, tt.want, hsla{h, s, l, a})
		})
	}
}

func TestHSLMirrorsHSLA(t *testing.T) {
	c := colorref.HSLA(12, 34, 56, 0.78)
	h, s, l := c.HSL()
	assert.Equal(t, [3]float64{12, 34, 56}, [3]float64{h, s, l})
	assert.Equal(t, 0.78, c.Alpha())
	assert.False(t, c.Opaque())
	assert.True(t, colorref.HSL(h, s, l).Opaque())
}

// TestSRGB checks the CSS Color 4 conversion on colors whose sRGB values
// follow from the hsl definition by hand: primaries and secondaries at
// L=50% are pure, greys have equal channels, and hsl(210, 50%, 40%) has
// chroma 0.5·min(0.4, 0.6) = 0.2 around a midrange of 0.4.
func TestSRGB(t *testing.T) {
	tests := []struct {
		name string
		give string
		want [4]float64
	}{
		{"red", "hsl(0, 100%, 50%)", [4]float64{1, 0, 0, 1}},
		{"green", "hsl(120, 100%, 50%)", [4]float64{0, 1, 0, 1}},
		{"blue", "hsl(240, 100%, 50%)", [4]float64{0, 0, 1, 1}},
		{"yellow", "hsl(60, 100%, 50%)", [4]float64{1, 1, 0, 1}},
		{"cyan", "hsl(180, 100%, 50%)", [4]float64{0, 1, 1, 1}},
		{"magenta", "hsl(300, 100%, 50%)", [4]float64{1, 0, 1, 1}},
		{"orange", "hsl(30, 100%, 50%)", [4]float64{1, 0.5, 0, 1}},
		{"navy", "hsl(240, 100%, 25%)", [4]float64{0, 0, 0.5, 1}},
		{"mid grey", "hsl(0, 0%, 50%)", [4]float64{0.5, 0.5, 0.5, 1}},
		{"black", "hsl(0, 0%, 0%)", [4]float64{0, 0, 0, 1}},
		{"white", "hsl(123, 45%, 100%)", [4]float64{1, 1, 1, 1}},
		{"steel blue", "hsl(210, 50%, 40%)", [4]float64{0.2, 0.4, 0.6, 1}},
		{"translucent steel blue keeps its alpha", "hsla(210, 50%, 40%, 0.25)", [4]float64{0.2, 0.4, 0.6, 0.25}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.ParseColor(tt.give)
			require.NoError(t, err, "ParseColor(%q)", tt.give)
			r, g, b, a := c.SRGB()
			assert.InDeltaSlice(t, tt.want[:], []float64{r, g, b, a}, 1e-12, "SRGB of %q", tt.give)
		})
	}
}

func TestSRGBConstructorInvertsSRGB(t *testing.T) {
	for h := 0.0; h < 360; h += 7.5 {
		for _, s := range []float64{5, 33, 50, 99, 100} {
			for _, l := range []float64{3, 25, 50, 75, 97} {
				want := colorref.HSLA(h, s, l, 0.6)
				got := colorref.SRGB(want.SRGB())
				gh, gs, gl, ga := got.HSLA()
				assert.InDelta(t, h, gh, 1e-9, "hue of %v", want)
				assert.InDelta(t, s, gs, 1e-9, "saturation of %v", want)
				assert.InDelta(t, l, gl, 1e-9, "lightness of %v", want)
				assert.InDelta(t, 0.6, ga, 1e-12, "alpha of %v", want)
			}
		}
	}
}

func TestSRGBConstructorOnGreysAndOutOfRange(t *testing.T) {
	assert.Equal(t, colorref.HSL(0, 0, 50), colorref.SRGB(0.5, 0.5, 0.5, 1), "a grey has hue 0 and saturation 0")
	assert.Equal(t, colorref.HSL(0, 0, 100), colorref.SRGB(2, 1.5, 1, 1), "channels above 1 clamp to white")
	assert.Equal(t, colorref.HSLA(0, 0, 0, 0), colorref.SRGB(-1, -1, -1, -1), "negative channels clamp to black")
}

func TestColorful(t *testing.T) {
	t.Run("Colorful gives the same sRGB channels and drops alpha", func(t *testing.T) {
		c := colorref.HSLA(210, 50, 40, 0.5)
		cf := c.Colorful()
		assert.InDelta(t, 0.2, cf.R, 1e-12)
		assert.InDelta(t, 0.4, cf.G, 1e-12)
		assert.InDelta(t, 0.6, cf.B, 1e-12)
	})
	t.Run("FromColorful agrees with go-colorful's own hsl", func(t *testing.T) {
		cf := colorful.Hsl(210, 0.5, 0.4)
		h, s, l := colorref.FromColorful(cf).HSL()
		assert.InDelta(t, 210, h, 1e-9)
		assert.InDelta(t, 50, s, 1e-9)
		assert.InDelta(t, 40, l, 1e-9)
	})
	t.Run("FromColorful is opaque", func(t *testing.T) {
		assert.True(t, colorref.FromColorful(colorful.Color{R: 1}).Opaque())
	})
	t.Run("a round trip through go-colorful keeps the color", func(t *testing.T) {
		c := colorref.HSL(75, 60, 30)
		assert.Equal(t, c.String(), colorref.FromColorful(c.Colorful()).String())
	})
}

// TestSRGBIsTheCSSFormulaBitForBit compares Color.SRGB, which avoids
// math.Mod for speed, with CSS Color 4's hsl-to-sRGB written as the
// specification does, on a million random colors and on every whole hue,
// saturation and lightness step: the results must be identical.
func TestSRGBIsTheCSSFormulaBitForBit(t *testing.T) {
	spec := func(h, s, l float64) [3]float64 {
		s, l = s/100, l/100
		f := func(n float64) float64 {
			k := math.Mod(n+h/30, 12)
			a := s * math.Min(l, 1-l)
			return l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
		}
		return [3]float64{f(0), f(8), f(4)}
	}
	check := func(c colorref.Color) {
		h, s, l := c.HSL()
		r, g, b, _ := c.SRGB()
		if got, want := [3]float64{r, g, b}, spec(h, s, l); got != want {
			t.Fatalf("%#v: SRGB %v, the formula %v", c, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1_000_000 {
		check(colorref.HSL(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100))
	}
	for h := 0.0; h < 360; h++ {
		for s := 0.0; s <= 100; s += 5 {
			for l := 0.0; l <= 100; l++ {
				check(colorref.HSL(h, s, l))
			}
		}
	}
}

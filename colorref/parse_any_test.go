package colorref_test

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

// TestParseAccepts checks Parse's reading of each notation against
// values worked out by hand from CSS Color 4's grammar and its
// parsed-value clamping (Chromium's computed values agree:
// TestParseAgreesWithChromium).
func TestParseAccepts(t *testing.T) {
	type want struct {
		n colorref.Notation
		c [3]float64
		a float64
	}
	tests := []struct {
		name string
		give string
		want want
	}{
		{"an hsl color is read as ParseColor reads it", "hsl(210 50% 40% / 0.5)", want{colorref.NotationHSL, [3]float64{210, 50, 40}, 0.5}},
		{"six hex digits", "#1877F2", want{colorref.NotationHex, [3]float64{24, 119, 242}, 1}},
		{"three hex digits repeat", "#f80", want{colorref.NotationHex, [3]float64{255, 136, 0}, 1}},
		{"eight hex digits carry an 8-bit alpha", "#33669980", want{colorref.NotationHex, [3]float64{51, 102, 153}, 128.0 / 255}},
		{"legacy rgb with numbers", "rgb(24, 119, 242)", want{colorref.NotationRGB, [3]float64{24, 119, 242}, 1}},
		{"legacy rgba with a percentage alpha", "rgba(24, 119, 242, 50%)", want{colorref.NotationRGB, [3]float64{24, 119, 242}, 0.5}},
		{"legacy rgb with three percentages", "rgb(10%, 50%, 100%)", want{colorref.NotationRGB, [3]float64{25.5, 127.5, 255}, 1}},
		{"modern rgb mixes numbers and percentages", "rgb(10% 20 none / 0.25)", want{colorref.NotationRGB, [3]float64{25.5, 20, 0}, 0.25}},
		{"rgb keeps fractions", "rgb(12.5 127.5 254.5)", want{colorref.NotationRGB, [3]float64{12.5, 127.5, 254.5}, 1}},
		{"rgb channels clamp to 0..255", "rgb(300 -5 128)", want{colorref.NotationRGB, [3]float64{255, 0, 128}, 1}},
		{"oklch with a percentage lightness", "oklch(62% 0.19 260)", want{colorref.NotationOKLCh, [3]float64{0.62, 0.19, 260}, 1}},
		{"oklch with a number lightness and an alpha", "oklch(0.628 0.2577 29.23 / 0.5)", want{colorref.NotationOKLCh, [3]float64{0.628, 0.2577, 29.23}, 0.5}},
		{"oklch chroma percentage: 100% is 0.4", "oklch(50% 50% 180)", want{colorref.NotationOKLCh, [3]float64{0.5, 0.2, 180}, 1}},
		{"oklch hue takes angles", "oklch(50% 0.1 0.25turn)", want{colorref.NotationOKLCh, [3]float64{0.5, 0.1, 90}, 1}},
		{"oklch hue wraps", "oklch(50% 0.1 -30)", want{colorref.NotationOKLCh, [3]float64{0.5, 0.1, 330}, 1}},
		{"oklch lightness clamps to 100% and chroma to 0", "oklch(120% -0.1 370)", want{colorref.NotationOKLCh, [3]float64{1, 0, 10}, 1}},
		{"oklch none is 0", "OKLCH(none none none / none)", want{colorref.NotationOKLCh, [3]float64{0, 0, 0}, 0}},
		{"oklab a and b percentages: 100% is 0.4", "oklab(50% 100% -25%)", want{colorref.NotationOKLab, [3]float64{0.5, 0.4, -0.1}, 1}},
		{"oklab lightness clamps to 0", "oklab(-10% 0.1 0.1)", want{colorref.NotationOKLab, [3]float64{0, 0.1, 0.1}, 1}},
		{"display-p3", "color(display-p3 0.9175 0.2003 0.1386)", want{colorref.NotationDisplayP3, [3]float64{0.9175, 0.2003, 0.1386}, 1}},
		{"display-p3 keeps channels outside 0..1", "color(display-p3 1.2 -0.1 50%)", want{colorref.NotationDisplayP3, [3]float64{1.2, -0.1, 0.5}, 1}},
		{"color() and its space name are case-insensitive", "COLOR(Display-P3 1 0 0 / 40%)", want{colorref.NotationDisplayP3, [3]float64{1, 0, 0}, 0.4}},
		{"whitespace inside color()", "color( display-p3\t1 0 0 )", want{colorref.NotationDisplayP3, [3]float64{1, 0, 0}, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.Parse(tt.give)
			require.NoError(t, err)
			assert.Equal(t, tt.want.n, c.Notation())
			got := c.Components()
			assert.InDeltaSlice(t, tt.want.c[:], got[:], 1e-12)
			assert.InDelta(t, tt.want.a, c.Alpha(), 1e-12)
		})
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name       string
		give       string
		wantOffset int
		wantMsg    string
	}{
		{"the empty string", "", 0, "expected a color"},
		{"a named color", "red", 0, "expected a color"},
		{"lab() is not read", "lab(50% 10 20)", 0, `unsupported color function "lab("`},
		{"a bad hex color", "#12345", 6, "not 5"},
		{"legacy rgb mixing numbers and percentages", "rgb(10%, 20, 30)", 9, "green must be a percentage"},
		{"none in legacy rgb", "rgb(none, 2, 3)", 4, "none is not allowed"},
		{"an angle as an rgb channel", "rgb(1deg 2 3)", 4, "red must be a number or a percentage"},
		{"a slash in legacy rgb", "rgb(1, 2, 3 / 0.5)", 12, `expected ")"`},
		{"two rgb components", "rgb(1 2)", 7, "missing blue"},
		{"commas in oklch", "oklch(50%, 0.1, 200)", 9, "modern syntax separates components with spaces only"},
		{"a percentage hue", "oklch(50% 0.1 200%)", 14, "hue must be a number or an angle"},
		{"an unknown angle unit", "oklch(50% 0.1 200px)", 14, "unknown angle unit"},
		{"an angle as oklab's a", "oklab(50% 1deg 0)", 10, "a must be a number or a percentage"},
		{"another color() space", "color(srgb 1 0 0)", 6, `color space "srgb" is not supported`},
		{"color() without a space", "color(1 0 0)", 6, "expected a color space name"},
		{"missing display-p3 channels", "color(display-p3 1 0)", 20, "missing blue"},
		{"four oklch components", "oklch(50% 0.1 200 0.5)", 18, `expected ")"`},
		{"trailing whitespace", "oklch(50% 0.1 200) ", 18, `unexpected text after ")"`},
		{"leading whitespace", " #fff", 0, "expected a color"},
		{"an unclosed function", "oklch(50% 0.1 200", 17, `missing ")"`},
		{"calc()", "oklch(calc(50%) 0.1 200)", 6, "expected a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.Parse(tt.give)
			require.Error(t, err)
			assert.Equal(t, colorref.Color{}, c, "a failed parse returns the zero Color")
			assert.ErrorIs(t, err, colorref.ErrSyntax)
			var pe *colorref.ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, tt.give, pe.Input)
			assert.Equal(t, tt.wantOffset, pe.Offset, "%v", err)
			assert.Contains(t, err.Error(), tt.wantMsg)
		})
	}
}

// ParseColor, ParseRef and ParseHex keep the catalog's grammar and model.
func TestParseColorStaysHSL(t *testing.T) {
	for _, s := range []string{"#336699", "rgb(1, 2, 3)", "oklch(50% 0.1 200)", "color(display-p3 1 0 0)"} {
		_, err := colorref.ParseColor(s)
		assert.ErrorIs(t, err, colorref.ErrSyntax, "ParseColor(%q)", s)
		_, err = colorref.Parse(s)
		assert.NoError(t, err, "Parse(%q)", s)
	}
	c, err := colorref.ParseHex("#336699")
	require.NoError(t, err)
	assert.Equal(t, colorref.NotationHSL, c.Notation(), "ParseHex converts to the hsl() model")
}

func TestNotationString(t *testing.T) {
	tests := []struct {
		name, give, want, wantCompact string
	}{
		{"hex is lower case with six digits", "#1877F2", "#1877f2", "#1877f2"},
		{"short hex is written long", "#F80", "#ff8800", "#ff8800"},
		{"translucent hex keeps eight digits", "#33669980", "#33669980", "#33669980"},
		{"an opaque eight-digit hex drops its alpha", "#336699ff", "#336699", "#336699"},
		{"rgb in the legacy comma syntax", "rgb(24 119 242)", "rgb(24, 119, 242)", "rgb(24,119,242)"},
		{"translucent rgb is rgba", "rgb(24 119 242 / 50%)", "rgba(24, 119, 242, 0.5)", "rgba(24,119,242,0.5)"},
		{"rgb keeps two decimals", "rgb(12.345 127.5 254.999)", "rgb(12.35, 127.5, 255)", "rgb(12.35,127.5,255)"},
		{"oklch writes L as a percentage", "oklch(0.628 0.2577 29.23)", "oklch(62.8% 0.2577 29.23)", "oklch(62.8% 0.2577 29.23)"},
		{"oklch rounds L to 0.01%, C to 4 decimals, h to 2", "oklch(0.123456 0.123456 123.456)", "oklch(12.35% 0.1235 123.46)", "oklch(12.35% 0.1235 123.46)"},
		{"translucent oklch", "oklch(62% 0.19 260 / 0.25)", "oklch(62% 0.19 260 / 0.25)", "oklch(62% 0.19 260/0.25)"},
		{"a hue that rounds to 360 is 0", "oklch(50% 0.1 359.999)", "oklch(50% 0.1 0)", "oklch(50% 0.1 0)"},
		{"oklab", "oklab(62.8% 0.22487 -0.12583)", "oklab(62.8% 0.2249 -0.1258)", "oklab(62.8% 0.2249 -0.1258)"},
		{"display-p3 with four decimals", "color(display-p3 0.91754 0.2 50% / 40%)", "color(display-p3 0.9175 0.2 0.5 / 0.4)", "color(display-p3 0.9175 0.2 0.5/0.4)"},
		{"none prints as 0", "oklch(none 0.1 none)", "oklch(0% 0.1 0)", "oklch(0% 0.1 0)"},
		{"a tiny negative prints as 0", "oklab(50% -0.00001 0)", "oklab(50% 0 0)", "oklab(50% 0 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.Parse(tt.give)
			require.NoError(t, err)
			assert.Equal(t, tt.want, c.String())
			assert.Equal(t, tt.wantCompact, c.Compact())
			b, err := c.MarshalText()
			require.NoError(t, err)
			var back colorref.Color
			require.NoError(t, back.UnmarshalText(b))
			assert.Equal(t, c.Rounded(), back, "UnmarshalText reads MarshalText's form back")
		})
	}
}

func TestNotationNames(t *testing.T) {
	names := map[colorref.Notation]string{}
	for n := colorref.NotationHSL; n <= colorref.NotationDisplayP3; n++ {
		names[n] = n.String()
	}
	assert.Equal(t, map[colorref.Notation]string{0: "hsl", 1: "hex", 2: "rgb", 3: "oklch", 4: "oklab", 5: "display-p3"}, names)
	assert.Equal(t, "", colorref.Notation(200).String())
	assert.Equal(t, colorref.NotationHSL, colorref.Color{}.Notation(), "the zero Color is hsl()")
}

func TestIn(t *testing.T) {
	red, err := colorref.Parse("#ff0000")
	require.NoError(t, err)
	t.Run("sRGB red in oklch is CSS Color 4's", func(t *testing.T) {
		// CSS Color 4's sample: rgb(255 0 0) is oklch(62.8% 0.2577 29.23).
		assert.Equal(t, "oklch(62.8% 0.2577 29.23)", red.In(colorref.NotationOKLCh).String())
		assert.Equal(t, "oklab(62.8% 0.2249 0.1258)", red.In(colorref.NotationOKLab).String())
		assert.Equal(t, "color(display-p3 0.9175 0.2003 0.1386)", red.In(colorref.NotationDisplayP3).String())
		assert.Equal(t, "hsl(0, 100%, 50%)", red.In(colorref.NotationHSL).String())
		assert.Equal(t, "rgb(255, 0, 0)", red.In(colorref.NotationRGB).String())
	})
	t.Run("a round trip through the wide notations keeps the color", func(t *testing.T) {
		for _, n := range []colorref.Notation{colorref.NotationOKLCh, colorref.NotationOKLab, colorref.NotationDisplayP3} {
			back := red.In(n).In(colorref.NotationHex)
			assert.Equal(t, "#ff0000", back.String(), "through %s", n)
		}
	})
	t.Run("a Display-P3 color outside sRGB keeps its chroma in oklch and clips into the sRGB notations", func(t *testing.T) {
		p3 := colorref.DisplayP3(1, 0, 0, 1)
		assert.False(t, p3.InSRGB())
		lch := p3.In(colorref.NotationOKLCh)
		assert.False(t, lch.InSRGB())
		assert.Equal(t, "color(display-p3 1 0 0)", lch.In(colorref.NotationDisplayP3).String())
		assert.Equal(t, "#ff0000", p3.In(colorref.NotationHex).String(), "clipped: P3 red paints as sRGB red")
	})
	t.Run("alpha is kept", func(t *testing.T) {
		c := colorref.OKLCh(0.5, 0.1, 200, 0.4)
		for n := colorref.NotationHSL; n <= colorref.NotationDisplayP3; n++ {
			assert.InDelta(t, 0.4, c.In(n).Alpha(), 0.5/255, "%s", n)
		}
	})
}

// The methods that read a color in the hsl() model work on every
// notation through the sRGB color it paints; the zero values work.
func TestMethodsOnOtherNotations(t *testing.T) {
	c, err := colorref.Parse("#336699")
	require.NoError(t, err)
	h, s, l := c.HSL()
	assert.InDeltaSlice(t, []float64{210, 50, 40}, []float64{h, s, l}, 1e-9)
	assert.Equal(t, "hsl(210, 50%, 40%)", c.ShortestHSL().String())
	assert.Equal(t, "#336699", c.Hex())
	assert.True(t, c.Opaque())
	assert.Equal(t, "#33669980", c.WithAlpha(0.5).String(), "a hex alpha is an 8-bit one")
	assert.Equal(t, 128.0/255, c.WithAlpha(0.5).Alpha())

	t.Run("WithLightness moves each notation's own lightness", func(t *testing.T) {
		oklch := colorref.OKLCh(0.62, 0.1, 260, 1)
		assert.Equal(t, "oklch(70% 0.1 260)", oklch.WithLightness(70).String(), "OKLab's L, chroma and hue kept")
		near := oklch.WithLightness(99)
		ch := near.Components()[1]
		assert.True(t, ch > 0 && ch < 0.1 && near.InSRGB(), "chroma brought into sRGB near white: %s", near)
		assert.False(t, colorref.OKLCh(0.99, ch+1e-4, 260, 1).InSRGB(), "%s is on the edge of sRGB", near)
		assert.Equal(t, "oklch(0% 0 260)", oklch.WithLightness(0).String(), "black")
		assert.Equal(t, "#6699cc", c.WithLightness(60).String(), "a hex color moves its hsl() lightness")
		rgb := colorref.RGB(51, 102, 153, 1)
		assert.Equal(t, "rgb(102, 153, 204)", rgb.WithLightness(60).String())
		assert.Equal(t, "color(display-p3 0.4 0.6 0.8)", colorref.DisplayP3(0.2, 0.4, 0.6, 1).WithLightness(60).String(),
			"Display-P3 moves the hsl() lightness of its own channels")
	})
	t.Run("constructors clamp as CSS does", func(t *testing.T) {
		assert.Equal(t, [3]float64{1, 0, 10}, colorref.OKLCh(1.2, -1, 370, 2).Components())
		assert.Equal(t, [3]float64{0, 0, 0}, colorref.OKLab(math.NaN(), math.Inf(1), 0, 1).Components())
		assert.Equal(t, [3]float64{255, 0, 0}, colorref.RGB(300, -1, math.NaN(), 1).Components())
		assert.Equal(t, [3]float64{1.5, -0.5, 0}, colorref.DisplayP3(1.5, -0.5, math.Inf(-1), 1).Components())
	})
}

// Lightness reads the lightness WithLightness sets, in every notation.
func TestLightnessMirrorsWithLightness(t *testing.T) {
	for _, c := range []colorref.Color{
		colorref.HSL(210, 50, 40), colorref.RGB(51, 102, 153, 1), colorref.OKLCh(0.62, 0.1, 260, 1),
		colorref.OKLab(0.5, 0.05, -0.05, 0.5), colorref.DisplayP3(0.2, 0.4, 0.6, 1),
	} {
		for _, l := range []float64{0, 12.5, 40, 62, 97.25, 100} {
			assert.InDelta(t, l, c.WithLightness(l).Lightness(), 1e-9, "%s at %g", c, l)
		}
	}
	hex, err := colorref.Parse("#336699")
	require.NoError(t, err)
	assert.InDelta(t, 40, hex.Lightness(), 1e-9)
	assert.InDelta(t, 60, hex.WithLightness(60).Lightness(), 0.2, "a hex color's channels are whole numbers")
	assert.Equal(t, 62.0, colorref.OKLCh(0.62, 0.1, 260, 1).Lightness())
}

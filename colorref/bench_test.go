package colorref_test

import (
	"testing"

	"github.com/themekit/themekit/colorref"
)

var benchInputs = []struct{ name, in string }{
	{"legacy", "hsl(210, 50%, 40%)"},
	{"legacy-alpha", "hsla(210, 50%, 40%, 0.5)"},
	{"modern-alpha", "hsl(0.5turn 50% 40% / 25%)"},
}

func BenchmarkParseColor(b *testing.B) {
	for _, bb := range benchInputs {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := colorref.ParseColor(bb.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseRef(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := colorref.ParseRef("primary-button-focus-ring"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendText(b *testing.B) {
	c := colorref.HSLA(210.5, 50, 40, 0.5)
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = c.AppendText(buf[:0])
	}
}

var benchRGBA8Sink uint8

// BenchmarkRGBA8 measures the conversion to the 8-bit channels Chromium
// computes, against SRGB (float64, no rounding) in the same run.
func BenchmarkRGBA8(b *testing.B) {
	c := colorref.HSL(221, 72, 45)
	b.Run("RGBA8", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r, g, bl, a := c.RGBA8()
			benchRGBA8Sink += r ^ g ^ bl ^ a
		}
	})
	b.Run("SRGB", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r, g, bl, _ := c.SRGB()
			benchRGBA8Sink += uint8(r + g + bl)
		}
	})
}

func BenchmarkParseHex(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, _ := colorref.ParseHex("#336699cc")
		benchRGBA8Sink += uint8(c.Alpha())
	}
}

// notationInputs is one color of each notation, as a designer writes it.
var notationInputs = []struct{ name, in string }{
	{"hsl", "hsl(210, 50%, 40%)"},
	{"hex", "#1877f2"},
	{"rgb", "rgb(24, 119, 242)"},
	{"oklch", "oklch(62.8% 0.2577 29.23)"},
	{"oklab", "oklab(62.8% 0.2249 0.1258 / 0.5)"},
	{"display-p3", "color(display-p3 0.9175 0.2003 0.1386)"},
}

// BenchmarkParse measures Parse per notation.
func BenchmarkParse(b *testing.B) {
	for _, bb := range notationInputs {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := colorref.Parse(bb.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAppendTextNotation measures the canonical form per notation,
// written into a reused buffer as the served bytes are.
func BenchmarkAppendTextNotation(b *testing.B) {
	for _, bb := range notationInputs {
		c, err := colorref.Parse(bb.in)
		if err != nil {
			b.Fatal(err)
		}
		buf := make([]byte, 0, 64)
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = c.AppendText(buf[:0])
			}
		})
	}
}

// BenchmarkSRGBNotation measures the painted sRGB channels per notation.
func BenchmarkSRGBNotation(b *testing.B) {
	for _, bb := range notationInputs {
		c, err := colorref.Parse(bb.in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, g, bl, _ := c.SRGB()
				benchRGBA8Sink += uint8(r + g + bl)
			}
		})
	}
}

// BenchmarkWithLightness measures the lightness move the contrast
// searches make per grid step, per notation (oklch() brings its chroma
// into sRGB on the way).
func BenchmarkWithLightness(b *testing.B) {
	for _, bb := range notationInputs {
		c, err := colorref.Parse(bb.in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			l := 0.0
			for b.Loop() {
				l += 0.37
				if l > 100 {
					l = 0
				}
				c2 := c.WithLightness(l)
				benchRGBA8Sink += uint8(c2.Alpha())
			}
		})
	}
}

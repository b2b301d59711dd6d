package colorref

import (
	"math"
	"strconv"

	"github.com/lucasb-eyer/go-colorful"
)

// Color is a color in the CSS hsl() model: hue in degrees in [0, 360),
// saturation and lightness in percent in [0, 100], alpha in [0, 1].
//
// Color is a small comparable value. The constructors HSL, HSLA and SRGB
// normalize their arguments into those ranges, so every Color a program can
// hold is valid. The zero Color is hsla(0, 0%, 0%, 0): fully transparent
// black, like the zero value of image/color.RGBA.
type Color struct {
	h, s, l, a float64
}

// HSL returns the opaque color hsl(h, s%, l%). Hue wraps modulo 360
// (negative hues too); saturation and lightness are clamped to [0, 100].
// A non-finite argument is treated as 0.
func HSL(h, s, l float64) Color {
	return HSLA(h, s, l, 1)
}

// HSLA returns the color hsla(h, s%, l%, a). Hue wraps modulo 360;
// saturation and lightness are clamped to [0, 100] and alpha to [0, 1].
// A non-finite argument is treated as 0.
func HSLA(h, s, l, a float64) Color {
	return Color{h: wrapHue(h), s: clamp(s, 0, 100), l: clamp(l, 0, 100), a: clamp(a, 0, 1)}
}

// HSL returns the hue in degrees [0, 360) and the saturation and lightness
// in percent [0, 100]. It mirrors the constructor HSL.
func (c Color) HSL() (h, s, l float64) {
	return c.h, c.s, c.l
}

// HSLA returns the hue, saturation and lightness as HSL does, and the alpha
// in [0, 1]. It mirrors the constructor HSLA.
func (c Color) HSLA() (h, s, l, a float64) {
	return c.h, c.s, c.l, c.a
}

// Alpha returns the opacity of c in [0, 1].
func (c Color) Alpha() float64 { return c.a }

// Opaque reports whether c has an alpha of 1.
func (c Color) Opaque() bool { return c.a == 1 }

// WithAlpha returns c with its alpha replaced by a, clamped to [0, 1].
func (c Color) WithAlpha(a float64) Color {
	c.a = clamp(a, 0, 1)
	return c
}

// WithLightness returns c with its lightness replaced by l percent,
// clamped to [0, 100].
func (c Color) WithLightness(l float64) Color {
	c.l = clamp(l, 0, 100)
	return c
}

// SRGB returns the gamma-encoded sRGB channels of c in [0, 1] and its alpha,
// with no 8-bit rounding.
//
// It is the conversion of CSS Color 4 §7.1 ("Converting HSL Colors to sRGB"):
//
//	f(n) = L - S·min(L, 1-L)·max(-1, min(k-3, 9-k, 1)),  k = (n + H/30) mod 12
//	(r, g, b) = (f(0), f(8), f(4))
//
// with S and L as fractions.
func (c Color) SRGB() (r, g, b, a float64) {
	s, l := c.s/100, c.l/100
	chroma := s * math.Min(l, 1-l)
	h := c.h / 30
	return hslChannel(0, h, l, chroma), hslChannel(8, h, l, chroma), hslChannel(4, h, l, chroma), c.a
}

// hslChannel is f(n) of Color.SRGB for h = H/30 in [0, 12). n+h lies in
// [0, 20), where math.Mod(n+h, 12) is n+h or n+h-12, and that subtraction
// is exact (Sterbenz), so the result is bit for bit the formula's; the
// clamp is plain comparisons, which differ from math.Min and math.Max
// only in the sign of a zero that l - chroma·m then absorbs. The product
// is converted explicitly so that no multiply-add is fused.
func hslChannel(n, h, l, chroma float64) float64 {
	k := n + h
	if k >= 12 {
		k -= 12
	}
	m := k - 3
	if v := 9 - k; v < m {
		m = v
	}
	if m > 1 {
		m = 1
	} else if m < -1 {
		m = -1
	}
	return l - float64(chroma*m)
}

// SRGB returns the color with gamma-encoded sRGB channels r, g, b and alpha
// a. Channels and alpha are clamped to [0, 1]. It mirrors the method
// Color.SRGB, up to floating-point rounding.
//
// The conversion is the inverse of CSS Color 4's hsl-to-sRGB: lightness is
// the midrange (max+min)/2 and saturation the chroma over 1-|2L-1|. A grey
// has hue 0 and saturation 0.
func SRGB(r, g, b, a float64) Color {
	r, g, b = clamp(r, 0, 1), clamp(g, 0, 1), clamp(b, 0, 1)
	hi := max(r, g, b) // the builtins are math.Max's and math.Min's, inlined
	lo := min(r, g, b)
	l := (hi + lo) / 2
	d := hi - lo
	if d == 0 {
		return HSLA(0, 0, l*100, a)
	}
	s := d / (1 - math.Abs(2*l-1))
	var h float64
	switch hi {
	case r:
		h = (g - b) / d
		if g < b {
			h += 6
		}
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return HSLA(h*60, s*100, l*100, a)
}

// FromColorful returns the opaque Color equal to the go-colorful color c.
// Channels of c outside [0, 1] are clamped first; use c.Clamped() or
// go-colorful's gamut mapping beforehand if that matters.
func FromColorful(c colorful.Color) Color {
	return SRGB(c.R, c.G, c.B, 1)
}

// Colorful returns c as a go-colorful color, for its color-space math
// (Lab, HCL, OkLab, blending). go-colorful has no alpha channel: the alpha
// of c is dropped, so composite a translucent color first if its backdrop
// matters.
func (c Color) Colorful() colorful.Color {
	r, g, b, _ := c.SRGB()
	return colorful.Color{R: r, G: g, B: b}
}

// String returns the canonical CSS form of c: "hsl(210, 50%, 40%)" when it
// is opaque and "hsla(210, 50%, 40%, 0.5)" otherwise, in the legacy comma
// syntax that every browser accepts. Each number is rounded to at most two
// decimals, with trailing zeros dropped; ParseColor(c.String()) gives a
// color within 0.005 of c in every component, whose String is the same.
func (c Color) String() string {
	return string(c.appendCSS(make([]byte, 0, 32), ", "))
}

// Compact returns the canonical form without spaces, "hsl(210,50%,40%)" or
// "hsla(210,50%,40%,0.5)", as palette previews use it.
func (c Color) Compact() string {
	return string(c.appendCSS(make([]byte, 0, 32), ","))
}

// AppendText appends the canonical form of c, as String returns it, to b.
// It implements encoding.TextAppender.
func (c Color) AppendText(b []byte) ([]byte, error) {
	return c.appendCSS(b, ", "), nil
}

// MarshalText implements encoding.TextMarshaler with the canonical form.
func (c Color) MarshalText() ([]byte, error) {
	return c.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseColor. On
// error c is left unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	p, err := ParseColor(string(text))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// Rounded returns the color the canonical form of c denotes: hue,
// saturation, lightness and alpha rounded to two decimals, half away from
// zero, as [Color.String] prints them, with a hue that rounds to 360
// wrapped to 0. It is ParseColor(c.String()) without the text: a color
// built from Rounded's components prints and parses back to itself.
func (c Color) Rounded() Color {
	h := round2(c.h)
	if h >= 360 {
		h = 0
	}
	return Color{h: h, s: round2(c.s), l: round2(c.l), a: round2(c.a)}
}

func (c Color) appendCSS(b []byte, sep string) []byte {
	r := c.Rounded()
	if r.a == 1 {
		b = append(b, "hsl("...)
	} else {
		b = append(b, "hsla("...)
	}
	b = appendNum(b, r.h)
	b = append(b, sep...)
	b = appendNum(b, r.s)
	b = append(b, '%')
	b = append(b, sep...)
	b = appendNum(b, r.l)
	b = append(b, '%')
	if r.a != 1 {
		b = append(b, sep...)
		b = appendNum(b, r.a)
	}
	return append(b, ')')
}

// appendNum formats an already rounded value with at most two decimals and
// no trailing zeros; negative zero prints as 0.
func appendNum(b []byte, v float64) []byte {
	if v == 0 {
		return append(b, '0')
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// round2 rounds v to two decimals, half away from zero, the way a person
// reading "at most two decimals" expects.
func round2(v float64) float64 {
	r := math.Round(v * 100)
	if r == 0 {
		return 0
	}
	return r / 100
}

// wrapHue maps any finite hue onto [0, 360).
func wrapHue(h float64) float64 {
	if 0 <= h && h < 360 { // math.Mod's answer, without the call
		return h + 0 // turn -0 into 0
	}
	if math.IsNaN(h) || math.IsInf(h, 0) {
		return 0
	}
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	if h >= 360 { // -1e-20 + 360 rounds to 360
		h = 0
	}
	return h + 0 // turn -0 into 0
}

// clamp limits v to [lo, hi]; a NaN or infinite v counts as 0 (lo is never
// above 0 here).
func clamp(v, lo, hi float64) float64 {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0
	case v < lo:
		return lo
	case v > hi:
		return hi
	}
	return v + 0
}

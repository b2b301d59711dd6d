package colorref

import (
	"math"
	"strconv"

	"github.com/lucasb-eyer/go-colorful"
)

// Color is a CSS color in the notation it was written in ([Notation]):
// hsl() by default, or hex, rgb(), oklch(), oklab() or
// color(display-p3 …) as [Parse] read it. An hsl() color holds hue in
// degrees in [0, 360), saturation and lightness in percent in [0, 100],
// and alpha in [0, 1]; the other notations hold their own components
// ([Color.Components]).
//
// Color is a small comparable value: two colors are == when they are
// written the same way with the same components, so hsl(0, 100%, 50%)
// and #ff0000 are different values that paint alike. The constructors
// normalize their arguments into each notation's ranges, so every Color a
// program can hold is valid. The zero Color is hsla(0, 0%, 0%, 0): fully
// transparent black, like the zero value of image/color.RGBA.
type Color struct {
	// h, s and l are an hsl() color's hue, saturation and lightness, or
	// another notation's three components. a is the alpha plus twice the
	// notation: an hsl() color (notation 0) holds its alpha as it is, and
	// the notation costs no space, so a Color stays four float64s, the
	// size the contrast searches copy in their inner loops. a lies in
	// [2n, 2n+1] for notation n (see alpha).
	h, s, l, a float64
}

// pack returns the color of notation n with components x, y and z and
// alpha in [0, 1].
func pack(n Notation, x, y, z, alpha float64) Color {
	return Color{h: x, s: y, l: z, a: alpha + 2*float64(n)}
}

// notation is the notation packed in c.a; an hsl() color's c.a is at
// most 1.
func (c Color) notation() Notation {
	if c.a <= 1 {
		return NotationHSL
	}
	return Notation(c.a / 2)
}

// alpha is the alpha packed in c.a. Packing rounds an alpha to the
// float64 steps of [2n, 2n+1] (2e-15 at most); unpacking takes a hex
// color's back to its 8-bit alpha and another notation's to 1e-12, which
// gives back every alpha written with up to 12 decimals exactly.
func (c Color) alpha() float64 {
	if c.a <= 1 {
		return c.a
	}
	n := Notation(c.a / 2)
	raw := c.a - 2*float64(n) // exact: c.a and 2n lie within a factor of 2
	if n == NotationHex {
		return float64(to8(raw)) / 255
	}
	return math.Round(raw*1e12) / 1e12
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
// in percent [0, 100]. It mirrors the constructor HSL. For a color of
// another notation they are those of the sRGB color it paints
// ([Color.SRGB]): In(NotationHSL).HSL().
func (c Color) HSL() (h, s, l float64) {
	if c.a > 1 {
		c = c.In(NotationHSL)
	}
	return c.h, c.s, c.l
}

// HSLA returns the hue, saturation and lightness as HSL does, and the alpha
// in [0, 1]. It mirrors the constructor HSLA.
func (c Color) HSLA() (h, s, l, a float64) {
	if c.a > 1 {
		c = c.In(NotationHSL)
	}
	return c.h, c.s, c.l, c.a
}

// Notation returns the notation c was written in, which String writes.
func (c Color) Notation() Notation { return c.notation() }

// Components returns the three components of c in its notation's units
// (see [Notation]): hue, saturation and lightness for hsl(); red, green
// and blue in 0–255 for hex and rgb(); L, C and h for oklch(); L, a and b
// for oklab(); red, green and blue for color(display-p3).
func (c Color) Components() [3]float64 { return [3]float64{c.h, c.s, c.l} }

// Alpha returns the opacity of c in [0, 1]: for an hsl() color the alpha
// it was given, for a hex color an 8-bit alpha (k/255), for another
// notation the alpha it was given to 1e-12.
func (c Color) Alpha() float64 { return c.alpha() }

// Opaque reports whether c has an alpha of 1.
func (c Color) Opaque() bool { return c.alpha() == 1 }

// WithAlpha returns c with its alpha replaced by a, clamped to [0, 1]; a
// hex color takes the nearest 8-bit alpha, the only ones its digits hold.
func (c Color) WithAlpha(a float64) Color {
	if c.a <= 1 && a >= 0 && a <= 1 { // an hsl() color: no call, so WithAlpha inlines
		c.a = a
		return c
	}
	return c.withAlpha(a)
}

// withAlpha is WithAlpha for the notations other than hsl() and for an
// alpha out of range.
func (c Color) withAlpha(a float64) Color {
	a = clamp(a, 0, 1)
	n := c.notation()
	if n == NotationHex {
		a = float64(to8(a)) / 255
	}
	c.a = a + 2*float64(n)
	return c
}

// Lightness returns the lightness [Color.WithLightness] sets, in percent
// [0, 100]: the L of hsl() for an hsl() color, OKLab's L×100 for oklch()
// and oklab(), and the hsl() lightness of the notation's own channels for
// hex, rgb() and color(display-p3) (channels outside [0, 1] clamped
// into it). Code that moves a color's lightness by an offset reads it
// here, so that the move is in the notation's own lightness.
func (c Color) Lightness() float64 {
	if c.a <= 1 {
		return c.l
	}
	n := c.notation()
	switch n {
	case NotationOKLCh, NotationOKLab:
		return c.h * 100
	}
	scale := 255.0
	if n == NotationDisplayP3 {
		scale = 1
	}
	r, g, b := clamp(c.h/scale, 0, 1), clamp(c.s/scale, 0, 1), clamp(c.l/scale, 0, 1)
	return (max(r, g, b) + min(r, g, b)) / 2 * 100
}

// WithLightness returns c with its lightness replaced by l percent,
// clamped to [0, 100], in the notation's own lightness:
//
//   - hsl(): the L of hsl();
//   - oklch() and oklab(): OKLab's L, l/100 (CSS writes it as a
//     percentage: oklch(62% …)), with chroma and hue, or a and b, kept;
//   - rgb(), hex and color(display-p3): the L of hsl() over the
//     notation's own channels (sRGB for rgb() and hex, Display-P3 for
//     color()), with hsl()'s hue and saturation of those channels kept,
//     written back in the notation; a hex color's channels are rounded to
//     whole numbers, the only ones its digits hold, and Display-P3
//     channels outside [0, 1] are clamped into it first.
//
// In every notation the painted color ([Color.SRGB]) never gets darker as
// l grows, which the lightness searches of package contrast rely on
// (TestWithLightnessNeverDarkens checks it on the 0.01 grid).
func (c Color) WithLightness(l float64) Color {
	// The lightness searches' inner loop: an hsl() color and a lightness
	// in range take no call, so that WithLightness inlines.
	if c.a <= 1 && l >= 0 && l <= 100 { // an hsl() color
		c.l = l // -0 included: it is == 0 and prints as 0
		return c
	}
	return c.withLightness(l)
}

// withLightness is WithLightness for the notations other than hsl() and
// for a lightness out of range.
func (c Color) withLightness(l float64) Color {
	l = clamp(l, 0, 100)
	n := c.notation()
	switch n {
	case NotationHSL:
		c.l = l
	case NotationOKLCh:
		c.h = l / 100
		c.s = sRGBChroma(c.h, c.s, c.l)
	case NotationOKLab:
		c.h = l / 100
		lch := unpolar([3]float64{c.h, c.s, c.l})
		if k := sRGBChroma(lch[0], lch[1], lch[2]); k < lch[1] {
			c.s, c.l = c.s*k/lch[1], c.l*k/lch[1]
		}
	default:
		scale := 255.0
		if n == NotationDisplayP3 {
			scale = 1
		}
		hh, ss, _, _ := SRGB(c.h/scale, c.s/scale, c.l/scale, 1).HSLA()
		r, g, b, _ := HSL(hh, ss, l).SRGB()
		c.h, c.s, c.l = r*scale, g*scale, b*scale
		if n == NotationHex {
			c.h, c.s, c.l = math.Round(c.h), math.Round(c.s), math.Round(c.l)
		}
	}
	return c
}

// SRGB returns the gamma-encoded sRGB channels of c in [0, 1] and its alpha,
// with no 8-bit rounding: the color a browser paints for c on an sRGB
// screen, which is what WCAG's formulas and axe-core measure.
//
// For hsl() it is the conversion of CSS Color 4 §7.1 ("Converting HSL
// Colors to sRGB"):
//
//	f(n) = L - S·min(L, 1-L)·max(-1, min(k-3, 9-k, 1)),  k = (n + H/30) mod 12
//	(r, g, b) = (f(0), f(8), f(4))
//
// with S and L as fractions. For hex and rgb() it is the channels over
// 255. For oklch(), oklab() and color(display-p3) it is CSS Color 4's
// conversion to sRGB (through linear light and CIE XYZ, with the
// matrices of CSS Color 4 §18, the ones Color.js uses), with each channel
// then clipped to [0, 1]: a color outside sRGB is painted as the nearest
// sRGB channel values, as Chromium paints it and as axe-core 4.x reads it
// (it converts the computed value with Color.js and clips it to sRGB,
// toGamut({space: "srgb", method: "clip"})). [Color.InSRGB] says whether
// the clipping changed anything.
func (c Color) SRGB() (r, g, b, a float64) {
	if c.a > 1 {
		return c.srgbOther()
	}
	s, l := c.s/100, c.l/100
	chroma := s * min(l, 1-l) // the builtin is math.Min's, without a call
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

// String returns the canonical CSS form of c in its own notation. For an
// hsl() color it is "hsl(210, 50%, 40%)" when it is opaque and
// "hsla(210, 50%, 40%, 0.5)" otherwise, in the legacy comma syntax that
// every browser accepts, each number rounded to at most two decimals, with
// trailing zeros dropped; ParseColor(c.String()) gives a color within
// 0.005 of c in every component, whose String is the same. The other
// notations' forms:
//
//	hex          #1877f2, #1877f280            lower case, six or eight digits
//	rgb()        rgb(24, 119.5, 242)           two decimals; rgba(…, 0.5) when translucent
//	oklch()      oklch(62.8% 0.2577 29.23)     L in percent with two decimals, C four, h two
//	oklab()      oklab(62.8% 0.2249 0.1258)    L in percent with two decimals, a and b four
//	display-p3   color(display-p3 0.9175 0.2003 0.1386)   four decimals
//
// with " / 0.5" (two decimals) before the ")" of oklch(), oklab() and
// color() when translucent. Each keeps the steps of hsl()'s two decimals
// of a percent (1e-4 of the range) or finer, and Parse(c.String()) prints
// the same again. [Color.Rounded] is the color the form denotes.
func (c Color) String() string {
	return string(c.appendCanonical(make([]byte, 0, 40), ", "))
}

// Compact returns the canonical form without the spaces that can go:
// "hsl(210,50%,40%)", "hsla(210,50%,40%,0.5)", "rgb(24,119.5,242)",
// "oklch(62.8% 0.2577 29.23/0.5)", as palette previews use it.
func (c Color) Compact() string {
	return string(c.appendCanonical(make([]byte, 0, 40), ","))
}

// AppendText appends the canonical form of c, as String returns it, to b.
// It implements encoding.TextAppender.
func (c Color) AppendText(b []byte) ([]byte, error) {
	return c.appendCanonical(b, ", "), nil // small enough to inline, as before notations
}

// MarshalText implements encoding.TextMarshaler with the canonical form.
func (c Color) MarshalText() ([]byte, error) {
	return c.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler with [Parse], so that
// it reads back what MarshalText writes in every notation. On error c is
// left unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// Rounded returns the color the canonical form of c denotes: for hsl(),
// hue, saturation, lightness and alpha rounded to two decimals, half away
// from zero, as [Color.String] prints them, with a hue that rounds to 360
// wrapped to 0; for the other notations each component rounded to the
// decimals String prints. It is Parse(c.String()) without the text: a
// color built from Rounded's components prints and parses back to itself.
func (c Color) Rounded() Color {
	if c.a > 1 {
		return c.roundedOther()
	}
	h, s, l, a := c.roundedHSLA()
	return Color{h: h, s: s, l: l, a: a}
}

// roundedHSLA is Rounded's components for an hsl() color.
func (c Color) roundedHSLA() (h, s, l, a float64) {
	h = round2(c.h)
	if h >= 360 {
		h = 0
	}
	return h, round2(c.s), round2(c.l), round2(c.a)
}

// appendCanonical is String with the separator of its commas (", " or
// ","). The hsl() path, the one served bytes take per snapshot, makes no
// call more than before there were other notations.
func (c Color) appendCanonical(b []byte, sep string) []byte {
	if c.a > 1 {
		return c.appendOther(b, sep)
	}
	h, s, l, a := c.roundedHSLA()
	if a == 1 {
		b = append(b, "hsl("...)
	} else {
		b = append(b, "hsla("...)
	}
	b = appendNum(b, h)
	b = append(b, sep...)
	b = appendNum(b, s)
	b = append(b, '%')
	b = append(b, sep...)
	b = appendNum(b, l)
	b = append(b, '%')
	if a != 1 {
		b = append(b, sep...)
		b = appendNum(b, a)
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

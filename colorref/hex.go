package colorref

import (
	"math"
	"strconv"
)

// ParseHex parses a CSS hex color: "#rgb", "#rgba", "#rrggbb" or
// "#rrggbbaa", with hex digits in either case. In the short forms each
// digit stands for itself repeated ("#f80" is "#ff8800"); the alpha digits,
// when present, give the opacity over 255 ("#00000080" has alpha 128/255).
//
// The input must be exactly the color: a leading "#", then 3, 4, 6 or 8 hex
// digits and nothing else (no whitespace, no named colors, no "0x"). On
// failure [ParseHex] returns the zero Color and a *[ParseError] that wraps
// [ErrSyntax] and names the byte offset of the problem, as [ParseColor] does.
//
// The result holds the exact sRGB value of the digits in the hsl() model,
// so Hex gives back the same digits (in the long lower-case form):
//
//	ParseHex("#F80").Hex() == "#ff8800"
//
// Use [Color.String] to write it in hsl(). [Parse] (and so [ParseRef],
// the catalog's grammar) reads the same digits into a color that keeps
// the hex notation.
func ParseHex(s string) (Color, error) {
	ch, err := hexDigits(s)
	if err != nil {
		return Color{}, err
	}
	return RGBA8(ch[0], ch[1], ch[2], ch[3]), nil
}

// hexDigits reads a CSS hex color into its 8-bit channels and alpha.
func hexDigits(s string) ([4]uint8, error) {
	var ch [4]uint8
	if s == "" || s[0] != '#' {
		return ch, syntaxError(s, 0, `expected "#" followed by 3, 4, 6 or 8 hex digits`)
	}
	digits := s[1:]
	for i := 0; i < len(digits); i++ {
		if _, ok := hexDigit(digits[i]); !ok {
			return ch, syntaxError(s, 1+i, "expected a hex digit (0-9, a-f, A-F)")
		}
	}
	ch[3] = 255
	switch len(digits) {
	case 3, 4:
		for i := range len(digits) {
			d, _ := hexDigit(digits[i])
			ch[i] = d<<4 | d
		}
	case 6, 8:
		for i := 0; i < len(digits)/2; i++ {
			hi, _ := hexDigit(digits[2*i])
			lo, _ := hexDigit(digits[2*i+1])
			ch[i] = hi<<4 | lo
		}
	default:
		return ch, syntaxError(s, len(s), "a hex color has 3, 4, 6 or 8 digits, not "+strconv.Itoa(len(digits)))
	}
	return ch, nil
}

// RGBA8 returns the color with 8-bit sRGB channels r, g, b and alpha a
// (0–255 each), as a hex color or a CSS rgb() value with integer channels
// writes it. It is SRGB(r/255, g/255, b/255, a/255).
func RGBA8(r, g, b, a uint8) Color {
	return SRGB(float64(r)/255, float64(g)/255, float64(b)/255, float64(a)/255)
}

// RGBA8 returns the sRGB channels and the alpha of c in 8 bits (0–255),
// computed as Chromium computes them for getComputedStyle, which is what
// browser-based checkers such as axe-core read:
//
//   - hue, saturation/100 and lightness/100 are held as float32, and the
//     CSS Color 4 hsl-to-sRGB formula (see [Color.SRGB]) runs in float32
//     (gfx::HSLToSRGB in Chromium's ui/gfx/color_conversions.cc);
//   - each channel gets 1e-7 added, so that an exact half such as the
//     76.5 of hsl(120, 100%, 15%) is not lost to float error, is scaled
//     by 255 and rounded half away from zero: 76.5 becomes 77
//     (Color::SerializeLegacyColorAsCSSColor in Chromium's
//     third_party/blink/renderer/platform/graphics/color.cc, crbug.com/1425856);
//   - alpha is rounded to the nearest of 256 steps, halves up, as Chromium
//     stores the alpha of a legacy color in 8 bits.
//
// The result differs from rounding the exact float64 channels of
// [Color.SRGB] only where a channel lies within about 3e-5 of a half step.
//
// The other notations:
//
//   - hex: its digits;
//   - rgb(): each channel in float32 over 255, then as above (Chromium
//     computes rgb() as a legacy color too: rgb(10.5 0 0) is reported as
//     rgb(11, 0, 0));
//   - oklch(), oklab() and color(display-p3): Chromium reports these in
//     their own notation ("oklch(0.628 0.2577 29.23)"), and axe-core reads
//     that with Color.js, clips it to sRGB and rounds each channel with
//     JavaScript's Math.round when it flattens the color over its canvas:
//     RGBA8 is the channels of [Color.SRGB] ×255 rounded half up, and the
//     alpha as above.
func (c Color) RGBA8() (r, g, b, a uint8) {
	if c.a > 1 {
		return c.rgba8Other()
	}
	s, l := float32(c.s/100), float32(c.l/100)
	if s == 0 {
		v := legacy8(l)
		return v, v, v, to8(c.a)
	}
	// Chromium computes h/30 and s·min(l, 1-l) inside f(n); they are the
	// same float32 values for every channel, so they are computed once.
	h := float32(float32(c.h) / 30)
	lo := l
	if m := float32(1 - l); m < lo {
		lo = m
	}
	chroma := float32(s * lo)
	return legacy8(hslChannel32(0, h, l, chroma)), legacy8(hslChannel32(8, h, l, chroma)), legacy8(hslChannel32(4, h, l, chroma)), to8(c.a)
}

// hslChannel32 is f(n) of CSS Color 4's hsl-to-sRGB in float32, in the
// order of operations Chromium uses, with h = H/30 and chroma =
// S·min(L, 1-L). Every intermediate is converted to float32 explicitly,
// which also keeps the compiler from fusing a multiply and an add (the Go
// spec allows fusion only where no conversion stands).
func hslChannel32(n, h, l, chroma float32) float32 {
	k := float32(n + h)
	if k >= 12 { // fmod(k, 12) for k in [0, 20): the subtraction is exact
		k = float32(k - 12)
	}
	m := float32(k - 3) // max(-1, min(k-3, 9-k, 1))
	if v := float32(9 - k); v < m {
		m = v
	}
	if m > 1 {
		m = 1
	} else if m < -1 {
		m = -1
	}
	return float32(l - float32(chroma*m))
}

// legacy8 turns a float32 sRGB channel into the integer Chromium
// serializes: (v + 1e-7)·255 in float32, clamped to [0, 255] and rounded
// half away from zero. It is the inner loop of the rendered contrast
// ratio, so it stays in float32, with the same results as scaling and
// rounding in float64 (checked on every float32 in [-1.0001, 1.0001]):
//
//   - the product of a float32 and 255 is exact in float64 (at most 32
//     significant bits), so rounding that to float32 is the float32
//     product, one multiplication;
//   - for x in [0.5, 255), x+0.5 is exact in float32 or, when it reaches
//     the next power of two, rounds to a neighbour with the same integer
//     part (the next integer is more than 0.5 away), so truncating it is
//     C's round(x); below 0.5 the result is 0.
func legacy8(v float32) uint8 {
	const eps = float32(1e-7)
	x := float32(float32(v+eps) * 255)
	switch {
	case !(x >= 0.5): // also NaN
		return 0
	case x >= 255:
		return 255
	}
	return uint8(float32(x + 0.5))
}

// to8 converts an alpha in [0, 1] to 8 bits: v·255 rounded half up,
// clamped to [0, 255], as [Color.RGBA8] rounds alpha.
func to8(v float64) uint8 {
	x := v * 255
	switch {
	case !(x >= 0.5): // also NaN
		return 0
	case x >= 255:
		return 255
	}
	return uint8(math.Floor(x + 0.5))
}

// Hex returns c as a lower-case CSS hex color: "#rrggbb" when its alpha
// rounds to 255 in 8 bits, "#rrggbbaa" otherwise. Channels and alpha are
// the 8-bit values of [Color.RGBA8], the integers Chromium computes for c
// (halves round up: hsl(120, 100%, 15%) is "#004d00", green 77). A color
// off the 8-bit grid moves by at most half a step, so Hex is lossy for such
// colors and ParseHex(c.Hex()) is the 8-bit color a browser reports for c;
// for a color from [ParseHex], Hex gives the same digits back.
func (c Color) Hex() string {
	r, g, b, a := c.RGBA8()
	const digits = "0123456789abcdef"
	buf := [9]byte{'#'}
	n := 1
	for _, v := range [4]uint8{r, g, b, a} {
		buf[n], buf[n+1] = digits[v>>4], digits[v&15]
		n += 2
	}
	if a == 255 {
		n = 7
	}
	return string(buf[:n])
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// ShortestHSL returns the color to write in hsl() for c's rendering:
// among the colors with whole degrees and percent, then one decimal,
// then two, one that a browser renders as the same 8-bit sRGB color as c
// ([Color.RGBA8]: the integers Chromium computes). At each precision it
// tries c rounded to it first, then the colors one step away on one
// axis, on two, on three; with two decimals one always renders as c
// (TestShortestHSLRendersTheSameEightBitColor: 300,000 seeded colors).
// Its alpha is c's to two decimals, as [Color.String] prints it, so an
// 8-bit alpha that no two-decimal alpha gives (1/255, say) moves by at
// most one step. It is the hsl() to suggest for a hex color: for
// "#1a73e8", hsl(214.1, 81.7%, 50.6%), where hsl(214, 82%, 51%)
// renders as #1c74e9.
//
// A color of another notation is taken as the hsl() of the sRGB color it
// paints (In(NotationHSL)) and its 8-bit rendering as that color's.
func (c Color) ShortestHSL() Color {
	if c.a > 1 {
		c = c.In(NotationHSL)
	}
	r, g, b, _ := c.RGBA8()
	a := round2(c.a)
	for _, per := range [...]float64{1, 10, 100} { // steps per unit
		step := 1 / per
		h, s, l := roundTo(c.h, per), roundTo(c.s, per), roundTo(c.l, per)
		for _, o := range nearFirst {
			cand := HSLA(h+o[0]*step, s+o[1]*step, l+o[2]*step, a).Rounded()
			if cr, cg, cb, _ := cand.RGBA8(); cr == r && cg == g && cb == b {
				return cand
			}
		}
	}
	return c.WithAlpha(a).Rounded()
}

// roundTo rounds v to a multiple of 1/per (per 1, 10 or 100), half away
// from zero, as round2 does for 100.
func roundTo(v, per float64) float64 {
	if math.Abs(v) >= 1<<52/per { // whole already, and v·per could overflow
		return v
	}
	return math.Round(v*per) / per
}

// nearFirst are the offsets, in steps, that ShortestHSL tries around
// the rounded hue, saturation and lightness: the rounded color first,
// then those one step away on one axis, then on two, then on three.
var nearFirst = func() [][3]float64 {
	var out [][3]float64
	for n := 0; n <= 3; n++ {
		for _, h := range [...]float64{0, -1, 1} {
			for _, s := range [...]float64{0, -1, 1} {
				for _, l := range [...]float64{0, -1, 1} {
					if math.Abs(h)+math.Abs(s)+math.Abs(l) == float64(n) {
						out = append(out, [3]float64{h, s, l})
					}
				}
			}
		}
	}
	return out
}()

package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// white returns opaque white, hsl(0, 0%, 100%): the backdrop that Ratio and
// APCA assume behind a translucent background, as a browser's default
// canvas.
func white() colorref.Color { return colorref.HSL(0, 0, 100) }

// Luminance returns the WCAG 2.2 relative luminance of c, in [0, 1]. The
// alpha of c is ignored: composite a translucent color over its backdrop
// first (see Composite).
//
// The definition (WCAG 2.2, "relative luminance"):
//
//	L = 0.2126·R + 0.7152·G + 0.0722·B,
//	X = X_sRGB/12.92 if X_sRGB ≤ 0.04045, else ((X_sRGB+0.055)/1.055)^2.4
//
// The power is computed from a table and a polynomial, not math.Pow: the
// result agrees with the formula evaluated with math.Pow to about 1e-15
// relative.
func Luminance(c colorref.Color) float64 {
	r, g, b, _ := c.SRGB()
	return luminance(r, g, b)
}

// Composite returns fg painted over bg with the source-over operator in
// gamma-encoded sRGB, as browsers paint:
//
//	αo = αf + αb·(1−αf)
//	Co = (Cf·αf + Cb·αb·(1−αf)) / αo
//
// An opaque fg is returned as it is; over an opaque bg the result is opaque.
// Two fully transparent colors give the zero Color.
func Composite(fg, bg colorref.Color) colorref.Color {
	if fg.Opaque() {
		return fg
	}
	r, g, b, a := composite(fg, bg)
	if a == 0 {
		return colorref.Color{}
	}
	return colorref.SRGB(r, g, b, a)
}

// composite is Composite in sRGB channels, skipping the conversion back to
// hsl so the hot paths stay exact and allocation-free.
func composite(fg, bg colorref.Color) (r, g, b, a float64) {
	fr, fg2, fb, fa := fg.SRGB()
	br, bg2, bb, ba := bg.SRGB()
	a = fa + ba*(1-fa)
	if a == 0 {
		return 0, 0, 0, 0
	}
	mix := func(f, b float64) float64 { return (f*fa + b*ba*(1-fa)) / a }
	return mix(fr, br), mix(fg2, bg2), mix(fb, bb), a
}

// pair resolves what a reader sees: the background over the backdrop, then
// the foreground over that, both as opaque sRGB channels.
func pair(fg, bg, backdrop colorref.Color) (f, b [3]float64) {
	backdrop = backdrop.WithAlpha(1)
	if !bg.Opaque() {
		r, g, bl, _ := composite(bg, backdrop)
		bg = colorref.SRGB(r, g, bl, 1)
	}
	b[0], b[1], b[2], _ = bg.SRGB()
	if fg.Opaque() {
		f[0], f[1], f[2], _ = fg.SRGB()
	} else {
		f[0], f[1], f[2], _ = composite(fg, bg)
	}
	return f, b
}

// Ratio returns the WCAG 2 contrast ratio between a foreground and a
// background color, in [1, 21]:
//
//	(L1 + 0.05) / (L2 + 0.05)
//
// with L1 the larger relative luminance. A translucent foreground is first
// composited over the background (see Composite). A translucent background
// is composited over opaque white, a browser's default canvas; to name
// another backdrop, use RatioOver. The ratio is never rounded.
func Ratio(fg, bg colorref.Color) float64 {
	return RatioOver(fg, bg, white())
}

// RatioOver is Ratio with a translucent background composited over the
// given backdrop (for example a page background) instead of white. The
// backdrop's own alpha is ignored: it is the opaque bottom layer.
//
// The ratio agrees with the WCAG formula evaluated with math.Pow in
// float64 to within 1e-13 relative (the difference measured is about
// 1e-15), and within that distance of a WCAG minimum (3, 4.5 or 7) it is
// that evaluation bit for bit, so comparing it with a minimum gives the
// verdict the formula gives.
func RatioOver(fg, bg, backdrop colorref.Color) float64 {
	return ratioFor(fg, bg, backdrop, 0)
}

// ratioTolerance bounds the relative difference between the ratio of
// [luminance] and the WCAG formula evaluated with math.Pow in float64
// (see [linear] for the argument; TestExactVerdictsMatchPow measures it).
// Where the two could fall on different sides of a minimum, [ratioFor]
// uses math.Pow, so no verdict depends on the difference.
const ratioTolerance = 1e-13

// ratioFor is [RatioOver] with the ratio evaluated with math.Pow near
// required as well as near the WCAG minimums: the ratio [Threshold.Passes] and
// [Policy.Check] judge against required. A required of 0 adds nothing.
func ratioFor(fg, bg, backdrop colorref.Color, required float64) float64 {
	var r float64
	if fg.Opaque() && bg.Opaque() { // pair's arrays cost an opaque pair a fifth of its time
		r = wcagRatio(Luminance(fg), Luminance(bg))
	} else {
		f, b := pair(fg, bg, backdrop)
		r = wcagRatio(luminance(f[0], f[1], f[2]), luminance(b[0], b[1], b[2]))
	}
	if nearMinimum(r, required) {
		f, b := pair(fg, bg, backdrop)
		return wcagRatio(luminancePow(f), luminancePow(b))
	}
	return r
}

// ratioOfPair is ratioFor of a pair given as pair returns it, with the
// luminances of its two sides.
func ratioOfPair(f, b [3]float64, lf, lb, required float64) float64 {
	if r := wcagRatio(lf, lb); !nearMinimum(r, required) {
		return r
	}
	return wcagRatio(luminancePow(f), luminancePow(b))
}

// nearMinimum reports whether the ratio r lies within ratioTolerance of
// a WCAG minimum or of required, where ratioFor evaluates it with
// math.Pow.
func nearMinimum(r, required float64) bool {
	for _, m := range [...]float64{LargeTextAA, TextAA, TextAAA, required} {
		if math.Abs(r-m) <= ratioTolerance*m {
			return true
		}
	}
	return false
}

// wcagRatio is the WCAG 2 ratio of two luminances, in either order.
func wcagRatio(l1, l2 float64) float64 {
	if l1 < l2 {
		l1, l2 = l2, l1
	}
	return (l1 + 0.05) / (l2 + 0.05)
}

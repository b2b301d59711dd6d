package colorref

import "math"

// OKLCh returns the color oklch(l c h / alpha): OKLab lightness l in
// [0, 1], chroma c and hue h in degrees. As CSS Color 4 requires at
// parsed-value time, l is clamped to [0, 1] and a negative chroma to 0;
// the hue wraps modulo 360 and alpha is clamped to [0, 1]. A non-finite
// argument is treated as 0. The color may lie outside sRGB (see
// [Color.InSRGB]).
func OKLCh(l, c, h, alpha float64) Color {
	return pack(NotationOKLCh, clamp(l, 0, 1), clamp(c, 0, math.MaxFloat64), wrapHue(h), clamp(alpha, 0, 1))
}

// OKLab returns the color oklab(l a b / alpha): lightness l clamped to
// [0, 1] as CSS Color 4 requires, a and b as given, alpha clamped to
// [0, 1]. A non-finite argument is treated as 0.
func OKLab(l, a, b, alpha float64) Color {
	return pack(NotationOKLab, clamp(l, 0, 1), finite(a), finite(b), clamp(alpha, 0, 1))
}

// DisplayP3 returns the color color(display-p3 r g b / alpha), with
// gamma-encoded Display-P3 channels. CSS Color 4 keeps channels outside
// [0, 1] (they lie outside Display-P3); so does DisplayP3. Alpha is
// clamped to [0, 1]; a non-finite argument is treated as 0.
func DisplayP3(r, g, b, alpha float64) Color {
	return pack(NotationDisplayP3, finite(r), finite(g), finite(b), clamp(alpha, 0, 1))
}

// RGB returns the color rgb(r g b / alpha), channels in CSS's 0–255,
// clamped to it as CSS Color 4 requires, alpha clamped to [0, 1]. A
// non-finite argument is treated as 0.
func RGB(r, g, b, alpha float64) Color {
	return pack(NotationRGB, clamp(r, 0, 255), clamp(g, 0, 255), clamp(b, 0, 255), clamp(alpha, 0, 1))
}

// finite returns v, or 0 for NaN and the infinities, with -0 as 0.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v + 0
}

// InSRGB reports whether c lies inside the sRGB gamut, so that
// [Color.SRGB] paints it without clipping. hsl(), hex and rgb() colors
// always do; an oklch(), oklab() or color(display-p3) color does when
// its sRGB channels lie within 1e-4 of [0, 1], far below an 8-bit step
// (the rounding of the conversions puts white at 1 + 1e-8).
func (c Color) InSRGB() bool {
	if c.notation().legacy() {
		return true
	}
	enc := encode(c.linear())
	for _, v := range enc {
		if !(v >= -gamutSlack && v <= 1+gamutSlack) { // also NaN
			return false
		}
	}
	return true
}

// linear returns the linear-light sRGB channels of c, unclipped: outside
// [0, 1] for a color outside sRGB.
func (c Color) linear() [3]float64 {
	switch c.notation() {
	case NotationOKLCh:
		return oklabToLinear(polar([3]float64{c.h, c.s, c.l}))
	case NotationOKLab:
		return oklabToLinear([3]float64{c.h, c.s, c.l})
	case NotationDisplayP3:
		lin := decode([3]float64{c.h, c.s, c.l})
		if c.h == c.s && c.s == c.l {
			// A grey: Display-P3 and sRGB share the D65 white and the
			// transfer function, so it is the same grey, exactly (the
			// matrices would put color(display-p3 0.5 0.5 0.5) a rounding
			// off the half step that decides its 8 bits).
			return lin
		}
		return xyzToLinear(mul(&linearP3ToXYZ, lin))
	}
	r, g, b, _ := c.SRGB()
	return decode([3]float64{r, g, b})
}

// srgbOther is Color.SRGB for the notations other than hsl().
func (c Color) srgbOther() (r, g, b, a float64) {
	n, a := c.notation(), c.alpha()
	switch {
	case n.legacy():
		return c.h / 255, c.s / 255, c.l / 255, a
	case n == NotationDisplayP3 && c.h == c.s && c.s == c.l: // a grey: see linear
		v := clamp(c.h, 0, 1)
		return v, v, v, a
	}
	enc := encode(c.linear())
	return clamp(enc[0], 0, 1), clamp(enc[1], 0, 1), clamp(enc[2], 0, 1), a
}

// rgba8Other is Color.RGBA8 for the notations other than hsl().
func (c Color) rgba8Other() (r, g, b, a uint8) {
	a8 := to8(c.alpha())
	switch c.notation() {
	case NotationHex:
		return uint8(c.h), uint8(c.s), uint8(c.l), a8
	case NotationRGB:
		return legacy8(float32(c.h / 255)), legacy8(float32(c.s / 255)), legacy8(float32(c.l / 255)), a8
	}
	rr, gg, bb, _ := c.srgbOther()
	return to8(rr), to8(gg), to8(bb), a8
}

// In returns c written in notation n: the same color where n can hold
// it, with the alpha of c.
//
//   - To hsl(), rgb() and hex, the sRGB notations, it is the sRGB color
//     c paints ([Color.SRGB]: clipped when c lies outside sRGB); hex
//     takes its 8-bit channels ([Color.RGBA8]) and alpha.
//   - To oklch(), oklab() and color(display-p3), it is the same color
//     by CSS Color 4's conversions, unclipped: a Display-P3 color outside
//     sRGB keeps its chroma in oklch(). oklch() and oklab() clamp L to
//     [0, 1], as they do everywhere.
//
// A notation In does not know returns c unchanged.
func (c Color) In(n Notation) Color {
	if c.notation() == n {
		return c
	}
	alpha := c.alpha()
	switch n {
	case NotationHSL:
		r, g, b, a := c.SRGB()
		return SRGB(r, g, b, a)
	case NotationRGB:
		r, g, b, a := c.SRGB()
		return RGB(r*255, g*255, b*255, a)
	case NotationHex:
		r, g, b, a := c.RGBA8()
		return pack(NotationHex, float64(r), float64(g), float64(b), float64(a)/255)
	case NotationOKLab:
		lab := linearToOKLab(c.linear())
		return OKLab(lab[0], lab[1], lab[2], alpha)
	case NotationOKLCh:
		lch := unpolar(linearToOKLab(c.linear()))
		return OKLCh(lch[0], lch[1], lch[2], alpha)
	case NotationDisplayP3:
		p3 := encode(mul(&xyzToLinearP3, mul(&linearSRGBToXYZ, c.linear())))
		return DisplayP3(p3[0], p3[1], p3[2], alpha)
	}
	return c
}

// decimals are the decimals String prints of each notation's components;
// alpha always gets two (hex its 8 bits).
var decimals = [...][3]int{
	NotationRGB:       {2, 2, 2},
	NotationOKLCh:     {4, 4, 2}, // L: two decimals of its percentage
	NotationOKLab:     {4, 4, 4},
	NotationDisplayP3: {4, 4, 4},
}

// roundedOther is Color.Rounded for the notations other than hsl().
func (c Color) roundedOther() Color {
	n := c.notation()
	if n == NotationHex {
		return c
	}
	d := decimals[n]
	r := pack(n, roundTo(c.h, pow10[d[0]]), roundTo(c.s, pow10[d[1]]), roundTo(c.l, pow10[d[2]]), round2(c.alpha()))
	if n == NotationOKLCh || n == NotationOKLab {
		// String prints L as a percentage: the fraction Parse makes of it.
		r.h = round2(c.h*100) * percentFull[n][0] / 100
	}
	if n == NotationOKLCh && r.l >= 360 {
		r.l = 0
	}
	r.h, r.s, r.l = r.h+0, r.s+0, r.l+0 // no -0
	return r
}

var pow10 = [...]float64{1, 10, 100, 1000, 10000}

// appendOther is Color.appendCanonical for the notations other than
// hsl(); sep is ", " or "," between legacy components.
func (c Color) appendOther(b []byte, sep string) []byte {
	r := c.Rounded()
	n, ra := c.notation(), r.alpha()
	switch n {
	case NotationHex:
		const digits = "0123456789abcdef"
		b = append(b, '#')
		a := to8(c.alpha())
		for i, v := range [4]uint8{uint8(c.h), uint8(c.s), uint8(c.l), a} {
			if i == 3 && a == 255 {
				break
			}
			b = append(b, digits[v>>4], digits[v&15])
		}
		return b
	case NotationRGB:
		if ra == 1 {
			b = append(b, "rgb("...)
		} else {
			b = append(b, "rgba("...)
		}
		b = appendNum(b, r.h)
		b = append(b, sep...)
		b = appendNum(b, r.s)
		b = append(b, sep...)
		b = appendNum(b, r.l)
		if ra != 1 {
			b = append(b, sep...)
			b = appendNum(b, ra)
		}
		return append(b, ')')
	case NotationOKLCh:
		b = append(b, "oklch("...)
	case NotationOKLab:
		b = append(b, "oklab("...)
	default:
		b = append(b, "color(display-p3 "...)
	}
	if n == NotationOKLCh || n == NotationOKLab {
		b = appendNum(b, roundTo(r.h*100, 100)) // L in percent, two decimals
		b = append(b, '%')
	} else {
		b = appendNum(b, r.h)
	}
	b = append(b, ' ')
	b = appendNum(b, r.s)
	b = append(b, ' ')
	b = appendNum(b, r.l)
	if ra != 1 {
		if sep == "," {
			b = append(b, '/')
		} else {
			b = append(b, " / "...)
		}
		b = appendNum(b, ra)
	}
	return append(b, ')')
}

// sRGBChroma returns the largest chroma of at most c up to which the
// sRGB gamut holds every chroma at OKLab lightness l and hue h: c itself
// when oklch(l c h) and the greys under it lie inside sRGB, else the
// chroma at which the first sRGB channel leaves [0, 1]. Lowering chroma
// at a fixed lightness and hue is how CSS Color 4 maps a color into a
// gamut (§13.2); it keeps what oklch() promises, the perceived lightness
// and the hue.
//
// Each linear sRGB channel is a cubic in chroma along the ray,
// Σᵢ Mⱼᵢ·(l + C·kᵢ)³ with kᵢ the hue's direction in the cone responses,
// so the first exit is the smallest root of six cubics (each channel
// reaching 0 and 1), found by bisection on the pieces where each cubic is
// monotone: exact to float64 rounding, and never past a dip back into the
// gamut near black, where a bisection on the whole ray can land.
func sRGBChroma(l, c, h float64) float64 {
	if c == 0 {
		return 0
	}
	sin, cos := math.Sincos(h * math.Pi / 180)
	var k [3]float64
	for i := range k {
		k[i] = oklabToLMS[i][1]*cos + oklabToLMS[i][2]*sin
	}
	best := c
	for j := range lmsToLinearSRGB {
		m := &lmsToLinearSRGB[j]
		// The channel's coefficients in C⁰…C³; at C = 0 it is the grey
		// l³ (each row of the matrix sums to 1, white's channels).
		a := [4]float64{l * l * l}
		for i := range k {
			a[1] += m[i] * 3 * l * l * k[i]
			a[2] += m[i] * 3 * l * k[i] * k[i]
			a[3] += m[i] * k[i] * k[i] * k[i]
		}
		for _, bound := range [2]float64{0, 1} {
			b := a
			b[0] -= bound
			if r, ok := firstExit(b, bound == 0, best); ok {
				best = r
			}
		}
	}
	return best
}

// lmsToLinearSRGB is xyzToLinearSRGB·lmsToXYZ: OKLab's cone responses to
// linear sRGB.
var lmsToLinearSRGB = func() (m [3][3]float64) {
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				m[i][j] += xyzToLinearSRGB[i][k] * lmsToXYZ[k][j]
			}
		}
	}
	return m
}()

// firstExit returns the largest x in [0, hi] up to which the cubic
// a₀ + a₁x + a₂x² + a₃x³ stays on its inside, non-negative when
// nonNegative and non-positive otherwise, and true; or false when it
// stays inside on all of [0, hi]. It is 0 when the cubic leaves the
// inside right after 0.
func firstExit(a [4]float64, nonNegative bool, hi float64) (float64, bool) {
	f := func(x float64) float64 { return a[0] + x*(a[1]+x*(a[2]+x*a[3])) }
	// The cubic is monotone between the roots of its derivative,
	// a₁ + 2a₂x + 3a₃x².
	var buf [4]float64 // 0, up to two turning points, hi: no allocation
	cuts := buf[:1]
	qa, qb, qc := 3*a[3], 2*a[2], a[1]
	switch {
	case qa != 0:
		if d := qb*qb - 4*qa*qc; d >= 0 {
			sq := math.Sqrt(d)
			x1, x2 := (-qb-sq)/(2*qa), (-qb+sq)/(2*qa)
			cuts = append(cuts, min(x1, x2), max(x1, x2))
		}
	case qb != 0:
		cuts = append(cuts, -qc/qb)
	}
	cuts = append(cuts, hi)
	s0 := f(0)
	if s0 == 0 { // on the bound at the grey: the sign just after 0 decides
		for _, c := range a[1:] {
			if s0 = c; s0 != 0 {
				break
			}
		}
	}
	if s0 != 0 && (s0 < 0) == nonNegative {
		return 0, true
	}
	if s0 == 0 { // the zero polynomial: on the bound everywhere
		return 0, false
	}
	lo := 0.0
	for _, x := range cuts[1:] {
		if x <= lo || x > hi {
			continue
		}
		if fx := f(x); fx == 0 || (fx < 0) != (s0 < 0) {
			// One sign change in (lo, x], where f is monotone.
			a, b := lo, x
			for range 64 {
				mid := (a + b) / 2
				if mid <= a || mid >= b {
					break
				}
				if fm := f(mid); fm != 0 && (fm < 0) == (s0 < 0) {
					a = mid
				} else {
					b = mid
				}
			}
			return a, true
		}
		lo = x
	}
	return 0, false
}

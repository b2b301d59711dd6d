package colorref

import "math"

// Space is a color space of CSS Color 4 (the spaces of its color
// functions and of color(), which the Design Tokens Color module names
// too) that [FromSpace] converts into the hsl() model. The zero Space is
// no space.
type Space uint8

// The spaces FromSpace converts, with the units of their components (as
// CSS writes them as numbers, and the Color module as JSON numbers).
const (
	SpaceSRGB       Space = iota + 1 // srgb: r, g, b in [0, 1]
	SpaceSRGBLinear                  // srgb-linear: r, g, b in [0, 1], light-linear
	SpaceHSL                         // hsl: hue in degrees, saturation and lightness in percent
	SpaceHWB                         // hwb: hue in degrees, whiteness and blackness in percent
	SpaceLab                         // lab: CIE Lab, D50; L in [0, 100], a and b about ±125
	SpaceLCh                         // lch: CIE LCh, D50; L in [0, 100], chroma, hue in degrees
	SpaceOKLab                       // oklab: L in [0, 1], a and b about ±0.4
	SpaceOKLCh                       // oklch: L in [0, 1], chroma, hue in degrees
	SpaceXYZD65                      // xyz-d65 (CSS's xyz): X, Y, Z with Y 1 for white
	SpaceXYZD50                      // xyz-d50: X, Y, Z with Y 1 for white
)

var spaceNames = [...]string{"", "srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "xyz-d65", "xyz-d50"}

// String returns the space's CSS name ("oklch", "xyz-d65"), or "" for
// the zero Space.
func (s Space) String() string {
	if int(s) >= len(spaceNames) {
		return ""
	}
	return spaceNames[s]
}

// ParseSpace returns the space of a CSS name: those String returns, and
// "xyz", CSS's other name of xyz-d65.
func ParseSpace(name string) (Space, bool) {
	if name == "xyz" {
		return SpaceXYZD65, true
	}
	for s := SpaceSRGB; int(s) < len(spaceNames); s++ {
		if spaceNames[s] == name {
			return s, true
		}
	}
	return 0, false
}

// gamutSlack is how far outside [0, 1] a gamma-encoded sRGB channel may
// lie and still count as inside the gamut: the rounding of the
// conversions (white in oklab is 1 + 1e-8), far below an 8-bit step.
const gamutSlack = 1e-4

// FromSpace converts the color with components c in space s and alpha
// to the hsl() model, by the conversions of CSS Color 4: to CIE XYZ
// (Lab and LCh through D50 and the Bradford adaptation to D65), then to
// linear sRGB and its transfer function; hwb as CSS Color 4 §8 defines
// it from hsl(); oklab by Björn Ottosson's matrices. inGamut reports
// whether the color lies inside sRGB; one outside is clamped channel by
// channel (CSS gamut-maps by reducing chroma instead, which keeps the
// hue). Alpha is clamped to [0, 1]; a hue may be any number. The zero
// Space gives the zero Color and false.
func FromSpace(s Space, c [3]float64, alpha float64) (col Color, inGamut bool) {
	var rgb [3]float64
	switch s {
	case SpaceHSL:
		return HSLA(c[0], c[1], c[2], alpha), true
	case SpaceHWB:
		rgb = hwbToSRGB(c[0], c[1]/100, c[2]/100)
	case SpaceSRGB:
		rgb = c
	case SpaceSRGBLinear:
		rgb = encode(c)
	case SpaceXYZD65:
		rgb = encode(xyzToLinear(c))
	case SpaceXYZD50:
		rgb = encode(xyzToLinear(d50ToD65(c)))
	case SpaceLab:
		rgb = encode(xyzToLinear(d50ToD65(labToXYZ(c))))
	case SpaceLCh:
		rgb = encode(xyzToLinear(d50ToD65(labToXYZ(polar(c)))))
	case SpaceOKLab:
		rgb = encode(oklabToLinear(c))
	case SpaceOKLCh:
		rgb = encode(oklabToLinear(polar(c)))
	default:
		return Color{}, false
	}
	inGamut = true
	for _, v := range rgb {
		if !(v >= -gamutSlack && v <= 1+gamutSlack) { // also NaN
			inGamut = false
		}
	}
	return SRGB(rgb[0], rgb[1], rgb[2], alpha), inGamut
}

// hwbToSRGB is CSS Color 4's hwb-to-rgb, whiteness w and blackness b as
// fractions: a grey when they add up to 1 or more, else the pure hue
// scaled by 1-w-b, plus w.
func hwbToSRGB(h, w, b float64) [3]float64 {
	if w+b >= 1 {
		g := w / (w + b)
		return [3]float64{g, g, g}
	}
	r, g, bl, _ := HSL(h, 100, 50).SRGB()
	f := func(c float64) float64 { return c*(1-w-b) + w }
	return [3]float64{f(r), f(g), f(bl)}
}

// polar turns the cylindrical form (lightness, chroma, hue in degrees)
// into the rectangular one.
func polar(c [3]float64) [3]float64 {
	h := c[2] * math.Pi / 180
	return [3]float64{c[0], c[1] * math.Cos(h), c[1] * math.Sin(h)}
}

// encode applies the sRGB transfer function to linear channels, keeping
// the sign of negative ones (as CSS Color 4 extends it).
func encode(lin [3]float64) [3]float64 {
	var out [3]float64
	for i, v := range lin {
		a := math.Abs(v)
		if a <= 0.0031308 {
			out[i] = 12.92 * v
			continue
		}
		out[i] = math.Copysign(1.055*math.Pow(a, 1/2.4)-0.055, v)
	}
	return out
}

func mul(m *[3][3]float64, v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// xyzToLinearSRGB is CSS Color 4's matrix from XYZ (D65) to linear sRGB.
var xyzToLinearSRGB = [3][3]float64{
	{12831.0 / 3959, -329.0 / 214, -1974.0 / 3959},
	{-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810},
	{705.0 / 12673, -2585.0 / 12673, 705.0 / 667},
}

func xyzToLinear(xyz [3]float64) [3]float64 { return mul(&xyzToLinearSRGB, xyz) }

// bradfordD50ToD65 is CSS Color 4's Bradford chromatic adaptation from
// the D50 white to D65.
var bradfordD50ToD65 = [3][3]float64{
	{0.955473421488075, -0.02309845494876471, 0.06325924320057072},
	{-0.0283697093338637, 1.0099953980813041, 0.021041441191917323},
	{0.012314014864481998, -0.020507649298898964, 1.330365926242124},
}

func d50ToD65(xyz [3]float64) [3]float64 { return mul(&bradfordD50ToD65, xyz) }

// d50White is the D50 white point in XYZ, from its chromaticity
// (0.3457, 0.3585), as CSS Color 4 takes it.
var d50White = [3]float64{0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585}

// labToXYZ is CIE Lab to XYZ relative to the D50 white, with CIE's exact
// ε = 216/24389 and κ = 24389/27.
func labToXYZ(lab [3]float64) [3]float64 {
	const kappa, eps = 24389.0 / 27, 216.0 / 24389
	fy := (lab[0] + 16) / 116
	fx := lab[1]/500 + fy
	fz := fy - lab[2]/200
	f := func(t float64) float64 {
		if t3 := t * t * t; t3 > eps {
			return t3
		}
		return (116*t - 16) / kappa
	}
	y := lab[0] / kappa
	if lab[0] > kappa*eps {
		y = fy * fy * fy
	}
	return [3]float64{f(fx) * d50White[0], y, f(fz) * d50White[2]}
}

// oklabToLinear is OKLab to linear sRGB as CSS Color 4 §9 defines it
// (and Color.js computes it): to the cone responses, cubed, to CIE XYZ
// (D65), then to linear sRGB.
func oklabToLinear(lab [3]float64) [3]float64 {
	lms := mul(&oklabToLMS, lab)
	for i, v := range lms {
		lms[i] = v * v * v
	}
	return xyzToLinear(mul(&lmsToXYZ, lms))
}

// linearToOKLab is the inverse of oklabToLinear: linear sRGB to XYZ, to
// the cone responses, their cube roots, then to OKLab.
func linearToOKLab(lin [3]float64) [3]float64 {
	lms := mul(&xyzToLMS, mul(&linearSRGBToXYZ, lin))
	for i, v := range lms {
		lms[i] = math.Cbrt(v)
	}
	return mul(&lmsToOKLab, lms)
}

// The OKLab matrices of CSS Color 4 §9.2 (Björn Ottosson's, recomputed
// for CSS's D65 white), as Color.js holds them.
var (
	xyzToLMS = [3][3]float64{
		{0.8190224379967030, 0.3619062600528904, -0.1288737815209879},
		{0.0329836539323885, 0.9292868615863434, 0.0361446663506424},
		{0.0481771893596242, 0.2642395317527308, 0.6335478284694309},
	}
	lmsToXYZ = [3][3]float64{
		{1.2268798758459243, -0.5578149944602171, 0.2813910456659647},
		{-0.0405757452148008, 1.1122868032803170, -0.0717110580655164},
		{-0.0763729366746601, -0.4214933324022432, 1.5869240198367816},
	}
	lmsToOKLab = [3][3]float64{
		{0.2104542683093140, 0.7936177747023054, -0.0040720430116193},
		{1.9779985324311684, -2.4285922420485799, 0.4505937096174110},
		{0.0259040424655478, 0.7827717124575296, -0.8086757549230774},
	}
	oklabToLMS = [3][3]float64{
		{1, 0.3963377773761749, 0.2158037573099136},
		{1, -0.1055613458156586, -0.0638541728258133},
		{1, -0.0894841775298119, -1.2914855480194092},
	}
)

// linearSRGBToXYZ is CSS Color 4's matrix from linear sRGB to XYZ (D65),
// the inverse of xyzToLinearSRGB.
var linearSRGBToXYZ = [3][3]float64{
	{506752.0 / 1228815, 87881.0 / 245763, 12673.0 / 70218},
	{87098.0 / 409605, 175762.0 / 245763, 12673.0 / 175545},
	{7918.0 / 409605, 87881.0 / 737289, 1001167.0 / 1053270},
}

// CSS Color 4's matrices between linear Display-P3 and XYZ (D65).
var (
	linearP3ToXYZ = [3][3]float64{
		{608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160},
		{35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400},
		{0, 32229.0 / 714400, 5220557.0 / 5000800},
	}
	xyzToLinearP3 = [3][3]float64{
		{446124.0 / 178915, -333277.0 / 357830, -72051.0 / 178915},
		{-14852.0 / 17905, 63121.0 / 35810, 423.0 / 17905},
		{11844.0 / 330415, -50337.0 / 660830, 316169.0 / 330415},
	}
)

// decode is the inverse of encode: CSS Color 4's sRGB (and Display-P3)
// transfer function to linear light, keeping the sign of negative
// channels.
func decode(enc [3]float64) [3]float64 {
	var out [3]float64
	for i, v := range enc {
		a := math.Abs(v)
		if a <= 0.04045 {
			out[i] = v / 12.92
			continue
		}
		out[i] = math.Copysign(math.Pow((a+0.055)/1.055, 2.4), v)
	}
	return out
}

// unpolar turns the rectangular form (lightness, a, b) into the
// cylindrical one (lightness, chroma, hue in degrees [0, 360)). A chroma
// too small to carry a hue gets hue 0.
func unpolar(c [3]float64) [3]float64 {
	ch := math.Hypot(c[1], c[2])
	if ch < 1e-12 {
		return [3]float64{c[0], 0, 0}
	}
	return [3]float64{c[0], ch, wrapHue(math.Atan2(c[2], c[1]) * 180 / math.Pi)}
}

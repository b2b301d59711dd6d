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

// oklabToLinear is Björn Ottosson's OKLab to linear sRGB: to the cone
// responses, cubed, then to linear sRGB.
func oklabToLinear(lab [3]float64) [3]float64 {
	l := lab[0] + 0.3963377774*lab[1] + 0.2158037573*lab[2]
	m := lab[0] - 0.1055613458*lab[1] - 0.0638541728*lab[2]
	s := lab[0] - 0.0894841775*lab[1] - 1.2914855480*lab[2]
	l, m, s = l*l*l, m*m*m, s*s*s
	return [3]float64{
		+4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s,
	}
}

package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// rgba8 is a color as a browser-based checker holds it: 8-bit sRGB
// channels and the alpha it read from the computed style.
type rgba8 struct {
	c [3]uint8
	a float64
}

// computed returns c as axe-core reads it from Chromium's computed style:
// the 8-bit channels of [colorref.Color.RGBA8] and the alpha that Chromium
// serializes for the 8-bit alpha (see cssAlpha).
func computed(c colorref.Color) rgba8 {
	r, g, b, a := c.RGBA8()
	return rgba8{c: [3]uint8{r, g, b}, a: cssAlpha(a)}
}

// cssAlpha is the alpha getComputedStyle reports for an 8-bit alpha, as
// the number a script parses from it. Chromium writes the alpha with two
// decimals when those give the same 8-bit value back, and with three
// otherwise (CSSOM's <alphavalue> rule; Color::SerializeLegacyColorAsCSSColor
// in third_party/blink/renderer/platform/graphics/color.cc): 128 is "0.5",
// 115 is "0.45", 1 is "0.004".
func cssAlpha(a8 uint8) float64 {
	if a8 == 255 {
		return 1
	}
	k2 := math.Round(float64(a8) * 100 / 255)
	two := float32(k2 / 100)
	if math.Round(float64(float32(two*255))) == float64(a8) {
		return k2 / 100
	}
	return math.Round(float64(a8)*1000/255) / 1000
}

// flatten is axe-core's flattenColors with the normal blend mode
// (lib/commons/color/flatten-colors.js): simple alpha compositing of src
// over back, each channel divided by the resulting alpha and rounded to an
// integer with JavaScript's Math.round. The expression order is axe's, and
// every product is converted explicitly so that no multiply-add is fused:
// the float64 results are the ones a JavaScript engine computes.
func flatten(src, back rgba8) rgba8 {
	as, ab := src.a, back.a
	ao := float64(as + float64(ab*float64(1-as)))
	ao = min(max(0, ao), 1) // the builtins are math.Min's and math.Max's, inlined
	var out rgba8
	out.a = ao
	for i := range out.c {
		cs, cb := float64(src.c[i]), float64(back.c[i])
		blend := float64(float64(cs/255) * 255) // Color.r is red/255; blending result ·255
		v := float64(float64(float64(as*float64(1-ab))*cs) + float64(float64(as*ab)*blend))
		v = float64(v + float64(float64(float64(1-as)*ab)*cb))
		if ao == 0 {
			out.c[i] = clamp8(v) // axe keeps the unrounded value; it is never measured
			continue
		}
		out.c[i] = clamp8(jsRound(v / ao))
	}
	return out
}

// jsRound is JavaScript's Math.round: the nearest integer, halves toward
// positive infinity.
func jsRound(x float64) float64 {
	f := math.Floor(x)
	if x-f >= 0.5 {
		return f + 1
	}
	return f
}

func clamp8(v float64) uint8 {
	switch {
	case !(v > 0):
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v)
}

var opaqueWhite = rgba8{c: [3]uint8{255, 255, 255}, a: 1}

// flattenPair resolves a pair, given as the 8-bit colors of fg and bg
// ([colorref.Color.RGBA8]), as axe-core's color-contrast check does on a
// page whose page background is backdrop, with an element of background
// bg holding text of color fg: the background flattened over the backdrop
// and then over white (axe's default canvas), the foreground flattened over
// the background and then over white, and, if the foreground is still
// translucent, once more over the final background (getContrast). Every
// step rounds each channel to an integer; an opaque pair comes back as it
// is. The channels go in and out as scalars, which the register ABI passes
// in registers (arrays of three go through memory, which cost the opaque
// case of RatioRendered a third of its time).
func flattenPair(fr, fg8, fb, fa, br, bg8, bb, ba uint8, backdrop colorref.Color) (uint8, uint8, uint8, uint8, uint8, uint8) {
	if fa == 255 && ba == 255 {
		return fr, fg8, fb, br, bg8, bb // flattening an opaque color changes nothing
	}
	fc := rgba8{c: [3]uint8{fr, fg8, fb}, a: cssAlpha(fa)}
	bc := rgba8{c: [3]uint8{br, bg8, bb}, a: cssAlpha(ba)}
	back := computed(backdrop)
	back.a = 1 // the backdrop is the opaque bottom layer
	under := flatten(bc, back)
	bgFinal := flatten(under, opaqueWhite)
	fgFinal := flatten(flatten(fc, under), opaqueWhite)
	if fgFinal.a < 1 {
		fgFinal = flatten(fgFinal, bgFinal)
	}
	f, b := fgFinal.c, bgFinal.c
	return f[0], f[1], f[2], b[0], b[1], b[2]
}

// luminance8 is the WCAG 2 relative luminance of 8-bit channels, with
// axe-core's order of operations (Color.getRelativeLuminance): each
// channel's weighted linear value (the product, rounded once, that
// weighted8 holds), red plus green, then plus blue.
func luminance8(r, g, b uint8) float64 {
	return float64(float64(weighted8[0][r]+weighted8[1][g]) + weighted8[2][b])
}

// RatioRendered returns the WCAG 2 contrast ratio of fg over bg, with a
// translucent bg over backdrop, as a browser-based checker measures it on
// a page rendered in Chromium: each color converted to 8-bit sRGB
// channels as Chromium computes its style ([colorref.Color.RGBA8]), the
// layers flattened one over the next with each channel rounded to an
// integer (backdrop, then background, then foreground, as axe-core's
// flattenColors does), and the WCAG formula applied to those integers.
// See the package documentation for the sources. The backdrop's own alpha
// is ignored.
//
// It differs from [RatioOver], the exact method, by up to 0.07 on the
// reference pairs near 3:1, 4.5:1 and 7:1; it does not allocate. It is
// the solver's inner loop: an opaque pair costs two 8-bit conversions, six
// table lookups and one division.
func RatioRendered(fg, bg, backdrop colorref.Color) float64 {
	return ratio8(renderedPair(fg, bg, backdrop))
}

// renderedPair returns the 8-bit channels [RatioRendered] compares: the
// foreground's and the background's after flattening.
func renderedPair(fg, bg, backdrop colorref.Color) (fr, fg8, fb, br, bg8, bb uint8) {
	fr, fg8, fb, fa := fg.RGBA8()
	br, bg8, bb, ba := bg.RGBA8()
	if fa != 255 || ba != 255 { // flattenPair returns an opaque pair as it is: spare the call
		return flattenPair(fr, fg8, fb, fa, br, bg8, bb, ba, backdrop)
	}
	return fr, fg8, fb, br, bg8, bb
}

// ratio8 is the WCAG 2 ratio of two 8-bit colors.
func ratio8(fr, fg8, fb, br, bg8, bb uint8) float64 {
	return wcagRatio(luminance8(fr, fg8, fb), luminance8(br, bg8, bb))
}

// RenderedColors returns the two opaque 8-bit colors [RatioRendered]
// compares, the foreground and the background as a checker sees them after
// flattening, as colorref colors (for a report, or their Hex).
func RenderedColors(fg, bg, backdrop colorref.Color) (f, b colorref.Color) {
	fr, fg8, fb, br, bg8, bb := renderedPair(fg, bg, backdrop)
	return colorref.RGBA8(fr, fg8, fb, 255), colorref.RGBA8(br, bg8, bb, 255)
}

// weighted8 holds, for red, green and blue, each 8-bit value's linear8
// entry times the channel's luminance coefficient (0.2126, 0.7152,
// 0.0722), each product rounded once to float64 as axe-core's
// getRelativeLuminance rounds it: the products luminance8 would otherwise
// compute per call. It is computed once, at package initialisation, and
// never written after.
var weighted8 = func() (w [3][256]float64) {
	for k, v := range linear8 {
		w[0][k] = float64(0.2126 * v)
		w[1][k] = float64(0.7152 * v)
		w[2][k] = float64(0.0722 * v)
	}
	return w
}()

// linear8 is the WCAG 2 linearisation of the 256 8-bit channel values,
// v/12.92 for v = k/255 ≤ 0.04045 and ((v+0.055)/1.055)^2.4 above, as
// JavaScript's Math.pow computes it (axe-core runs in the browser). It was
// printed with 17 significant digits by
//
//	node -e 'for(let k=0;k<256;k++){const c=k/255;console.log((c<=0.04045?c/12.92:Math.pow((c+0.055)/1.055,2.4)).toPrecision(17))}'
//
// (Node 20, V8); TestLinear8Table checks it against math.Pow.
var linear8 = [256]float64{
	0.0000000000000000, 0.00030352698354883752, 0.00060705396709767503, 0.00091058095064651249,
	0.0012141079341953501, 0.0015176349177441874, 0.0018211619012930250, 0.0021246888848418626,
	0.0024282158683907001, 0.0027317428519395373, 0.0030352698354883748, 0.0033465357638991608,
	0.0036765073240474359, 0.0040247170184963066, 0.0043914420374102934, 0.0047769534806937292,
	0.0051815167023383860, 0.0056053916242027229, 0.0060488330228570548, 0.0065120907925944743,
	0.0069954101872653869, 0.0074990320432261753, 0.0080231929853849943, 0.0085681256180693069,
	0.0091340587022207872, 0.0097212173202378474, 0.010329823029626938, 0.010960094006488246,
	0.011612245179743887, 0.012286488356915872, 0.012983032342173012, 0.013702083047289686,
	0.014443843596092545, 0.015208514422912709, 0.015996293365509631, 0.016807375752887384,
	0.017641954488384078, 0.018500220128379697, 0.019382360956935723, 0.020288563056652401,
	0.021219010376003558, 0.022173884793387381, 0.023153366178110410, 0.024157632448504756,
	0.025186859627361627, 0.026241221894849898, 0.027320891639074897, 0.028426039504420793,
	0.029556834437808800, 0.030713443732993635, 0.031896033073011532, 0.033104766570885055,
	0.034339806808682170, 0.035601314875020343, 0.036889450401100039, 0.038204371595346502,
	0.039546235276732830, 0.040915196906853191, 0.042311410620809675, 0.043735029256973465,
	0.045186204385675541, 0.046665086336880102, 0.048171824226889426, 0.049706565984127232,
	0.051269458374043238, 0.052860647023180246, 0.054480276442442369, 0.056128490049600091,
	0.057805430191067229, 0.059511238162981199, 0.061246054231617608, 0.063010017653167674,
	0.064803266692905773, 0.066625938643772892, 0.068478169844400166, 0.070360095696595876,
	0.072271850682317479, 0.074213568380149628, 0.076185381481307851, 0.078187421805186327,
	0.080219820314468310, 0.082282707129814794, 0.084376211544148816, 0.086500462036549763,
	0.088655586285772942, 0.090841711183407670, 0.093058962846687465, 0.095307466630964705,
	0.097587347141862457, 0.099898728247113891, 0.10224173308810131, 0.10461648409110419,
	0.10702310297826761, 0.10946171077829933, 0.11193242783690560, 0.11443537382697373,
	0.11697066775851084, 0.11953842798834562, 0.12213877222960187, 0.12477181756095049,
	0.12743768043564743, 0.13013647669036429, 0.13286832155381798, 0.13563332965520566,
	0.13843161503245183, 0.14126329114027164, 0.14412847085805777, 0.14702726649759498,
	0.14995978981060856, 0.15292615199615017, 0.15592646370782740, 0.15896083506088041,
	0.16202937563911096, 0.16513219450166761, 0.16826940018969075, 0.17144110073282259,
	0.17464740365558504, 0.17788841598362914, 0.18116424424986022, 0.18447499450044100,
	0.18782077230067787, 0.19120168274079141, 0.19461783044157582, 0.19806931955994886,
	0.20155625379439707, 0.20507873639031693, 0.20863687014525575, 0.21223075741405523,
	0.21586050011389923, 0.21952619972926923, 0.22322795731680850, 0.22696587351009836,
	0.23074004852434915, 0.23455058216100522, 0.23839757381227100, 0.24228112246555486,
	0.24620132670783548, 0.25015828472995344, 0.25415209433082675, 0.25818285292159582,
	0.26225065752969623, 0.26635560480286247, 0.27049779101306581, 0.27467731206038465,
	0.27889426347681040, 0.28314874042999211, 0.28744083772691748, 0.29177064981753587,
	0.29613827079832111, 0.30054379441577650, 0.30498731406988627, 0.30946892281750854,
	0.31398871337571754, 0.31854677812509186, 0.32314320911295075, 0.32777809805654218,
	0.33245153634617935, 0.33716361504833037, 0.34191442490866097, 0.34670405635502960,
	0.35153259950043936, 0.35640014414594351, 0.36130677978350950, 0.36625259559883949,
	0.37123768047414912, 0.37626212299090644, 0.38132601143253009, 0.38642943378704903,
	0.39157247774972326, 0.39675523072562685, 0.40197777983219574, 0.40724021190173670,
	0.41254261348390375, 0.41788507084813747, 0.42326766998607168, 0.42869049661390668,
	0.43415363617474889, 0.43965717384091879, 0.44520119451622786, 0.45078578283822346,
	0.45641102318040466, 0.46207699965440707, 0.46778379611215898, 0.47353149614800955,
	0.47932018310082680, 0.48514994005607037, 0.49102084984783562, 0.49693299506087041,
	0.50288645803256871, 0.50888132085493376, 0.51491766537652139, 0.52099557320435430,
	0.52711512570581309, 0.53327640401050524, 0.53947948901210707, 0.54572446137018660,
	0.55201140151200012, 0.55834038963426791, 0.56471150570492923, 0.57112482946487308,
	0.57758044042965062, 0.58407841789116410, 0.59061884091933692, 0.59720178836376336,
	0.60382733885533779, 0.61049557080786476, 0.61720656241965111, 0.62396039167507611,
	0.63075713634614683, 0.63759687399403264, 0.64447968197058214, 0.65140563741982416,
	0.65837481727944858, 0.66538729828227205, 0.67244315695768753, 0.67954246963309384,
	0.68668531243531339, 0.69387176129198991, 0.70110189193297312, 0.70837577989168676,
	0.71569350050648073, 0.72305512892196933, 0.73046074009035367, 0.73791040877273084,
	0.74540420954038744, 0.75294221677607787, 0.76052450467529242, 0.76815114724750710,
	0.77582221831742360, 0.78353779152619352, 0.79129794033263023, 0.79910273801440901,
	0.80695225766925160, 0.81484657221610124, 0.82278575439628354, 0.83076987677465464,
	0.83879901174074001, 0.84687323150985805, 0.85499260812423383, 0.86315721345410235,
	0.87136711919879728, 0.87962239688783173, 0.88792311788196632, 0.89626935337426639,
	0.90466117439114957, 0.91309865179341920, 0.92158185627729461, 0.93011085837542373,
	0.93868572845788800, 0.94730653673319987, 0.95597335324928612, 0.96468624789446511,
	0.97344529039841254, 0.98225055033311715, 0.99110209711382979, 1.0000000000000000,
}

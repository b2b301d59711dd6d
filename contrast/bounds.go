package contrast

// An opaque color's 8-bit channels ([colorref.Color.RGBA8]) are its exact
// sRGB channels ([colorref.Color.SRGB]) computed in float32, plus 1e-7,
// scaled by 255 and rounded: an exact channel v lies within half a step
// and float32's error of k/255, |v − k/255| ≤ 0.5/255 + 3.1e-7 (measured
// on millions of colors; TestRGBA8IsHalfAStepFromSRGB requires a tenth of
// channel8Slack). As linear grows with v, the rendered channels of
// an opaque pair bound its exact luminances, and so its exact ratio:
// [Threshold.Passes] under [Both], which has the rendered channels already, passes
// a pair whose exact ratio is surely at least the minimum without
// computing it, and computes it only when it may be below, near the
// minimum.

// channel8Slack is how far beyond half a step an exact channel may lie
// from its 8-bit value: thirty times the largest distance measured.
const channel8Slack = 1e-5

// boundSlack is the margin a bound must clear the minimum by: far more
// than the float64 roundings of the sums and the ratio (a few 1e-16), the
// error of math.Pow in the tables and the difference between the
// formula's real value and its evaluation with math.Pow (1e-15 each).
const boundSlack = 1e-12

// linear8Low and linear8High hold, for each 8-bit value k, the linear
// values at the ends of the channels within half a step and
// channel8Slack of k/255: bounds on the linear value of the exact channel
// of a color whose 8-bit channel is k. They are computed once, at package
// initialisation, with math.Pow, and never written after.
var linear8Low, linear8High = func() (lo, hi [256]float64) {
	for k := range lo {
		lo[k] = linearPow((float64(k)-0.5)/255 - channel8Slack)
		hi[k] = linearPow((float64(k)+0.5)/255 + channel8Slack)
	}
	return lo, hi
}()

// exactSurelyPasses reports whether the exact ratio of an opaque pair
// whose 8-bit channels are given is surely at least required: whether
// the lowest ratio its bounds allow is at least required·(1+boundSlack).
// A false says nothing: the exact ratio must be computed.
func exactSurelyPasses(fr, fg8, fb, br, bg8, bb uint8, required float64) bool {
	fLo := 0.2126*linear8Low[fr] + 0.7152*linear8Low[fg8] + 0.0722*linear8Low[fb]
	fHi := 0.2126*linear8High[fr] + 0.7152*linear8High[fg8] + 0.0722*linear8High[fb]
	bLo := 0.2126*linear8Low[br] + 0.7152*linear8Low[bg8] + 0.0722*linear8Low[bb]
	bHi := 0.2126*linear8High[br] + 0.7152*linear8High[bg8] + 0.0722*linear8High[bb]
	lowest := 1.0 // the luminance intervals overlap
	switch {
	case fLo > bHi:
		lowest = (fLo + 0.05) / (bHi + 0.05)
	case bLo > fHi:
		lowest = (bLo + 0.05) / (fHi + 0.05)
	}
	return lowest >= required*(1+boundSlack)
}

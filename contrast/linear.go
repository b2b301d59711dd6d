package contrast

import "math"

// linear is the WCAG 2 linearisation of an sRGB channel v:
//
//	v/12.92 if v ≤ 0.04045, else ((v+0.055)/1.055)^2.4
//
// without math.Pow, which cost the exact ratio nine tenths of its time.
// With y = v+0.055 = 2^e·m, m in [1, 2), and c the centre of the 64th of
// [1, 2) that holds m (c = 1 + (j+½)/64, a dyadic number):
//
//	(y/1.055)^2.4 = (2^e·c/1.055)^2.4 · (1+u)^2.4,  u = (m−c)/c, |u| ≤ 1/129,
//
// where the first factor is a table entry (math.Pow at the 5·64 centres,
// once, at package initialisation) and the second is the binomial series
// Σ C(2.4, k)·u^k cut after k = 6.
//
// Precision, against the formula evaluated with math.Pow on the same y,
// in units of u₅₃ = 2⁻⁵³ relative. The series' terms alternate in sign
// and fall in magnitude from k = 3 on, so the cut costs at most
// |C(2.4, 7)|·(1/129)^7/(1−1/129) < 5e-18 < 0.05u₅₃. m−c is exact
// (Sterbenz), so u carries two roundings (1/c and the product) on a value
// below 1/129, and Horner's rule gives the series, a value in [0.98, 1.02],
// within 1.2u₅₃ (the rounded constants add less than 0.05u₅₃). The table
// entry carries the rounding of 2^e·c/1.055 (2.4u₅₃ after the power) and
// math.Pow's own error, the last product 1u₅₃; the formula carries the
// same division's rounding and math.Pow's error. The two differ by at most
// about 7u₅₃ plus twice math.Pow's error (which Go does not document):
// TestLinearMatchesPow measures at most 8.8u₅₃, 1e-15, around every
// segment boundary and across (0.04045, 1]. A luminance (a weighted sum of
// positive terms) and a ratio of two of them plus 0.05 add a few roundings
// and at most double that: 1.3e-15 measured over two million pairs
// (TestExactVerdictsMatchPow), far inside [ratioTolerance], and within
// ratioTolerance of a minimum [ratioFor] evaluates the formula with
// math.Pow, so no verdict changes.
func linear(v float64) float64 {
	switch y := v + 0.055; {
	case v <= 0.04045:
		return v / 12.92
	case y < 2:
		return linearTable(y)
	}
	return linearPow(v) // beyond an sRGB channel, or NaN: the formula as written
}

// linearTable is linear above the knee, given y = v+0.055 in [2⁻⁴, 2).
// It is small enough to be inlined, which spares luminance three calls.
func linearTable(y float64) float64 {
	b := math.Float64bits(y)
	j := b >> (52 - linearBits) & (linearSteps - 1)
	u := (math.Float64frombits(b&(1<<52-1)|1023<<52) - linearCentres[j].c) * linearCentres[j].inv
	return linearScale[b>>52-(1024-linearOctaves)][j] * (1 + u*(2.4+u*(1.68+u*(0.224+u*(-0.0336+u*(0.010752+u*-0.0046592))))))
}

// inTable reports whether linear(v) is linearTable(v+0.055).
func inTable(v float64) bool { return v > 0.04045 && v+0.055 < 2 }

// luminance is the WCAG 2 relative luminance of sRGB channels, from
// linear.
func luminance(r, g, b float64) float64 {
	switch {
	case r == g && g == b: // a grey, common on pages: one power, the same sum
		l := linear(r)
		return 0.2126*l + 0.7152*l + 0.0722*l
	case inTable(r) && inTable(g) && inTable(b): // the same powers, without calls
		return 0.2126*linearTable(r+0.055) + 0.7152*linearTable(g+0.055) + 0.0722*linearTable(b+0.055)
	}
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}

// luminancePow is luminance with math.Pow, the formula as written: the
// reference near a minimum.
func luminancePow(c [3]float64) float64 {
	return 0.2126*linearPow(c[0]) + 0.7152*linearPow(c[1]) + 0.0722*linearPow(c[2])
}

// linearPow is the linearisation above v = 0.04045 as the WCAG formula
// writes it, with math.Pow: the reference [ratioFor] falls back on.
func linearPow(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

const (
	linearBits    = 6 // the mantissa bits that pick a segment
	linearSteps   = 1 << linearBits
	linearOctaves = 5 // y = v+0.055 in [0.0955, 2) lies in 2^-4 … 2^0
)

// linearCentres holds, per segment j of [1, 2), its centre c and 1/c.
// linearScale holds (2^e·c/1.055)^2.4 for each octave e of y (the index
// counts from 2⁻⁴) and segment. Both are computed once, at package
// initialisation, and never written after.
var linearCentres, linearScale = func() (cs [linearSteps]struct{ c, inv float64 }, sc [linearOctaves][linearSteps]float64) {
	for j := range cs {
		c := 1 + (float64(j)+0.5)/linearSteps
		cs[j].c, cs[j].inv = c, 1/c
		for e := range sc {
			sc[e][j] = math.Pow(math.Ldexp(c, e-linearOctaves+1)/1.055, 2.4)
		}
	}
	return cs, sc
}()

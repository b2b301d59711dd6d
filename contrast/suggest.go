package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// lightnessSteps is the number of 0.01-percent-point steps from lightness
// 0% to 100%: the grid SuggestLightness searches, which is exactly the
// precision colorref's canonical form prints.
const lightnessSteps = 10000

// SuggestLightness returns the color closest to fg that keeps fg's hue,
// saturation and alpha and changes only its lightness so that
// RatioOver(suggestion, bg, backdrop) >= required, and true. It returns
// the zero Color and false when no lightness from 0% to 100% reaches the
// required ratio: against a mid grey, for example, nothing reaches 7:1, and
// a fully transparent fg never changes the ratio at all.
//
// If fg already passes it is returned unchanged. Otherwise the suggestion
// is exactly what its canonical form prints: its lightness lies on the
// grid of 0.01 percent points, and its hue, saturation and alpha are fg's
// rounded to two decimals as Color.String rounds them, so
// colorref.ParseColor(s.String()) gives back s itself and passes too. Of
// the passing lightnesses on that grid, the suggestion's is the nearest to
// fg's; on a tie the one with the higher ratio wins, then the darker. The
// search is over those printable colors only: when fg's hue, saturation or
// alpha has more than two decimals and only the unprinted digits would
// make some lightness pass, there is no suggestion.
//
// The suggestion is computed, not guessed. For a fixed hue, saturation and
// alpha every sRGB channel of the color, and so its luminance, grows with
// lightness, even after compositing over the background; the contrast
// ratio therefore falls until the foreground's luminance meets the
// background's and rises after it. The lightnesses that fail form one
// interval around that point, which contains fg's, and the first passing
// lightness on each side of fg is found by bisection on the grid (at most
// 16 ratio evaluations per side, about 30 in all). Every candidate is judged by RatioOver
// itself, unrounded, so the returned color has been checked.
//
// Only the foreground moves. In a theming catalog the component is the
// foreground of its contrast rules (see package theming), so the
// suggestion is the component's color. To move the background of two
// opaque colors instead, swap the arguments: for opaque colors the ratio
// is symmetric. With translucency it is not (the foreground is composited
// over the background), so the swap then answers a different question.
func SuggestLightness(fg, bg, backdrop colorref.Color, required float64) (colorref.Color, bool) {
	if RatioOver(fg, bg, backdrop) >= required {
		return fg, true
	}
	h, s, l, a := fg.HSLA()
	h, s, a = round2(h), round2(s), round2(a)
	at := func(k int) colorref.Color { return colorref.HSLA(h, s, float64(k)/100, a) }
	passes := func(k int) bool { return RatioOver(at(k), bg, backdrop) >= required }

	// The grid points nearest l, strictly below and strictly above it,
	// found by comparing the very values at() uses.
	k0 := int(math.Round(l * 100))
	if float64(k0)/100 == l && passes(k0) {
		return at(k0), true // rounding hue, saturation or alpha tipped fg over
	}
	below := k0 + 1
	for float64(below)/100 >= l {
		below--
	}
	above := k0 - 1
	for float64(above)/100 <= l {
		above++
	}

	// With the rounded hue, saturation and alpha the failing lightnesses
	// still form one interval. If it contains l, passing is monotone on
	// each side of l and bisection finds the first pass. If rounding moved
	// it off l, the neighbour on one side passes and is the answer there,
	// while the other side is monotone from its failing neighbour on. So:
	// try the neighbour, then bisect. Every returned k has passed.
	down, downOK := -1, false
	switch {
	case below >= 0 && passes(below):
		down, downOK = below, true
	case below > 0 && passes(0):
		// Largest k in [0, below] that passes: passes(lo) holds, and
		// passes(hi+1) fails or hi+1 is past below.
		lo, hi := 0, below
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if passes(mid) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		down, downOK = lo, true
	}
	up, upOK := -1, false
	switch {
	case above <= lightnessSteps && passes(above):
		up, upOK = above, true
	case above < lightnessSteps && passes(lightnessSteps):
		// Smallest k in [above, lightnessSteps] that passes.
		lo, hi := above, lightnessSteps
		for lo < hi {
			mid := lo + (hi-lo)/2
			if passes(mid) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		up, upOK = lo, true
	}

	switch {
	case downOK && upOK:
		dd, du := l-float64(down)/100, float64(up)/100-l
		switch {
		case dd < du:
			return at(down), true
		case du < dd:
			return at(up), true
		}
		if RatioOver(at(up), bg, backdrop) > RatioOver(at(down), bg, backdrop) {
			return at(up), true
		}
		return at(down), true
	case downOK:
		return at(down), true
	case upOK:
		return at(up), true
	}
	return colorref.Color{}, false
}

// round2 rounds v to two decimals, half away from zero, exactly as
// colorref's canonical form does, so that a color built from the result
// prints and re-parses to itself.
func round2(v float64) float64 {
	r := math.Round(v * 100)
	if r == 0 {
		return 0
	}
	return r / 100
}

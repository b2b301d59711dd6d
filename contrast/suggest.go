package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// lightnessSteps is the number of 0.01-percent-point steps from lightness
// 0% to 100%: the grid the suggestions search, which is exactly the
// precision colorref's canonical form prints.
const lightnessSteps = 10000

// Side says which color of a contrast pair a suggestion changes.
type Side int

// The sides of a pair.
const (
	Foreground Side = iota // the text or component color
	Background             // the color behind it
)

// String returns "foreground" or "background".
func (s Side) String() string { return sideNames.name(s) }

// SuggestLightness returns the color closest to fg that keeps fg's hue,
// saturation and alpha and changes only its lightness so that the pair
// passes required under both methods ([Both]), and true: the exact ratio is at
// least required and the rendered ratio, the one axe-core measures in a
// browser, is above it. It is SuggestFor(fg, bg, backdrop, required, Both,
// Foreground); see [SuggestFor] for the search, the printed form and the
// cases without a solution.
func SuggestLightness(fg, bg, backdrop colorref.Color, required float64) (colorref.Color, bool) {
	return SuggestFor(fg, bg, backdrop, required, Both, Foreground)
}

// Suggestion is a fix for a failing pair: the new color of one side.
type Suggestion struct {
	Side  Side
	Color colorref.Color // the new color of that side, in its printed form
	// Distance is how far the lightness moved, in percentage points.
	Distance float64
}

// Suggestions returns the fixes [SuggestFor] finds on each side of a failing
// pair under method m, closest first (the foreground first on a tie). It
// returns nil when the pair already passes, when no lightness of either
// side passes, and for a method other than [Both], [Exact] and [Rendered]
// (which [SuggestFor] refuses with [ErrUnknownMethod]).
func Suggestions(fg, bg, backdrop colorref.Color, required float64, m Method) []Suggestion {
	if Passes(fg, bg, backdrop, required, m) {
		return nil
	}
	var out []Suggestion
	for _, side := range [...]Side{Foreground, Background} {
		orig := fg
		if side == Background {
			orig = bg
		}
		c, ok := SuggestFor(fg, bg, backdrop, required, m, side)
		if !ok {
			continue
		}
		_, _, l := orig.HSL()
		_, _, cl := c.HSL()
		out = append(out, Suggestion{Side: side, Color: c, Distance: math.Abs(cl - l)})
	}
	if len(out) == 2 && out[1].Distance < out[0].Distance {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// SuggestFor returns the color closest to the given side's color (fg or
// bg) that keeps its hue, saturation and alpha and changes only its
// lightness so that the pair passes required under method m, and true.
// It returns the zero Color and false when no lightness from 0% to 100%
// passes: against a mid grey, for example, nothing reaches 7:1, and a
// fully transparent foreground never changes the ratio at all.
//
// If the pair already passes under m, the side's color is returned
// unchanged. Otherwise the suggestion is exactly what its canonical form
// prints: its lightness lies on the grid of 0.01 percent points, and its
// hue, saturation and alpha are the original's rounded to two decimals as
// Color.String rounds them. Before it is returned, its printed form is
// parsed back and checked again under m, so a fix applied as text passes
// as it was checked; with [Both] it passes the exact formula and a
// browser-based checker alike, never in the band where they disagree. Of
// the passing lightnesses on the grid, the suggestion's is the nearest to
// the original's; on a tie the one with the higher ratio (under m) wins,
// then the darker. The search is over printable colors only: when the
// original's hue, saturation or alpha has more than two decimals and only
// the unprinted digits would make some lightness pass, there is no
// suggestion.
//
// The search walks the grid outward from the original lightness, nearest
// first, so it makes no assumption about the shape of the ratio (the
// rendered ratio is a staircase). For the foreground under [Exact] or [Both]
// it first skips, by bisection, the lightnesses where the exact ratio
// fails: for fixed hue, saturation and alpha every sRGB channel grows
// with lightness, even after compositing, so the exact ratio falls until
// the foreground's luminance meets the background's and rises after it,
// and the exact failures form one interval around the original. The same
// holds for the background when the foreground is opaque (the background,
// composited over the backdrop, grows with lightness too), so it is
// skipped the same way. A typical fix then costs a few dozen evaluations;
// a background fix under a translucent foreground, or a [Rendered] one,
// costs one evaluation per grid step walked.
func SuggestFor(fg, bg, backdrop colorref.Color, required float64, m Method, side Side) (colorref.Color, bool) {
	orig := fg
	if side == Background {
		orig = bg
	}
	if Passes(fg, bg, backdrop, required, m) {
		return orig, true
	}
	if !sideNames.valid(side) || !methodNames.valid(m) {
		return colorref.Color{}, false
	}
	_, _, l, _ := orig.HSLA()
	h, s, _, a := orig.Rounded().HSLA() // the search keeps them as printed
	at := func(k int) colorref.Color { return colorref.HSLA(h, s, float64(k)/100, a) }
	pairWith := func(c colorref.Color) (colorref.Color, colorref.Color) {
		if side == Background {
			return fg, c
		}
		return c, bg
	}
	passes := func(c colorref.Color) bool {
		f, b := pairWith(c)
		return Passes(f, b, backdrop, required, m)
	}
	// printedPasses is the final check: the suggestion as a catalog will
	// hold it, parsed back from its canonical form.
	printedPasses := func(c colorref.Color) bool {
		p, err := colorref.ParseColor(c.String())
		return err == nil && passes(p)
	}
	ratio := func(c colorref.Color) float64 {
		f, b := pairWith(c)
		return m.Ratio(RatioOver(f, b, backdrop), RatioRendered(f, b, backdrop))
	}

	// The grid points nearest l: strictly below and strictly above it,
	// found by comparing the very values at() uses; l itself when it is on
	// the grid (rounding hue, saturation or alpha may have tipped it over).
	k0 := int(math.Round(l * 100))
	if float64(k0)/100 == l && passes(at(k0)) && printedPasses(at(k0)) {
		return at(k0), true
	}
	down := k0 + 1
	for float64(down)/100 >= l {
		down--
	}
	up := k0 - 1
	for float64(up)/100 <= l {
		up++
	}

	if m != Rendered && (side == Foreground || fg.Opaque()) {
		down, up = skipExactFailures(down, up, func(k int) bool {
			f, b := pairWith(at(k))
			return Passes(f, b, backdrop, required, Exact)
		})
	}

	// Walk outward, nearest first. Every returned color has passed in its
	// printed form.
	for down >= 0 || up <= lightnessSteps {
		dd, du := math.Inf(1), math.Inf(1)
		if down >= 0 {
			dd = l - float64(down)/100
		}
		if up <= lightnessSteps {
			du = float64(up)/100 - l
		}
		switch {
		case dd < du:
			if c := at(down); passes(c) && printedPasses(c) {
				return c, true
			}
			down--
		case du < dd:
			if c := at(up); passes(c) && printedPasses(c) {
				return c, true
			}
			up++
		default: // equally near: the higher ratio wins, then the darker
			cd, cu := at(down), at(up)
			okD := passes(cd) && printedPasses(cd)
			okU := passes(cu) && printedPasses(cu)
			switch {
			case okD && okU:
				if ratio(cu) > ratio(cd) {
					return cu, true
				}
				return cd, true
			case okD:
				return cd, true
			case okU:
				return cu, true
			}
			down--
			up++
		}
	}
	return colorref.Color{}, false
}

// skipExactFailures moves down and up, the nearest grid points below and
// above the original lightness, past the points where the exact ratio
// fails, by bisection. exactPasses must fail on one interval of the grid
// (see [SuggestFor]), which may hold down or up or neither. When a side has
// no exact pass at all, its index moves off the grid (-1 or
// lightnessSteps+1).
func skipExactFailures(down, up int, exactPasses func(k int) bool) (int, int) {
	switch {
	case down < 0 || exactPasses(down):
	case down > 0 && exactPasses(0):
		// Largest k in [0, down] that passes: passes(lo) holds.
		lo, hi := 0, down
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if exactPasses(mid) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		down = lo
	default:
		down = -1
	}
	switch {
	case up > lightnessSteps || exactPasses(up):
	case up < lightnessSteps && exactPasses(lightnessSteps):
		// Smallest k in [up, lightnessSteps] that passes.
		lo, hi := up, lightnessSteps
		for lo < hi {
			mid := lo + (hi-lo)/2
			if exactPasses(mid) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		up = lo
	default:
		up = lightnessSteps + 1
	}
	return down, up
}

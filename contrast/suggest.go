package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

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
	if m.Threshold(required).Passes(fg, bg, backdrop) {
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
// prints: its lightness is a step of [LightnessSteps] (0.01 percentage
// points), and its hue, saturation and alpha are the original's rounded
// to two decimals as Color.String rounds them. Its printed form, parsed
// back, passes under m too, so a fix applied as text passes as it was
// checked; with [Both] it passes the exact formula and a browser-based
// checker alike, never in the band where they disagree. Of the passing
// steps, the suggestion's is the nearest to the original lightness; on a
// tie the one with the higher ratio (under m) wins, then the darker. The
// search is over printable colors only: when the original's hue,
// saturation or alpha has more than two decimals and only the unprinted
// digits would make some lightness pass, there is no suggestion.
//
// The search is [NearestLightness], which judges the steps near the
// thresholds one by one and skips the others in runs: a typical fix costs
// a few dozen evaluations.
func SuggestFor(fg, bg, backdrop colorref.Color, required float64, m Method, side Side) (colorref.Color, bool) {
	orig := fg
	if side == Background {
		orig = bg
	}
	th := m.Threshold(required)
	if th.Passes(fg, bg, backdrop) {
		return orig, true
	}
	if !sideNames.valid(side) || !methodNames.valid(m) {
		return colorref.Color{}, false
	}
	_, _, l, _ := orig.HSLA()
	h, s, _, a := orig.Rounded().HSLA() // the search keeps them as printed
	at := func(k int) colorref.Color { return colorref.HSLA(h, s, float64(k)/100, a) }
	pairWith := func(c colorref.Color) (colorref.Color, colorref.Color, colorref.Color) {
		if side == Background {
			return fg, c, backdrop
		}
		return c, bg, backdrop
	}
	k, ok := NearestLightness(l, []LightnessCheck{
		{Pair: PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return pairWith(at(k)) }), Threshold: th},
		// The suggestion as a catalog will hold it, parsed back from its
		// canonical form. One that did not parse would be judged as a
		// color on itself, 1:1, which fails: the pair failed as given, so
		// required is above 1.
		{Pair: PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) {
			p, err := colorref.ParseColor(at(k).String())
			if err != nil {
				return at(k).WithAlpha(1), at(k).WithAlpha(1), backdrop
			}
			return pairWith(p)
		}), Threshold: th},
	})
	if !ok {
		return colorref.Color{}, false
	}
	return at(k), true
}

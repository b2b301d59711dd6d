package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// Threshold is what a pair of one contrast type must reach under a
// [Policy]: the WCAG 2 ratio judged under the policy's method and, under
// an APCA policy, the APCA level. It is worked out once, so that judging
// a pair ([Threshold.Passes]) costs the measurements alone and never
// allocates: the predicate a solver calls for thousands of candidate
// colors of one rule. Its verdict is, for every pair, the Pass that
// [Policy.Check] reports for the same pair and type.
//
// The zero Threshold passes nothing: build one with [Policy.Threshold].
type Threshold struct {
	method     Method
	required   float64 // the WCAG 2 ratio
	lcRequired float64 // the |Lc|, when apca
	apca       bool
	ok         bool
}

// Threshold returns what a pair of type t must reach under p. The error
// wraps [ErrUnknownType], [ErrUnknownLevel] or [ErrUnknownMethod].
func (p Policy) Threshold(t Type) (Threshold, error) {
	req, err := Required(t, p.Level)
	if err != nil {
		return Threshold{}, err
	}
	if err := methodNames.check(p.Method); err != nil {
		return Threshold{}, err
	}
	th := Threshold{method: p.Method, required: req, apca: p.APCA, ok: true}
	if p.APCA {
		th.lcRequired, _ = APCARequired(t) // t is known here
	}
	return th, nil
}

// Required returns the WCAG 2 ratio the threshold requires.
func (th Threshold) Required() float64 { return th.required }

// Passes reports whether fg over bg, with a translucent bg over backdrop,
// reaches the threshold: the WCAG 2 ratio under the policy's method and,
// under an APCA policy, the |Lc|. It does not allocate.
func (th Threshold) Passes(fg, bg, backdrop colorref.Color) bool {
	if !th.ok || !Passes(fg, bg, backdrop, th.required, th.method) {
		return false
	}
	return !th.apca || math.Abs(APCAOver(fg, bg, backdrop)) >= th.lcRequired
}

// A criterion is one measurement a threshold compares: each is a function
// of the two luminances of a pair (its own measure of luminance), falling
// as they approach each other and rising as they part, so that a pair one
// side of which moves in one direction fails it on one run of lightness.
type criterion uint8

const (
	critRendered criterion = iota // RatioRendered > required
	critExact                     // RatioOver >= required
	critAPCA                      // |APCAOver| >= lcRequired
)

// failing returns the first criterion of th that the pair fails, the
// cheapest first, and whether there is one. A zero Threshold fails its
// first criterion.
func (th Threshold) failing(fg, bg, backdrop colorref.Color) (criterion, bool) {
	if !th.ok {
		return critRendered, true
	}
	if th.method != Exact && !th.meets(critRendered, fg, bg, backdrop) {
		return critRendered, true // the cheaper ratio first
	}
	if th.method != Rendered && !th.meets(critExact, fg, bg, backdrop) {
		return critExact, true
	}
	if th.apca && !th.meets(critAPCA, fg, bg, backdrop) {
		return critAPCA, true
	}
	return 0, false
}

// meets reports whether the pair meets criterion c of th, judged as
// [Method.Judge] judges each ratio.
func (th Threshold) meets(c criterion, fg, bg, backdrop colorref.Color) bool {
	if !th.ok {
		return false
	}
	switch c {
	case critRendered:
		return Rendered.Judge(0, RatioRendered(fg, bg, backdrop), th.required)
	case critExact:
		return Exact.Judge(RatioOver(fg, bg, backdrop), 0, th.required)
	}
	return math.Abs(APCAOver(fg, bg, backdrop)) >= th.lcRequired
}

// fgLighter reports whether the foreground of the pair, as criterion c
// sees it, is at least as light as the background: the side of the
// crossing of the two luminances the pair is on. As one side of a pair
// gets lighter the answer changes at most once.
func (c criterion) fgLighter(fg, bg, backdrop colorref.Color) bool {
	switch c {
	case critRendered:
		f, b := RenderedColors(fg, bg, backdrop)
		return Luminance(f) >= Luminance(b)
	case critExact:
		backdrop = backdrop.WithAlpha(1)
		if !bg.Opaque() {
			bg = Composite(bg, backdrop)
		}
		return Luminance(Composite(fg, bg)) >= Luminance(bg)
	}
	return APCAOver(fg, bg, backdrop) <= 0 // APCA's sign: positive for dark text on a light background
}

// ratio returns the ratio the threshold's WCAG 2 verdict rests on
// ([Method.Ratio]).
func (th Threshold) ratio(fg, bg, backdrop colorref.Color) float64 {
	return th.method.Ratio(RatioOver(fg, bg, backdrop), RatioRendered(fg, bg, backdrop))
}

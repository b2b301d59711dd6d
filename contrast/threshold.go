package contrast

import (
	"math"

	"github.com/themekit/themekit/colorref"
)

// Threshold is what a pair must reach: a WCAG 2 ratio judged under a
// method and, under an APCA policy, an APCA level. It is worked out once,
// so that judging a pair ([Threshold.Passes]) costs the measurements alone
// and never allocates: the predicate a solver calls for thousands of
// candidate colors of one rule. Built for a type under a [Policy]
// ([Policy.Threshold]), its verdict is, for every pair, the Pass that
// [Policy.Check] reports for the same pair and type; built for any ratio
// under a method ([Method.Threshold]), it is [Method.Judge]'s verdict on
// the pair's two ratios.
//
// The zero Threshold passes nothing: build one with [Policy.Threshold]
// or [Method.Threshold].
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
	th := p.Method.Threshold(req)
	th.apca = p.APCA
	if p.APCA {
		th.lcRequired, _ = APCARequired(t) // t is known here
	}
	return th, nil
}

// Passes reports whether fg over bg, with a translucent bg over backdrop,
// reaches the threshold: the WCAG 2 ratio under its method, as
// [Method.Judge] judges it, and, under an APCA policy, the |Lc|. It is
// the allocation-free verdict of the package's three judges of a pair
// (see [Method.Judge]): it measures only what the verdict needs, the
// cheaper ratio first, and stops at the first that fails.
func (th Threshold) Passes(fg, bg, backdrop colorref.Color) bool {
	if !th.ok || !passes(fg, bg, backdrop, th.required, th.method) {
		return false
	}
	return !th.apca || lcPasses(APCAOver(fg, bg, backdrop), th.lcRequired)
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
		return passes(fg, bg, backdrop, th.required, Exact) // math.Pow's verdict near any required ratio
	}
	return lcPasses(APCAOver(fg, bg, backdrop), th.lcRequired)
}

// need returns what th requires of criterion c: the WCAG 2 ratio, or
// the |Lc|.
func (th Threshold) need(c criterion) float64 {
	if c == critAPCA {
		return th.lcRequired
	}
	return th.required
}

// painted is a pair as a criterion measures it: the sRGB channels of the
// foreground and the background as painted, the background over the
// backdrop and the foreground over that, and the luminances the
// criterion compares of them (criterion.lum), worked out once for every
// bound the painting is an end of.
type painted struct {
	f, b   [3]float64
	lf, lb float64
}

// paint returns the pair as criterion c measures it, for the exact
// ratio and the Lc: the exact colors. (The rendered ratio measures the
// 8-bit colors a checker flattens the pair to, [RenderedColors], each
// side painted by paint8Side.) No channel gets smaller when no color of
// the pair gets darker.
func (c criterion) paint(fg, bg, backdrop colorref.Color) painted {
	f, b := pair(fg, bg, backdrop)
	return painted{f: f, b: b, lf: c.lum(f), lb: c.lum(b)}
}

// paint8Side returns one side of a pair flattened to 8-bit channels as
// the rendered criterion paints it: the sRGB channels of the color
// [RenderedColors] returns for it, and their luminance.
func paint8Side(r, g, b uint8) ([3]float64, float64) {
	var ch [3]float64
	ch[0], ch[1], ch[2], _ = colorref.RGBA8(r, g, b, 255).SRGB()
	return ch, critRendered.lum(ch)
}

// lum returns the luminance criterion c compares of painted channels:
// WCAG 2's for the ratios, APCA's screen luminance for the Lc.
func (c criterion) lum(ch [3]float64) float64 {
	if c == critAPCA {
		return apcaY(ch)
	}
	return luminance(ch[0], ch[1], ch[2])
}

// value returns criterion c's measurement of a pair painted with the
// luminances lf and lb: the ratio, or |Lc|. For either luminance fixed it
// falls as the other nears it and rises as it moves away.
func (c criterion) value(lf, lb float64) float64 {
	if c == critAPCA {
		return math.Abs(apcaLc(lf, lb))
	}
	return (max(lf, lb) + 0.05) / (min(lf, lb) + 0.05)
}

// bounds returns the least and the greatest value criterion c can take at
// a step between two steps painted lo and hi. No channel gets smaller
// from lo to hi, so each side's luminance lies between its values at lo
// and hi, and the value, which rises as the two luminances part, is
// greatest at a corner of that box; it is least at the inner corner when
// one side is lighter than the other all through, and may otherwise be as
// low as it gets (reported as 0).
func (c criterion) bounds(lo, hi painted) (least, most float64) {
	fl, bl, fh, bh := lo.lf, lo.lb, hi.lf, hi.lb
	most = max(c.value(fh, bl), c.value(fl, bh))
	switch {
	case fh < bl:
		least = c.value(fh, bl)
	case fl > bh:
		least = c.value(fl, bh)
	}
	return least, most
}

// ratio returns the ratio the threshold's WCAG 2 verdict rests on
// ([Method.Ratio]).
func (th Threshold) ratio(fg, bg, backdrop colorref.Color) float64 {
	return th.method.Ratio(RatioOver(fg, bg, backdrop), RatioRendered(fg, bg, backdrop))
}

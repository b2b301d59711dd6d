package contrast

import (
	"errors"

	"github.com/themekit/themekit/colorref"
)

// Method says how a contrast ratio is measured and judged. The zero
// Method is [Both].
type Method int

// The methods.
const (
	// Both passes a pair only when [Exact] and [Rendered] both pass it: a
	// theme that passes under [Both] passes the WCAG formula on exact
	// colors and a browser-based checker such as axe-core alike.
	Both Method = iota
	// Exact measures the colors as exact sRGB values ([RatioOver]) and
	// passes a ratio at least the minimum, as WCAG 2 words it.
	Exact
	// Rendered measures the 8-bit colors a browser computes and flattens
	// ([RatioRendered]) and passes a ratio strictly above the minimum, as
	// axe-core judges it (color-contrast-evaluate.js: contrast > expected).
	Rendered
)

// String returns "both", "exact" or "rendered", the names [ParseMethod]
// accepts.
func (m Method) String() string { return methodNames.name(m) }

// ErrUnknownMethod is returned for a method other than [Both], [Exact] and
// [Rendered], and by [ParseMethod] for any other name.
var ErrUnknownMethod = errors.New("contrast: unknown method")

// ParseMethod returns the Method named s: "both", "exact" or "rendered".
// Any other string gives an error wrapping [ErrUnknownMethod].
func ParseMethod(s string) (Method, error) { return methodNames.parse(s) }

// Judge reports whether a pair whose exact ratio ([RatioOver]) and
// rendered ratio ([RatioRendered]) are given passes the WCAG 2 ratio
// required under m: exact >= required for [Exact], rendered > required
// for [Rendered], both for [Both]. It is the judge of ratios already
// measured, for a caller that reports them (an audit, a checker's own
// figures), and the one place the two comparisons are written:
// [Policy.Check] and [Threshold.Passes] judge with it. An unknown Method
// passes nothing.
//
// Judge is one of the package's three judges of a pair, each with its
// job: [Policy.Check] measures a pair and returns the [Result], every
// figure and verdict; [Threshold.Passes] measures only what its verdict
// needs, without allocating, for a caller that judges many pairs; Judge
// judges figures already measured.
func (m Method) Judge(exact, rendered, required float64) bool {
	switch m {
	case Exact:
		return exactPasses(exact, required)
	case Rendered:
		return renderedPasses(rendered, required)
	case Both:
		return exactPasses(exact, required) && renderedPasses(rendered, required)
	}
	return false
}

// exactPasses is WCAG 2's comparison, as its success criteria word it: a
// ratio of at least the minimum passes.
func exactPasses(exact, required float64) bool { return exact >= required }

// renderedPasses is axe-core's comparison (color-contrast-evaluate.js:
// contrast > expected): a ratio equal to the minimum fails.
func renderedPasses(rendered, required float64) bool { return rendered > required }

// Threshold returns the threshold of a WCAG 2 ratio, required, judged
// under m and without APCA: its [Threshold.Passes] reports whether a pair
// reaches required under m, as [Method.Judge] judges its ratios. It is
// for a ratio other than a type's minimum (a scale's steps, a search's
// target); [Policy.Threshold] gives a type's. A method other than [Both],
// [Exact] and [Rendered] gives the zero Threshold, which passes nothing.
func (m Method) Threshold(required float64) Threshold {
	if !methodNames.valid(m) {
		return Threshold{}
	}
	return Threshold{method: m, required: required, ok: true}
}

// Ratio returns the ratio a verdict under m rests on, of a pair whose
// exact and rendered ratios are given: the exact or the rendered one, and
// for Both (or an unknown Method) the lower of the two.
func (m Method) Ratio(exact, rendered float64) float64 {
	switch m {
	case Exact:
		return exact
	case Rendered:
		return rendered
	}
	return min(exact, rendered)
}

// passes reports whether fg over bg, with a translucent bg over
// backdrop, reaches the ratio required under method m: the WCAG 2 verdict
// of [Threshold.Passes], measuring only what m judges. A method other than
// [Both], [Exact] and [Rendered] never passes.
func passes(fg, bg, backdrop colorref.Color, required float64, m Method) bool {
	switch m {
	case Exact:
		return m.Judge(ratioFor(fg, bg, backdrop, required), 0, required)
	case Rendered:
		return m.Judge(0, RatioRendered(fg, bg, backdrop), required)
	case Both:
		// The rendered ratio is cheaper: try it first. On an opaque pair
		// its channels bound the exact ratio, which is computed only when
		// the bounds leave it in doubt (see exactSurelyPasses).
		fr, fg8, fb, br, bg8, bb := renderedPair(fg, bg, backdrop)
		r := ratio8(fr, fg8, fb, br, bg8, bb)
		if !Rendered.Judge(0, r, required) {
			return false
		}
		if fg.Opaque() && bg.Opaque() && exactSurelyPasses(fr, fg8, fb, br, bg8, bb, required) {
			return true
		}
		return m.Judge(ratioFor(fg, bg, backdrop, required), r, required)
	}
	return false
}

// Policy is what a contrast check demands: a WCAG 2 level, the method its
// ratio is measured with, and optionally APCA's Bronze simple-mode level
// as well. The zero [Policy] is WCAG 2 AA under [Both], without APCA.
type Policy struct {
	Level  Level
	Method Method
	// APCA also requires |Lc| >= APCARequired(t) (see [APCARequired]), on
	// the exact colors as [APCAOver] measures them.
	APCA bool
}

// String names the policy as a report's summary does: "WCAG 2 AA,
// method both, APCA off" for the zero Policy. An unknown level or method
// is named as [Level.String] and [Method.String] name it.
func (p Policy) String() string {
	apca := "off"
	if p.APCA {
		apca = "on"
	}
	return "WCAG 2 " + p.Level.String() + ", method " + p.Method.String() + ", APCA " + apca
}

// Check checks fg over bg, with a translucent bg over backdrop, for
// content of type t under p, and returns the [Result]: every figure and
// verdict, for a report. [Result].Pass is the whole verdict: the WCAG 2
// ratio under p.Method and, when p.APCA is set, the APCA level; it is the
// verdict [Threshold.Passes] gives for the same pair and type. Both
// ratios are always reported; the Lc and its minimum only when p.APCA is
// set ([APCAOver] gives it otherwise), as it costs several times the two
// ratios. A translucent bg over a page the caller does not name is over
// opaque white, a browser's default canvas: pass hsl(0, 0%, 100%) as
// backdrop. The error wraps [ErrUnknownType], [ErrUnknownLevel] or
// [ErrUnknownMethod].
func (p Policy) Check(fg, bg, backdrop colorref.Color, t Type) (res Result, err error) {
	req, err := Required(t, p.Level)
	if err != nil {
		return Result{}, err
	}
	if err := methodNames.check(p.Method); err != nil {
		return Result{}, err
	}
	exact := ratioFor(fg, bg, backdrop, req)
	rendered := RatioRendered(fg, bg, backdrop)
	// Filled field by field in the result, which spares a copy of it.
	res.Ratio, res.Required, res.Type, res.Level, res.Method = p.Method.Ratio(exact, rendered), req, t, p.Level, p.Method
	res.Exact, res.Rendered, res.WCAGPass, res.APCA = exact, rendered, p.Method.Judge(exact, rendered, req), p.APCA
	res.Pass = res.WCAGPass
	if p.APCA {
		res.LcRequired, _ = APCARequired(t) // t is known here
		res.Lc = APCAOver(fg, bg, backdrop)
		res.APCAPass = lcPasses(res.Lc, res.LcRequired)
		res.Pass = res.Pass && res.APCAPass
	}
	return res, nil
}

// MarshalText implements encoding.TextMarshaler with the name String
// returns, so a Method reads "both" in JSON; a Method other than Both,
// Exact and Rendered is an error wrapping [ErrUnknownMethod].
func (m Method) MarshalText() ([]byte, error) { return methodNames.marshal(m) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseMethod],
// so a Method can be a flag (flag.TextVar) or a JSON field. On error m is
// left unchanged.
func (m *Method) UnmarshalText(text []byte) error { return methodNames.unmarshal(m, text) }

// ParseLevel returns the Level named s: "AA" or "AAA", as [Level.String]
// writes them. Any other string gives an error wrapping [ErrUnknownLevel].
func ParseLevel(s string) (Level, error) { return levelNames.parse(s) }

// MarshalText implements encoding.TextMarshaler with "AA" or "AAA"; any
// other Level is an error wrapping [ErrUnknownLevel].
func (l Level) MarshalText() ([]byte, error) { return levelNames.marshal(l) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseLevel]. On
// error l is left unchanged.
func (l *Level) UnmarshalText(text []byte) error { return levelNames.unmarshal(l, text) }

package fix

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// Whole-theme fixes, the public side: FixTheme, FieldRange and the errors
// they return. The solver they run is in solver.go; the names of theme
// fields are theming's ([theming.FieldName]).

// ErrUnsatisfiable is wrapped by [*UnsatisfiableError]: the contrast rules
// cannot all pass by moving the lightness of the theme's fields.
var ErrUnsatisfiable = errors.New("fix: the contrast rules cannot all pass")

// ErrWorkBound is wrapped by the [*UnsatisfiableError] of a fix that
// stopped at its work bound with rules still failing: a hostile theme
// (overrides chained through many components, translucent colors on
// every side) costs no more than the bound, and gets the best the solver
// found within it.
var ErrWorkBound = errors.New("fix: the fix stopped at its work bound")

// workBound is how many pairs the solver judges, at most, for one fix
// (a little more: a search under way finishes its step, and explaining
// the conflicts may take a quarter more). On the default catalog a pair
// costs 0.3 to 0.6 µs, so the bound is 6 to 12 ms (BENCHMARKS.md); 99% of
// random valid themes need less for their high-contrast variant, and
// every theme of the default data and every broken or generated theme
// the tests make needs far less.
const workBound = 20_000

// Edit is one change [Engine.FixTheme] made to a theme: the
// field it set and its value before and after.
type Edit struct {
	Field     string         `json:"field"` // colors.<id>.<scheme>
	Component string         `json:"component"`
	Scheme    theming.Scheme `json:"scheme"`
	// From is the theme's value of the field before the edit, "" when the
	// theme did not override the component in that scheme.
	From string `json:"from"`
	// Was is the color the component resolved to before the edit.
	Was colorref.Color `json:"was"`
	// To is the new color: Was with its lightness moved (and, when Alpha
	// is not 0, its alpha raised), hue and saturation kept, in the form
	// it prints and was checked in; the field's new value is To.String().
	To colorref.Color `json:"to"`
	// Distance is how far the lightness moved, in percentage points.
	Distance float64 `json:"distance"`
	// Alpha is how far the alpha was raised, 0 when it was kept: only
	// under [FixOptions].Alpha, for a translucent color whose rules no
	// lightness at its own alpha lets pass.
	Alpha float64 `json:"alpha,omitempty"`
}

// String writes the edit as a line of a log: the field, then what it
// changed, "colors.text-muted.light: hsla(220, 9%, 10%, 0.6) ->
// hsla(220, 9%, 10%, 0.87) (alpha +0.27)".
func (e Edit) String() string {
	from := e.From
	if from == "" {
		from = "(" + e.Was.String() + ")"
	}
	var moved []string
	if e.Distance != 0 {
		moved = append(moved, "lightness "+strconv.FormatFloat(e.Distance, 'f', -1, 64)+" points")
	}
	if e.Alpha != 0 {
		moved = append(moved, "alpha +"+strconv.FormatFloat(e.Alpha, 'f', -1, 64))
	}
	s := e.Field + ": " + from + " -> " + e.To.String()
	if len(moved) > 0 {
		s += " (" + strings.Join(moved, ", ") + ")"
	}
	return s
}

// FixOptions tunes [Engine.FixTheme]. The zero FixOptions fixes
// for the zero policy (WCAG 2 AA under [contrast.Both]) with no field
// pinned, moving lightness only.
type FixOptions struct {
	// Policy is what every rule must pass: [HighContrastPolicy] for a
	// theme's high-contrast variant.
	Policy contrast.Policy
	// Pinned lists theme fields ("colors.<id>.<scheme>", see [theming.FieldName])
	// the fix may not change; fields that resolve through them still may
	// be.
	Pinned []string
	// Allow, when not nil, lists the only theme fields the fix may
	// change, in [theming.FieldName] form: a form that offers an admin some
	// fields asks for fixes in those alone. Nil allows every field; an
	// empty list allows none.
	Allow []string
	// Alpha lets the fix raise the alpha of a translucent color, up to
	// opaque, when no lightness at its own alpha makes its rules pass
	// (muted text at 60% cannot reach 7:1 at any lightness): the least
	// alpha that lets some lightness pass, and the nearest lightness at
	// it. The edit says so ([Edit].Alpha). The high-contrast variant
	// ([Engine.HighContrast]) sets it.
	Alpha bool
}

// UnsatisfiableError is the error of [Engine.FixTheme] (and
// [Engine.Generate]) when no lightness of the fields it may move
// makes every rule pass. It wraps [ErrUnsatisfiable].
type UnsatisfiableError struct {
	ThemeID int
	Policy  contrast.Policy
	// Stopped reports that the solver stopped at its work bound: the
	// rules failing are those of the best it found within the bound. The
	// error then wraps [ErrWorkBound] too.
	Stopped bool
	// Failing are the rules that still fail after the best the solver
	// found, as findings of the theme with its edits applied.
	Failing []Finding
	// Conflicts say why: for the field each failing rule names, the
	// lightness each rule that depends on the field needs, when those
	// ranges have no lightness in common.
	Conflicts []Conflict
}

// Conflict is a field whose rules cannot hold together: each rule that
// depends on it with the lightness ranges that rule allows, the rest of
// the theme fixed. No lightness lies in all of them.
type Conflict struct {
	Field string      `json:"field"`
	Rules []RuleRange `json:"rules"`
}

// RuleRange is one contrast rule and the lightness ranges of a field
// under which it passes.
type RuleRange struct {
	Scheme    theming.Scheme            `json:"scheme"`
	Component string                    `json:"component"`
	Variable  string                    `json:"variable"` // the CSS variable the rule judges, as [Finding].Variable
	Target    theming.ContrastTarget    `json:"target"`
	Ranges    []contrast.LightnessRange `json:"ranges"` // empty: no lightness passes
}

// Error names the theme, the policy, the failing rules and the conflicts.
func (e *UnsatisfiableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "fix: theme %d: %d contrast rule(s) cannot pass under WCAG 2 %s, method %s", e.ThemeID, len(e.Failing), e.Policy.Level, e.Policy.Method)
	if e.Policy.APCA {
		b.WriteString(", APCA on")
	}
	if e.Stopped {
		b.WriteString(" within the fix's work bound")
	}
	b.WriteByte(':')
	for n, f := range e.Failing {
		if n == 8 {
			fmt.Fprintf(&b, " ... (%d more)", len(e.Failing)-n)
			break
		}
		if n > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s on %s (%s, %s) %s", judgedName(f.Component, f.Variable), f.Target.Value, f.Target.ContrastType, f.Scheme, contrast.FormatRatio(f.Policy.Method.Ratio(f.Ratio, f.Rendered)))
	}
	for _, c := range e.Conflicts {
		fmt.Fprintf(&b, "; %s must satisfy:", c.Field)
		for n, r := range c.Rules {
			if n > 0 {
				b.WriteString(" and")
			}
			fmt.Fprintf(&b, " %s on %s needs lightness %s", judgedName(r.Component, r.Variable), r.Target.Value, rangesString(r.Ranges))
		}
	}
	return b.String()
}

// Unwrap returns [ErrUnsatisfiable], and [ErrWorkBound] beside it when
// the solver stopped at its bound.
func (e *UnsatisfiableError) Unwrap() []error {
	if e.Stopped {
		return []error{ErrUnsatisfiable, ErrWorkBound}
	}
	return []error{ErrUnsatisfiable}
}

// judgedName names what a rule judged in a message: the component, and
// the variable when it is not the component's own name ("link's
// --link-visited").
func judgedName(comp, variable string) string {
	if variable == "" || variable == "--"+comp {
		return comp
	}
	return comp + "'s " + variable
}

func rangesString(rs []contrast.LightnessRange) string {
	if len(rs) == 0 {
		return "none"
	}
	parts := make([]string, len(rs))
	for n, r := range rs {
		parts[n] = r.String()
	}
	return strings.Join(parts, " or ")
}

// FixTheme returns t changed so that every contrast rule of the catalog
// passes under o.Policy in both schemes, and the edits made, in the order
// made.
//
// It changes only color overrides (t.Colors), adding, editing or (to
// undo its own edits) restoring entries; every other field is t's. The
// theme returned shares no memory with t. Each edit sets a field to the
// color its component resolved to with the lightness moved (hue and
// saturation kept, at the hundredths a color prints) and the alpha kept,
// or, under o.Alpha, raised. The rules are judged as the page paints them
// (see theming's package documentation), on the theme as it resolves with each
// candidate applied, in the scheme of the field: the components that
// fall back to the field, the variables derived from them and the page
// background when it is among them move together, so what it returns
// passes once applied. The solver judges each rule through the audit's
// own reading of its pair and the policy's verdict, so its verdicts are
// the audit's (a test holds them equal on thousands of random themes);
// a theme it cannot fix is audited again for the error's findings.
//
// The search: each step moves the one field that makes the most failing
// rules pass without failing any rule that depends on it, preferring the
// field a finding names ([Finding].Field), then the component itself,
// then the target's field, then a fallback's origin, and the smallest
// move; with o.Alpha, a translucent field whose rules no lightness lets
// pass gets the least alpha that lets one. Every lightness is found by
// [contrast.NearestLightness], which misses no passing step of the grid
// however narrow the window it lies in. The page background, the fields
// in o.Pinned and those o.Allow leaves out are never moved.
//
// Minimal means, here: each edited field is as near the color it had as
// the rules allow with the other edits in place (a pass moves each back
// toward its old lightness), and the edits are minimal as a set: no
// single edit can be undone (an added override removed, a replaced value
// or alias restored) with every rule still passing. It is not the fewest
// fields of every possible fix, which would need a search over sets of
// fields.
//
// When the rules cannot all pass the error is an *[UnsatisfiableError]
// naming them, with the theme as far as it got and its edits; each rule
// still failing has then been given the most contrast it can reach
// without failing a rule that passes. The search judges at most a bound
// of pairs (about 10 ms on the default catalog): a theme that needs more
// gets the best found within it, and the error then wraps
// [ErrWorkBound] too.
//
// A t that does not validate gives its *[theming.ValidationError]; an unknown
// policy an error wrapping [contrast.ErrUnknownLevel] or
// [contrast.ErrUnknownMethod]; a bad pinned or allowed field one wrapping
// [theming.ErrUnknownThemeField].
func (e *Engine) FixTheme(t theming.Theme, o FixOptions) (theming.Theme, []Edit, error) {
	s, err := e.newFixSolver(t, o)
	if err != nil {
		return t, nil, err
	}
	return s.fix()
}

// fix runs the solver's passes on its theme and returns FixTheme's
// answer.
func (s *solver) fix() (theming.Theme, []Edit, error) {
	s.solve()
	s.shrink()
	s.prune()
	s.strengthen()
	out := s.theme()
	if s.allPass() {
		return out, s.edits(), nil
	}
	rep, err := s.e.AuditTheme(out, s.p)
	if err != nil {
		return s.t, nil, err // cannot happen: the solver writes only valid colors
	}
	return out, s.edits(), s.unsatisfiable(rep)
}

// newFixSolver is newSolver with o's fields pinned, its allowed fields
// alone movable, and its alpha setting.
func (e *Engine) newFixSolver(t theming.Theme, o FixOptions) (*solver, error) {
	s, err := e.newSolver(t, o.Policy)
	if err != nil {
		return nil, err
	}
	s.alpha = o.Alpha
	for _, f := range o.Pinned {
		k, j, err := core.Field(e.cc, f)
		if err != nil {
			return nil, err
		}
		s.pinned[k][j] = true
	}
	if o.Allow != nil {
		var allowed [2][]bool
		for k := range allowed {
			allowed[k] = make([]bool, len(e.cat.Components))
		}
		for _, f := range o.Allow {
			k, j, err := core.Field(e.cc, f)
			if err != nil {
				return nil, err
			}
			allowed[k][j] = true
		}
		for k := range allowed {
			for j, ok := range allowed[k] {
				s.pinned[k][j] = s.pinned[k][j] || !ok
			}
		}
	}
	return s, nil
}

// FieldRange returns the lightness ranges the theme field may take, the
// rest of t fixed, for every contrast rule that depends on it (in the
// field's scheme) to pass under p: the answer for a form's field. The
// field need not be overridden by t: the ranges are those of an override
// with the color the component resolves to, its lightness moved. Ranges
// are found at the hundredths a color prints, ascending; none means no
// lightness passes. The error is t's *[theming.ValidationError], one wrapping
// [theming.ErrUnknownThemeField], or one for an unknown policy.
func (e *Engine) FieldRange(t theming.Theme, field string, p contrast.Policy) ([]contrast.LightnessRange, error) {
	s, err := e.newSolver(t, p)
	if err != nil {
		return nil, err
	}
	k, j, err := core.Field(e.cc, field)
	if err != nil {
		return nil, err
	}
	d := s.deps(k, j)
	return s.ranges(k, j, d.rules, d.in), nil
}

package theming

import (
	"errors"
	"fmt"
	"strings"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Whole-theme fixes, the public side: FixTheme, FieldRange and the errors
// they return. The solver they run is in solver.go, the names of theme
// fields in field.go.

// ErrUnsatisfiable is wrapped by [*UnsatisfiableError]: the contrast rules
// cannot all pass by moving the lightness of the theme's fields.
var ErrUnsatisfiable = errors.New("theming: the contrast rules cannot all pass")

// Edit is one change [CompiledCatalog.FixTheme] made to a theme: the
// field it set and its value before and after.
type Edit struct {
	Field     string `json:"field"` // colors.<id>.<scheme>
	Component string `json:"component"`
	Scheme    Scheme `json:"scheme"`
	// From is the theme's value of the field before the edit, "" when the
	// theme did not override the component in that scheme.
	From string `json:"from"`
	// Was is the color the component resolved to before the edit.
	Was colorref.Color `json:"was"`
	// To is the new value: Was with its lightness moved, hue, saturation
	// and alpha kept, in the form it prints and was checked in.
	To string `json:"to"`
	// Distance is how far the lightness moved, in percentage points.
	Distance float64 `json:"distance"`
}

// FixOptions tunes [CompiledCatalog.FixTheme]. The zero FixOptions fixes
// for the zero policy (WCAG 2 AA under [contrast.Both]) with no field
// pinned.
type FixOptions struct {
	// Policy is what every rule must pass: [HighContrastPolicy] for a
	// theme's high-contrast variant.
	Policy contrast.Policy
	// Pinned lists theme fields ("colors.<id>.<scheme>") the fix may not
	// change; fields that resolve through them still may be.
	Pinned []string
}

// UnsatisfiableError is the error of [CompiledCatalog.FixTheme] (and
// [CompiledCatalog.Generate]) when no lightness of the fields it may move
// makes every rule pass. It wraps [ErrUnsatisfiable].
type UnsatisfiableError struct {
	ThemeID int
	Policy  contrast.Policy
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
	Scheme    Scheme                    `json:"scheme"`
	Component string                    `json:"component"`
	Target    ContrastTarget            `json:"target"`
	Ranges    []contrast.LightnessRange `json:"ranges"` // empty: no lightness passes
}

// Error names the theme, the policy, the failing rules and the conflicts.
func (e *UnsatisfiableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "theming: theme %d: %d contrast rule(s) cannot pass under WCAG 2 %s, method %s:", e.ThemeID, len(e.Failing), e.Policy.Level, e.Policy.Method)
	for n, f := range e.Failing {
		if n == 8 {
			fmt.Fprintf(&b, " ... (%d more)", len(e.Failing)-n)
			break
		}
		if n > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s on %s (%s, %s) %s", f.Component, f.Target.Value, f.Target.ContrastType, f.Scheme, contrast.FormatRatio(f.Policy.Method.Ratio(f.Ratio, f.Rendered)))
	}
	for _, c := range e.Conflicts {
		fmt.Fprintf(&b, "; %s must satisfy:", c.Field)
		for n, r := range c.Rules {
			if n > 0 {
				b.WriteString(" and")
			}
			fmt.Fprintf(&b, " %s on %s needs lightness %s", r.Component, r.Target.Value, rangesString(r.Ranges))
		}
	}
	return b.String()
}

// Unwrap returns [ErrUnsatisfiable].
func (e *UnsatisfiableError) Unwrap() error { return ErrUnsatisfiable }

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
// It changes only color overrides (t.Colors), adding or editing entries;
// every other field is t's. The theme returned shares no memory with t.
// Each edit sets a field to the color its component resolved to with the
// lightness moved (hue, saturation and alpha kept, at the hundredths a
// color prints). It moves as few fields and by as little as it finds:
// each step moves the one field that makes the most failing rules pass
// without failing any rule that depends on it, preferring the field a
// finding names ([Finding].Field), then the component itself, then the
// target's field, then a fallback's origin, and the smallest move; a last
// pass moves each edited field back as near its old lightness as the rest
// allows. Every lightness is found by [contrast.NearestLightness], which
// misses no passing step of the grid however narrow the window it lies
// in. The page background and the fields in o.Pinned are never moved.
//
// Every candidate is judged on the theme as it resolves with the
// candidate applied, in the scheme of the field: the components that fall
// back to the field, the variables derived from them and the page
// background when it is among them move together, so what it returns
// passes once applied. The result is audited again before it is
// returned.
//
// A t that does not validate gives its *ValidationError; an unknown
// policy an error wrapping [contrast.ErrUnknownLevel] or
// [contrast.ErrUnknownMethod]; a bad pinned field one wrapping
// [ErrUnknownThemeField]. When the rules cannot all pass the error is an
// *[UnsatisfiableError] naming them, with the theme as far as it got and
// its edits.
func (c *CompiledCatalog) FixTheme(t Theme, o FixOptions) (Theme, []Edit, error) {
	s, err := newSolver(c, t, o.Policy)
	if err != nil {
		return t, nil, err
	}
	for _, f := range o.Pinned {
		k, j, err := c.lookupField(f)
		if err != nil {
			return t, nil, err
		}
		s.pinned[k][j] = true
	}
	s.solve()
	s.shrink()
	out := s.theme()
	rep, err := c.AuditTheme(out, o.Policy)
	if err != nil {
		return t, nil, err // cannot happen: the solver writes only valid colors
	}
	if !rep.OK() {
		return out, s.edits(), s.unsatisfiable(rep)
	}
	return out, s.edits(), nil
}

// FieldRange returns the lightness ranges the theme field may take, the
// rest of t fixed, for every contrast rule that depends on it (in the
// field's scheme) to pass under p: the answer for a form's field. The
// field need not be overridden by t: the ranges are those of an override
// with the color the component resolves to, its lightness moved. Ranges
// are found at the hundredths a color prints, ascending; none means no
// lightness passes. The error is t's *ValidationError, one wrapping
// [ErrUnknownThemeField], or one for an unknown policy.
func (c *CompiledCatalog) FieldRange(t Theme, field string, p contrast.Policy) ([]contrast.LightnessRange, error) {
	s, err := newSolver(c, t, p)
	if err != nil {
		return nil, err
	}
	k, j, err := c.lookupField(field)
	if err != nil {
		return nil, err
	}
	d := s.deps(k, j)
	return s.ranges(k, j, d.rules, d.in), nil
}

package fix

import (
	"errors"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// The high-contrast variant of a theme: the theme the solver makes of it
// at WCAG 2 AAA, which the stylesheet serves under prefers-contrast: more
// and data-contrast="more" (theming/css), with what it changed and what
// it could not reach.

// HighContrastPolicy is the policy a theme's high-contrast variant
// ([Engine.HighContrast]) meets: WCAG 2 AAA (text 7:1, non-text 3:1)
// under [contrast.Both]. [Engine.FixTheme] under it (with
// [FixOptions].Alpha, as the variant is made) makes the variant of a
// theme not yet saved, and says when AAA cannot be reached.
func HighContrastPolicy() contrast.Policy {
	return contrast.Policy{Level: contrast.AAA, Method: contrast.Both}
}

// highContrastOptions are the options the variant is fixed with: AAA,
// and a translucent color's alpha may rise when no lightness reaches it.
func highContrastOptions() FixOptions {
	return FixOptions{Policy: HighContrastPolicy(), Alpha: true}
}

// Variant is a theme's high-contrast variant ([Engine.HighContrast]):
// the variant resolved, the edits that made it from the theme, and the
// rules it still fails.
type Variant struct {
	// Theme is the variant, resolved: the theme moved by
	// [Engine.FixTheme] under [HighContrastPolicy] with
	// [FixOptions].Alpha. When AAA cannot be reached everywhere it is as
	// far as the solver got, each failing rule given the most contrast it
	// can reach.
	Theme *theming.ResolvedTheme
	// Edits are the fix's edits: the lightness moved, and the alpha
	// raised where no lightness of a translucent color reaches AAA
	// ([Edit].Alpha).
	Edits []Edit
	// Failing are the rules that cannot reach AAA, as findings of the
	// variant: each has the most contrast it can reach without failing a
	// rule that passes. Empty when every rule reaches AAA.
	Failing []Finding
	// Stopped reports that the fix stopped at its work bound
	// ([ErrWorkBound]): Failing are the rules the best variant found
	// within it fails.
	Stopped bool

	e *Engine // the engine of the theme's catalog, for ForcedColor
}

// ForcedColor returns the CSS system color that variable takes under
// forced colors in the theme's catalog ([Engine.ForcedColor]), and false
// for a name no visible component defines and for a Variant not made by
// an engine. With the variant, it is the rest of what a stylesheet
// serves for contrast (theming/css).
func (v *Variant) ForcedColor(variable string) (string, bool) {
	if v == nil || v.e == nil {
		return "", false
	}
	return v.e.ForcedColor(variable)
}

// HighContrast returns rt's high-contrast variant: the theme moved by
// [Engine.FixTheme] under [HighContrastPolicy], with [FixOptions].Alpha,
// until every rule passes in both schemes, with its edits and the rules
// it cannot bring to AAA. It is worked out on each call (it runs the
// solver, about a millisecond for the default data) and not kept: the
// caller keeps it where it serves it, as httpadapter keeps each theme's
// stylesheet within its byte budget, so that what a host holds per
// tenant is bounded by what it chose to keep. The Variant is the
// caller's. The stylesheet (theming/css) serves it and names its
// failing rules in a comment; [Engine.HighContrastAudit] audits every
// theme's. The zero ResolvedTheme's variant is itself.
func (e *Engine) HighContrast(rt *theming.ResolvedTheme) *Variant {
	cc, _, _ := core.Resolution(rt)
	if cc == nil {
		return &Variant{Theme: rt, e: New(nil)}
	}
	e = e.of(cc)
	return e.variant(rt)
}

// variant works out rt's variant.
func (e *Engine) variant(rt *theming.ResolvedTheme) *Variant {
	_, t, res := core.Resolution(rt)
	fixed, edits, err := e.FixTheme(*t, highContrastOptions())
	var ue *UnsatisfiableError
	if err != nil && !errors.As(err, &ue) {
		fixed, edits = *t, nil // cannot happen: the theme was checked when it was resolved
	}
	vt, err := core.Resolve(e.cc, fixed, res.Palette)
	if err != nil {
		return &Variant{Theme: rt, e: e} // cannot happen: the solver writes only valid colors, and the theme was checked
	}
	v := &Variant{Theme: vt, Edits: edits, e: e}
	if ue != nil {
		v.Failing, v.Stopped = ue.Failing, ue.Stopped
	}
	return v
}

// HighContrastAudit returns the audit of every theme's high-contrast
// variant of snapshot s under [HighContrastPolicy], the variants as the
// stylesheet serves them: its failures are the rules that cannot reach
// AAA, each with the most contrast it can reach. It is worked out once
// per snapshot (each variant once per resolved theme), on first use, and
// kept (see [Engine]); the report returned is a copy, the caller's to
// modify. Its suggestions are edits of the variants. The zero Snapshot's
// audit checks nothing.
func (e *Engine) HighContrastAudit(s *theming.Snapshot) *Report {
	if s == nil {
		return New(nil).audit(nil, HighContrastPolicy())
	}
	e = e.of(s.CompiledCatalog())
	return e.hcAudits.get(s, func() *Report {
		themes := s.Themes()
		variants := make([]*theming.ResolvedTheme, len(themes))
		for n, rt := range themes {
			variants[n] = e.HighContrast(rt).Theme
		}
		return e.audit(variants, HighContrastPolicy())
	}).clone()
}

package theming

import (
	"errors"
	"slices"

	"github.com/themekit/themekit/contrast"
)

// The high-contrast variant of a theme: the theme the solver makes of it
// at WCAG 2 AAA, which the stylesheet serves under prefers-contrast: more
// and data-contrast="more", with what it changed and what it could not
// reach.

// HighContrastPolicy is the policy a theme's high-contrast variant
// ([ResolvedTheme.HighContrast]) meets: WCAG 2 AAA (text 7:1, non-text
// 3:1) under [contrast.Both]. [CompiledCatalog.FixTheme] under it (with
// [FixOptions].Alpha, as the variant is made) makes the variant of a theme
// not yet saved, and says when AAA cannot be reached.
func HighContrastPolicy() contrast.Policy {
	return contrast.Policy{Level: contrast.AAA, Method: contrast.Both}
}

// highContrastOptions are the options the variant is fixed with: AAA,
// and a translucent color's alpha may rise when no lightness reaches it.
func highContrastOptions() FixOptions {
	return FixOptions{Policy: HighContrastPolicy(), Alpha: true}
}

// HighContrastVariant is a theme's high-contrast variant with what it
// took: the theme as [ResolvedTheme.HighContrast] resolves it, the edits
// that made it from the theme, and the rules it still fails.
type HighContrastVariant struct {
	// Theme is the variant, resolved.
	Theme *ResolvedTheme
	// Edits are [CompiledCatalog.FixTheme]'s edits under
	// [HighContrastPolicy] with [FixOptions].Alpha: the lightness moved,
	// and the alpha raised where no lightness of a translucent color
	// reaches AAA ([Edit].Alpha).
	Edits []Edit
	// Failing are the rules that cannot reach AAA, as findings of the
	// variant: each has the most contrast it can reach without failing a
	// rule that passes. Empty when every rule reaches AAA.
	Failing []Finding
	// Stopped reports that the fix stopped at its work bound
	// ([ErrWorkBound]): Failing are the rules the best variant found
	// within it fails.
	Stopped bool
}

// HighContrast returns the theme's high-contrast variant, resolved: the
// theme moved by [CompiledCatalog.FixTheme] under [HighContrastPolicy],
// with [FixOptions].Alpha, until every rule passes in both schemes. It is
// worked out on first use and kept for the resolved theme's life. When
// AAA cannot be reached everywhere, the variant is as far as the solver
// got, each failing rule given the most contrast it can reach;
// [ResolvedTheme.HighContrastVariant] says which rules those are. The
// zero ResolvedTheme's variant is itself.
func (r *ResolvedTheme) HighContrast() *ResolvedTheme { return r.variant().Theme }

// HighContrastVariant returns the theme's high-contrast variant with its
// edits and the rules it cannot bring to AAA, worked out once as
// [ResolvedTheme.HighContrast] is; the slices are the caller's. The
// stylesheet names the failing rules in a comment, and
// [Snapshot.HighContrastAudit] audits every theme's variant.
func (r *ResolvedTheme) HighContrastVariant() HighContrastVariant {
	v := *r.variant()
	v.Edits, v.Failing = slices.Clone(v.Edits), slices.Clone(v.Failing)
	return v
}

// variant works out the variant once.
func (r *ResolvedTheme) variant() *HighContrastVariant {
	r.hcOnce.Do(func() {
		r.hc = &HighContrastVariant{Theme: r}
		if !r.cat.ok() {
			return
		}
		t, edits, err := r.cat.FixTheme(r.theme, highContrastOptions())
		var ue *UnsatisfiableError
		if err != nil && !errors.As(err, &ue) {
			return // cannot happen: the theme was checked when it was resolved
		}
		res, cerr := r.cat.checkOne(&t)
		if cerr != nil {
			return // cannot happen: the solver writes only valid colors
		}
		res.Palette = r.res.Palette
		r.hc = &HighContrastVariant{Theme: &ResolvedTheme{cat: r.cat, theme: t, res: res}, Edits: edits}
		if ue != nil {
			r.hc.Failing, r.hc.Stopped = ue.Failing, ue.Stopped
		}
	})
	return r.hc
}

// HighContrastAudit returns the audit of every theme's high-contrast
// variant under [HighContrastPolicy], the variants as the stylesheet
// serves them: its failures are the rules that cannot reach AAA, each
// with the most contrast it can reach. It is computed once per snapshot
// (each variant once per resolved theme), on first use, not when the
// snapshot is built; the report returned is a copy, the caller's to
// modify. Its suggestions are edits of the variants. The zero
// Snapshot's audit checks nothing.
func (s *Snapshot) HighContrastAudit() *Report {
	s.hcAuditOnce.Do(func() {
		variants := make([]*ResolvedTheme, len(s.themes))
		for n, rt := range s.themes {
			variants[n] = rt.HighContrast()
		}
		s.hcAudit = s.cat.audit(variants, HighContrastPolicy())
	})
	return s.hcAudit.clone()
}

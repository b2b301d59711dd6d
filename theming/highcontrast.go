package theming

import "github.com/themekit/themekit/contrast"

// The high-contrast variant of a theme: the theme the solver makes of it
// at WCAG 2 AAA, which the stylesheet serves under prefers-contrast: more
// and data-contrast="more".

// HighContrastPolicy is the policy a theme's high-contrast variant
// ([ResolvedTheme.HighContrast]) meets: WCAG 2 AAA (text 7:1, non-text
// 3:1) under [contrast.Both]. [CompiledCatalog.FixTheme] under it makes
// the variant of a theme not yet saved, and says when AAA cannot be
// reached.
func HighContrastPolicy() contrast.Policy {
	return contrast.Policy{Level: contrast.AAA, Method: contrast.Both}
}

// HighContrast returns the theme's high-contrast variant, resolved: the
// theme moved by [CompiledCatalog.FixTheme] until every rule passes
// [HighContrastPolicy] in both schemes. It is worked out on first use and
// kept for the resolved theme's life. When AAA cannot be reached
// everywhere, the variant is as far as the solver got. The zero
// ResolvedTheme's variant is itself.
func (r *ResolvedTheme) HighContrast() *ResolvedTheme {
	r.hcOnce.Do(func() {
		r.hc = r
		if !r.cat.ok() {
			return
		}
		t, _, err := r.cat.FixTheme(r.theme, FixOptions{Policy: HighContrastPolicy()})
		if t.Colors == nil && err != nil {
			return
		}
		res, err := r.cat.checkOne(&t)
		if err != nil {
			return // cannot happen: the solver writes only valid colors
		}
		res.palette = r.res.palette
		r.hc = &ResolvedTheme{cat: r.cat, theme: t, res: res}
	})
	return r.hc
}

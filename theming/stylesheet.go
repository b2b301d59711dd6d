package theming

import (
	"strconv"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// The served stylesheet, the one file that writes CSS: a theme's custom
// properties in both schemes, registered with @property, its
// high-contrast variant (highcontrast.go works it out) and its
// forced-colors block (forcedcolors.go works out the roles).

// Stylesheet returns the theme as CSS custom properties: every visible
// component's CSS variables with their derived values, in catalog order,
// each first registered with @property as a <color> whose initial value
// is its light one.
//
//	:root, [data-color-scheme="light"] { color-scheme: light; --x: …; }
//	@media (prefers-color-scheme: dark) {
//	  :root:not([data-color-scheme="light"]) { color-scheme: dark; --x: …; }
//	}
//	[data-color-scheme="dark"] { color-scheme: dark; --x: …; }
//
// The light scheme applies by default; the dark scheme follows the
// reader's system preference, and the data-color-scheme attribute forces
// either scheme on the root element or on any subtree.
//
// The sheet ends with the theme's high-contrast variant
// ([ResolvedTheme.HighContrast]) in both schemes, under
// @media (prefers-contrast: more) and under :root[data-contrast="more"],
// and a @media (forced-colors: active) block that maps each variable to a
// CSS system color by its role (see [CompiledCatalog.ForcedColor]).
//
// The sheet is rendered once per resolved theme, on the first call, and
// kept: later calls cost no allocation, so a host can inline it into each
// page it renders (as [html/template.CSS]; httpadapter's Chooser finds
// the requesting user's theme). It is a string, so no caller can change
// what the next one gets. Safe for concurrent use.
func (r *ResolvedTheme) Stylesheet() string {
	r.sheet.once.Do(func() { r.sheet.css = string(r.renderStylesheet()) })
	return r.sheet.css
}

// lazySheet is a resolved theme's [ResolvedTheme.Stylesheet], rendered on
// first use.
type lazySheet struct {
	once sync.Once
	css  string
}

// renderStylesheet renders [ResolvedTheme.Stylesheet].
func (r *ResolvedTheme) renderStylesheet() []byte {
	b := r.appendProperties(r.appendHeader(nil))
	b = append(b, ":root,\n[data-color-scheme=\"light\"] {\n"...)
	b = r.appendBlock(b, Light, "  ")
	b = append(b, "}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n"...)
	b = r.appendBlock(b, Dark, "    ")
	b = append(b, "  }\n}\n[data-color-scheme=\"dark\"] {\n"...)
	b = r.appendBlock(b, Dark, "  ")
	b = append(b, "}\n"...)
	return r.appendContrastBlocks(b)
}

// StylesheetLightDark returns the same custom properties in one block with
// the CSS light-dark() function:
//
//	:root { color-scheme: light dark; --x: light-dark(<light>, <dark>); }
//	[data-color-scheme="light"] { color-scheme: light; }
//	[data-color-scheme="dark"] { color-scheme: dark; }
//
// light-dark() is Baseline 2024 (Chrome 123, Firefox 120, Safari 17.5):
// the form is offered for hosts that support only those browsers, while
// Stylesheet, which every browser since 2019 reads, stays the form the
// HTTP layer serves. It is rendered on each call.
func (r *ResolvedTheme) StylesheetLightDark() []byte {
	b := r.appendProperties(r.appendHeader(nil))
	b = append(b, ":root {\n  color-scheme: light dark;\n"...)
	for n, vd := range r.vars() {
		b = append(b, "  "...)
		b = append(b, vd.CSSVariable...)
		b = append(b, ": light-dark("...)
		b, _ = r.value(0, n).AppendText(b)
		b = append(b, ", "...)
		b, _ = r.value(1, n).AppendText(b)
		b = append(b, ");\n"...)
	}
	b = append(b, "}\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n}\n"...)
	return b
}

func (r *ResolvedTheme) appendHeader(b []byte) []byte {
	b = append(b, "/* theme "...)
	b = strconv.AppendInt(b, int64(r.theme.ID), 10)
	b = append(b, ": "...)
	b = appendCommentText(b, r.theme.Name)
	return append(b, " */\n"...)
}

func (r *ResolvedTheme) appendBlock(b []byte, sc Scheme, indent string) []byte {
	b = append(b, indent...)
	b = append(b, "color-scheme: "...)
	b = append(b, sc...)
	b = append(b, ";\n"...)
	k, _ := sc.index()
	for n, vd := range r.vars() {
		b = appendDecl(b, indent, vd.CSSVariable, r.value(k, n))
	}
	return b
}

// appendDecl appends one declaration: "<indent><name>: <color>;\n".
func appendDecl(b []byte, indent, name string, c colorref.Color) []byte {
	b = append(b, indent...)
	b = append(b, name...)
	b = append(b, ": "...)
	b, _ = c.AppendText(b) // cannot fail: a Color always writes
	return append(b, ";\n"...)
}

// appendCommentText appends s for use inside a CSS comment: printable
// ASCII only, with "*/" broken up so the comment cannot end early, and
// "<" and ">" written as "?" so that the sheet is safe to inline in an
// HTML style element: no "</style", "<!--" or "<script" can come out of
// a name (a CSS comment has no escapes, so the characters are replaced).
func appendCommentText(b []byte, s string) []byte {
	prev := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 || c >= 0x7f || c == '<' || c == '>':
			c = '?'
		case c == '/' && prev == '*':
			b = append(b, ' ')
		}
		b = append(b, c)
		prev = c
	}
	return b
}

// appendProperties registers each visible CSS variable as a typed custom
// property, its initial value the light scheme's:
//
//	@property --x { syntax: '<color>'; inherits: true; initial-value: …; }
//
// so that browsers type-check the variables and can animate them. A
// registered <color> computes to rgb() (rgba() when translucent): what a
// page reads back with getPropertyValue is that, not the hsl() written.
func (r *ResolvedTheme) appendProperties(b []byte) []byte {
	for n, vd := range r.vars() {
		b = append(b, "@property "...)
		b = append(b, vd.CSSVariable...)
		b = append(b, " { syntax: '<color>'; inherits: true; initial-value: "...)
		b, _ = r.value(0, n).AppendText(b)
		b = append(b, "; }\n"...)
	}
	return b
}

// appendContrastBlocks appends the high-contrast variant's blocks and the
// forced-colors block:
//
//	@media (prefers-contrast: more) {
//	  :root, [data-color-scheme="light"] { light variant }
//	  @media (prefers-color-scheme: dark) {
//	    :root:not([data-color-scheme="light"]) { dark variant }
//	  }
//	  [data-color-scheme="dark"] { dark variant }
//	}
//	:root[data-contrast="more"],
//	:root[data-contrast="more"] [data-color-scheme="light"] { light variant }
//	@media (prefers-color-scheme: dark) {
//	  :root[data-contrast="more"]:not([data-color-scheme="light"]) { dark variant }
//	}
//	:root[data-contrast="more"][data-color-scheme="dark"],
//	:root[data-contrast="more"] [data-color-scheme="dark"] { dark variant }
//	@media (forced-colors: active) {
//	  :root, [data-color-scheme] { --x: <system color> !important; }
//	}
//
// Each block's selectors are as specific as, and later than, the blocks
// they override, so the scheme chosen by preference or attribute holds.
//
// The variant's blocks hold only the variables whose value the variant
// changes in either scheme (the same set in every block, so that where a
// light block also matches a dark element, the dark block that overrides
// it sets every one of them); the rest, and color-scheme, come from the
// theme's own blocks, which match the same elements.
func (r *ResolvedTheme) appendContrastBlocks(b []byte) []byte {
	if !r.cat.ok() {
		return b
	}
	v := r.variant()
	hc := v.Theme
	b = r.appendVariantNote(b, v)
	moved := make([]bool, len(r.cat.vars))
	for n := range r.cat.vars {
		moved[n] = r.value(0, n) != hc.value(0, n) || r.value(1, n) != hc.value(1, n)
	}
	block := func(b []byte, sc Scheme, indent string) []byte {
		k, _ := sc.index()
		for n, vd := range r.cat.vars {
			if moved[n] {
				b = appendDecl(b, indent, vd.CSSVariable, hc.value(k, n))
			}
		}
		return b
	}
	// Each variant block: what comes before it (the end of the block
	// above and the selectors), its scheme and its declarations' indent.
	for _, vb := range [...]struct {
		before string
		sc     Scheme
		indent string
	}{
		{"@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme=\"light\"] {\n", Light, "    "},
		{"  }\n  @media (prefers-color-scheme: dark) {\n    :root:not([data-color-scheme=\"light\"]) {\n", Dark, "      "},
		{"    }\n  }\n  [data-color-scheme=\"dark\"] {\n", Dark, "    "},
		{"  }\n}\n:root[data-contrast=\"more\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"light\"] {\n", Light, "  "},
		{"}\n@media (prefers-color-scheme: dark) {\n  :root[data-contrast=\"more\"]:not([data-color-scheme=\"light\"]) {\n", Dark, "    "},
		{"  }\n}\n:root[data-contrast=\"more\"][data-color-scheme=\"dark\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"dark\"] {\n", Dark, "  "},
	} {
		b = append(b, vb.before...)
		b = block(b, vb.sc, vb.indent)
	}
	return r.appendForcedColors(append(b, "}\n"...))
}

// maxNoted bounds the rules a variant's note names; the count says how
// many more there are.
const maxNoted = 8

// appendVariantNote appends, when the high-contrast variant cannot bring
// every rule to AAA, a comment that says so and names the rules (the
// first maxNoted), each with the ratio it reaches:
//
//	/* high contrast: theme 5 reaches WCAG 2 AAA except 1 rule, each at the
//	   most contrast it can reach: text-muted on page-background (text,
//	   light) 5.62:1 */
func (r *ResolvedTheme) appendVariantNote(b []byte, v *HighContrastVariant) []byte {
	if len(v.Failing) == 0 {
		return b
	}
	b = append(b, "/* high contrast: theme "...)
	b = strconv.AppendInt(b, int64(r.theme.ID), 10)
	b = append(b, " reaches WCAG 2 AAA except "...)
	b = strconv.AppendInt(b, int64(len(v.Failing)), 10)
	b = append(b, pick(len(v.Failing) == 1, " rule", " rules")...)
	if v.Stopped {
		b = append(b, " (the fix stopped at its work bound)"...)
	}
	b = append(b, ", each at the most contrast it can reach:"...)
	for n, f := range v.Failing {
		if n == maxNoted {
			b = append(b, " ... and "...)
			b = strconv.AppendInt(b, int64(len(v.Failing)-n), 10)
			b = append(b, " more"...)
			break
		}
		if n > 0 {
			b = append(b, ';')
		}
		b = append(b, ' ')
		b = appendCommentText(b, f.Component+" on "+f.Target.Value+" ("+string(f.Target.ContrastType)+", "+string(f.Scheme)+") ")
		b = append(b, contrast.FormatRatio(f.Ratio)...)
	}
	return append(b, " */\n"...)
}

// appendForcedColors appends the forced-colors block, each variable
// mapped to its CSS system color ([CompiledCatalog.ForcedColor]).
func (r *ResolvedTheme) appendForcedColors(b []byte) []byte {
	b = append(b, "@media (forced-colors: active) {\n  :root,\n  [data-color-scheme] {\n"...)
	roles := r.cat.forcedRoles()
	for n, vd := range r.cat.vars {
		b = append(b, "    "...)
		b = append(b, vd.CSSVariable...)
		b = append(b, ": "...)
		b = append(b, roles[n]...)
		b = append(b, " !important;\n"...)
	}
	return append(b, "  }\n}\n"...)
}

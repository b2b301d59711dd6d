package css

import (
	"slices"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

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
// Each value is written canonically in the notation its color was
// written in (colorref.Color.String): hsl(), #hex, rgb(), oklch(),
// oklab() or color(display-p3 …), a derived variable in its component's
// notation. A browser that does not read oklch(), oklab() or
// color(display-p3) (oklch() and oklab() before Chrome 111, Safari 15.4
// and Firefox 113; color(display-p3) before Chrome 111 and Firefox 113)
// drops the @property rule whose initial value it cannot
// read and finds the variable invalid where it is used, so a property
// set from it takes its inherited or initial value: a catalog that must
// paint in those browsers keeps its colors in hsl(), hex or rgb(), which
// every browser reads. No fallback is written, since a custom property
// keeps whatever it is given and cannot fall back on its own.
//
// The light scheme applies by default; the dark scheme follows the
// reader's system preference, and the data-color-scheme attribute forces
// either scheme on the root element or on any subtree.
//
// With v, the theme's high-contrast variant as [fix.Engine.HighContrast]
// returns it, the sheet ends with the variant in both schemes, under
// @media (prefers-contrast: more) and under :root[data-contrast="more"],
// and a @media (forced-colors: active) block that maps each variable to
// a CSS system color by its role ([fix.Engine.ForcedColor]); this is the
// sheet httpadapter serves. With v nil the sheet is the theme's own
// blocks alone.
//
// The sheet is rendered on each call and the slice is the caller's: a
// server renders it once per resolved theme and keeps it (httpadapter
// does, per snapshot, and its Adapter.StylesheetFor gives a host the
// sheet it serves, to inline into a page). The sheet is safe to inline
// in an HTML style element as it is: no theme name can end its comment
// or the element.
func Stylesheet(rt *theming.ResolvedTheme, v *fix.Variant) []byte {
	vars := declsOf(rt)
	var moved []decl
	if v != nil {
		moved = movedBy(vars, v.Theme)
	}
	b := appendProperties(appendHeader(make([]byte, 0, sizeOf(vars, moved, v != nil)), rt), vars)
	b = append(b, ":root,\n[data-color-scheme=\"light\"] {\n"...)
	b = appendBlock(b, vars, theming.Light, "  ")
	b = append(b, "}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-color-scheme=\"light\"]) {\n"...)
	b = appendBlock(b, vars, theming.Dark, "    ")
	b = append(b, "  }\n}\n[data-color-scheme=\"dark\"] {\n"...)
	b = appendBlock(b, vars, theming.Dark, "  ")
	b = append(b, "}\n"...)
	if v != nil {
		b = appendContrastBlocks(b, rt, vars, moved, v)
	}
	if cap(b)-len(b) > len(b)/8 {
		// The caller keeps the sheet for a snapshot's life: do not make it
		// keep the buffer's spare room too.
		b = slices.Clip(slices.Clone(b))
	}
	return b
}

// sizeOf is about the length of a sheet of vars, of which the variant,
// if any, moves moved: the buffer it is written into, in one allocation
// when the catalog's names and colors are of usual length (the last
// blocks' text and a variant's note may take it further).
func sizeOf(vars, moved []decl, contrast bool) int {
	n := 1024
	for _, d := range vars {
		n += 4*len(d.name) + 200 // @property and the three scheme blocks
		if contrast {
			n += len(d.name) + 32 // the forced-colors block
		}
	}
	for _, d := range moved {
		n += 6 * (len(d.name) + 36) // the variant's six blocks
	}
	return n
}

// LightDark returns the same custom properties as [Stylesheet] in one
// block, with the CSS light-dark() function:
//
//	:root, [data-color-scheme] { --x: light-dark(<light>, <dark>); }
//	:root { color-scheme: light dark; }
//	[data-color-scheme="light"] { color-scheme: light; }
//	[data-color-scheme="dark"] { color-scheme: dark; }
//
// The variables are declared on every element that sets
// data-color-scheme, not on the root alone: a registered <color> property
// (each is one, see [Stylesheet]) computes light-dark() to one color on
// the element that declares it, by that element's color-scheme, and its
// descendants inherit that color, so a dark subtree of a light page would
// otherwise inherit the light values (Chromium does so).
//
// With v, the theme's high-contrast variant as [fix.Engine.HighContrast]
// returns it, the sheet ends as Stylesheet's does: the variant's values
// of the variables it moves, under @media (prefers-contrast: more) and
// under :root[data-contrast="more"], and the @media (forced-colors:
// active) block of CSS system colors, so that in every context (scheme by
// preference or attribute, on the root or a subtree; contrast by
// preference or attribute; forced colors) each variable computes to the
// color Stylesheet gives it:
//
//	@media (prefers-contrast: more) {
//	  :root, [data-color-scheme] { --x: light-dark(<light variant>, <dark variant>); }
//	}
//	:root[data-contrast="more"],
//	:root[data-contrast="more"] [data-color-scheme] { --x: light-dark(…, …); }
//	@media (forced-colors: active) {
//	  :root, [data-color-scheme] { --x: <system color> !important; }
//	}
//
// With v nil the sheet is the theme's own blocks alone.
//
// light-dark() is Baseline 2024 (Chrome 123, Firefox 120, Safari 17.5):
// the form is offered for hosts that support only those browsers, while
// Stylesheet, which every browser since 2019 reads, stays the form the
// HTTP layer serves. It is rendered on each call.
func LightDark(rt *theming.ResolvedTheme, v *fix.Variant) []byte {
	vars := declsOf(rt)
	var moved []decl
	if v != nil {
		moved = movedBy(vars, v.Theme)
	}
	b := appendProperties(appendHeader(make([]byte, 0, lightDarkSize(vars, moved, v != nil)), rt), vars)
	if len(vars) > 0 {
		b = append(b, ":root,\n[data-color-scheme] {\n"...)
		b = append(appendLightDark(b, vars, "  "), "}\n"...)
	}
	b = append(b, ":root {\n  color-scheme: light dark;\n}\n[data-color-scheme=\"light\"] {\n  color-scheme: light;\n}\n[data-color-scheme=\"dark\"] {\n  color-scheme: dark;\n}\n"...)
	if v == nil {
		return b
	}
	b = appendVariantNote(b, rt, v)
	if len(moved) > 0 {
		b = append(b, "@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme] {\n"...)
		b = appendLightDark(b, moved, "    ")
		b = append(b, "  }\n}\n:root[data-contrast=\"more\"],\n:root[data-contrast=\"more\"] [data-color-scheme] {\n"...)
		b = append(appendLightDark(b, moved, "  "), "}\n"...)
	}
	return appendForcedColors(b, vars, v)
}

// lightDarkSize is about the length of a light-dark() sheet of vars, of
// which the variant, if any, moves moved: sizeOf for LightDark.
func lightDarkSize(vars, moved []decl, contrast bool) int {
	n := 1024
	for _, d := range vars {
		n += 2*len(d.name) + 140 // @property and the light-dark() declaration
		if contrast {
			n += len(d.name) + 32 // the forced-colors block
		}
	}
	for _, d := range moved {
		n += 2 * (len(d.name) + 64) // the variant's two blocks
	}
	return n
}

// appendLightDark appends each variable's light-dark() declaration:
// "<indent><name>: light-dark(<light>, <dark>);\n".
func appendLightDark(b []byte, vars []decl, indent string) []byte {
	for _, d := range vars {
		b = append(b, indent...)
		b = append(b, d.name...)
		b = append(b, ": light-dark("...)
		b, _ = d.value[0].AppendText(b)
		b = append(b, ", "...)
		b, _ = d.value[1].AppendText(b)
		b = append(b, ");\n"...)
	}
	return b
}

// decl is a visible CSS variable of a theme and its value in each
// scheme, light first.
type decl struct {
	name  string
	value [2]colorref.Color
}

// declsOf returns rt's visible variables, in catalog order, with their
// values; none for the zero ResolvedTheme.
func declsOf(rt *theming.ResolvedTheme) []decl {
	var out []decl
	for name, c := range rt.Variables(theming.Light) {
		out = append(out, decl{name: name, value: [2]colorref.Color{c}})
	}
	n := 0
	for _, c := range rt.Variables(theming.Dark) {
		out[n].value[1] = c // the same variables, in the same order
		n++
	}
	return out
}

// schemeIndex is where sc's value sits in a decl.
func schemeIndex(sc theming.Scheme) int {
	if sc == theming.Dark {
		return 1
	}
	return 0
}

func appendHeader(b []byte, rt *theming.ResolvedTheme) []byte {
	b = append(b, "/* theme "...)
	b = strconv.AppendInt(b, int64(rt.ID()), 10)
	b = append(b, ": "...)
	b = appendCommentText(b, rt.Name())
	return append(b, " */\n"...)
}

func appendBlock(b []byte, vars []decl, sc theming.Scheme, indent string) []byte {
	b = append(b, indent...)
	b = append(b, "color-scheme: "...)
	b = append(b, sc...)
	b = append(b, ";\n"...)
	k := schemeIndex(sc)
	for _, d := range vars {
		b = appendDecl(b, indent, d.name, d.value[k])
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
// registered <color> computes to rgb() (rgba() when translucent), or an
// oklch(), oklab() or color(display-p3) value to its own notation: what
// a page reads back with getPropertyValue is that, not the hsl() written.
func appendProperties(b []byte, vars []decl) []byte {
	for _, d := range vars {
		b = append(b, "@property "...)
		b = append(b, d.name...)
		b = append(b, " { syntax: '<color>'; inherits: true; initial-value: "...)
		b, _ = d.value[0].AppendText(b)
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
// theme's own blocks, which match the same elements. A variable is
// matched to the variant's by its name.
func appendContrastBlocks(b []byte, rt *theming.ResolvedTheme, vars, moved []decl, v *fix.Variant) []byte {
	b = appendVariantNote(b, rt, v)
	// Each variant block: what comes before it (the end of the block
	// above and the selectors), its scheme and its declarations' indent.
	for _, vb := range [...]struct {
		before string
		sc     theming.Scheme
		indent string
	}{
		{"@media (prefers-contrast: more) {\n  :root,\n  [data-color-scheme=\"light\"] {\n", theming.Light, "    "},
		{"  }\n  @media (prefers-color-scheme: dark) {\n    :root:not([data-color-scheme=\"light\"]) {\n", theming.Dark, "      "},
		{"    }\n  }\n  [data-color-scheme=\"dark\"] {\n", theming.Dark, "    "},
		{"  }\n}\n:root[data-contrast=\"more\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"light\"] {\n", theming.Light, "  "},
		{"}\n@media (prefers-color-scheme: dark) {\n  :root[data-contrast=\"more\"]:not([data-color-scheme=\"light\"]) {\n", theming.Dark, "    "},
		{"  }\n}\n:root[data-contrast=\"more\"][data-color-scheme=\"dark\"],\n:root[data-contrast=\"more\"] [data-color-scheme=\"dark\"] {\n", theming.Dark, "  "},
	} {
		b = append(b, vb.before...)
		k := schemeIndex(vb.sc)
		for _, d := range moved {
			b = appendDecl(b, vb.indent, d.name, d.value[k])
		}
	}
	return appendForcedColors(append(b, "}\n"...), vars, v)
}

// movedBy returns the variant's values of the variables of vars whose
// value it changes in either scheme, in vars' order. A variable is
// matched to the variant's by its name: a variant of the theme's own
// catalog has the same variables in the same order, and any other is
// matched through a map.
func movedBy(vars []decl, variant *theming.ResolvedTheme) []decl {
	if variant == nil {
		return nil
	}
	hc := declsOf(variant)
	same := len(hc) == len(vars)
	for n := 0; same && n < len(vars); n++ {
		same = hc[n].name == vars[n].name
	}
	if !same {
		byName := make(map[string][2]colorref.Color, len(hc))
		for _, d := range hc {
			byName[d.name] = d.value
		}
		hc = hc[:0]
		for _, d := range vars {
			if value, ok := byName[d.name]; ok {
				hc = append(hc, decl{name: d.name, value: value})
			} else {
				hc = append(hc, d) // the variant does not move what it does not have
			}
		}
	}
	moved := hc[:0] // the variant's values are read before they are overwritten
	for n, d := range vars {
		if hc[n].value != d.value {
			moved = append(moved, hc[n])
		}
	}
	return moved
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
func appendVariantNote(b []byte, rt *theming.ResolvedTheme, v *fix.Variant) []byte {
	if len(v.Failing) == 0 {
		return b
	}
	b = append(b, "/* high contrast: theme "...)
	b = strconv.AppendInt(b, int64(rt.ID()), 10)
	b = append(b, " reaches WCAG 2 AAA except "...)
	b = strconv.AppendInt(b, int64(len(v.Failing)), 10)
	if len(v.Failing) == 1 {
		b = append(b, " rule"...)
	} else {
		b = append(b, " rules"...)
	}
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
// mapped to its CSS system color ([fix.Variant.ForcedColor]); a variable
// the variant has no role for (a Variant not made by an engine) is left
// out.
func appendForcedColors(b []byte, vars []decl, v *fix.Variant) []byte {
	b = append(b, "@media (forced-colors: active) {\n  :root,\n  [data-color-scheme] {\n"...)
	for _, d := range vars {
		role, ok := v.ForcedColor(d.name)
		if !ok {
			continue
		}
		b = append(b, "    "...)
		b = append(b, d.name...)
		b = append(b, ": "...)
		b = append(b, role...)
		b = append(b, " !important;\n"...)
	}
	return append(b, "  }\n}\n"...)
}

package theming

// The stylesheet's contrast blocks: the high-contrast variant under
// prefers-contrast: more and data-contrast="more", and the variables
// mapped to CSS system colors under forced colors.

// The CSS system colors the forced-colors block maps variables to.
const (
	SysCanvas        = "Canvas"
	SysCanvasText    = "CanvasText"
	SysLinkText      = "LinkText"
	SysButtonFace    = "ButtonFace"
	SysButtonText    = "ButtonText"
	SysHighlight     = "Highlight"
	SysHighlightText = "HighlightText"
	SysGrayText      = "GrayText"
)

// HighContrast returns the theme's high-contrast variant: the theme that
// [CompiledCatalog.HighContrast] makes of it, resolved. It is worked out
// on first use and kept for the resolved theme's life. When AAA cannot be
// reached everywhere, the variant is as far as the solver got. The zero
// ResolvedTheme's variant is itself.
func (r *ResolvedTheme) HighContrast() *ResolvedTheme {
	r.hcOnce.Do(func() {
		r.hc = r
		if !r.cat.ok() {
			return
		}
		t, err := r.cat.HighContrast(r.theme)
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
	hc := r.HighContrast()
	moved := make([]bool, len(r.cat.vars))
	for n := range r.cat.vars {
		moved[n] = r.value(0, n) != hc.value(0, n) || r.value(1, n) != hc.value(1, n)
	}
	block := func(b []byte, sc Scheme, indent string) []byte {
		k, _ := sc.index()
		for n, vd := range r.cat.vars {
			if !moved[n] {
				continue
			}
			b = append(b, indent...)
			b = append(b, vd.v.CSSVariable...)
			b = append(b, ": "...)
			b, _ = hc.value(k, n).AppendText(b)
			b = append(b, ";\n"...)
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
	b = append(b, "}\n@media (forced-colors: active) {\n  :root,\n  [data-color-scheme] {\n"...)
	roles := r.cat.forcedRoles()
	for n, vd := range r.cat.vars {
		b = append(b, "    "...)
		b = append(b, vd.v.CSSVariable...)
		b = append(b, ": "...)
		b = append(b, roles[n]...)
		b = append(b, " !important;\n"...)
	}
	return append(b, "  }\n}\n"...)
}

// ForcedColor returns the CSS system color that the stylesheet's
// @media (forced-colors: active) block gives a visible CSS variable, and
// false for a name no visible component defines. The role comes from the
// catalog's contrast rules, for the variable's component first:
//
//   - the page background: Canvas;
//   - a component with a text rule on the page background is text (below);
//   - a component some other component's text is checked on (directly or
//     through one of its variables) is a surface: ButtonFace when it has
//     a non-text rule of its own (a filled control: buttons, badges,
//     tooltips), else Canvas (cards, inputs, bars, alerts);
//   - a component with a text rule is text (below);
//   - a component with non-text rules only (borders, rings, accents,
//     indicators): CanvasText, and GrayText for its translucent variables;
//   - anything else (overlays, scrims): Canvas.
//
// Of a text component, a variable its own text rule is checked on (a tint
// behind it, as an active item's or a badge's background) is Highlight
// and its other variables HighlightText; otherwise a translucent variable
// (opacity set: muted or disabled text) is GrayText; text checked only on
// ButtonFace surfaces is ButtonText; text on the page background whose
// catalog fallback in the light scheme reaches an accent (a component
// with non-text rules only: a link that takes the brand color) is
// LinkText; other text is CanvasText.
func (c *CompiledCatalog) ForcedColor(variable string) (string, bool) {
	if !c.ok() {
		return "", false
	}
	n, ok := c.varByName[variable]
	if !ok {
		return "", false
	}
	return c.forcedRoles()[n], true
}

// forcedRoles returns each visible variable's system color, worked out
// once per compiled catalog.
func (c *CompiledCatalog) forcedRoles() []string {
	c.rolesOnce.Do(func() { c.roles = c.computeRoles() })
	return c.roles
}

func (c *CompiledCatalog) computeRoles() []string {
	n := len(c.cat.Components)
	const (
		kindNone = iota
		kindCanvas
		kindButtonFace
		kindText
		kindAccent
	)
	textOnPage := make([]bool, n)
	textTarget := make([]bool, n) // some other component's text is checked on it
	hasText := make([]bool, n)
	hasNonText := make([]bool, n)
	ownTint := map[int]bool{} // variable index: a component's own text rule is checked on it
	for _, ru := range c.rules {
		text := ru.target.ContrastType != "non-text"
		tc := ru.bgComp
		if text {
			hasText[ru.comp] = true
			if tc == c.pageBG {
				textOnPage[ru.comp] = true
			}
			if ru.bgVar >= 0 && tc == ru.comp {
				ownTint[ru.bgVar] = true
			} else if tc >= 0 && tc != ru.comp {
				textTarget[tc] = true
			}
		} else {
			hasNonText[ru.comp] = true
		}
	}
	kind := make([]int, n)
	for i := range n {
		switch {
		case i == c.pageBG:
			kind[i] = kindCanvas
		case textOnPage[i]:
			kind[i] = kindText
		case textTarget[i] && hasNonText[i]:
			kind[i] = kindButtonFace
		case textTarget[i]:
			kind[i] = kindCanvas
		case hasText[i]:
			kind[i] = kindText
		case hasNonText[i]:
			kind[i] = kindAccent
		}
	}
	tinted := make([]bool, n) // a text component with a tint of its own
	for v := range ownTint {
		tinted[c.vars[v].comp] = true
	}
	onlyButtons := make([]bool, n)
	for i := range n {
		onlyButtons[i] = hasText[i]
	}
	for _, ru := range c.rules {
		if ru.target.ContrastType == "non-text" {
			continue
		}
		if tc := ru.bgComp; tc < 0 || tc != ru.comp && kind[tc] != kindButtonFace {
			onlyButtons[ru.comp] = false
		}
	}
	reachesAccent := func(i int) bool {
		for steps := 0; steps < n; steps++ {
			r := c.fallback[0][i]
			if r.comp < 0 {
				return false
			}
			i = r.comp
			if kind[i] == kindAccent {
				return true
			}
		}
		return false
	}
	roles := make([]string, len(c.vars))
	for v, vd := range c.vars {
		i := vd.comp
		translucent := vd.v.Opacity != nil && *vd.v.Opacity < 1
		switch kind[i] {
		case kindCanvas, kindNone:
			roles[v] = SysCanvas
		case kindButtonFace:
			roles[v] = SysButtonFace
		case kindAccent:
			roles[v] = SysCanvasText
			if translucent {
				roles[v] = SysGrayText
			}
		case kindText:
			switch {
			case ownTint[v]:
				roles[v] = SysHighlight
			case tinted[i]:
				roles[v] = SysHighlightText
			case translucent:
				roles[v] = SysGrayText
			case onlyButtons[i]:
				roles[v] = SysButtonText
			case textOnPage[i] && reachesAccent(i):
				roles[v] = SysLinkText
			default:
				roles[v] = SysCanvasText
			}
		}
	}
	return roles
}

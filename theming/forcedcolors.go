package theming

import "github.com/themekit/themekit/contrast"

// The forced-colors roles: the CSS system color each visible variable
// takes in the stylesheet's @media (forced-colors: active) block, worked
// out once per compiled catalog from its contrast rules.

// The CSS system colors the forced-colors block maps variables to.
const (
	sysCanvas        = "Canvas"
	sysCanvasText    = "CanvasText"
	sysLinkText      = "LinkText"
	sysButtonFace    = "ButtonFace"
	sysButtonText    = "ButtonText"
	sysHighlight     = "Highlight"
	sysHighlightText = "HighlightText"
	sysGrayText      = "GrayText"
)

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
	c.rolesOnce.Do(func() { c.roles = computeRoles(c) })
	return c.roles
}

// computeRoles works out each visible variable's system color, by the
// rules ForcedColor documents.
func computeRoles(c *CompiledCatalog) []string {
	u := useOf(c.rules, len(c.cat.Components), c.pageBG)
	kind := u.kinds(c.pageBG)
	onlyButtons := make([]bool, len(kind))
	copy(onlyButtons, u.hasText)
	for _, ru := range c.rules {
		if ru.target.ContrastType == contrast.NonText {
			continue
		}
		if tc := ru.bgComp; tc < 0 || tc != ru.comp && kind[tc] != kindButtonFace {
			onlyButtons[ru.comp] = false
		}
	}
	tinted := make([]bool, len(kind)) // a text component with a tint of its own
	for v := range u.ownTint {
		tinted[c.vars[v].comp] = true
	}
	roles := make([]string, len(c.vars))
	for v, vd := range c.vars {
		i := vd.comp
		translucent := vd.v.Opacity != nil && *vd.v.Opacity < 1
		switch kind[i] {
		case kindCanvas, kindNone:
			roles[v] = sysCanvas
		case kindButtonFace:
			roles[v] = sysButtonFace
		case kindAccent:
			roles[v] = pick(translucent, sysGrayText, sysCanvasText)
		case kindText:
			switch {
			case u.ownTint[v]:
				roles[v] = sysHighlight
			case tinted[i]:
				roles[v] = sysHighlightText
			case translucent:
				roles[v] = sysGrayText
			case onlyButtons[i]:
				roles[v] = sysButtonText
			case u.textOnPage[i] && reachesAccent(c.fallback[0], i, kind):
				roles[v] = sysLinkText
			default:
				roles[v] = sysCanvasText
			}
		}
	}
	return roles
}

// The kinds of component the roles distinguish (see ForcedColor).
const (
	kindNone = iota
	kindCanvas
	kindButtonFace
	kindText
	kindAccent
)

// ruleUse is what the contrast rules say of each component, for the
// roles.
type ruleUse struct {
	textOnPage []bool       // it has a text rule on the page background
	textTarget []bool       // some other component's text is checked on it
	hasText    []bool       // it has a text rule
	hasNonText []bool       // it has a non-text rule
	ownTint    map[int]bool // variable index: its component's own text rule is checked on it
}

// useOf reads the contrast rules of a catalog of n components once, by
// the components each names.
func useOf(rules []rule, n, pageBG int) ruleUse {
	u := ruleUse{textOnPage: make([]bool, n), textTarget: make([]bool, n), hasText: make([]bool, n), hasNonText: make([]bool, n), ownTint: map[int]bool{}}
	for _, ru := range rules {
		if ru.target.ContrastType == contrast.NonText {
			u.hasNonText[ru.comp] = true
			continue
		}
		tc := ru.bgComp
		u.hasText[ru.comp] = true
		if tc == pageBG {
			u.textOnPage[ru.comp] = true
		}
		if ru.bgVar >= 0 && tc == ru.comp {
			u.ownTint[ru.bgVar] = true
		} else if tc >= 0 && tc != ru.comp {
			u.textTarget[tc] = true
		}
	}
	return u
}

// kinds returns each component's kind, the page background's Canvas.
func (u ruleUse) kinds(pageBG int) []int {
	kind := make([]int, len(u.hasText))
	for i := range kind {
		switch {
		case i == pageBG:
			kind[i] = kindCanvas
		case u.textOnPage[i]:
			kind[i] = kindText
		case u.textTarget[i] && u.hasNonText[i]:
			kind[i] = kindButtonFace
		case u.textTarget[i]:
			kind[i] = kindCanvas
		case u.hasText[i]:
			kind[i] = kindText
		case u.hasNonText[i]:
			kind[i] = kindAccent
		}
	}
	return kind
}

// reachesAccent reports whether component i's catalog fallback in the
// light scheme (lightRefs) reaches an accent (a component with non-text
// rules only).
func reachesAccent(lightRefs []ref, i int, kind []int) bool {
	for range kind {
		r := lightRefs[i]
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

// pick returns a when cond holds, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

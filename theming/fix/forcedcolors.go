package fix

import (
	"strings"

	"github.com/themekit/themekit/contrast"
)

// The forced-colors roles: the CSS system color each visible variable
// takes in the stylesheet's @media (forced-colors: active) block, worked
// out once per compiled catalog from its contrast rules.

// The CSS system colors the forced-colors block maps variables to.
const (
	sysCanvas       = "Canvas"
	sysCanvasText   = "CanvasText"
	sysLinkText     = "LinkText"
	sysButtonFace   = "ButtonFace"
	sysButtonBorder = "ButtonBorder"
	sysHighlight    = "Highlight"
	sysGrayText     = "GrayText"
)

// ForcedColor returns the CSS system color that the stylesheet's
// @media (forced-colors: active) block gives a visible CSS variable, and
// false for a name no visible component defines.
//
// Under forced colors the system's palette has two sides that contrast
// with each other: the grounds (Canvas, ButtonFace) and the inks drawn on
// them (CanvasText, LinkText, ButtonBorder, Highlight, GrayText). Each
// contrast rule pairs the variables that paint its two sides (see the
// package documentation of theming), so the rules are a graph on the variables, and
// the roles put the two ends of every rule on opposite sides: the page
// background is a ground, and the sides follow from it along the rules
// (a part of the catalog the page's rules do not reach starts from a
// surface, a ground, or else an ink). A rule whose target is a literal
// hsl() color has nothing the stylesheet paints on one side and takes no
// part. A variable no rule pairs takes its component's side.
//
// Within its side a variable takes the color of its component's kind,
// read from the rules whatever direction the catalog writes them in: the
// page background and the components text is checked on are surfaces,
// unless they have non-text rules of their own (a filled button, a
// tooltip: fills); a component with a text rule on the page, or else any
// text rule, is text; one with non-text rules only is an accent.
//
//   - a ground is Canvas, or ButtonFace for the painting variable of a
//     text component on the ground side (a filled button's label);
//   - an ink named for focus (a component id or a variable name with the
//     word "focus") is Highlight;
//   - a translucent ink (muted or disabled text, a subtle border, a
//     disabled button) is GrayText;
//   - a fill's ink is ButtonBorder: its edge on the page and the ground
//     its label is drawn on;
//   - text on the page whose catalog fallback in the light scheme reaches
//     an accent (a link that takes the brand's color) is LinkText;
//   - other inks (text, accents) are CanvasText;
//   - a component no rule judges (an overlay, a scrim) is Canvas.
//
// In Chromium's forced palettes, light and dark, every rule of the
// default catalog whose two sides the stylesheet paints passes its
// level under these roles, with forced-color-adjust: none (issue 29:
// buttons and badges had collapsed to ButtonFace on Canvas, 1:1).
func (e *Engine) ForcedColor(variable string) (string, bool) {
	n, ok := core.Variable(e.cc, variable)
	if !ok {
		return "", false
	}
	return e.forcedRoles()[n], true
}

// forcedRoles returns each visible variable's system color, worked out
// once per engine.
func (e *Engine) forcedRoles() []string {
	e.rolesOnce.Do(func() { e.roles = e.computeRoles() })
	return e.roles
}

// The sides of the forced palette (see ForcedColor); unset is a variable
// no rule reaches.
const (
	sideUnset = iota
	sideGround
	sideInk
)

// computeRoles works out each visible variable's system color, by the
// rules ForcedColor documents.
func (e *Engine) computeRoles() []string {
	u := e.useOf()
	kind := u.kinds(e.k.PageBG)
	side := e.forcedSides(u, kind)
	roles := make([]string, len(e.vars))
	for v, vd := range e.vars {
		i := e.k.VarComp[v]
		translucent := vd.Opacity != nil && *vd.Opacity < 1
		switch {
		case side[v] == sideUnset:
			roles[v] = sysCanvas
		case side[v] == sideGround:
			roles[v] = pick(kind[i] == kindText && u.paint[i] == v, sysButtonFace, sysCanvas)
		case focusNamed(e.id(i)) || focusNamed(vd.CSSVariable):
			roles[v] = sysHighlight
		case translucent:
			roles[v] = sysGrayText
		case kind[i] == kindFill:
			roles[v] = sysButtonBorder
		case kind[i] == kindText && u.textOnPage[i] && e.reachesAccent(i, kind):
			roles[v] = sysLinkText
		default:
			roles[v] = sysCanvasText
		}
	}
	return roles
}

// The kinds of component the roles distinguish, whatever the direction
// a catalog writes a rule in (surface on text-primary is text-primary on
// surface): the page background and the components text is checked on
// are surfaces, unless they have non-text rules of their own (a filled
// button, a tooltip: a fill); a component with a text rule on the page,
// or else any text rule, is text; one with non-text rules only is an
// accent.
const (
	kindNone = iota
	kindSurface
	kindFill
	kindText
	kindAccent
)

// kinds returns each component's kind.
func (u ruleUse) kinds(pageBG int) []int {
	kind := make([]int, len(u.text))
	for i := range kind {
		switch {
		case i == pageBG:
			kind[i] = kindSurface
		case u.textOnPage[i]:
			kind[i] = kindText
		case u.target[i] && u.nonText[i]:
			kind[i] = kindFill
		case u.target[i]:
			kind[i] = kindSurface
		case u.text[i]:
			kind[i] = kindText
		case u.nonText[i]:
			kind[i] = kindAccent
		}
	}
	return kind
}

// forcedSides puts every variable the rules pair on a side, the page
// background's a ground and the two ends of each rule apart, and each
// variable no rule pairs on its component's painting variable's side.
func (e *Engine) forcedSides(u ruleUse, kind []int) []int {
	side := make([]int, len(e.vars))
	spread := func(seed, s int) {
		side[seed] = s
		for queue := []int{seed}; len(queue) > 0; queue = queue[1:] {
			v := queue[0]
			for _, w := range u.edges[v] {
				if side[w] == sideUnset {
					side[w] = sideGround + sideInk - side[v]
					queue = append(queue, w)
				}
			}
		}
	}
	if p := u.paint[e.k.PageBG]; p >= 0 {
		spread(p, sideGround)
	}
	for v, i := range e.k.VarComp {
		if side[v] == sideUnset && len(u.edges[v]) > 0 {
			spread(v, pick(kind[i] == kindSurface, sideGround, sideInk))
		}
	}
	for v, i := range e.k.VarComp {
		if p := u.paint[i]; side[v] == sideUnset && p >= 0 {
			side[v] = side[p]
		}
	}
	return side
}

// focusNamed reports whether a component id or a CSS variable name has
// the word "focus" among its hyphen-separated words.
func focusNamed(name string) bool {
	for w := range strings.SplitSeq(strings.TrimPrefix(name, "--"), "-") {
		if w == "focus" {
			return true
		}
	}
	return false
}

// ruleUse is what the contrast rules say of each component and variable,
// for the roles.
type ruleUse struct {
	edges      [][]int // per variable: the variables rules pair it with
	paint      []int   // per component: its painting variable, -1 if none
	textOnPage []bool  // per component: it has a text rule on the page background
	text       []bool  // per component: it has a text rule
	target     []bool  // per component: some other component's text is checked on it
	nonText    []bool  // per component: it has a non-text rule
}

// useOf reads the contrast rules of e's catalog once.
func (e *Engine) useOf() ruleUse {
	n := len(e.cat.Components)
	u := ruleUse{edges: make([][]int, len(e.vars)), paint: make([]int, n),
		textOnPage: make([]bool, n), text: make([]bool, n), target: make([]bool, n), nonText: make([]bool, n)}
	for i := range u.paint {
		u.paint[i] = -1
	}
	for _, ru := range e.k.Rules {
		if u.paint[ru.Comp] < 0 {
			u.paint[ru.Comp] = ru.FgVar // its first judged variable
		}
		if ru.FgVar >= 0 && ru.BgVar >= 0 {
			u.edges[ru.FgVar] = append(u.edges[ru.FgVar], ru.BgVar)
			u.edges[ru.BgVar] = append(u.edges[ru.BgVar], ru.FgVar)
		}
		if ru.Type == contrast.NonText {
			u.nonText[ru.Comp] = true
			continue
		}
		u.text[ru.Comp] = true
		if ru.BgComp == e.k.PageBG {
			u.textOnPage[ru.Comp] = true
		}
		if ru.BgComp >= 0 && ru.BgComp != ru.Comp {
			u.target[ru.BgComp] = true
		}
	}
	for i := range u.paint {
		if vs := e.cat.Components[i].Variables; u.paint[i] < 0 && len(vs) > 0 && !e.cat.Components[i].Hidden {
			u.paint[i], _ = core.Variable(e.cc, vs[0].CSSVariable)
		}
	}
	return u
}

// reachesAccent reports whether component i's catalog fallback in the
// light scheme reaches an accent (the brand a link takes its color
// from).
func (e *Engine) reachesAccent(i int, kind []int) bool {
	for range e.cat.Components {
		r := e.k.Fallback[0][i]
		if r.Comp < 0 {
			return false
		}
		i = r.Comp
		if kind[i] == kindAccent {
			return true
		}
	}
	return false
}

// pick returns a when cond holds, else b.
func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}

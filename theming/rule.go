package theming

import (
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// A contrast rule and its pair of colors: compiled once, from a visible
// component's contrast_against entry, and read the same way by the audit,
// the suggestions, the solver and the forced-colors roles.

// rule is one contrast rule of a visible component. Its pair is what
// the page paints: the component (the foreground) as its painting
// variable paints it, on its target (the background) as the target's
// variable paints it, over the page background (the backdrop). A
// component's painting variable is its first one (see paintVars); a
// variable target is painted by itself. The target is looked up when the
// catalog is compiled, so that no reader switches on its kind: it is the
// color of component bgComp, derived through the visible variable bgVar
// when that is set, or the literal color when bgComp is -1.
type rule struct {
	comp   int            // the component: the foreground
	target ContrastTarget // as the catalog wrote it
	fgVar  int            // the index in vars of the variable that paints the component; -1 when it has none
	bgComp int            // the component whose color the target is; -1 for an hsl target
	bgVar  int            // the index in vars of the variable that paints the target; -1 when none does
	color  colorref.Color // an hsl target's color
}

// members is a set of components that take one color together: those
// that resolve through a theme field the solver moves. The zero members
// is empty.
type members struct {
	mark []int
	gen  int
}

func (m members) has(i int) bool { return m.mark != nil && m.mark[i] == m.gen }

// pair returns the colors rule ru judges in a scheme whose components
// have the colors given, the components in taking the color x instead:
// the foreground and the background as their variables paint them (each
// derived from its component's color), and the backdrop. It is the one
// reading of a rule's colors.
func (c *CompiledCatalog) pair(ru *rule, colors []colorref.Color, in members, x colorref.Color) (fg, bg, bd colorref.Color) {
	col := func(i int) colorref.Color {
		if in.has(i) {
			return x
		}
		return colors[i]
	}
	fg, bd, bg = col(ru.comp), col(c.pageBG), ru.color
	if ru.fgVar >= 0 {
		fg = Derive(fg, c.vars[ru.fgVar].v)
	}
	if ru.bgComp >= 0 {
		bg = col(ru.bgComp)
		if ru.bgVar >= 0 {
			bg = Derive(bg, c.vars[ru.bgVar].v)
		}
	}
	return fg, bg, bd
}

// thresholds returns, per rule, what its pair must reach under p, which
// checkPolicy has accepted (the catalog's checks guarantee the types).
func (c *CompiledCatalog) thresholds(p contrast.Policy) []contrast.Threshold {
	out := make([]contrast.Threshold, len(c.rules))
	for ri := range c.rules {
		out[ri], _ = p.Threshold(c.rules[ri].target.ContrastType)
	}
	return out
}

// compileRules checks every contrast target and keeps the visible
// components' rules, in catalog order.
func (c *CompiledCatalog) compileRules(sp scope, vars map[string]varLoc) {
	for i, comp := range c.cat.Components {
		for k, t := range comp.ContrastAgainst {
			if r, ok := c.checkTarget(i, t, sp.at("components", i).at("contrast_against", k), vars); ok && !comp.Hidden {
				c.rules = append(c.rules, r)
			}
		}
	}
}

// rulesByComponent lists, per component, the rules whose foreground or
// target (or a target variable's component) it is: which rules a change of
// its color can change, the solver's index, the same for every fix.
func (c *CompiledCatalog) rulesByComponent() [][]int {
	out := make([][]int, len(c.cat.Components))
	for ri, ru := range c.rules {
		out[ru.comp] = append(out[ru.comp], ri)
		if tc := ru.bgComp; tc >= 0 && tc != ru.comp {
			out[tc] = append(out[tc], ri)
		}
	}
	return out
}

// checkTarget checks a contrast target and returns it as a rule, its
// target looked up (an hsl target parsed) once; ok is false on a problem.
// The variables that paint the two sides are set by assemble.
func (c *CompiledCatalog) checkTarget(owner int, t ContrastTarget, sp scope, vars map[string]varLoc) (r rule, ok bool) {
	const path = "value"
	oc := c.cat.Components[owner]
	r = rule{comp: owner, target: t, fgVar: -1, bgComp: -1, bgVar: -1}
	var p *refProblem
	switch t.Type {
	case TargetComponent:
		if msg := componentIDProblem(t.Value); msg != "" {
			if t.Value != "" {
				sp.add(path, oc.ID, "", ErrInvalid, msg)
			}
			return r, false
		}
		r.bgComp, p = c.reference(t.Value, !oc.Hidden)
	case TargetVariable:
		if err := colorref.CheckVariable(t.Value); err != nil {
			if t.Value != "" {
				sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not a CSS variable name", err))
			}
			return r, false
		}
		loc, found := vars[t.Value]
		if !found {
			sp.add(path, oc.ID, "", ErrUnknownVariable, "no component defines CSS variable "+strconv.Quote(t.Value))
			return r, false
		}
		r.bgComp, p = loc.comp, c.hiddenRef(loc.comp, !oc.Hidden, t.Value)
	case TargetHSL:
		if t.Value == "" {
			return r, false
		}
		col, err := colorref.ParseColor(t.Value)
		if err != nil {
			sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not an hsl() color", err))
			return r, false
		}
		r.color = col
	default:
		return r, false // reported by the field rules
	}
	if p != nil {
		sp.add(path, oc.ID, "", p.err, p.msg)
		return r, false
	}
	return r, true
}

// sourceNames returns the theme field and origin component of component
// i's color in scheme k, as the resolver recorded them in srcs.
func (c *CompiledCatalog) sourceNames(srcs []source, i, k int) (field, origin string) {
	s := srcs[i]
	if s.field >= 0 {
		field = c.fields[k][s.field]
	}
	if s.origin >= 0 {
		origin = c.cat.Components[s.origin].ID
	}
	return field, origin
}

// paintVars sets, for every rule, the visible variables that paint its
// two sides: the one rule of what a rule judges. A component is painted
// by its first variable, which carries its color as the page shows it
// (with the variable's opacity and lightness), so a component's rules
// judge that variable; a component without variables is judged by its
// color. A variable target is painted by itself.
func (c *CompiledCatalog) paintVars() {
	first := func(i int) int {
		if vs := c.cat.Components[i].Variables; len(vs) > 0 {
			return c.varByName[vs[0].CSSVariable]
		}
		return -1
	}
	for n := range c.rules {
		r := &c.rules[n]
		r.fgVar = first(r.comp)
		switch r.target.Type {
		case TargetVariable:
			r.bgVar = c.varByName[r.target.Value] // a visible owner's target is visible
		case TargetComponent:
			r.bgVar = first(r.bgComp)
		}
	}
}

// paintsAsIs reports whether visible variable v paints its component's color
// as it is: it derives nothing.
func (c *CompiledCatalog) paintsAsIs(v int) bool {
	if v < 0 {
		return true
	}
	return !c.vars[v].v.Derived()
}

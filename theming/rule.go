package theming

import (
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
)

// A contrast rule and its pair of colors: compiled once, from a visible
// component's contrast_against entry, and read the same way by the audit,
// the suggestions, the solver and the forced-colors roles.

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
func (c *CompiledCatalog) pair(ru *kernel.Rule, colors []colorref.Color, in members, x colorref.Color) (fg, bg, bd colorref.Color) {
	col := func(i int) colorref.Color {
		if in.has(i) {
			return x
		}
		return colors[i]
	}
	fg, bd, bg = col(ru.Comp), col(c.k.PageBG), ru.Color
	if ru.FgVar >= 0 {
		fg = Derive(fg, c.vars[ru.FgVar])
	}
	if ru.BgComp >= 0 {
		bg = col(ru.BgComp)
		if ru.BgVar >= 0 {
			bg = Derive(bg, c.vars[ru.BgVar])
		}
	}
	return fg, bg, bd
}

// thresholds returns, per rule, what its pair must reach under p, which
// checkPolicy has accepted (the catalog's checks guarantee the types).
func (c *CompiledCatalog) thresholds(p contrast.Policy) []contrast.Threshold {
	out := make([]contrast.Threshold, len(c.k.Rules))
	for ri := range c.k.Rules {
		out[ri], _ = p.Threshold(c.k.Rules[ri].Type)
	}
	return out
}

// compileRules checks every contrast target and keeps the visible
// components' rules, in catalog order.
func (c *CompiledCatalog) compileRules(sp scope, vars map[string]varLoc) {
	for i, comp := range c.cat.Components {
		for k, t := range comp.ContrastAgainst {
			if r, ok := c.checkTarget(i, k, t, sp.at("components", i).at("contrast_against", k), vars); ok && !comp.Hidden {
				c.k.Rules = append(c.k.Rules, r)
			}
		}
	}
}

// rulesByComponent lists, per component, the rules whose foreground or
// target (or a target variable's component) it is: which rules a change of
// its color can change, the solver's index, the same for every fix.
func (c *CompiledCatalog) rulesByComponent() [][]int {
	out := make([][]int, len(c.cat.Components))
	for ri, ru := range c.k.Rules {
		out[ru.Comp] = append(out[ru.Comp], ri)
		if tc := ru.BgComp; tc >= 0 && tc != ru.Comp {
			out[tc] = append(out[tc], ri)
		}
	}
	return out
}

// checkTarget checks a contrast target and returns it as a rule, its
// target looked up (an hsl target parsed) once; ok is false on a problem.
// The variables that paint the two sides are set by assemble.
func (c *CompiledCatalog) checkTarget(owner, at int, t ContrastTarget, sp scope, vars map[string]varLoc) (r kernel.Rule, ok bool) {
	const path = "value"
	oc := c.cat.Components[owner]
	r = kernel.Rule{Comp: owner, At: at, Type: t.ContrastType, FgVar: -1, BgComp: -1, BgVar: -1}
	var p *refProblem
	switch t.Type {
	case TargetComponent:
		if msg := componentIDProblem(t.Value); msg != "" {
			if t.Value != "" {
				sp.add(path, oc.ID, "", ErrInvalid, msg)
			}
			return r, false
		}
		r.BgComp, p = c.reference(t.Value, !oc.Hidden)
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
		r.BgComp, p = loc.comp, c.hiddenRef(loc.comp, !oc.Hidden, t.Value)
	case TargetHSL:
		if t.Value == "" {
			return r, false
		}
		col, err := colorref.ParseColor(t.Value)
		if err != nil {
			sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not an hsl() color", err))
			return r, false
		}
		r.Color = col
	default:
		return r, false // reported by the field rules
	}
	if p != nil {
		sp.add(path, oc.ID, "", p.err, p.msg)
		return r, false
	}
	return r, true
}

// target returns rule r's target as the catalog wrote it.
func (c *CompiledCatalog) target(r *kernel.Rule) ContrastTarget {
	return c.cat.Components[r.Comp].ContrastAgainst[r.At]
}

// sourceNames returns the theme field and origin component of component
// i's color in scheme k, as the resolver recorded them in srcs.
func (c *CompiledCatalog) sourceNames(srcs []kernel.Source, i, k int) (field, origin string) {
	s := srcs[i]
	if s.Field >= 0 {
		field = c.k.Fields[k][s.Field]
	}
	if s.Origin >= 0 {
		origin = c.cat.Components[s.Origin].ID
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
	for n := range c.k.Rules {
		r := &c.k.Rules[n]
		r.FgVar = first(r.Comp)
		switch t := c.target(r); t.Type {
		case TargetVariable:
			r.BgVar = c.varByName[t.Value] // a visible owner's target is visible
		case TargetComponent:
			r.BgVar = first(r.BgComp)
		}
	}
}

// paintsAsIs reports whether visible variable v paints its component's color
// as it is: it derives nothing.
func (c *CompiledCatalog) paintsAsIs(v int) bool {
	if v < 0 {
		return true
	}
	return !c.vars[v].Derived()
}

package theming

import (
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/kernel"
)

// A contrast rule compiled once, from a visible component's
// contrast_against entry: its target looked up and the variables that
// paint its two sides. The contrast engine (theming/fix) reads the rules
// through the seam, one way for its audit, suggestions, solver and
// forced-colors roles.

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

// paintVars sets, for every rule, the visible variables that paint its
// two sides: a contrast_against entry becomes one rule per variable of
// its component that the entry judges ([Component.Foregrounds]), each judging
// that variable as the page paints it (with its opacity and lightness).
// A component without variables is judged by its color; one whose
// variables are all exempt or surfaces is judged by none of its
// entries. The target is painted as before: a component target by its
// first variable, a variable target by itself, whatever its role. A
// variable is never judged against itself (a component whose rule names
// its own surface judges its other variables on it).
func (c *CompiledCatalog) paintVars() {
	first := func(i int) int {
		if vs := c.cat.Components[i].Variables; len(vs) > 0 {
			return c.varByName[vs[0].CSSVariable]
		}
		return -1
	}
	entries := c.k.Rules
	c.k.Rules = make([]kernel.Rule, 0, len(entries))
	for _, r := range entries {
		switch t := c.target(&r); t.Type {
		case TargetVariable:
			r.BgVar = c.varByName[t.Value] // a visible owner's target is visible
		case TargetComponent:
			r.BgVar = first(r.BgComp)
		}
		comp := &c.cat.Components[r.Comp]
		if len(comp.Variables) == 0 {
			r.FgVar = -1
			c.k.Rules = append(c.k.Rules, r)
			continue
		}
		for _, v := range comp.Foregrounds(c.target(&r)) {
			r.FgVar = c.varByName[v.CSSVariable]
			c.k.Rules = append(c.k.Rules, r)
		}
	}
}

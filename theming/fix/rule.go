package fix

import (
	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// A contrast rule's pair of colors, read the same way by the audit, the
// suggestions, the solver and the forced-colors roles: the rules as the
// core compiled them (kernel.Rule), their targets as the catalog wrote
// them, and the verdicts they need under a policy.

// members is a set of components that take one color together: those
// that resolve through a theme field the solver moves. The zero members
// is empty.
type members struct {
	mark []int
	gen  int
}

func (m members) has(i int) bool { return m.mark != nil && m.mark[i] == m.gen }

// pair returns the colors rule ru judges in scheme k, whose components
// have the colors given, the components in taking the color x instead:
// the foreground and the background as their variables paint them (each
// derived from its component's color), and the backdrop. It is the one
// reading of a rule's colors.
func (e *Engine) pair(ru *kernel.Rule, k int, colors []colorref.Color, in members, x colorref.Color) (fg, bg, bd colorref.Color) {
	col := func(i int) colorref.Color {
		if in.has(i) {
			return x
		}
		return colors[i]
	}
	fg, bd, bg = col(ru.Comp), col(e.k.PageBG), ru.Color
	if ru.FgVar >= 0 && e.derives[ru.FgVar] {
		fg = theming.Derive(fg, e.vars[ru.FgVar], theming.Schemes()[k])
	}
	if ru.BgComp >= 0 {
		bg = col(ru.BgComp)
		if ru.BgVar >= 0 && e.derives[ru.BgVar] {
			bg = theming.Derive(bg, e.vars[ru.BgVar], theming.Schemes()[k])
		}
	}
	return fg, bg, bd
}

// thresholds returns, per rule, what its pair must reach under p, which
// checkPolicy has accepted (the catalog's checks guarantee the types).
func (e *Engine) thresholds(p contrast.Policy) []contrast.Threshold {
	out := make([]contrast.Threshold, len(e.k.Rules))
	for ri := range e.k.Rules {
		out[ri], _ = p.Threshold(e.k.Rules[ri].Type)
	}
	return out
}

// checkPolicy reports an unknown level or method in p, with the error
// contrast gives for it.
func checkPolicy(p contrast.Policy) error {
	_, err := p.Threshold(contrast.Text)
	return err
}

// target returns rule r's target as the catalog wrote it.
func (e *Engine) target(r *kernel.Rule) theming.ContrastTarget {
	return e.cat.Components[r.Comp].ContrastAgainst[r.At]
}

// varName returns the name of visible variable v, "" for -1.
func (e *Engine) varName(v int) string {
	if v < 0 {
		return ""
	}
	return e.vars[v].CSSVariable
}

// id returns the id of component i.
func (e *Engine) id(i int) string { return e.cat.Components[i].ID }

// sourceNames returns the theme field and origin component of component
// i's color in scheme k, as the resolver recorded them in srcs.
func (e *Engine) sourceNames(srcs []kernel.Source, i, k int) (field, origin string) {
	s := srcs[i]
	if s.Field >= 0 {
		field = e.k.Fields[k][s.Field]
	}
	if s.Origin >= 0 {
		origin = e.id(int(s.Origin))
	}
	return field, origin
}

// paintsAsIs reports whether visible variable v paints its component's color
// as it is: it derives nothing.
func (e *Engine) paintsAsIs(v int) bool {
	return v < 0 || !e.derives[v]
}

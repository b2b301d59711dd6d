package fix

import (
	"fmt"
	"math"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// GenerateOptions tunes [Engine.Generate].
type GenerateOptions struct {
	// Brand is the id of the visible component that takes the brand
	// color; "" means "primary".
	Brand string
}

// BrandError is the error of [Engine.Generate] when no lightness
// of the brand color's hue and saturation lets the brand component pass
// its own rules in a scheme. It wraps [ErrUnsatisfiable].
type BrandError struct {
	Brand  string         // the brand component's id
	Color  colorref.Color // the brand color asked for
	Scheme theming.Scheme
	// Conflict lists the brand component's own rules and the lightness
	// each allows.
	Conflict Conflict
}

// Error names the brand, the scheme and the rules.
func (e *BrandError) Error() string {
	s := fmt.Sprintf("fix: no lightness of brand color %s lets %q pass its contrast rules in the %s scheme", e.Color, e.Brand, e.Scheme)
	for n, r := range e.Conflict.Rules {
		sep := "; "
		if n > 0 {
			sep = ", "
		}
		s += sep + judgedName(r.Component, r.Variable) + " on " + r.Target.Value + " needs lightness " + rangesString(r.Ranges)
	}
	return s
}

// Unwrap returns [ErrUnsatisfiable].
func (e *BrandError) Unwrap() error { return ErrUnsatisfiable }

// BrandMove is a brand color [Engine.Generate] moved: From, the
// color asked for, to To, the nearest lightness (hue and saturation
// kept) at which the brand component passes its own rules in the light
// scheme; Rule is the rule that decided how far, with the lightness it
// allows.
type BrandMove struct {
	From, To colorref.Color
	Rule     RuleRange
}

// String says what moved and why: "brand hsl(55, 100%, 50%) fails
// primary on page-background (non-text) in the light scheme; taken at
// hsl(55, 100%, 27.5%), the nearest lightness it passes at (27.5 or
// less)".
func (m *BrandMove) String() string {
	return fmt.Sprintf("brand %s fails %s on %s (%s) in the %s scheme; taken at %s, the nearest lightness it passes at (%s)",
		m.From, judgedName(m.Rule.Component, m.Rule.Variable), m.Rule.Target.Value, m.Rule.Target.ContrastType, m.Rule.Scheme, m.To, rangesString(m.Rule.Ranges))
}

// Generate makes a theme from one brand color: id 1, named "Generated",
// marked default, whose overrides make every contrast rule of the catalog
// pass WCAG 2 AA under [contrast.Both] in both schemes, and whose
// high-contrast variant ([Engine.HighContrast]) passes AAA.
//
// The brand component (o.Brand, "primary" by default) takes the brand
// color exactly in the light scheme whenever it passes the component's
// own rules (those the catalog gives the component, against the page and
// surfaces). The components that depend on it (a link, a button's text,
// a tint) do not move it: each gets an override of its own, at its own
// hue and saturation (the brand's, for a component that took the brand's
// color) and the lightness nearest its color that its rules allow
// ([Engine.FixTheme] with both brand fields pinned). A brand
// that fails its own rules is taken at the nearest lightness, hue and
// saturation kept, that passes them; the theme's name then says so
// ("Generated: brand … taken at …"), so that the served stylesheet's
// header comment shows it, and [Engine.TakeBrand] names the rule
// that decided it. In the dark scheme the brand takes its own hue and
// saturation at the lightness nearest its own that its rules need there.
//
// A brand written in another notation than hsl() (a hex color, rgb(),
// oklch()) is taken as the shortest hsl() that renders as the same 8-bit
// color ([colorref.Color.ShortestHSL]): a theme's overrides are hsl().
//
// The error wraps [theming.ErrNoCatalog] for the engine of no catalog
// and [theming.ErrUnknownComponent] for a brand that is not a visible
// component; it
// is a *[BrandError] when no lightness of the brand passes its own rules
// in a scheme, and an *[UnsatisfiableError] when the rest cannot pass
// around it, at AA or in the variant at AAA; the theme as far as it got
// comes with it.
func (e *Engine) Generate(brand colorref.Color, o GenerateOptions) (theming.Theme, error) {
	id, j, err := e.brandComponent(o)
	if err != nil {
		return theming.Theme{}, err
	}
	t := theming.Theme{ID: 1, Name: "Generated", IsDefault: true}
	brand = themeColor(brand)
	h, s, l, a := brand.HSLA()
	for k, sc := range theming.Schemes() {
		x := colorref.HSLA(h, s, l, a)
		if k == 0 {
			x = brand
		}
		taken, move, err := e.takeBrand(&t, j, k, x)
		if err != nil {
			return theming.Theme{}, err
		}
		if k == 0 && move != nil {
			t.Name = "Generated: brand " + brand.String() + " taken at " + taken.String()
		}
		t.SetOverride(id, sc, taken.String())
	}
	out, _, err := e.FixTheme(t, FixOptions{Pinned: []string{theming.FieldName(id, theming.Light), theming.FieldName(id, theming.Dark)}})
	if err != nil {
		return out, err
	}
	if _, _, err := e.FixTheme(out, highContrastOptions()); err != nil {
		return out, err
	}
	return out, nil
}

// TakeBrand says how [Engine.Generate] takes the brand color in
// the light scheme: nil when the brand component takes it exactly (it
// passes the component's own rules), else the move to the nearest
// lightness that passes them and the rule that decided how far. Its
// errors are Generate's for the brand alone.
func (e *Engine) TakeBrand(brand colorref.Color, o GenerateOptions) (*BrandMove, error) {
	_, j, err := e.brandComponent(o)
	if err != nil {
		return nil, err
	}
	brand = themeColor(brand)
	_, move, err := e.takeBrand(&theming.Theme{ID: 1, Name: "Generated"}, j, 0, brand)
	if move != nil {
		move.From = brand
	}
	return move, err
}

// themeColor returns c as a theme's override can hold it: c itself when
// it is written in hsl(), else the shortest hsl() that renders as the
// same 8-bit color.
func themeColor(c colorref.Color) colorref.Color {
	if c.Notation() == colorref.NotationHSL {
		return c
	}
	return c.ShortestHSL()
}

// brandComponent returns the id and index of o's brand component.
func (e *Engine) brandComponent(o GenerateOptions) (string, int, error) {
	if !e.ok() {
		return "", 0, theming.ErrNoCatalog
	}
	id := o.Brand
	if id == "" {
		id = "primary"
	}
	j, ok := core.Component(e.cc, id)
	if !ok {
		return "", 0, fmt.Errorf("%w %s: the brand must be a visible component", theming.ErrUnknownComponent, strconv.Quote(id))
	}
	return id, j, nil
}

// takeBrand returns the color brand component j takes in scheme k of t
// for the brand color x: x itself when it passes the component's own
// rules there, else the nearest lightness that does, with the move and
// the rule that decided it; a *BrandError when no lightness does.
func (e *Engine) takeBrand(t *theming.Theme, j, k int, x colorref.Color) (colorref.Color, *BrandMove, error) {
	sc := theming.Schemes()[k]
	t.SetOverride(e.id(j), sc, x.String())
	sv, err := e.newSolver(*t, contrast.Policy{})
	if err != nil {
		return colorref.Color{}, nil, err
	}
	d := sv.deps(k, j)
	own := make([]int, 0, 4)
	for _, ri := range d.rules {
		if e.k.Rules[ri].Comp == j {
			own = append(own, ri)
		}
	}
	in := members{mark: append([]int(nil), d.in.mark...), gen: d.in.gen}
	passing := true
	for _, ri := range own {
		passing = passing && sv.pass[k][ri]
	}
	if passing {
		return x, nil, nil
	}
	_, _, l0 := x.HSL()
	got, ok := sv.nearestPass(k, j, own, in, l0)
	if !ok {
		conf := Conflict{Field: e.k.Fields[k][j]}
		for _, ri := range own {
			conf.Rules = append(conf.Rules, sv.ruleRange(k, j, ri, in))
		}
		return colorref.Color{}, nil, &BrandError{Brand: e.id(j), Color: x, Scheme: sc, Conflict: conf}
	}
	// The rule that decided: of those failing at the brand's lightness,
	// the one whose own nearest passing lightness is farthest.
	var decided RuleRange
	far := -1.0
	for _, ri := range own {
		if sv.pass[k][ri] {
			continue
		}
		if l, ok := sv.nearestPass(k, j, []int{ri}, in, l0); ok && math.Abs(float64(l)/100-l0) > far {
			far, decided = math.Abs(float64(l)/100-l0), sv.ruleRange(k, j, ri, in)
		}
	}
	to := sv.colorAt(k, j, got, keepAlpha)
	return to, &BrandMove{To: to, Rule: decided}, nil
}

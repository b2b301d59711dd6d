package theming

import (
	"fmt"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// GenerateOptions tunes [CompiledCatalog.Generate].
type GenerateOptions struct {
	// Brand is the id of the visible component that takes the brand
	// color; "" means "primary".
	Brand string
}

// BrandError is the error of [CompiledCatalog.Generate] when no lightness of the brand
// color's hue and saturation lets the brand component pass its rules in
// a scheme, the rest of the catalog as it is. It wraps [ErrUnsatisfiable].
type BrandError struct {
	Brand  string         // the brand component's id
	Color  colorref.Color // the brand color asked for
	Scheme Scheme
	// Conflict lists the rules that depend on the brand field and the
	// lightness each allows.
	Conflict Conflict
}

// Error names the brand, the scheme and the rules.
func (e *BrandError) Error() string {
	s := fmt.Sprintf("theming: no lightness of brand color %s lets %q pass its contrast rules in the %s scheme", e.Color, e.Brand, e.Scheme)
	for n, r := range e.Conflict.Rules {
		sep := "; "
		if n > 0 {
			sep = ", "
		}
		s += sep + r.Component + " on " + r.Target.Value + " needs lightness " + rangesString(r.Ranges)
	}
	return s
}

// Unwrap returns [ErrUnsatisfiable].
func (e *BrandError) Unwrap() error { return ErrUnsatisfiable }

// Generate makes a theme from one brand color: id 1, named "Generated",
// marked default, whose overrides make every contrast rule of the catalog
// pass WCAG 2 AA under [contrast.Both] in both schemes, and whose
// high-contrast variant ([HighContrastPolicy]) passes AAA.
//
// The brand component (o.Brand, "primary" by default) takes the brand
// color in the light scheme when the rules that depend on it pass with
// it, the rest of the catalog as it is; otherwise the nearest lightness
// at the same hue and saturation that passes them (the theme's value of
// the field shows which; compare it with brand). In the dark scheme it
// takes the same hue and saturation at the lightness the catalog's own
// dark color for the component has, or the nearest that passes. Both
// brand fields are then pinned and [CompiledCatalog.FixTheme] adds
// whatever other overrides the rules need.
//
// The error wraps [ErrNoCatalog] for the zero catalog and
// [ErrUnknownComponent] for a brand that is not a visible component; it
// is a *[BrandError] when no lightness of the brand passes its rules, and
// an *[UnsatisfiableError] when the rest cannot pass around it, at AA or
// in the variant at AAA.
func (c *CompiledCatalog) Generate(brand colorref.Color, o GenerateOptions) (Theme, error) {
	if !c.ok() {
		return Theme{}, ErrNoCatalog
	}
	id := o.Brand
	if id == "" {
		id = "primary"
	}
	j, ok := c.visibleIndex(id)
	if !ok {
		return Theme{}, fmt.Errorf("%w %s: the brand must be a visible component", ErrUnknownComponent, strconv.Quote(id))
	}
	t := Theme{ID: 1, Name: "Generated", IsDefault: true}
	h, s, l, a := brand.HSLA()
	_, _, darkL := c.base.colors[1][j].HSL()
	for k, sc := range Schemes() {
		want := l
		if k == 1 {
			want = darkL
		}
		t.SetOverride(id, sc, colorref.HSLA(h, s, want, a).Rounded().String())
		sv, err := newSolver(c, t, contrast.Policy{})
		if err != nil {
			return Theme{}, err
		}
		d := sv.deps(k, j)
		got, ok := sv.nearestPass(k, j, d.rules, d.in, want)
		if !ok {
			return Theme{}, &BrandError{Brand: id, Color: brand, Scheme: sc, Conflict: sv.conflict(fieldKey{k, j})}
		}
		t.SetOverride(id, sc, sv.colorAt(k, j, got, keepAlpha).String())
	}
	out, _, err := c.FixTheme(t, FixOptions{Pinned: []string{FieldName(id, Light), FieldName(id, Dark)}})
	if err != nil {
		return out, err
	}
	if _, _, err := c.FixTheme(out, FixOptions{Policy: HighContrastPolicy()}); err != nil {
		return out, err
	}
	return out, nil
}

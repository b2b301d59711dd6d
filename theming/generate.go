package theming

import (
	"fmt"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// GenerateOptions tunes [Generate].
type GenerateOptions struct {
	// Brand is the id of the visible component that takes the brand
	// color; "" means "primary".
	Brand string
}

// BrandError is the error of [Generate] when no lightness of the brand
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
// high-contrast variant ([CompiledCatalog.HighContrast]) passes AAA.
//
// The brand component (opts.Brand, "primary" by default) takes the brand
// color in the light scheme when the rules that depend on it pass with
// it, the rest of the catalog as it is; otherwise the nearest lightness
// at the same hue and saturation that passes them (the theme's value of
// the field shows which; compare it with brand). In the dark scheme it
// takes the same hue and saturation at the lightness the catalog's own
// dark color for the component has, or the nearest that passes. Both
// brand fields are then pinned and [CompiledCatalog.FixThemeWith] adds
// whatever other overrides the rules need.
//
// The error wraps [ErrNoCatalog] for the zero catalog and
// [ErrUnknownComponent] for a brand that is not a visible component; it
// is a *[BrandError] when no lightness of the brand passes its rules, and
// an *[UnsatisfiableError] when the rest cannot pass around it, at AA or
// in the variant at AAA.
func Generate(cc *CompiledCatalog, brand colorref.Color, opts GenerateOptions) (Theme, error) {
	if !cc.ok() {
		return Theme{}, ErrNoCatalog
	}
	id := opts.Brand
	if id == "" {
		id = "primary"
	}
	j, ok := cc.visibleIndex(id)
	if !ok {
		return Theme{}, fmt.Errorf("%w %s: the brand must be a visible component", ErrUnknownComponent, strconv.Quote(id))
	}
	t := Theme{ID: 1, Name: "Generated", IsDefault: true, Colors: map[string]PerScheme{}}
	h, s, l, a := brand.HSLA()
	_, _, darkL := cc.base.colors[1][j].HSL()
	p := contrast.Policy{}
	for k, sc := range Schemes() {
		want := l
		if k == 1 {
			want = darkL
		}
		o := t.Colors[id]
		set := func(c colorref.Color) {
			if k == 0 {
				o.Light = c.String()
			} else {
				o.Dark = c.String()
			}
			t.Colors[id] = o
		}
		set(colorref.HSLA(h, s, want, a).Rounded())
		sv, err := cc.newSolver(t, p)
		if err != nil {
			return Theme{}, err
		}
		d := sv.deps(k, j)
		got, ok := sv.nearestPass(k, j, d.rules, sv.member(d), want)
		if !ok {
			return Theme{}, &BrandError{Brand: id, Color: brand, Scheme: sc, Conflict: sv.conflict(fieldKey{k, j})}
		}
		set(sv.colorAt(k, j, got))
	}
	out, _, err := cc.FixThemeWith(t, p, FixOptions{Pinned: []string{FieldName(id, Light), FieldName(id, Dark)}})
	if err != nil {
		return out, err
	}
	if _, err := cc.HighContrast(out); err != nil {
		return out, err
	}
	return out, nil
}

package validation_test

import (
	"errors"
	"fmt"

	"github.com/go-playground/validator/v10"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/validation"
)

// A host's form, checked with the package's tags; its errors come back
// as theming's one error type, each at the form field's name.
func Example() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	v := validator.New()
	if err := validation.Register(v, cc); err != nil {
		fmt.Println(err)
		return
	}
	type colorForm struct {
		ID      int    `form:"id" validate:"gt=0"`
		Primary string `form:"primary" validate:"required,themecolor"`
		Link    string `form:"link" validate:"omitempty,themecolor"`
	}
	good := colorForm{ID: 2, Primary: "oklch(62% 0.19 260 / .9)", Link: "primary"}
	fmt.Println("good:", v.Struct(good))

	bad := colorForm{ID: 2, Primary: "oklch(62% 0.19)", Link: "legacy-accent"}
	err := validation.ToTheming(v.Struct(bad), cc, bad)
	fmt.Println(err)
	// Output:
	// good: <nil>
	// theming: invalid data: 2 problems
	// 	theme 2: primary: "oklch(62% 0.19)" is neither a color nor a component id: missing hue: oklch takes three components before the optional alpha at offset 14
	// 	theme 2: link: refers to hidden component "legacy-accent"; the served catalog must be self-contained
}

// A whole theme through validator: the same problems as CheckTheme for
// the field rules, each wrapping CheckTheme's sentinel.
func ExampleToTheming() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	v := validator.New()
	_ = validation.Register(v, cc)

	theme := theming.Theme{ID: 7, Name: "Brand", LogoAlignment: "middle", Colors: map[string]theming.PerScheme{
		"primary": {Light: "hsl(400, 60%, 45%)", Dark: "primry"},
	}}
	err := validation.ToTheming(v.Struct(theme), cc, theme)
	fmt.Println(err)
	fmt.Println("unknown component:", errors.Is(err, theming.ErrUnknownComponent))
	fmt.Println("CheckTheme agrees:", cc.CheckTheme(theme).Error() == err.Error())
	// Output:
	// theming: invalid data: 2 problems
	// 	theme 7: colors.primary.dark: unknown component "primry"
	// 	theme 7: logo_alignment: must be one of left, center, right, not "middle"
	// unknown component: true
	// CheckTheme agrees: true
}

// Register needs a catalog.
func ExampleRegister_error() {
	err := validation.Register(validator.New(), &theming.CompiledCatalog{})
	fmt.Println(errors.Is(err, theming.ErrNoCatalog))
	// Output:
	// true
}

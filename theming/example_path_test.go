package theming_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/theming"
)

// A host that checks a form of its own names each problem as CheckTheme
// does: a component id after a dot, any other key in quotes.
func ExampleKeyPath() {
	fmt.Println(theming.KeyPath("colors", "nav-bg") + ".light")
	fmt.Println(theming.KeyPath("colors", "Nav Bar"))
	fmt.Println(theming.KeyPath("colors", ""))
	// Output:
	// colors.nav-bg.light
	// colors["Nav Bar"]
	// colors[""]
}

// The path agrees with the one CheckTheme reports for the same key: here
// a key that is no component id.
func ExampleKeyPath_checkTheme() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	err := cc.CheckTheme(theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{
		"Nav Bar": {Light: "hsl(0, 0%, 0%)"},
	}})
	var ve *theming.ValidationError
	if errors.As(err, &ve) {
		fmt.Println(ve.Problems[0].Path == theming.KeyPath("colors", "Nav Bar"))
	}
	// Output:
	// true
}

func ExampleParseField() {
	id, sc, err := theming.ParseField("colors.primary-button.dark")
	fmt.Println(id, sc, err)
	_, _, err = theming.ParseField("colors.primary")
	fmt.Println(errors.Is(err, theming.ErrUnknownThemeField))
	// Output:
	// primary-button dark <nil>
	// true
}

package theming_test

import (
	"fmt"

	"github.com/themekit/themekit/theming"
)

// A form posts fields named as findings name them; the theme takes each
// by its name, and a name that is no field is refused.
func ExampleTheme_SetField() {
	th := theming.Theme{ID: 1, Name: "Brand"}
	posted := map[string]string{"colors.primary.light": "hsl(214, 82%, 51%)", "colors.primary.dark": "link"}
	for _, field := range []string{"colors.primary.light", "colors.primary.dark"} {
		if err := th.SetField(field, posted[field]); err != nil {
			fmt.Println(err)
		}
	}
	v, _ := th.Field("colors.primary.dark")
	fmt.Println(th.Colors["primary"].Light, v)
	fmt.Println(th.SetField("colors.primary", "link"))
	// Output:
	// hsl(214, 82%, 51%) link
	// theming: unknown theme field "colors.primary" (want colors.<component id>.light or .dark)
}

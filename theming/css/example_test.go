package css_test

import (
	"fmt"
	"strings"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The sheet a page links: the theme's variables in both schemes, then
// its high-contrast variant and its forced-colors roles from the engine
// of its catalog. Ember (theme 2 of the default data) overrides the
// page background's light color with hsl(36, 45%, 96%).
func ExampleStylesheet() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	e := fix.New(s.CompiledCatalog()) // one engine per compiled catalog, kept
	rt, _ := s.Theme(2)
	sheet := string(css.Stylesheet(rt, e.HighContrast(rt)))
	first, _, _ := strings.Cut(sheet, "\n")
	fmt.Println(first)
	fmt.Println(strings.Contains(sheet, "  --page-background: hsl(36, 45%, 96%);\n"))
	for _, block := range []string{"@media (prefers-contrast: more)", ":root[data-contrast=\"more\"]", "@media (forced-colors: active)"} {
		fmt.Println(block, strings.Contains(sheet, block))
	}
	// Output:
	// /* theme 2: Ember */
	// true
	// @media (prefers-contrast: more) true
	// :root[data-contrast="more"] true
	// @media (forced-colors: active) true
}

// Without the variant, the sheet is the theme's own blocks alone.
func ExampleStylesheet_withoutVariant() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	rt, _ := s.Theme(2)
	sheet := string(css.Stylesheet(rt, nil))
	fmt.Println(strings.Contains(sheet, "prefers-contrast"), strings.Contains(sheet, "forced-colors"))
	fmt.Println(strings.HasSuffix(sheet, "}\n"))
	// Output:
	// false false
	// true
}

// The light-dark() form: each variable's light and dark values in one
// declaration, and with the theme's high-contrast variant the same
// prefers-contrast, data-contrast and forced-colors blocks as
// Stylesheet. The default catalog's page background is hsl(220, 20%,
// 97%) in the light scheme and hsl(222, 18%, 10%) in the dark one, which
// Harbor (theme 1) does not override.
func ExampleLightDark() {
	s, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		fmt.Println(err)
		return
	}
	rt, _ := s.Theme(1)
	e := fix.New(s.CompiledCatalog())
	for line := range strings.Lines(string(css.LightDark(rt, e.HighContrast(rt)))) {
		if strings.HasPrefix(strings.TrimLeft(line, " "), "--page-background:") || strings.HasPrefix(line, "  color-scheme") ||
			strings.HasPrefix(line, "@media") || strings.HasPrefix(line, ":root[") {
			fmt.Print(line)
		}
	}
	// Output:
	//   --page-background: light-dark(hsl(220, 20%, 97%), hsl(222, 18%, 10%));
	//   color-scheme: light dark;
	//   color-scheme: light;
	//   color-scheme: dark;
	// @media (prefers-contrast: more) {
	// :root[data-contrast="more"],
	// :root[data-contrast="more"] [data-color-scheme] {
	// @media (forced-colors: active) {
	//     --page-background: Canvas !important;
}

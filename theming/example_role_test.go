package theming_test

import (
	"fmt"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
)

// A component's rule judges each of its variables that carries content:
// the link and its visited state, not its halo (a decoration) nor its
// tint (a surface, judged where a rule names it as its target).
func ExampleComponent_Foregrounds() {
	off, dark, halo, tint := -18.0, 16.0, 0.3, 0.12
	link := theming.Component{ID: "link", Variables: []theming.Variable{
		{CSSVariable: "--link"},
		{CSSVariable: "--link-visited", LightnessOffset: &off, LightnessOffsetDark: &dark},
		{CSSVariable: "--link-halo", Opacity: &halo, Role: theming.RoleDecoration},
		{CSSVariable: "--link-tint", Opacity: &tint, Role: theming.RoleSurface},
	}}
	page := theming.ContrastTarget{Type: theming.TargetComponent, Value: "page", ContrastType: contrast.Text}
	for _, v := range link.Foregrounds(page) {
		fmt.Println(v.CSSVariable)
	}
	// Output:
	// --link
	// --link-visited
}

// lightness_offset_dark moves a state away from the dark page where
// lightness_offset moves it away from the light one.
func ExampleDerive() {
	off, dark := -18.0, 16.0
	visited := theming.Variable{CSSVariable: "--link-visited", LightnessOffset: &off, LightnessOffsetDark: &dark}
	fmt.Println(theming.Derive(colorref.HSL(220, 80, 40), visited, theming.Light))
	fmt.Println(theming.Derive(colorref.HSL(220, 80, 70), visited, theming.Dark))
	// Output:
	// hsl(220, 80%, 22%)
	// hsl(220, 80%, 86%)
}

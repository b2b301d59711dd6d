package scale_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/scale"
)

// A brand color's scales: each step at the ratio asked for against the
// page, as axe-core measures it.
func ExampleNew() {
	key, err := colorref.Parse("#1877F2")
	if err != nil {
		panic(err)
	}
	s, err := scale.New(key, scale.Options{Ratios: []float64{1.1, 3, 4.5, 7}})
	if err != nil {
		panic(err)
	}
	for _, r := range []scale.Ramp{s.Light, s.Dark} {
		for _, st := range r.Steps {
			fmt.Printf("%s %s %-4g %-28s %s\n", r.Scheme, st.Name, st.Ratio, st.Color, contrast.FormatRatio(st.Rendered))
		}
	}
	// Output:
	// light 1 1.1  oklch(94.29% 0.0274 257.86)  1.10:1
	// light 2 3    oklch(65.51% 0.1851 257.86)  3.00:1
	// light 3 4.5  oklch(55.79% 0.2029 257.86)  4.50:1
	// light 4 7    oklch(45.33% 0.1651 257.86)  7.00:1
	// dark 1 1.1  oklch(24.88% 0.0915 257.86)  1.10:1
	// dark 2 3    oklch(50.96% 0.1875 257.86)  3.01:1
	// dark 3 4.5  oklch(60.5% 0.1988 257.86)   4.50:1
	// dark 4 7    oklch(71.49% 0.1451 257.86)  7.01:1
}

// The scale as CSS custom properties, the light page's on :root and the
// dark page's for prefers-color-scheme: dark.
func ExampleScale_AppendCSS() {
	key, _ := colorref.Parse("oklch(62% 0.19 260)")
	s, err := scale.New(key, scale.Options{Ratios: []float64{1.05, 4.5}})
	if err != nil {
		panic(err)
	}
	css, err := s.AppendCSS(nil, "brand")
	if err != nil {
		panic(err)
	}
	fmt.Print(string(css))
	// Output:
	// :root {
	//   --brand-1: oklch(95.87% 0.0196 260); /* 1.05:1 */
	//   --brand-2: oklch(55.77% 0.19 260); /* 4.5:1 */
	// }
	// @media (prefers-color-scheme: dark) {
	// :root {
	//   --brand-1: oklch(23.35% 0.0952 260); /* 1.05:1 */
	//   --brand-2: oklch(60.69% 0.19 260); /* 4.5:1 */
	// }
	// }
}

// A ratio out of reach is an error that names the step.
func ExampleNew_unreachable() {
	_, err := scale.New(colorref.HSL(210, 50, 40), scale.Options{Ratios: []float64{4.5, 25}})
	fmt.Println(err)
	fmt.Println(errors.Is(err, scale.ErrUnreachable))
	// Output:
	// scale: light step 2: 25:1 is out of reach against the page (the key's hue reaches 19.56:1 at most)
	// true
}

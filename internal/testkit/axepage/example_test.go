package axepage_test

import (
	"fmt"

	"github.com/themekit/themekit/internal/testkit/axepage"
)

// ParseComputed reads the colors getComputedStyle reports, including the
// color(srgb …) form of a relative color and the oklch() and Display-P3
// values Chromium keeps in their notation (clipped into sRGB), as the
// 8-bit colors Chromium paints.
func ExampleParseComputed() {
	for _, s := range []string{"rgb(246, 247, 249)", "rgba(37, 99, 235, 0.12)", "color(srgb 0.126 0.3312 0.774)", "oklch(0.62 0.19 260)", "color(display-p3 1 0 0)"} {
		c, err := axepage.ParseComputed(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		_, _, _, a := c.RGBA8()
		fmt.Println(c.Hex(), a)
	}
	// Output:
	// #f6f7f9 255
	// #2563eb1f 31
	// #2054c5 255
	// #3a81f6 255
	// #ff0000 255
}

// A color in another space or form is refused.
func ExampleParseComputed_error() {
	_, err := axepage.ParseComputed("color(rec2020 1 0 0)")
	fmt.Println(err)
	// Output:
	// axepage: "color(rec2020 1 0 0)" is not a computed rgb(), rgba() or color(srgb) color
}

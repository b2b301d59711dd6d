package contrast_test

import (
	"fmt"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// A link color must read as text on the white page and on a light grey
// card: the search moves its lightness to the nearest that passes both.
// (examples/themecheck/testdata/reference.py's functions, scanning the
// 0.01 grid outward from 50%, find 40.72% too.)
func ExampleNearestLightness() {
	page, card := colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 90)
	th, err := contrast.Policy{}.Threshold(contrast.Text) // AA under both methods: 4.5:1
	if err != nil {
		panic(err)
	}
	link := func(k int) colorref.Color { return colorref.HSL(210, 80, float64(k)/100) }
	k, ok := contrast.NearestLightness(50, []contrast.LightnessCheck{
		{Pair: contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return link(k), page, page }), Threshold: th},
		{Pair: contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return link(k), card, page }), Threshold: th},
	})
	fmt.Println(link(k), ok)
	fmt.Println(contrast.FormatRatio(contrast.RatioOver(link(k), card, page)), th.Passes(link(k), card, page))
	fmt.Println(th.Passes(link(k+1), card, page), "one step lighter")
	// Output:
	// hsl(210, 80%, 40.72%) true
	// 4.50:1 true
	// false one step lighter
}

// A policy's threshold judges pairs of one type without building a
// Result; an unknown type is an error.
func ExamplePolicy_Threshold() {
	th, err := contrast.Policy{Level: contrast.AAA}.Threshold(contrast.Text) // 7:1
	fmt.Println(err)
	fmt.Println(th.Passes(colorref.HSL(0, 0, 30), colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 100)))
	fmt.Println(th.Passes(colorref.HSL(0, 0, 40), colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 100)))
	_, err = contrast.Policy{}.Threshold("huge")
	fmt.Println(err)
	// Output:
	// <nil>
	// true
	// false
	// contrast: unknown contrast type "huge" (want text, large-text or non-text)
}

// A form that checks many fields keeps one searcher: each search reuses
// the memory of the one before, with the answers of NearestLightness.
// Three text colors that must read on the white page and on a light grey
// card, each moved to the nearest lightness that passes both. (The
// scan of examples/themecheck/testdata/reference.py's functions, outward
// from each start on the 0.01 grid, finds 40.72%, 40.45% and 29.21%.)
func ExampleLightnessSearcher() {
	page, card := colorref.HSL(0, 0, 100), colorref.HSL(0, 0, 90)
	th, err := contrast.Policy{}.Threshold(contrast.Text)
	if err != nil {
		panic(err)
	}
	var ls contrast.LightnessSearcher
	for _, c := range []colorref.Color{colorref.HSL(210, 80, 50), colorref.HSL(0, 0, 60), colorref.HSL(120, 60, 55)} {
		h, s, l := c.HSL()
		at := func(k int) colorref.Color { return colorref.HSL(h, s, float64(k)/100) }
		k, ok := ls.Nearest(l, []contrast.LightnessCheck{
			{Pair: contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return at(k), page, page }), Threshold: th},
			{Pair: contrast.PairFunc(func(k int) (colorref.Color, colorref.Color, colorref.Color) { return at(k), card, page }), Threshold: th},
		})
		fmt.Println(c, "->", at(k), ok)
	}
	// Output:
	// hsl(210, 80%, 50%) -> hsl(210, 80%, 40.72%) true
	// hsl(0, 0%, 60%) -> hsl(0, 0%, 40.45%) true
	// hsl(120, 60%, 55%) -> hsl(120, 60%, 29.21%) true
}

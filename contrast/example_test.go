package contrast_test

import (
	"fmt"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

func ExampleRatio() {
	text, _ := colorref.ParseColor("hsl(0, 0%, 46.67%)") // #777
	page, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	fmt.Printf("%.2f:1\n", contrast.Ratio(text, page))

	// A translucent foreground is composited over the background first.
	scrim, _ := colorref.ParseColor("hsla(0, 0%, 0%, 0.5)")
	fmt.Printf("%.2f:1\n", contrast.Ratio(scrim, page))
	// Output:
	// 4.48:1
	// 3.98:1
}

func ExampleRatioOver() {
	text, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	card, _ := colorref.ParseColor("hsla(220, 20%, 20%, 0.8)")
	darkPage, _ := colorref.ParseColor("hsl(220, 15%, 10%)")
	fmt.Printf("over white: %.2f:1\n", contrast.Ratio(text, card))
	fmt.Printf("over the dark page: %.2f:1\n", contrast.RatioOver(text, card, darkPage))
	// Output:
	// over white: 7.03:1
	// over the dark page: 14.21:1
}

// The zero Policy judges under Both: the exact ratio must reach the
// minimum and the ratio axe-core measures in a browser must exceed it.
// The ratios were printed by examples/themecheck/testdata/reference.py's
// exact and rendered functions (6.658620 and 6.696881).
func ExamplePolicy_Check_levels() {
	fg, _ := colorref.ParseColor("hsl(221, 72%, 45%)")
	bg, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	for _, lv := range []contrast.Level{contrast.AA, contrast.AAA} {
		res, err := contrast.Policy{Level: lv}.Check(fg, bg, bg, contrast.Text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res)
	}
	// Output:
	// 6.65:1 >= 4.5:1 text AA both (exact 6.65:1, rendered 6.69:1): pass
	// 6.65:1 < 7:1 text AAA both (exact 6.65:1, rendered 6.69:1): fail
}

// A translucent red on white reaches 4.5:1 in the WCAG formula (4.510034)
// but not as axe-core measures it in Chromium (4.499706, both from
// examples/themecheck/testdata/reference.py): the zero Policy, judging
// under Both, fails it; Policy.Method names the other methods.
func ExamplePolicy_Check_methods() {
	red, _ := colorref.ParseColor("hsla(0, 80%, 48.26%, 0.9)")
	white := colorref.HSL(0, 0, 100)
	res, _ := contrast.Policy{Level: contrast.AA}.Check(red, white, white, contrast.Text)
	fmt.Println(res)
	for _, m := range []contrast.Method{contrast.Exact, contrast.Rendered} {
		res, err := contrast.Policy{Level: contrast.AA, Method: m}.Check(red, white, white, contrast.Text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res)
	}
	_, err := contrast.Policy{Level: contrast.AA, Method: contrast.Method(9)}.Check(red, white, white, contrast.Text)
	fmt.Println(err)
	// Output:
	// 4.49:1 < 4.5:1 text AA both (exact 4.51:1, rendered 4.49:1): fail
	// 4.51:1 >= 4.5:1 text AA: pass
	// 4.49:1 < 4.5:1 text AA rendered (exact 4.51:1, rendered 4.49:1): fail
	// contrast: unknown method Method(9)
}

// FormatRatio cuts a ratio after two decimals: a ratio just below a
// minimum never reads as the minimum.
func ExampleFormatRatio() {
	for _, r := range []float64{4.4999, 4.5, 7.0047, 21} {
		fmt.Println(contrast.FormatRatio(r))
	}
	// Output:
	// 4.49:1
	// 4.50:1
	// 7.00:1
	// 21.00:1
}

func ExamplePolicy_Check_error() {
	fg, _ := colorref.ParseColor("hsl(0, 0%, 0%)")
	bg, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	_, err := contrast.Policy{Level: contrast.AA}.Check(fg, bg, bg, "decorative")
	fmt.Println(err)
	// Output:
	// contrast: unknown contrast type "decorative" (want text, large-text or non-text)
}

func ExampleAPCA() {
	text, _ := colorref.ParseColor("hsl(0, 0%, 53.33%)") // #888
	bg, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	fmt.Printf("Lc %.1f\n", contrast.APCA(text, bg))
	fmt.Printf("Lc %.1f\n", contrast.APCA(bg, text)) // reverse polarity is negative
	// Output:
	// Lc 63.1
	// Lc -68.5
}

func ExampleRatioRendered() {
	white := colorref.HSL(0, 0, 100)
	grey, _ := colorref.ParseColor("hsl(0, 0%, 46.53%)")
	// Exactly, 4.5003:1 passes 4.5; a browser computes grey 119 (118.65
	// rounded), which axe-core measures at 4.478:1.
	fmt.Printf("exact %.4f:1, rendered %.4f:1\n", contrast.RatioOver(grey, white, white), contrast.RatioRendered(grey, white, white))
	f, b := contrast.RenderedColors(grey, white, white)
	fmt.Println(f.Hex(), "on", b.Hex())
	// Output:
	// exact 4.5003:1, rendered 4.4781:1
	// #777777 on #ffffff
}

func ExampleParseMethod() {
	for _, s := range []string{"both", "rendered", "axe"} {
		m, err := contrast.ParseMethod(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(m)
	}
	// Output:
	// both
	// rendered
	// contrast: unknown method "axe" (want both, exact or rendered)
}

func ExamplePolicy_Check() {
	white := colorref.HSL(0, 0, 100)
	grey, _ := colorref.ParseColor("hsl(0, 0%, 46.53%)")
	for _, p := range []contrast.Policy{
		{Method: contrast.Exact},
		{}, // AA under Both
		{APCA: true},
	} {
		res, err := p.Check(grey, white, white, contrast.Text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(res)
	}
	// Output:
	// 4.50:1 >= 4.5:1 text AA: pass
	// 4.47:1 < 4.5:1 text AA both (exact 4.50:1, rendered 4.47:1): fail
	// 4.47:1 < 4.5:1 text AA both (exact 4.50:1, rendered 4.47:1), Lc 71.3 < 75: fail
}

func ExampleSuggestions() {
	white := colorref.HSL(0, 0, 100)
	text, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	button, _ := colorref.ParseColor("hsl(210, 80%, 55%)")
	for _, s := range contrast.Suggestions(text, button, white, contrast.TextAA, contrast.Both) {
		fmt.Printf("%s %s (moved %.2f points)\n", s.Side, s.Color, s.Distance)
	}
	// Output:
	// background hsl(210, 80%, 46.76%) (moved 8.24 points)
	// foreground hsl(0, 0%, 13.92%) (moved 86.08 points)
}

// Method.Threshold judges a pair against any ratio, here a scale's 4.5:1
// step: #767676 on white is 4.54:1 and #777777 4.48:1 (the greys WebAIM's
// checker cites either side of 4.5).
func ExampleMethod_Threshold() {
	white := colorref.HSL(0, 0, 100)
	th := contrast.Both.Threshold(4.5)
	for _, v := range []uint8{0x76, 0x77} {
		grey := colorref.RGBA8(v, v, v, 255)
		fmt.Println(grey.Hex(), th.Passes(grey, white, white))
	}
	fmt.Println(contrast.Method(9).Threshold(4.5).Passes(colorref.HSL(0, 0, 0), white, white), "under an unknown method")
	// Output:
	// #767676 true
	// #777777 false
	// false under an unknown method
}

// Method.Judge judges ratios already measured: WCAG's "at least" for the
// exact ratio, axe-core's "above" for the rendered one.
func ExampleMethod_Judge() {
	fmt.Println(contrast.Exact.Judge(4.5, 0, 4.5))
	fmt.Println(contrast.Rendered.Judge(0, 4.5, 4.5))
	fmt.Println(contrast.Both.Judge(4.51, 4.49, 4.5))
	// Output:
	// true
	// false
	// false
}

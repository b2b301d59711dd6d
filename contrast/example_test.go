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

func ExampleCheck() {
	fg, _ := colorref.ParseColor("hsl(221, 72%, 45%)")
	bg, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	for _, lv := range []contrast.Level{contrast.AA, contrast.AAA} {
		res, err := contrast.Check(fg, bg, contrast.Text, lv)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res)
	}
	// Output:
	// 6.66:1 >= 4.5:1 text AA: pass
	// 6.66:1 < 7:1 text AAA: fail
}

func ExampleCheck_error() {
	fg, _ := colorref.ParseColor("hsl(0, 0%, 0%)")
	bg, _ := colorref.ParseColor("hsl(0, 0%, 100%)")
	_, err := contrast.Check(fg, bg, "decorative", contrast.AA)
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

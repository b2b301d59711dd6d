package colorref_test

import (
	"errors"
	"fmt"

	"github.com/themekit/themekit/colorref"
)

func ExampleParseColor() {
	for _, s := range []string{
		"hsl(210, 50%, 40%)",
		"hsla(210 50% 40% / 25%)",
		"HSL(0.5turn 50 40)",
		"hsl(-30, 100%, 50%)",
	} {
		c, err := colorref.ParseColor(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-24s %s\n", s, c)
	}
	// Output:
	// hsl(210, 50%, 40%)       hsl(210, 50%, 40%)
	// hsla(210 50% 40% / 25%)  hsla(210, 50%, 40%, 0.25)
	// HSL(0.5turn 50 40)       hsl(180, 50%, 40%)
	// hsl(-30, 100%, 50%)      hsl(330, 100%, 50%)
}

func ExampleParseColor_error() {
	_, err := colorref.ParseColor("hsl(210, 50%, 40)")
	fmt.Println(err)

	var pe *colorref.ParseError
	if errors.As(err, &pe) {
		fmt.Println("offset:", pe.Offset, "syntax error:", errors.Is(err, colorref.ErrSyntax))
	}
	// Output:
	// colorref: lightness must be a percentage in the legacy comma syntax at offset 14 of "hsl(210, 50%, 40)"
	// offset: 14 syntax error: true
}

func ExampleColor_SRGB() {
	r, g, b, a := colorref.HSLA(210, 50, 40, 0.5).SRGB()
	fmt.Printf("%.2f %.2f %.2f %.2f\n", r, g, b, a)
	// Output: 0.20 0.40 0.60 0.50
}

func ExampleColor_Compact() {
	c := colorref.HSL(210, 50, 40)
	fmt.Println(c.String())
	fmt.Println(c.Compact())
	// Output:
	// hsl(210, 50%, 40%)
	// hsl(210,50%,40%)
}

func ExampleParseRef() {
	for _, s := range []string{"primary-button", "--button-text", "hsl(0 0% 100%)", "oklch(0.628 0.2577 29.23)", "#1877F2", "Primary"} {
		r, err := colorref.ParseRef(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s\n", r.Kind(), r)
	}
	// Output:
	// component: primary-button
	// variable: --button-text
	// color: hsl(0, 0%, 100%)
	// color: oklch(62.8% 0.2577 29.23)
	// color: #1877f2
	// colorref: component id takes lower-case letters, digits and hyphens only at offset 0 of "Primary"
}

func ExampleParseHex() {
	for _, s := range []string{"#336699", "#F80", "#33669980"} {
		c, err := colorref.ParseHex(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-10s %-28s %s\n", s, c, c.Hex())
	}
	// Output:
	// #336699    hsl(210, 50%, 40%)           #336699
	// #F80       hsl(32, 100%, 50%)           #ff8800
	// #33669980  hsla(210, 50%, 40%, 0.5)     #33669980
}

func ExampleParseHex_error() {
	_, err := colorref.ParseHex("#12345")
	fmt.Println(err)
	fmt.Println("syntax error:", errors.Is(err, colorref.ErrSyntax))
	// Output:
	// colorref: a hex color has 3, 4, 6 or 8 digits, not 5 at offset 6 of "#12345"
	// syntax error: true
}

func ExampleColor_Hex() {
	// The exact green of hsl(120, 100%, 15%) is 76.5 of 255; Chromium
	// computes 77, and so does Hex.
	fmt.Println(colorref.HSL(120, 100, 15).Hex())
	fmt.Println(colorref.HSLA(210, 50, 40, 0.25).Hex())
	// Output:
	// #004d00
	// #33669940
}

func ExampleColor_Rounded() {
	c := colorref.HSLA(214.123, 82.456, 44.104, 0.996)
	r := c.Rounded()
	fmt.Println(r.HSLA())
	fmt.Println(c, r)
	// Output:
	// 214.12 82.46 44.1 1
	// hsl(214.12, 82.46%, 44.1%) hsl(214.12, 82.46%, 44.1%)
}

package httpadapter

import (
	"encoding/json"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
)

// resolvedColorsJSON is the compact JSON of a theme's resolved colors,
// served at {prefix}/api/v2/theme/colors/ for clients that cannot read
// CSS (a native app, a canvas chart, an e-mail renderer, a CSS-in-JS
// library): its id and name, then per scheme every CSS variable of the
// stylesheet with its hsl string (colorref's canonical form of the sRGB
// color painted) and hex color ([colorref.Color.Hex], Chromium's 8-bit
// integers), and, for a color written in another notation than hsl(),
// its css string: the stylesheet's value, in its own notation (an
// oklch() or Display-P3 color may lie outside sRGB, which hsl and hex
// clip). Keys are in catalog order:
//
//	{"id": 2, "name": "Night",
//	 "light": {"--nav-bg": {"hsl": "hsl(222, 50%, 20%)", "hex": "#1a2b4d"},
//	           "--link": {"hsl": "hsl(…)", "hex": "#…", "css": "oklch(62.8% 0.2577 29.23)"}, ...},
//	 "dark": {...}}
func resolvedColorsJSON(t *theming.ResolvedTheme) []byte {
	b := []byte(`{"id":`)
	b = strconv.AppendInt(b, int64(t.ID()), 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, t.Name())
	for _, sc := range theming.Schemes() {
		b = append(b, ',')
		b = appendJSONString(b, string(sc))
		b = append(b, ":{"...)
		first := true
		for name, v := range t.Variables(sc) {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, name)
			b = append(b, `:{"hsl":`...)
			b = appendJSONString(b, v.In(colorref.NotationHSL).String())
			b = append(b, `,"hex":`...)
			b = appendJSONString(b, v.Hex())
			if v.Notation() != colorref.NotationHSL {
				b = append(b, `,"css":`...)
				b = appendJSONString(b, v.String())
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it.
func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

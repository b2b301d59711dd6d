// Package scale makes color scales targeted by contrast: for a key
// color, one scale for a light page and one for a dark page, each step
// placed at a contrast ratio against the page that the caller asks for,
// as Adobe Leonardo places its swatches. By default a scale has the 12
// steps of [DefaultRatios], from 1.05:1 beside the page to 12:1.
//
// Each step is an oklch() color with the key's hue, at the OKLab
// lightness nearest the page whose contrast with the page reaches the
// ratio under [contrast.Both]: the WCAG formula on exact channels and
// the 8-bit measure axe-core takes in Chromium alike. Its chroma is the
// key's where sRGB holds it at that lightness and brought into sRGB
// where it does not ([colorref.Color.WithLightness]), so a step paints
// the same on every screen and is judged as painted. Each [Step] knows
// the ratio asked for and the ratios it reaches; its rendered ratio lies
// within [Tolerance] (0.02) above the ratio asked for: where the 8-bit
// channels jump past that at the key's chroma, the step takes the
// highest lower chroma that lands inside it.
//
//	key, _ := colorref.Parse("#1877F2")
//	s, err := scale.New(key, scale.Options{})
//	css, err := s.AppendCSS(nil, "brand") // :root { --brand-1: oklch(…); … } and the dark page's
//
// [Scale.AppendCSS] writes the steps as CSS custom properties and
// [Scale.Tokens] gives them in the shape of Design Tokens color tokens,
// each in oklch with its ratio.
//
// TestStepsInChromium measures the default scales of 30 key colors on
// both default pages in Chromium with axe-core (720 steps): every step
// reaches its ratio and lies within 0.02 above it. Adobe Leonardo 1.1.0,
// asked for the same keys, ratios and pages and measured the same way,
// places 201 of its 720 colors below their ratio (docs/scales.md).
//
// The package imports colorref and contrast; neither they nor theming
// import it.
package scale

// Package colorref parses and formats the color values of a theme catalog:
// CSS colors in the notation they were written in (hsl() and hsla(), hex,
// rgb() and rgba(), oklch(), oklab() and color(display-p3 …)), and
// references to other components and to CSS custom properties. It does no
// I/O.
//
// # Colors
//
// Color is a small comparable value type that keeps its [Notation]. The
// zero Color is hsla(0, 0%, 0%, 0), an hsl() color. [ParseColor] accepts
// the CSS Color 4 grammar of hsl() and hsla() strictly, in both the legacy
// comma syntax and the modern space syntax, and rejects everything else
// with a *ParseError that wraps ErrSyntax and names the byte offset of the
// problem. [Parse] accepts every notation the package reads (see
// Notations below); it is the grammar of catalog data, through
// [ParseRef]. A failed parse returns the zero Color, never a guess.
//
// Decisions this package makes where CSS leaves room or differs:
//
//   - Hue wraps modulo 360 into [0, 360), negative hues included.
//   - Alpha clamps to [0, 1], as CSS requires.
//   - Saturation clamps to [0, 100]: CSS clamps negative saturation to 0;
//     this package also clamps values above 100%.
//   - Lightness clamps to [0, 100]. CSS Color 4 keeps such values and
//     leaves them to gamut mapping; clamping keeps every hsl() Color
//     inside the sRGB gamut, which is what contrast math and canonical
//     output need.
//   - none (modern syntax only) counts as 0.
//   - The input must be exactly the function: no surrounding whitespace,
//     comments, escapes or calc().
//   - Numbers that overflow a float64 are rejected.
//
// [Color.String] gives one canonical form per notation; for hsl(),
// "hsl(210, 50%, 40%)" when opaque and "hsla(210, 50%, 40%, 0.5)"
// otherwise, with each number rounded to at most two decimals;
// Color.Compact gives the same without spaces, as palette previews use
// it. SRGB converts to gamma-encoded sRGB exactly as CSS Color 4 does, and
// the package-level SRGB converts back. FromColorful and Color.Colorful
// bridge to github.com/lucasb-eyer/go-colorful for other color-space math.
//
// # Notations
//
// [Parse] reads, strictly as CSS Color 4 defines them, #hex, hsl(),
// rgb(), oklch(), oklab() and color(display-p3 …) (legacy and modern
// syntaxes where CSS has both, none, percentages where CSS allows them,
// angle units for hues, and CSS's parsed-value clamping: rgb() channels
// to 0–255, oklch() and oklab() lightness to [0, 1], a negative oklch()
// chroma to 0; Display-P3 channels and oklab()'s a and b are not
// clamped). The Color keeps the notation and its components
// ([Color.Notation], [Color.Components]), and [Color.String] writes it
// back canonically in it:
//
//	#1877F2                         #1877f2
//	rgb(24 119 242 / 50%)           rgba(24, 119, 242, 0.5)
//	oklch(0.628 0.2577 29.23)       oklch(62.8% 0.2577 29.23)
//	oklab(62.8% 0.22487 0.12583)    oklab(62.8% 0.2249 0.1258)
//	color(display-p3 0.91754 0.2 0.1)   color(display-p3 0.9175 0.2 0.1)
//
// rgb() is written in the legacy comma syntax like hsl() (two decimals);
// oklch(), oklab() and color() in their only, modern syntax, with L as a
// percentage with two decimals (the 0.01 grid of the lightness searches),
// C, a, b and Display-P3 channels with four and hues with two, and the
// alpha after " / " with two. Parse(c.String()) is [Color.Rounded], and
// prints the same. Converting between notations is [Color.In]; the
// constructors [OKLCh], [OKLab], [DisplayP3] and [RGB] make colors of
// those notations, clamping as Parse does. TestNotationVectors compares
// Parse with Color.js (the library axe-core bundles) on 119 inputs, and
// TestParseAgreesWithChromium compares what Parse accepts and what its
// canonical forms denote with Chromium's CSS.supports and computed values.
//
// # The color a browser paints
//
// A color outside sRGB (an oklch() or oklab() color of high chroma, a
// Display-P3 color beyond sRGB's primaries) is measured as the color a
// browser paints on an sRGB screen: its sRGB channels clipped to [0, 1]
// one by one ([Color.SRGB]), then rounded to 8 bits ([Color.RGBA8]).
// That is what Chromium paints and what axe-core 4.x measures: Chromium
// reports such a color in its own notation in getComputedStyle
// ("oklch(0.7 0.4 150)", six significant digits), and axe-core reads
// it with Color.js, clips it into sRGB (toGamut with method "clip") and
// rounds each channel when it flattens the color over its canvas.
// TestPaintedAgreesWithAxeAndChromium checks 243 text and background
// pairs of every notation, most outside sRGB: axe-core reports the
// colors RGBA8 gives and the ratio package contrast's rendered method
// measures, and Chromium's pixels are RGBA8's (a channel one step away
// on about 1% of them, where Skia's rounded matrices differ from CSS's).
// [Color.InSRGB] says whether a color needed the clipping. Package
// contrast needs no change for this: its luminances start from SRGB and
// RGBA8.
//
// The methods of the hsl() model keep their meaning for hsl() colors and
// work on every notation: [Color.HSL] and [Color.HSLA] give the hsl() of
// the sRGB color painted; [Color.WithAlpha] sets the alpha (a hex
// color's to 8 bits); [Color.WithLightness] moves the notation's own
// lightness (OKLab's L for oklch() and oklab(), with the chroma brought
// into sRGB as CSS gamut mapping does; the hsl() lightness of the
// notation's own channels for hex, rgb() and Display-P3), so that a
// lighter input never paints darker (TestWithLightnessNeverDarkens), as
// the lightness searches of package contrast require; [Color.ShortestHSL]
// and [Color.Hex] work from the painted color.
//
// # Hex colors
//
// [ParseHex] reads the hex colors of color pickers and design-token files
// ("#rgb", "#rgba", "#rrggbb", "#rrggbbaa", either case, nothing around
// them) into a Color, with the same *ParseError discipline as ParseColor,
// so host code can convert them to hsl() with [Color.String]. [Parse]
// (and so catalog data, through [ParseRef]) reads the same digits into a
// color that keeps the hex notation.
//
// [Color.Hex] and [Color.RGBA8] go the other way, to 8-bit channels computed
// as Chromium computes a legacy color for getComputedStyle (float32
// hsl-to-sRGB, a 1e-7 nudge, then ×255 rounded half away from zero, so an
// exact 76.5 is 77; alpha to the nearest 1/255). Browser-based contrast
// checkers measure those integers; package contrast's rendered method
// starts from them. TestRGBA8MatchesChromium compares them with Chromium's
// computed style on every lightness of the 0.01% grid for three hues
// (30,003 colors, every 8-bit step and exact half among them) and on all
// 256 alphas. [ParseHex] then Hex gives back the input's digits in the
// long lower-case form.
//
// # Color spaces
//
// [FromSpace] converts a color given in another space of CSS Color 4
// ([Space]: srgb, srgb-linear, hsl, hwb, lab, lch, oklab, oklch, xyz-d65,
// xyz-d50) into a Color, by CSS Color 4's conversions, and says whether
// it lay inside sRGB (a color outside is clamped channel by channel).
// Its conversions are the ones the notations use ([Color.In],
// [Color.SRGB]), with CSS Color 4's matrices: the one place the library
// converts color spaces. Design tokens (package theming/dtcg) convert
// through it. TestFromSpaceAgreesWithGoColorful
// and TestFromSpaceAgreesWithChromium check it against go-colorful's
// code and against Chromium's relative color syntax.
//
// # References
//
// ParseRef parses and classifies the value of a fallback or a contrast
// target into a Ref: a literal color in any notation [Parse] reads, kept
// in it, a component id (lower-case words
// joined by hyphens: "primary-button"), or a CSS custom property name
// ("--button-text"). CheckComponentID and CheckVariable validate a name of a
// known kind.
package colorref

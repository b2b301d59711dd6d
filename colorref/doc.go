// Package colorref parses and formats the color values of a theme catalog:
// CSS hsl() and hsla() colors, and references to other components and to
// CSS custom properties. It does no I/O.
//
// # Colors
//
// Color is a small value type in the CSS hsl() model. ParseColor accepts the
// CSS Color 4 grammar of hsl() and hsla() strictly, in both the legacy comma
// syntax and the modern space syntax, and rejects everything else with a
// *ParseError that wraps ErrSyntax and names the byte offset of the problem.
// A failed parse returns the zero Color, never a guess.
//
// Decisions this package makes where CSS leaves room or differs:
//
//   - Hue wraps modulo 360 into [0, 360), negative hues included.
//   - Alpha clamps to [0, 1], as CSS requires.
//   - Saturation clamps to [0, 100]: CSS clamps negative saturation to 0;
//     this package also clamps values above 100%.
//   - Lightness clamps to [0, 100]. CSS Color 4 keeps such values and
//     leaves them to gamut mapping; clamping keeps every Color inside the
//     sRGB gamut, which is what contrast math and canonical output need.
//   - none (modern syntax only) counts as 0.
//   - The input must be exactly the function: no surrounding whitespace,
//     comments, escapes or calc().
//   - Numbers that overflow a float64 are rejected.
//
// [Color.String] gives one canonical form, "hsl(210, 50%, 40%)" when opaque
// and "hsla(210, 50%, 40%, 0.5)" otherwise, with each number rounded to at
// most two decimals; Color.Compact gives the same without spaces, as palette
// previews use it. SRGB converts to gamma-encoded sRGB exactly as CSS Color 4
// does, and the package-level SRGB converts back. FromColorful and
// Color.Colorful bridge to github.com/lucasb-eyer/go-colorful for other
// color-space math.
//
// # Hex colors
//
// [ParseHex] reads the hex colors of color pickers and design-token files
// ("#rgb", "#rgba", "#rrggbb", "#rrggbbaa", either case, nothing around
// them) into a Color, with the same *ParseError discipline as ParseColor,
// so host code can convert them to a catalog's hsl() form with
// [Color.String]. Catalog data itself stays hsl()/hsla().
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
// It is the one place the library converts color spaces: design tokens
// (package theming/dtcg) convert through it, and an oklch() syntax for
// catalog colors would parse into it. TestFromSpaceAgreesWithGoColorful
// and TestFromSpaceAgreesWithChromium check it against go-colorful's
// code and against Chromium's relative color syntax.
//
// # References
//
// ParseRef parses and classifies the value of a fallback or a contrast
// target into a Ref: a literal color, a component id (lower-case words
// joined by hyphens: "primary-button"), or a CSS custom property name
// ("--button-text"). CheckComponentID and CheckVariable validate a name of a
// known kind.
package colorref

package colorref

// Notation is the CSS syntax a [Color] was written in, which it keeps:
// its components are held in that notation's units and [Color.String]
// writes them back in it. The zero Notation is [NotationHSL], so the zero
// Color is an hsl() color.
type Notation uint8

// The notations [Parse] reads, with what a Color of each holds (see
// [Color.Components]).
const (
	// NotationHSL is hsl() and hsla(): hue in degrees [0, 360),
	// saturation and lightness in percent [0, 100].
	NotationHSL Notation = iota
	// NotationHex is #rgb, #rgba, #rrggbb and #rrggbbaa: red, green and
	// blue as whole numbers 0–255, alpha a multiple of 1/255.
	NotationHex
	// NotationRGB is rgb() and rgba(): red, green and blue in [0, 255],
	// not necessarily whole.
	NotationRGB
	// NotationOKLCh is oklch(): OKLab lightness in [0, 1], chroma from
	// 0 up (0.4 is CSS's 100%), hue in degrees [0, 360).
	NotationOKLCh
	// NotationOKLab is oklab(): lightness in [0, 1], a and b of any sign
	// (±0.4 is CSS's ±100%).
	NotationOKLab
	// NotationDisplayP3 is color(display-p3 r g b): gamma-encoded
	// Display-P3 channels, 0–1 inside its gamut, any number outside it.
	NotationDisplayP3
)

var notationNames = [...]string{"hsl", "hex", "rgb", "oklch", "oklab", "display-p3"}

// String returns the notation's name: "hsl", "hex", "rgb", "oklch",
// "oklab" or "display-p3"; "" for a value that is none of them.
func (n Notation) String() string {
	if int(n) >= len(notationNames) {
		return ""
	}
	return notationNames[n]
}

// legacy reports whether n is one of CSS's legacy sRGB syntaxes, which
// browsers compute as 8-bit rgb() and which always lie inside sRGB.
func (n Notation) legacy() bool { return n <= NotationRGB }

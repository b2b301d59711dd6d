package contrast

import (
	"fmt"
	"math"

	"github.com/themekit/themekit/colorref"
)

// APCA-W3 constants, version 0.0.98G-4g (the "G" series used by the
// apca-w3 reference implementation).
const (
	apcaTRC = 2.4 // simple exponent to linearise sRGB

	apcaRco = 0.2126729
	apcaGco = 0.7151522
	apcaBco = 0.0721750

	apcaNormBG  = 0.56 // normal polarity: dark text on a light background
	apcaNormTXT = 0.57
	apcaRevTXT  = 0.62 // reverse polarity: light text on a dark background
	apcaRevBG   = 0.65

	apcaBlkThrs = 0.022 // soft clamp of near-black luminances
	apcaBlkClmp = 1.414

	apcaScaleBoW    = 1.14
	apcaScaleWoB    = 1.14
	apcaLoBoWOffset = 0.027
	apcaLoWoBOffset = 0.027
	apcaDeltaYMin   = 0.0005
	apcaLoClip      = 0.1
)

// APCA returns the APCA-W3 lightness contrast Lc of text over a background
// (constants 0.0.98G-4g), signed as the reference implementation signs it:
// positive for dark text on a light background, negative for light text on
// a dark background, 0 when the difference is below the noise floor. Its
// magnitude runs to about 106 (black on white) and 108 (white on black).
//
// Translucency follows Ratio: translucent text is composited over the
// background, and a translucent background over opaque white (see
// APCAOver). Unlike WCAG 2, APCA is not symmetric: swap the arguments and
// the value changes.
func APCA(text, bg colorref.Color) float64 {
	return APCAOver(text, bg, white())
}

// APCAOver is APCA with a translucent background composited over the given
// backdrop instead of white.
func APCAOver(text, bg, backdrop colorref.Color) float64 {
	f, b := pair(text, bg, backdrop)
	return apcaLc(apcaY(f), apcaY(b))
}

// apcaY is APCA's screen luminance: each channel raised to 2.4 (no linear
// segment), weighted.
func apcaY(c [3]float64) float64 {
	return apcaRco*math.Pow(c[0], apcaTRC) + apcaGco*math.Pow(c[1], apcaTRC) + apcaBco*math.Pow(c[2], apcaTRC)
}

// apcaLc is APCAcontrast(txtY, bgY) of apca-w3.
func apcaLc(txtY, bgY float64) float64 {
	if txtY <= apcaBlkThrs {
		txtY += math.Pow(apcaBlkThrs-txtY, apcaBlkClmp)
	}
	if bgY <= apcaBlkThrs {
		bgY += math.Pow(apcaBlkThrs-bgY, apcaBlkClmp)
	}
	if math.Abs(bgY-txtY) < apcaDeltaYMin {
		return 0
	}
	var lc float64
	if bgY > txtY { // dark text on a light background
		sapc := (math.Pow(bgY, apcaNormBG) - math.Pow(txtY, apcaNormTXT)) * apcaScaleBoW
		if sapc >= apcaLoClip {
			lc = sapc - apcaLoBoWOffset
		}
	} else { // light text on a dark background
		sapc := (math.Pow(bgY, apcaRevBG) - math.Pow(txtY, apcaRevTXT)) * apcaScaleWoB
		if sapc <= -apcaLoClip {
			lc = sapc + apcaLoWoBOffset
		}
	}
	return lc * 100
}

// APCA Bronze simple-mode levels, |Lc| minimums, from the APCA Readability
// Criterion's "Bronze Simple Mode" (https://readtech.org/ARC/tests/bronze-simple-mode/,
// summarised in "APCA in a Nutshell",
// https://git.apcacontrast.com/documentation/APCA_in_a_Nutshell.html):
//
//   - Lc 75: the minimum for columns of body text (Lc 90 preferred);
//   - Lc 60: the minimum for content text that is not body text, such as
//     text at WCAG 2's large sizes (24px, or 16px bold and up);
//   - Lc 45: the minimum for larger, heavier text (headlines) and for
//     non-text with fine details: outline icons, pictograms;
//   - Lc 30 and Lc 15: spot-readable text and solid icons, and
//     non-semantic dividers; this package does not use them.
const (
	APCABodyText  = 75.0 // Type Text
	APCALargeText = 60.0 // Type LargeText
	APCANonText   = 45.0 // Type NonText
)

// lcPasses is APCA's comparison, the one place it is written: a pair
// passes an APCA level when its |Lc| is at least the level, whichever
// its polarity.
func lcPasses(lc, required float64) bool { return math.Abs(lc) >= required }

// APCARequired returns the |Lc| the APCA policy requires for content of
// type t: 75 for Text, 60 for LargeText and 45 for NonText, the Bronze
// simple-mode levels above. For non-text content this package takes Lc 45,
// the level for fine-detailed non-text such as outline icons and input
// borders, rather than the Lc 30 of solid icons, because a catalog does not
// say which kind a rule protects. Any other type gives an error wrapping
// [ErrUnknownType].
func APCARequired(t Type) (float64, error) {
	switch t {
	case Text:
		return APCABodyText, nil
	case LargeText:
		return APCALargeText, nil
	case NonText:
		return APCANonText, nil
	}
	return 0, fmt.Errorf("%w %q (want text, large-text or non-text)", ErrUnknownType, string(t))
}

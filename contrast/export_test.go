package contrast

import "strconv"

// CSSAlphaForTest formats the alpha cssAlpha reads, as Chromium prints it.
func CSSAlphaForTest(a8 uint8) string {
	return strconv.FormatFloat(cssAlpha(a8), 'f', -1, 64)
}

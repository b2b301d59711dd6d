package browsertest

import (
	"fmt"
	"regexp"
	"strconv"
)

// computedColor is a color as Chromium serializes a computed sRGB color:
// rgb(r, g, b) or rgba(r, g, b, a), channels integers, alpha a decimal.
var computedColor = regexp.MustCompile(`^rgba?\((\d{1,3}), (\d{1,3}), (\d{1,3})(?:, ([0-9.]+))?\)$`)

// RGBA8 reads a computed color (getComputedStyle's color, or a registered
// <color> custom property's value) as 8-bit channels, the alpha scaled to
// 0..255 and rounded, so that it compares with colorref's Color.RGBA8:
// tests compare colors, not their strings.
func RGBA8(s string) ([4]uint8, error) {
	m := computedColor.FindStringSubmatch(s)
	if m == nil {
		return [4]uint8{}, fmt.Errorf("browsertest: %q is not a computed rgb() or rgba() color", s)
	}
	var out [4]uint8
	for i := range 3 {
		v, err := strconv.Atoi(m[i+1])
		if err != nil || v > 255 {
			return [4]uint8{}, fmt.Errorf("browsertest: channel %q of %q is not 0..255", m[i+1], s)
		}
		out[i] = uint8(v)
	}
	out[3] = 255
	if m[4] != "" {
		a, err := strconv.ParseFloat(m[4], 64)
		if err != nil || a > 1 {
			return [4]uint8{}, fmt.Errorf("browsertest: alpha %q of %q is not 0..1", m[4], s)
		}
		out[3] = uint8(a*255 + 0.5)
	}
	return out, nil
}

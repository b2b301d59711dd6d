package colorref_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// computedColors loads a page in headless Chromium that sets each of the
// given CSS colors on an element and reads back getComputedStyle's color,
// and returns those strings in order ("" for a color Chromium does not
// support).
func computedColors(t *testing.T, colors []string) []string {
	t.Helper()
	_, got := supportsAndComputed(t, colors)
	return got
}

// TestRGBA8MatchesChromium compares Color.RGBA8 with the computed style
// of headless Chromium on every lightness of the 0.01% grid colorref
// prints (10,001 values) for a grey and two hues, which passes through
// every 8-bit step and every exact half (grey 50% is 127.5, green 15% is
// 76.5), and on every 8-bit alpha written as hex, whose computed decimal
// must denote the same 8-bit value.
func TestRGBA8MatchesChromium(t *testing.T) {
	browsertest.Chromium(t)
	var colors []colorref.Color
	for _, base := range []colorref.Color{colorref.HSL(0, 0, 0), colorref.HSL(120, 100, 0), colorref.HSL(210, 50, 0)} {
		for k := 0; k <= 10000; k++ {
			colors = append(colors, base.WithLightness(float64(k)/100))
		}
	}
	var css []string
	for _, c := range colors {
		css = append(css, c.String())
	}
	for a := 0; a < 256; a++ {
		css = append(css, fmt.Sprintf("#336699%02x", a))
	}
	got := computedColors(t, css)

	rgb := regexp.MustCompile(`^rgba?\((\d+), (\d+), (\d+)(?:, ([0-9.]+))?\)$`)
	for i, c := range colors {
		r, g, b, _ := c.RGBA8()
		if want := fmt.Sprintf("rgb(%d, %d, %d)", r, g, b); got[i] != want {
			t.Errorf("%s: Chromium computes %s, RGBA8 gives %s", c, got[i], want)
		}
	}
	for a := 0; a < 256; a++ {
		s := got[len(colors)+a]
		m := rgb.FindStringSubmatch(s)
		require.NotNil(t, m, "alpha %d: computed %q", a, s)
		c, err := colorref.ParseHex(css[len(colors)+a])
		require.NoError(t, err)
		_, _, _, a8 := c.RGBA8()
		require.Equal(t, uint8(a), a8)
		seen := 255
		if m[4] != "" {
			v, err := strconv.ParseFloat(m[4], 64)
			require.NoError(t, err)
			seen = int(v*255 + 0.5)
		}
		if seen != a {
			t.Errorf("alpha %d: Chromium computes %s, which reads as %d", a, s, seen)
		}
	}
}

package colorref_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// hint is what a user writes for a hex color: ShortestHSL's text.
func hint(t testing.TB, hex string) string {
	c, err := colorref.ParseHex(hex)
	require.NoError(t, err)
	return c.ShortestHSL().String()
}

// TestShortestHSLRendersTheSameEightBitColor takes 300,000 seeded hex
// colors through their hint, parsed back as a catalog parses it, and
// the renderer's 8-bit rounding (RGBA8, checked against Chromium by
// TestRGBA8MatchesChromium and below): each gives the hex color's digits
// back.
func TestShortestHSLRendersTheSameEightBitColor(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	decimals := map[int]int{}
	for range 300_000 {
		hex := fmt.Sprintf("#%06x", rng.IntN(1<<24))
		s := hint(t, hex)
		c, err := colorref.ParseColor(s)
		require.NoError(t, err, s)
		if c.Hex() != hex {
			t.Fatalf("%s: the hint %s renders as %s", hex, s, c.Hex())
		}
		decimals[strings.Count(s, ".")]++
	}
	t.Logf("numbers with a decimal point per hint: %v", decimals)
}

func TestShortestHSLPrefersWholeNumbers(t *testing.T) {
	for hex, want := range map[string]string{
		"#ffffff":   "hsl(0, 0%, 100%)",
		"#ff0000":   "hsl(0, 100%, 50%)",
		"#808080":   "hsl(0, 0%, 50%)", // 127.5 rounds to 128
		"#00000080": "hsla(0, 0%, 0%, 0.5)",
		"#1a73e8":   "hsl(214.1, 81.7%, 50.6%)", // saturation 81.7499…%
	} {
		assert.Equal(t, want, hint(t, hex), hex)
	}
	// The issue's example: whole numbers render a different color.
	c, err := colorref.ParseColor("hsl(214, 82%, 51%)")
	require.NoError(t, err)
	assert.Equal(t, "#1c74e9", c.Hex())
}

// TestShortestHSLRendersInChromium has Chromium compute the hints of
// 2,000 seeded hex colors: each is the hex color.
func TestShortestHSLRendersInChromium(t *testing.T) {
	browsertest.Chromium(t)
	rng := rand.New(rand.NewPCG(11, 13))
	var hexes, hints []string
	for range 2000 {
		hex := fmt.Sprintf("#%06x", rng.IntN(1<<24))
		hexes = append(hexes, hex)
		hints = append(hints, hint(t, hex))
	}
	got := computedColors(t, hints)
	for i, hex := range hexes {
		c, err := colorref.ParseHex(hex)
		require.NoError(t, err)
		r, g, b, _ := c.RGBA8()
		if want := fmt.Sprintf("rgb(%d, %d, %d)", r, g, b); got[i] != want {
			t.Errorf("%s: Chromium renders its hint %s as %s", hex, hints[i], got[i])
		}
	}
}

// The hsl() to write for a hex color from a color picker.
func ExampleColor_ShortestHSL() {
	c, _ := colorref.ParseHex("#1a73e8")
	fmt.Println(c.ShortestHSL())
	// Output: hsl(214.1, 81.7%, 50.6%)
}

package colorref_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

// colorJSSpace is the Color.js space each notation parses into.
var colorJSSpace = map[colorref.Notation]string{
	colorref.NotationHex:       "srgb",
	colorref.NotationRGB:       "srgb",
	colorref.NotationOKLCh:     "oklch",
	colorref.NotationOKLab:     "oklab",
	colorref.NotationDisplayP3: "p3",
}

// TestNotationVectors compares Parse with Color.js, an independent
// implementation of CSS Color 4 and the one axe-core bundles
// (testdata/notation-vectors.json; regenerate with
// testdata/gen/notations.mjs): the notation, the components, the sRGB
// color it paints (Color.SRGB, clipped into sRGB as axe-core clips it),
// whether it lies inside sRGB (Color.js's unclipped channels), and that
// the canonical form parses back to a color that prints the same. The
// strings Color.js reads wrongly must parse too.
func TestNotationVectors(t *testing.T) {
	var file struct {
		Generator string   `json:"generator"`
		Rejects   []string `json:"colorjs_rejects"`
		Vectors   []struct {
			Input  string     `json:"input"`
			Space  string     `json:"space"`
			Coords [3]float64 `json:"coords"`
			Alpha  float64    `json:"alpha"`
			SRGB   [3]float64 `json:"srgb"`
			Clip   [3]float64 `json:"clip"`
		} `json:"vectors"`
	}
	readJSON(t, "testdata/notation-vectors.json", &file)
	require.GreaterOrEqual(t, len(file.Vectors), 100, "vectors from %s", file.Generator)
	seen := map[colorref.Notation]int{}
	for _, v := range file.Vectors {
		c, err := colorref.Parse(v.Input)
		if !assert.NoError(t, err, "Parse(%q): Color.js reads it", v.Input) {
			continue
		}
		n := c.Notation()
		seen[n]++
		assert.Equal(t, v.Space, colorJSSpace[n], "%q parses as %s", v.Input, n)
		want := v.Coords
		switch n {
		case colorref.NotationHex, colorref.NotationRGB:
			for i := range want {
				want[i] *= 255 // Color.js holds sRGB in 0..1, CSS's rgb() in 0..255
			}
		case colorref.NotationOKLCh:
			want[2] = math.Mod(math.Mod(want[2], 360)+360, 360)
		}
		got := c.Components()
		assert.InDeltaSlice(t, want[:], got[:], 1e-9, "components of %q against %s", v.Input, file.Generator)
		assert.InDelta(t, v.Alpha, c.Alpha(), 1e-12, "alpha of %q", v.Input)
		r, g, b, _ := c.SRGB()
		assert.InDeltaSlice(t, v.Clip[:], []float64{r, g, b}, 1e-9, "painted sRGB of %q", v.Input)
		inside := true
		for _, x := range v.SRGB {
			inside = inside && x >= -1e-4 && x <= 1+1e-4
		}
		assert.Equal(t, inside, c.InSRGB(), "%q inside sRGB: Color.js's unclipped channels are %v", v.Input, v.SRGB)

		back, err := colorref.Parse(c.String())
		if assert.NoError(t, err, "the canonical form %q of %q", c.String(), v.Input) {
			assert.Equal(t, c.String(), back.String(), "%q reprints", v.Input)
			assert.Equal(t, c.Rounded(), back, "Rounded is the parsed canonical form of %q", v.Input)
		}
	}
	for n := colorref.NotationHex; n <= colorref.NotationDisplayP3; n++ {
		assert.GreaterOrEqual(t, seen[n], 12, "vectors of %s", n)
	}
	for _, s := range file.Rejects {
		_, err := colorref.Parse(s)
		assert.NoError(t, err, "Parse(%q): valid CSS that Color.js reads wrongly", s)
	}
}

package colorref_test

import (
	"math/rand/v2"
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// TestWithLightnessNeverDarkens walks WithLightness over the 0.01 grid
// of the lightness searches (0 to 100 percent) for seeded colors of every
// notation, inside and outside sRGB, and checks that the WCAG luminance
// of the painted color (Color.SRGB, clipped into sRGB) never falls as the
// lightness grows: the searches of package contrast rely on it.
func TestWithLightnessNeverDarkens(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	var colors []colorref.Color
	for range 12 {
		h := rng.Float64() * 360
		colors = append(colors,
			colorref.HSL(h, rng.Float64()*100, 50),
			colorref.RGB(rng.Float64()*255, rng.Float64()*255, rng.Float64()*255, 1),
			colorref.RGBA8(uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255).In(colorref.NotationHex),
			colorref.OKLCh(0.5, rng.Float64()*0.4, h, 1), // up to far outside sRGB
			colorref.OKLab(0.5, rng.Float64()*0.8-0.4, rng.Float64()*0.8-0.4, 1),
			colorref.DisplayP3(rng.Float64()*1.2-0.1, rng.Float64()*1.2-0.1, rng.Float64()*1.2-0.1, 1),
		)
	}
	for _, c := range colors {
		prev, prevL := -1.0, 0.0
		for k := 0; k <= 10000; k++ {
			l := float64(k) / 100
			y := contrast.Luminance(c.WithLightness(l))
			if y < prev*(1-1e-12) {
				t.Errorf("%s (%s): lightness %.2f paints luminance %.6f, below the %.6f of %.2f", c, c.Notation(), l, y, prev, prevL)
				break
			}
			prev, prevL = y, l
		}
	}
}

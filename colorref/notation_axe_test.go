package colorref_test

import (
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/testkit/axepage"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// paintPairs are text and background colors of every notation, many of
// them outside sRGB (oklch chroma up to 0.4, Display-P3 channels up to
// 1, oklab a and b up to ±0.4), seeded.
func paintPairs() [][2]colorref.Color {
	rng := rand.New(rand.NewPCG(38, 3))
	pick := func() colorref.Color {
		switch rng.IntN(5) {
		case 0:
			return colorref.OKLCh(rng.Float64(), rng.Float64()*0.4, rng.Float64()*360, 1).Rounded()
		case 1:
			return colorref.DisplayP3(rng.Float64(), rng.Float64(), rng.Float64(), 1).Rounded()
		case 2:
			return colorref.OKLab(rng.Float64(), rng.Float64()*0.8-0.4, rng.Float64()*0.8-0.4, 1).Rounded()
		case 3:
			return colorref.RGB(rng.Float64()*255, rng.Float64()*255, rng.Float64()*255, 1).Rounded()
		}
		return colorref.HSL(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100).Rounded()
	}
	pairs := [][2]colorref.Color{
		{colorref.DisplayP3(1, 0, 0, 1), colorref.HSL(0, 0, 100)},
		{colorref.OKLCh(0.7, 0.4, 150, 1), colorref.HSL(0, 0, 0)},
		{colorref.DisplayP3(0.5, 0.5, 0.5, 1), colorref.DisplayP3(1, 1, 1, 1)},
	}
	for i := range 240 {
		fg := pick()
		if i%4 == 0 { // a translucent text, its alpha printed with two decimals
			fg = fg.WithAlpha(float64(20+rng.IntN(80)) / 100)
		}
		pairs = append(pairs, [2]colorref.Color{fg, pick()})
	}
	return pairs
}

// TestPaintedAgreesWithAxeAndChromium shows how a color outside sRGB is
// brought into the sRGB that WCAG and axe-core measure, on text and
// background colors of every notation (most of the oklch(), oklab() and
// Display-P3 ones outside sRGB), written in their canonical form:
//
//   - Chromium paints each background as the 8-bit color RGBA8 gives (read
//     from a screenshot's pixels): the sRGB channels clipped, then rounded;
//   - axe-core 4.x (color-contrast, in the same Chromium) reports for each
//     text the foreground and background RGBA8 gives (a translucent text,
//     a quarter of them, flattened over its background as
//     contrast.RenderedColors flattens it), and the WCAG ratio
//     contrast.RatioRendered measures on those colors, truncated to two
//     decimals as axe reports it, with the same verdict at 4.5:1; a
//     translucent text in oklch(), oklab() or Display-P3 is flattened by
//     axe-core from its unrounded channels, and lands within one 8-bit
//     step of contrast's flattening.
func TestPaintedAgreesWithAxeAndChromium(t *testing.T) {
	pairs := paintPairs()
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>painted colors</title>
<style>body{margin:0;background:#fff;font-family:sans-serif}main{display:flex;flex-wrap:wrap}div{width:40px;height:40px;overflow:hidden}span{font-size:16px;line-height:40px}</style>
</head><body><main>
`)
	outside := 0
	for i, p := range pairs {
		if !p[0].InSRGB() || !p[1].InSRGB() {
			outside++
		}
		fmt.Fprintf(&page, `<div style="background-color: %s"><span id="p%d" style="color: %s">Ag</span></div>`+"\n", p[1], i, p[0])
	}
	page.WriteString(`</main></body></html>`)
	require.Greater(t, outside, 100, "most pairs hold a color outside sRGB")

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page.String())
	}))
	defer srv.Close()

	t.Run("Chromium paints the clipped 8-bit color", func(t *testing.T) {
		// 1040 px wide: 26 squares of 40 px a row.
		res := browsertest.Load(t, browsertest.Page{URL: srv.URL + "/", Width: 1040, Height: 40 * ((len(pairs) + 25) / 26)})
		f, err := os.Open(res.Screenshot)
		require.NoError(t, err)
		defer f.Close()
		img, err := png.Decode(f)
		require.NoError(t, err)
		off := 0
		for i, p := range pairs {
			x, y := (i%26)*40+2, (i/26)*40+2 // a corner no glyph reaches
			r, g, b, _ := img.At(x, y).RGBA()
			wr, wg, wb, _ := p[1].RGBA8()
			got, want := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}, [3]uint8{wr, wg, wb}
			if got == want {
				continue
			}
			off++
			for k := range got {
				assert.LessOrEqual(t, math.Abs(float64(got[k])-float64(want[k])), 1.0,
					"Chromium paints %s (in sRGB: %v) as %v, RGBA8 gives %v", p[1], p[1].InSRGB(), got, want)
			}
		}
		// Skia converts with its own, rounded matrices (see
		// TestFromSpaceAgreesWithChromium): a channel lands one step away
		// now and then. axe-core reads the computed value instead, which
		// is what RGBA8 follows exactly.
		t.Logf("Chromium paints %d of %d backgrounds one 8-bit step from RGBA8 in a channel, the rest exactly", off, len(pairs))
		assert.Less(t, off, len(pairs)/10)
	})

	t.Run("axe-core measures the clipped 8-bit colors", func(t *testing.T) {
		nodes := axepage.Launch(t).ColorContrast(t, page.String())
		require.Len(t, nodes, len(pairs), "axe-core judged every text")
		near := 0 // translucent oklch(), oklab() and Display-P3 texts (see below)
		for _, n := range nodes {
			var i int
			_, err := fmt.Sscanf(n.ID, "p%d", &i)
			require.NoError(t, err, "node %q", n.ID)
			fg, bg := pairs[i][0], pairs[i][1]
			white := colorref.HSL(0, 0, 100)
			rf, rb := contrast.RenderedColors(fg, bg, white) // a translucent text flattened as axe-core does
			ours := contrast.RatioRendered(fg, bg, white)
			assert.Equal(t, rb.Hex(), n.BG, "axe-core's background of %s on %s", fg, bg)
			if !fg.Opaque() && fg.Notation() > colorref.NotationRGB {
				// axe-core composites such a text with its unrounded
				// channels (flattenColors' blend term, Cs.r·255), where
				// contrast's rendered method takes the 8-bit ones that
				// every legacy color has: a flattened channel may land one
				// step away, and the ratio by as much.
				near++
				got, err := colorref.ParseHex(n.FG)
				require.NoError(t, err)
				gr, gg, gb, _ := got.RGBA8()
				wr, wg, wb, _ := rf.RGBA8()
				for k, d := range [3]int{int(gr) - int(wr), int(gg) - int(wg), int(gb) - int(wb)} {
					assert.LessOrEqual(t, d*d, 1, "channel %d of axe-core's foreground %s of %s on %s, ours %s", k, n.FG, fg, bg, rf.Hex())
				}
				assert.InDelta(t, ours, n.Ratio, 0.05, "axe-core's ratio of %s on %s", fg, bg)
				continue
			}
			assert.Equal(t, rf.Hex(), n.FG, "axe-core's foreground of %s on %s", fg, bg)
			assert.Equal(t, math.Floor(ours*100)/100, n.Ratio, "axe-core's ratio of %s on %s (ours %.6f)", fg, bg, ours)
			want := "fail"
			switch {
			case ours >= contrast.TextAA: // axe passes 4.5 and above (4.5 truncated)
				want = "pass"
			case math.Floor(ours*100)/100 == 1: // a ratio that prints as 1: axe cannot tell
				want = "incomplete"
			}
			assert.Equal(t, want, n.Result, "axe-core's verdict on %s on %s, ratio %.6f", fg, bg, ours)
		}
		t.Logf("%d translucent texts in oklch(), oklab() or Display-P3 compared within an 8-bit step; the other %d exactly", near, len(nodes)-near)
	})
}

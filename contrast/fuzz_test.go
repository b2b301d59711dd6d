package contrast_test

import (
	"math"
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// FuzzRatioRendered checks the rendered method on arbitrary colors: it
// never panics, its ratio lies in [1, 21], its flattened colors are opaque
// and give the same ratio, Both passes only what Exact and Rendered both
// pass, and a suggestion under Both passes in its printed form.
func FuzzRatioRendered(f *testing.F) {
	f.Add(221.0, 72.0, 45.0, 0.9, 220.0, 20.0, 20.0, 0.8, 220.0, 15.0, 10.0, 4.5)
	f.Add(0.0, 0.0, 46.53, 1.0, 0.0, 0.0, 100.0, 1.0, 0.0, 0.0, 100.0, 4.5)
	f.Add(120.0, 100.0, 15.0, 0.5, 0.0, 0.0, 50.0, 0.004, 60.0, 100.0, 15.0, 3.0)
	f.Add(-1e300, 1e308, math.Copysign(0, -1), 2.0, 720.5, -5.0, 100.0001, 0.0, 359.999, 100.0, 0.0, 7.0)
	f.Fuzz(func(t *testing.T, fh, fs, fl, fa, bh, bs, bl, ba, dh, ds, dl, required float64) {
		fg, bg, bd := colorref.HSLA(fh, fs, fl, fa), colorref.HSLA(bh, bs, bl, ba), colorref.HSL(dh, ds, dl)
		r := contrast.RatioRendered(fg, bg, bd)
		if !(r >= 1 && r <= 21.0000001) {
			t.Fatalf("RatioRendered(%s, %s, %s) = %v, outside [1, 21]", fg, bg, bd, r)
		}
		ff, fb := contrast.RenderedColors(fg, bg, bd)
		if !ff.Opaque() || !fb.Opaque() {
			t.Fatalf("RenderedColors(%s, %s, %s) = %s, %s: not opaque", fg, bg, bd, ff, fb)
		}
		if got := contrast.RatioRendered(ff, fb, bd); got != r {
			t.Fatalf("the flattened colors %s on %s give %v, the pair %v", ff.Hex(), fb.Hex(), got, r)
		}
		both := contrast.Both.Threshold(required).Passes(fg, bg, bd)
		if both != (contrast.Exact.Threshold(required).Passes(fg, bg, bd) && contrast.Rendered.Threshold(required).Passes(fg, bg, bd)) {
			t.Fatalf("Both disagrees with Exact and Rendered on %s, %s, %s at %v", fg, bg, bd, required)
		}
		if s, ok := contrast.SuggestFor(fg, bg, bd, required, contrast.Both, contrast.Foreground); ok && !both {
			p, err := colorref.ParseColor(s.String())
			if err != nil || !contrast.Both.Threshold(required).Passes(p, bg, bd) {
				t.Fatalf("suggestion %s for %s on %s over %s at %v does not pass as printed", s, fg, bg, bd, required)
			}
		}
	})
}

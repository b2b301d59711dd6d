package contrast_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// hair is how far, in lightness percentage points, the pairs beside a
// threshold lie from the one on it: far enough to move the ratio and the
// Lc by about 1e-10, far below anything a catalog prints.
const hair = 1e-9

// powRatio is the WCAG 2 contrast ratio of two opaque colors written from
// the definition (WCAG 2.2, "relative luminance" and "contrast ratio")
// with math.Pow, apart from the package's table-driven luminance.
func powRatio(fg, bg colorref.Color) float64 {
	lum := func(c colorref.Color) float64 {
		r, g, b, _ := c.SRGB()
		lin := func(v float64) float64 {
			if v <= 0.04045 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	}
	l1, l2 := lum(fg), lum(bg)
	if l1 < l2 {
		l1, l2 = l2, l1
	}
	return (l1 + 0.05) / (l2 + 0.05)
}

// TestExactRatioOnEachWCAGMinimum puts a pair exactly on each WCAG 2
// minimum, 3, 4.5 and 7, as the package computes the ratio and as the
// WCAG formula written with math.Pow computes it (the lightnesses were
// found by bisection over float64 and are exact), and a pair a hair to
// each side. WCAG's "at least" passes the pair on the minimum under the
// exact method; the pair a hair lighter fails, and prints below the
// minimum, cut and not rounded up (2.99:1, not 3.00:1), as FormatRatio
// documents.
func TestExactRatioOnEachWCAGMinimum(t *testing.T) {
	tests := []struct {
		name             string
		fgH, fgS         float64
		fgL              float64 // the foreground's lightness on the minimum
		bgL              float64 // a grey background's lightness
		typ              contrast.Type
		level            contrast.Level
		required         float64
		on, below, above string // Result.String under Exact
	}{
		{"3:1, large text at AA", 120, 60, 41.07131531940733, 98, contrast.LargeText, contrast.AA, 3,
			"3.00:1 >= 3:1 large-text AA: pass", "2.99:1 < 3:1 large-text AA: fail", "3.00:1 >= 3:1 large-text AA: pass"},
		{"3:1, non-text at AA", 120, 60, 41.07131531940733, 98, contrast.NonText, contrast.AA, 3,
			"3.00:1 >= 3:1 non-text AA: pass", "2.99:1 < 3:1 non-text AA: fail", "3.00:1 >= 3:1 non-text AA: pass"},
		{"4.5:1, text at AA", 0, 0, 46.53190469814885, 100, contrast.Text, contrast.AA, 4.5,
			"4.50:1 >= 4.5:1 text AA: pass", "4.49:1 < 4.5:1 text AA: fail", "4.50:1 >= 4.5:1 text AA: pass"},
		{"4.5:1, large text at AAA", 0, 0, 46.53190469814885, 100, contrast.LargeText, contrast.AAA, 4.5,
			"4.50:1 >= 4.5:1 large-text AAA: pass", "4.49:1 < 4.5:1 large-text AAA: fail", "4.50:1 >= 4.5:1 large-text AAA: pass"},
		{"7:1, text at AAA", 210, 60, 34.69066815839256, 98, contrast.Text, contrast.AAA, 7,
			"7.00:1 >= 7:1 text AAA: pass", "6.99:1 < 7:1 text AAA: fail", "7.00:1 >= 7:1 text AAA: pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bg := colorref.HSL(0, 0, tt.bgL)
			req, err := contrast.Required(tt.typ, tt.level)
			require.NoError(t, err)
			require.Equal(t, tt.required, req)
			for _, c := range []struct {
				side string
				l    float64
				want string
			}{{"on the minimum", tt.fgL, tt.on}, {"a hair lighter", tt.fgL + hair, tt.below}, {"a hair darker", tt.fgL - hair, tt.above}} {
				fg := colorref.HSL(tt.fgH, tt.fgS, c.l)
				exact := contrast.RatioOver(fg, bg, bg)
				pass := c.l <= tt.fgL
				if c.l == tt.fgL {
					require.Equal(t, tt.required, exact, "%s: the package's ratio is the minimum, exactly", c.side)
					require.Equal(t, tt.required, powRatio(fg, bg), "%s: the formula's ratio is the minimum, exactly", c.side)
				} else {
					require.Equal(t, pass, exact > tt.required, "%s: the ratio %v lies that side of %v", c.side, exact, tt.required)
				}
				res, err := contrast.Policy{Level: tt.level, Method: contrast.Exact}.Check(fg, bg, bg, tt.typ)
				require.NoError(t, err)
				assert.Equal(t, pass, res.Pass, "%s: Policy.Check %v", c.side, res)
				assert.Equal(t, c.want, res.String(), c.side)
				th, err := contrast.Policy{Level: tt.level, Method: contrast.Exact}.Threshold(tt.typ)
				require.NoError(t, err)
				assert.Equal(t, pass, th.Passes(fg, bg, bg), "%s: Threshold.Passes", c.side)
				assert.Equal(t, pass, contrast.Exact.Threshold(tt.required).Passes(fg, bg, bg), "%s: Exact.Threshold(%v).Passes", c.side, tt.required)
				assert.Equal(t, pass, contrast.Exact.Judge(exact, 0, tt.required), "%s: Exact.Judge", c.side)
			}
		})
	}
}

// TestRenderedRatioBesideEachWCAGMinimum takes the 8-bit greys on white
// either side of each minimum (the greys WebAIM's checker and
// testdata/w3c-examples.json cite: #949494 3.03:1, #767676 4.54:1,
// #595959 7.00:1, and the next lighter grey of each), and judges them
// under the rendered method and Both. No opaque 8-bit pair on white or
// black, and no pair of 8-bit greys, renders exactly at 3, 4.5 or 7 (all
// 2·2^24 + 2^16 were tried), so the rendered comparison on the minimum is
// tested where the ratio is given: Judge, and a Threshold at a pair's own
// rendered ratio.
func TestRenderedRatioBesideEachWCAGMinimum(t *testing.T) {
	white := colorref.HSL(0, 0, 100)
	tests := []struct {
		name     string
		required float64
		pass     uint8   // the darker grey, which passes
		fail     uint8   // the next lighter, which fails
		passAt   float64 // their rendered ratios
		failAt   float64
	}{
		{"3:1", 3, 0x94, 0x95, 3.0335, 2.9953},
		{"4.5:1", 4.5, 0x76, 0x77, 4.5422, 4.4781},
		{"7:1", 7, 0x59, 0x5a, 7.0047, 6.8969},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []struct {
				v    uint8
				at   float64
				want bool
			}{{tt.pass, tt.passAt, true}, {tt.fail, tt.failAt, false}} {
				fg := colorref.RGBA8(c.v, c.v, c.v, 255)
				r := contrast.RatioRendered(fg, white, white)
				require.InDelta(t, c.at, r, 1e-4, "#%02x on white", c.v)
				for _, m := range []contrast.Method{contrast.Rendered, contrast.Both} {
					assert.Equal(t, c.want, m.Threshold(tt.required).Passes(fg, white, white), "#%02x under %s", c.v, m)
				}
				assert.False(t, contrast.Rendered.Threshold(r).Passes(fg, white, white), "#%02x: a rendered ratio equal to the threshold fails", c.v)
				assert.True(t, contrast.Rendered.Threshold(math.Nextafter(r, 0)).Passes(fg, white, white), "#%02x: a threshold a hair below its rendered ratio passes", c.v)
			}
			assert.False(t, contrast.Rendered.Judge(0, tt.required, tt.required), "a rendered ratio on the minimum fails (axe-core: contrast > expected)")
			assert.True(t, contrast.Rendered.Judge(0, math.Nextafter(tt.required, 100), tt.required))
			assert.True(t, contrast.Exact.Judge(tt.required, 0, tt.required), "an exact ratio on the minimum passes (WCAG: at least)")
			assert.False(t, contrast.Exact.Judge(math.Nextafter(tt.required, 0), 0, tt.required))
			assert.False(t, contrast.Both.Judge(tt.required, tt.required, tt.required), "Both needs the rendered ratio above the minimum")
			assert.True(t, contrast.Both.Judge(tt.required, math.Nextafter(tt.required, 100), tt.required))
		})
	}
}

// TestLcOnEachAPCALevel puts a pair's |Lc| exactly on each APCA level the
// package uses (45 non-text, 60 large text, 75 body text), in both
// polarities (found by bisection over float64; the Lc itself is checked
// against published values in TestAPCAPublishedValues), and a pair a hair to each
// side. APCA passes |Lc| at least the level: the pair on it passes, the
// pair a hair nearer the background fails. The light-on-dark pairs pass
// WCAG 2 by far, so Threshold.Passes turns on the Lc alone there.
func TestLcOnEachAPCALevel(t *testing.T) {
	tests := []struct {
		name  string
		fgL   float64 // a grey foreground's lightness, with |Lc| on the level
		bgL   float64 // a grey background's
		typ   contrast.Type
		level float64
		lc    float64 // the signed Lc on the level
	}{
		{"Lc 45, non-text, light on dark", 58.52721049147361, 5, contrast.NonText, 45, -45},
		{"Lc 60, large text, light on dark", 69.34139202411431, 0, contrast.LargeText, 60, -60},
		{"Lc 75, body text, light on dark", 79.55556017237545, 0, contrast.Text, 75, -75},
		{"Lc 45, non-text, dark on light", 67.28687083339106, 100, contrast.NonText, 45, 45},
		{"Lc 60, large text, dark on light", 55.78281120382229, 100, contrast.LargeText, 60, 60},
		{"Lc 75, body text, dark on light", 43.32087707098556, 100, contrast.Text, 75, 75},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lv, err := contrast.APCARequired(tt.typ)
			require.NoError(t, err)
			require.Equal(t, tt.level, lv)
			bg := colorref.HSL(0, 0, tt.bgL)
			// Nearer the background's lightness is less contrast.
			nearer := hair
			if tt.fgL > tt.bgL {
				nearer = -hair
			}
			p := contrast.Policy{APCA: true}
			th, err := p.Threshold(tt.typ)
			require.NoError(t, err)
			for _, c := range []struct {
				side string
				l    float64
				pass bool
			}{{"on the level", tt.fgL, true}, {"a hair nearer the background", tt.fgL + nearer, false}, {"a hair farther", tt.fgL - nearer, true}} {
				fg := colorref.HSL(0, 0, c.l)
				lc := contrast.APCAOver(fg, bg, bg)
				if c.l == tt.fgL {
					require.Equal(t, tt.lc, lc, "the Lc is on the level, exactly")
				} else {
					require.Equal(t, c.pass, math.Abs(lc) > tt.level, "%s: |Lc| %v lies that side of %v", c.side, lc, tt.level)
				}
				res, err := p.Check(fg, bg, bg, tt.typ)
				require.NoError(t, err)
				assert.Equal(t, c.pass, res.APCAPass, "%s: Policy.Check %v", c.side, res)
				assert.Equal(t, res.WCAGPass && c.pass, res.Pass, "%s: %v", c.side, res)
				assert.Equal(t, res.Pass, th.Passes(fg, bg, bg), "%s: Threshold.Passes gives Check's verdict", c.side)
				if tt.fgL > tt.bgL {
					assert.True(t, res.WCAGPass, "%s: light on dark passes WCAG 2: %v", c.side, res)
				}
			}
		})
	}
}

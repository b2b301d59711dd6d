package contrast_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

func mustParse(t testing.TB, s string) colorref.Color {
	t.Helper()
	c, err := colorref.ParseColor(s)
	require.NoError(t, err, "ParseColor(%q)", s)
	return c
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err, "reading %s", path)
	require.NoError(t, json.Unmarshal(b, v), "decoding %s", path)
}

type vectorFile struct {
	Generator string `json:"generator"`
	Pairs     []struct {
		FG               string     `json:"fg"`
		BG               string     `json:"bg"`
		FGLuminance      float64    `json:"fg_luminance"`
		BGLuminance      float64    `json:"bg_luminance"`
		Composited       [3]float64 `json:"composited"`
		WCAGRatio        float64    `json:"wcag_ratio"`
		WCAGRatioFormula float64    `json:"wcag_ratio_formula"`
		APCALc           float64    `json:"apca_lc"`
	} `json:"pairs"`
	APCAReadme []struct {
		Text          string      `json:"text"`
		BG            string      `json:"bg"`
		Lc            float64     `json:"lc"`
		PublishedLc   float64     `json:"published_lc"`
		Composited255 *[3]float64 `json:"composited_255"`
	} `json:"apca_readme"`
}

// TestReferenceVectors checks luminance, compositing, the WCAG ratio and
// APCA Lc against values generated with Color.js and apca-w3
// (testdata/contrast-vectors.json; regenerate with testdata/gen).
func TestReferenceVectors(t *testing.T) {
	var file vectorFile
	readJSON(t, "testdata/contrast-vectors.json", &file)
	require.GreaterOrEqual(t, len(file.Pairs), 80, "pairs from %s", file.Generator)
	for _, p := range file.Pairs {
		fg, bg := mustParse(t, p.FG), mustParse(t, p.BG)
		assert.InDelta(t, p.FGLuminance, contrast.Luminance(fg), 1e-12, "Luminance(%s)", p.FG)
		assert.InDelta(t, p.BGLuminance, contrast.Luminance(bg), 1e-12, "Luminance(%s)", p.BG)

		r, g, b, a := contrast.Composite(fg, bg).SRGB()
		assert.InDeltaSlice(t, p.Composited[:], []float64{r, g, b}, 1e-9, "Composite(%s, %s)", p.FG, p.BG)
		assert.Equal(t, 1.0, a, "Composite(%s, %s) over an opaque background is opaque", p.FG, p.BG)

		ratio := contrast.Ratio(fg, bg)
		assert.InDelta(t, p.WCAGRatioFormula, ratio, 1e-9, "Ratio(%s, %s) against the WCAG formula", p.FG, p.BG)
		// Color.js weights luminance with its own sRGB-to-XYZ matrix, not
		// the rounded WCAG coefficients, so it agrees to about 2e-4 only.
		assert.InEpsilon(t, p.WCAGRatio, ratio, 5e-4, "Ratio(%s, %s) against Color.js", p.FG, p.BG)
		assert.InDelta(t, p.APCALc, contrast.APCA(fg, bg), 1e-9, "APCA(%s, %s) against apca-w3", p.FG, p.BG)
	}
}

// TestAPCAPublishedValues checks the keystone values that apca-w3 ships
// in its own tests.
func TestAPCAPublishedValues(t *testing.T) {
	var file vectorFile
	readJSON(t, "testdata/contrast-vectors.json", &file)
	require.NotEmpty(t, file.APCAReadme)
	for _, v := range file.APCAReadme {
		if v.Composited255 != nil {
			continue // blended with 8-bit rounding by apca-w3's calcAPCA: not our compositing rule
		}
		text, bg := hexColor(t, v.Text), hexColor(t, v.BG)
		assert.InDelta(t, v.Lc, contrast.APCA(text, bg), 1e-9, "APCA(%s, %s)", v.Text, v.BG)
		assert.InDelta(t, v.PublishedLc, contrast.APCA(text, bg), 1e-9, "APCA(%s, %s) published", v.Text, v.BG)
	}
}

// hexColor converts #rrggbb to a Color through sRGB.
func hexColor(t *testing.T, s string) colorref.Color {
	t.Helper()
	require.Len(t, s, 7, "hex color %q", s)
	var rgb [3]float64
	for i := range rgb {
		var v int
		for _, ch := range s[1+2*i : 3+2*i] {
			v *= 16
			switch {
			case '0' <= ch && ch <= '9':
				v += int(ch - '0')
			case 'a' <= ch && ch <= 'f':
				v += int(ch-'a') + 10
			case 'A' <= ch && ch <= 'F':
				v += int(ch-'A') + 10
			default:
				t.Fatalf("bad hex color %q", s)
			}
		}
		rgb[i] = float64(v) / 255
	}
	return colorref.SRGB(rgb[0], rgb[1], rgb[2], 1)
}

// TestW3CExamples checks published WCAG figures, given as the interval of
// values that round to the published two-decimal number.
func TestW3CExamples(t *testing.T) {
	var file struct {
		Examples []struct {
			FG       string  `json:"fg"`
			BG       string  `json:"bg"`
			RatioMin float64 `json:"ratio_min"`
			RatioMax float64 `json:"ratio_max"`
			Source   string  `json:"source"`
		} `json:"examples"`
	}
	readJSON(t, "testdata/w3c-examples.json", &file)
	require.NotEmpty(t, file.Examples)
	for _, ex := range file.Examples {
		got := contrast.Ratio(mustParse(t, ex.FG), mustParse(t, ex.BG))
		assert.True(t, got >= ex.RatioMin-1e-9 && got <= ex.RatioMax+1e-9,
			"Ratio(%s, %s) = %v, want [%v, %v] (%s)", ex.FG, ex.BG, got, ex.RatioMin, ex.RatioMax, ex.Source)
	}
}

// The expected numbers below were computed by hand (python3) from the WCAG
// formula: a 0.5 grey has luminance ((0.5+0.055)/1.055)^2.4 = 0.21404114,
// so white on it is 1.05/0.26404114 = 3.97665302 and it on black is
// 0.26404114/0.05 = 5.28082281.
func TestRatio(t *testing.T) {
	tests := []struct {
		name     string
		fg, bg   string
		backdrop string // for RatioOver; empty means Ratio
		want     float64
	}{
		{"black on white is 21", "hsl(0, 0%, 0%)", "hsl(0, 0%, 100%)", "", 21},
		{"white on black is 21: the ratio is symmetric", "hsl(0, 0%, 100%)", "hsl(0, 0%, 0%)", "", 21},
		{"identical colors are 1", "hsl(210, 50%, 40%)", "hsl(210, 50%, 40%)", "", 1},
		{"half-transparent black over white paints a 0.5 grey", "hsla(0, 0%, 0%, 0.5)", "hsl(0, 0%, 100%)", "", 3.976653024912438},
		{"a fully transparent foreground is invisible", "hsla(0, 0%, 0%, 0)", "hsl(0, 0%, 100%)", "", 1},
		{"a translucent background sits on white by default", "hsl(0, 0%, 0%)", "hsla(0, 0%, 0%, 0.5)", "", 5.280822809644651},
		{"a named backdrop replaces white", "hsl(0, 0%, 0%)", "hsla(0, 0%, 100%, 0.5)", "hsl(0, 0%, 0%)", 5.280822809644651},
		{"an opaque background ignores the backdrop", "hsl(0, 0%, 0%)", "hsl(0, 0%, 100%)", "hsl(0, 0%, 0%)", 21},
		{"the backdrop's own alpha is ignored", "hsl(0, 0%, 0%)", "hsla(0, 0%, 100%, 0.5)", "hsla(0, 0%, 0%, 0)", 5.280822809644651},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fg, bg := mustParse(t, tt.fg), mustParse(t, tt.bg)
			var got float64
			if tt.backdrop == "" {
				got = contrast.Ratio(fg, bg)
			} else {
				got = contrast.RatioOver(fg, bg, mustParse(t, tt.backdrop))
			}
			assert.InDelta(t, tt.want, got, 1e-9, "ratio of %s on %s over %q", tt.fg, tt.bg, tt.backdrop)
		})
	}
}

func TestLuminanceIgnoresAlpha(t *testing.T) {
	assert.Equal(t, 1.0, contrast.Luminance(mustParse(t, "hsla(0, 0%, 100%, 0)")))
	assert.Equal(t, 0.0, contrast.Luminance(mustParse(t, "hsla(0, 0%, 0%, 0.3)")))
}

func TestComposite(t *testing.T) {
	t.Run("an opaque foreground hides the background", func(t *testing.T) {
		fg := mustParse(t, "hsl(10, 20%, 30%)")
		assert.Equal(t, fg, contrast.Composite(fg, mustParse(t, "hsl(200, 50%, 50%)")))
	})
	t.Run("two transparent layers are the zero color", func(t *testing.T) {
		assert.Equal(t, colorref.Color{}, contrast.Composite(mustParse(t, "hsla(0, 50%, 50%, 0)"), mustParse(t, "hsla(0, 50%, 50%, 0)")))
	})
	t.Run("two translucent layers combine their alphas", func(t *testing.T) {
		// αo = 0.5 + 0.5·(1−0.5) = 0.75; each channel (1·0.5 + 0·0.25)/0.75 = 2/3.
		c := contrast.Composite(mustParse(t, "hsla(0, 0%, 100%, 0.5)"), mustParse(t, "hsla(0, 0%, 0%, 0.5)"))
		r, g, b, a := c.SRGB()
		assert.InDeltaSlice(t, []float64{2.0 / 3, 2.0 / 3, 2.0 / 3, 0.75}, []float64{r, g, b, a}, 1e-12)
	})
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// colorJS returns the sRGB channels Color.js (the library axe-core
// bundles) paints each input of colorref's notation vectors in, clipped
// into sRGB as axe-core reads a computed color: an independent reading of
// every notation -generate takes.
func colorJS(t *testing.T) map[string][3]float64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "colorref", "testdata", "notation-vectors.json"))
	require.NoError(t, err)
	var file struct {
		Vectors []struct {
			Input string     `json:"input"`
			Clip  [3]float64 `json:"clip"`
		} `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(b, &file))
	out := map[string][3]float64{}
	for _, v := range file.Vectors {
		out[v.Input] = v.Clip
	}
	return out
}

var hslInLine = regexp.MustCompile(`hsl\(\d[^)]*\)`)

// TestRunGenerateTakesEveryNotation runs -generate with a brand in each
// notation colorref.Parse reads, and checks the hsl() color the command
// says it took against Color.js's sRGB for the same input, that the theme
// written starts from it, and that the theme passes AA in both schemes and
// its high-contrast variant AAA.
func TestRunGenerateTakesEveryNotation(t *testing.T) {
	js := colorJS(t)
	tests := []struct {
		name, brand string
		wantLine    string // the first line printed, up to the hsl() color
	}{
		{"a hex color is read as the sRGB color of its digits", "#1877f2", "brand #1877f2 is hsl("},
		{"a hex color in capitals too", "#1877F2", "brand #1877f2 is hsl("},
		{"rgb() in the modern syntax", "rgb(24 119 242)", "brand rgb(24, 119, 242) is hsl("},
		{"rgb() with percentages", "rgb(10% 20% 30%)", "brand rgb(25.5, 51, 76.5) is hsl("},
		{"oklch() inside sRGB", "oklch(62% 0.19 260)", "brand oklch(62% 0.19 260) is hsl("},
		{"oklab() inside sRGB", "oklab(50% -0.1 0.1)", "brand oklab(50% -0.1 0.1) is hsl("},
		{"color(display-p3) inside sRGB", "color(display-p3 0.2217 0.4597 0.9173)", "brand color(display-p3 0.2217 0.4597 0.9173) is hsl("},
		{"an oklch() color outside sRGB is clipped, and the line says so", "oklch(70% 0.4 150)",
			"brand oklch(70% 0.4 150) lies outside sRGB; a theme holds hsl() colors only: taken as hsl("},
		{"a Display-P3 red outside sRGB is clipped, and the line says so", "color(display-p3 1 0 0)",
			"brand color(display-p3 1 0 0) lies outside sRGB; a theme holds hsl() colors only: taken as hsl("},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, ok := js[tt.brand]
			require.True(t, ok, "%q has a Color.js vector", tt.brand)
			out := filepath.Join(t.TempDir(), "gen")
			var stdout, stderr bytes.Buffer
			require.Equal(t, 0, run([]string{"-generate", tt.brand, "-o", out}, &stdout, &stderr), "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
			first, _, _ := strings.Cut(stdout.String(), "\n")
			require.True(t, strings.HasPrefix(first, tt.wantLine), "first line %q", first)
			taken, err := colorref.ParseColor(hslInLine.FindString(first))
			require.NoError(t, err, "the line names an hsl() color: %q", first)
			r, g, b, _ := taken.SRGB()
			for i, got := range [3]float64{r, g, b} {
				// hsl() to the hundredth of a percent is within 3e-4 of
				// the color; an 8-bit step is 39e-4.
				assert.InDelta(t, want[i], got, 5e-4, "channel %d of %s against Color.js", i, taken)
			}

			snap, err := theming.LoadFS(os.DirFS(out))
			require.NoError(t, err)
			rt := snap.Themes()[0]
			primary := rt.Theme().Colors["primary"].Light
			if strings.Contains(stdout.String(), ": taken as given by primary\n") {
				assert.Equal(t, taken.String(), primary, "the brand is taken exactly")
			} else {
				c, err := colorref.ParseColor(primary)
				require.NoError(t, err)
				h0, s0, _ := taken.Rounded().HSL()
				h, s, _ := c.HSL()
				assert.Equal(t, [2]float64{h0, s0}, [2]float64{h, s}, "a moved brand keeps its hue and saturation: %s from %s", c, taken)
			}
			e := fix.New(snap.CompiledCatalog())
			rep, err := e.Audit(snap, contrast.Policy{})
			require.NoError(t, err)
			assert.True(t, rep.OK(), "the generated theme passes AA: %d fail", rep.Failed)
			variants, err := snap.CompiledCatalog().Snapshot([]theming.Theme{e.HighContrast(rt).Theme.Theme()})
			require.NoError(t, err)
			rep, err = e.Audit(variants, fix.HighContrastPolicy())
			require.NoError(t, err)
			assert.True(t, rep.OK(), "its variant passes AAA: %d fail", rep.Failed)
		})
	}
}

func TestRunGenerateRefusesATranslucentBrandInOneLine(t *testing.T) {
	tests := []struct{ brand, want string }{
		{"hsla(200, 80%, 40%, 0.5)", "themecheck: -generate: brand hsla(200, 80%, 40%, 0.5) has alpha 0.5: a brand color must be opaque; give it without its alpha, hsl(200, 80%, 40%)\n"},
		{"rgb(24 119 242 / 50%)", "themecheck: -generate: brand rgba(24, 119, 242, 0.5) has alpha 0.5: a brand color must be opaque; give it without its alpha, hsl(213.85, 89.34%, 52.16%)\n"},
		{"#1877f280", "themecheck: -generate: brand #1877f280 has alpha 0.5019607843137255: a brand color must be opaque; give it without its alpha, hsl(213.85, 89.34%, 52.16%)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.brand, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "gen")
			var stdout, stderr bytes.Buffer
			require.Equal(t, 2, run([]string{"-generate", tt.brand, "-o", out}, &stdout, &stderr))
			assert.Equal(t, tt.want, stderr.String(), "one line")
			assert.Empty(t, stdout.String())
			assert.NoDirExists(t, out)
		})
	}
}

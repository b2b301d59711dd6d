package colorref_test

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// supportsAndComputed loads a page in headless Chromium that asks
// CSS.supports('color', s) of each string and, for those it supports,
// reads back getComputedStyle's color, and returns both in order.
func supportsAndComputed(t *testing.T, colors []string) ([]bool, []string) {
	t.Helper()
	list, err := json.Marshal(colors)
	require.NoError(t, err)
	page := `<!doctype html><html><head><meta charset="utf-8"><title>supports and computed</title></head><body><h1>Colors</h1>
<pre id="out"></pre>
<script>
const colors = ` + string(list) + `;
const el = document.createElement('span');
document.body.appendChild(el);
const out = [];
for (const c of colors) {
  const ok = CSS.supports('color', c);
  el.style.color = '';
  if (ok) el.style.color = c;
  out.push([ok, ok ? getComputedStyle(el).color : '']);
}
document.getElementById('out').textContent = JSON.stringify(out);
</script></body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer srv.Close()
	res := browsertest.Load(t, browsertest.Page{URL: srv.URL + "/", Width: 800, Height: 600})
	m := regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`).FindStringSubmatch(res.DOM)
	require.NotNil(t, m, "the page wrote nothing; console: %q", res.Console)
	var got [][2]any
	require.NoError(t, json.Unmarshal([]byte(html.UnescapeString(m[1])), &got), "console: %q", res.Console)
	require.Len(t, got, len(colors))
	ok := make([]bool, len(got))
	computed := make([]string, len(got))
	for i, g := range got {
		ok[i], computed[i] = g[0].(bool), g[1].(string)
	}
	return ok, computed
}

// mustReject are strings the CSS Color 4 grammar of the notations Parse
// reads refuses; outOfScope are strings CSS.supports accepts that Parse
// refuses by design (other functions and spaces, named colors, calc(),
// an unclosed parenthesis, which CSS Syntax closes at the end of input,
// and whitespace around the color).
var (
	mustReject = []string{
		"rgb(10%, 20, 30)", "rgb(10, 20%, 30)", "rgb(none, 2, 3)", "rgb(1, 2, 3 / 0.5)", "rgb(1 2 3, 0.5)",
		"rgb(1, 2 3)", "rgb(1 2)", "rgb(1, 2)", "rgb()", "rgb(1 2 3 4)", "rgb(1deg 2 3)", "rgb(1 2 3 / 1deg)",
		"rgb(1, 2, 3,)", "rgba(1, 2, 3, none)", "rgb(1 2 3 /)", "rgb(1 2 3) x", "rgb (1 2 3)",
		"oklch(50%, 0.1, 200)", "oklch(50% 0.1)", "oklch(50% 0.1 200%)", "oklch(50% 0.1deg 200)",
		"oklch(50deg 0.1 200)", "oklch(50% 0.1 200 0.5)", "oklch(50% 0.1 200 / 1 / 1)", "oklch()", "oklch(50% 0.1 200px)",
		"oklab(50%, 0.1, 0.1)", "oklab(50% 0.1)", "oklab(50% 0.1deg 0.1)", "oklab(50% 0.1 0.1 0.1)",
		"color(display-p3)", "color(display-p3 1 0)", "color(display-p3, 1, 0, 0)", "color(display-p3 1 0 0 0)",
		"color(display-p3 1deg 0 0)", "color(1 0 0)", "color(display-p3 1 0 0 / 1 / 1)", "color( 1 0 0)",
		"#", "#12", "#12345", "#1234567", "#123456789", "#ggg", "# 123", "oklch(50% 0.1 200))",
	}
	outOfScope = []string{
		"red", "transparent", "currentcolor", "lab(50% 10 20)", "lch(50% 10 20)", "hwb(210 10% 20%)",
		"color(srgb 1 0 0)", "color(rec2020 1 0 0)", "color(xyz 0.5 0.5 0.5)",
		"oklch(calc(50%) 0.1 200)", "rgb(calc(1) 2 3)", "oklch(50% 0.1 200", "color(display-p3 1 0 0",
		// CSS.supports parses a declaration's value, around which
		// whitespace is dropped; Parse takes the value alone.
		"#123 ", " #123", "oklch(50% 0.1 200) ", " oklch(50% 0.1 200)",
	}
)

// TestParseAgreesWithChromium asks Chromium's CSS.supports about the
// inputs of the Color.js vectors, the strings Color.js reads wrongly, a
// set the CSS Color 4 grammar refuses and inputs CSS clamps, and reads
// the computed value of each accepted one and of its canonical form:
//
//   - Parse accepts exactly what Chromium supports (out of scope aside);
//   - Chromium computes the input and Parse's canonical form as the same
//     color, to the canonical form's rounding: rgb() and hex as the same
//     8-bit channels (which RGBA8 gives too), oklch(), oklab() and
//     color(display-p3) as the same notation with components that Parse
//     reads back within the canonical precision of the parsed color's.
func TestParseAgreesWithChromium(t *testing.T) {
	browsertest.Chromium(t)
	var file struct {
		Rejects []string `json:"colorjs_rejects"`
		Vectors []struct {
			Input string `json:"input"`
		} `json:"vectors"`
	}
	readJSON(t, "testdata/notation-vectors.json", &file)
	valid := append([]string{}, file.Rejects...)
	for _, v := range file.Vectors {
		valid = append(valid, v.Input)
	}
	// Inputs CSS clamps at parsed-value time, and seeded random ones.
	valid = append(valid, "oklch(120% -0.1 370)", "oklch(-5% 0.1 200)", "oklab(150% 0.1 0.1)", "oklab(-1 0.1 0.1)",
		"rgb(300 -5 128)", "rgb(300, 0, 0)", "rgb(120% -10% 50%)", "rgba(1, 2, 3, 1.5)", "oklch(50% 0.1 200 / -1)",
		"color(display-p3 2 -1 0.5)", "oklch(50% 0.1 7200)", "rgb(0.4999 127.5 254.5001)")
	rng := rand.New(rand.NewPCG(38, 2))
	for range 150 {
		valid = append(valid,
			fmt.Sprintf("oklch(%.6g%% %.6g %.6g)", rng.Float64()*100, rng.Float64()*0.37, rng.Float64()*360),
			fmt.Sprintf("oklab(%.6g %.6g %.6g / %.3g)", rng.Float64(), rng.Float64()*0.8-0.4, rng.Float64()*0.8-0.4, rng.Float64()),
			fmt.Sprintf("color(display-p3 %.6g %.6g %.6g)", rng.Float64(), rng.Float64(), rng.Float64()),
			fmt.Sprintf("rgb(%.6g %.6g %.6g)", rng.Float64()*255, rng.Float64()*255, rng.Float64()*255),
			fmt.Sprintf("#%06x", rng.IntN(1<<24)))
	}
	all := append(append(append([]string{}, valid...), mustReject...), outOfScope...)
	canon := make([]string, len(valid))
	for i, s := range valid {
		c, err := colorref.Parse(s)
		if !assert.NoError(t, err, "Parse(%q)", s) {
			continue
		}
		canon[i] = c.String()
	}
	supported, computed := supportsAndComputed(t, append(all, canon...))
	for i, s := range all {
		_, err := colorref.Parse(s)
		switch {
		case i >= len(valid)+len(mustReject):
			assert.True(t, supported[i], "Chromium supports %q, out of Parse's scope", s)
			assert.Error(t, err, "Parse(%q) refuses what is out of its scope", s)
		default:
			assert.Equal(t, supported[i], err == nil, "Parse(%q): %v; Chromium's CSS.supports says %v", s, err, supported[i])
		}
	}
	for i, s := range valid {
		c, err := colorref.Parse(s)
		if err != nil || !supported[i] {
			continue
		}
		k := len(all) + i
		require.True(t, supported[k], "Chromium refuses the canonical form %q of %q", canon[i], s)
		in, out := computed[i], computed[k]
		if c.Notation() == colorref.NotationHex || c.Notation() == colorref.NotationRGB {
			r, g, b, a := c.RGBA8()
			want, err := browsertest.RGBA8(in)
			require.NoError(t, err)
			assert.Equal(t, want, [4]uint8{r, g, b, a}, "%q computes to %s; RGBA8 disagrees", s, in)
			r, g, b, a = c.Rounded().RGBA8()
			want, err = browsertest.RGBA8(out)
			require.NoError(t, err)
			assert.Equal(t, want, [4]uint8{r, g, b, a}, "the canonical %q of %q computes to %s; RGBA8 of Rounded disagrees", canon[i], s, out)
			continue
		}
		ci, err := colorref.Parse(in)
		require.NoError(t, err, "Chromium's computed %q of %q", in, s)
		co, err := colorref.Parse(out)
		require.NoError(t, err, "Chromium's computed %q of %q", out, canon[i])
		assert.Equal(t, c.Notation(), ci.Notation(), "%q computes to %q", s, in)
		// Chromium prints six significant digits: the parsed color's
		// components, clamped as CSS says, within that of the input's.
		assertClose(t, ci, c, 5e-6, "%q computes to %q", s, in)
		// The canonical form computes to the rounded color.
		assertClose(t, co, c.Rounded(), 5e-6, "the canonical %q of %q computes to %q", canon[i], s, out)
	}
}

// assertClose compares two colors of one notation component by component,
// relative to each component's magnitude (at least 1), hues on the circle.
func assertClose(t *testing.T, got, want colorref.Color, tol float64, msg string, args ...any) {
	t.Helper()
	g, w := got.Components(), want.Components()
	for i := range g {
		d := math.Abs(g[i] - w[i])
		if want.Notation() == colorref.NotationOKLCh && i == 2 {
			d = math.Min(d, 360-d)
		}
		if d > tol*math.Max(1, math.Abs(w[i])) {
			assert.Failf(t, "components differ", "%s: %v, want %v", fmt.Sprintf(msg, args...), g, w)
			return
		}
	}
	assert.InDelta(t, want.Alpha(), got.Alpha(), tol, fmt.Sprintf(msg, args...))
}

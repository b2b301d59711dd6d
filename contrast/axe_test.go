package contrast_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/testkit/browsertest"
)

// updateAxe regenerates testdata/axe-vectors.json from headless Chromium
// and axe-core: go test -run TestRenderedAgreesWithAxe ./contrast -update-axe
var updateAxe = flag.Bool("update-axe", false, "regenerate testdata/axe-vectors.json in headless Chromium with axe-core")

const axeVectorsPath = "testdata/axe-vectors.json"

// axeDir is the npm folder that pins axe-core (.ci/npm-dirs lists it).
const axeDir = "testdata/axe"

// axePair is one pair of the browser pages: text of color FG in a block of
// background BG on a block of background Backdrop, at SizePx (16px is
// normal text, 24px is large text for axe-core).
type axePair struct {
	FG       string `json:"fg"`
	BG       string `json:"bg"`
	Backdrop string `json:"backdrop"`
	SizePx   int    `json:"size_px"`
}

// axeRule is what axe-core reported for one pair under one rule.
type axeRule struct {
	Outcome  string  `json:"outcome"` // violation, pass or incomplete
	FG       string  `json:"fg"`      // the flattened foreground, #rrggbb
	BG       string  `json:"bg"`      // the flattened background, #rrggbb
	Ratio    float64 `json:"ratio"`   // axe's ratio, truncated to 2 decimals
	Expected string  `json:"expected"`
	Message  string  `json:"message,omitempty"`
}

// axeRecord is what the page recorded for one pair.
type axeRecord struct {
	FGComputed       string   `json:"fg_computed"`
	BGComputed       string   `json:"bg_computed"`
	BackdropComputed string   `json:"backdrop_computed"`
	BGCanvas         [3]int   `json:"bg_canvas"`
	FGCanvas         [3]int   `json:"fg_canvas"`
	AA               *axeRule `json:"color-contrast"`
	AAA              *axeRule `json:"color-contrast-enhanced"`
}

type axeVector struct {
	axePair
	axeRecord
}

type axeVectors struct {
	Generator string      `json:"generator"`
	Axe       string      `json:"axe"`
	UserAgent string      `json:"user_agent"`
	Pairs     []axeVector `json:"pairs"`
}

// axeScript returns the path of axe.min.js, or skips the test with a
// message naming what is missing.
func axeScript(t *testing.T) string {
	t.Helper()
	p := filepath.Join(axeDir, "node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("skipping the axe-core test: %s is missing (run npm ci in contrast/%s; .ci/run does it for every folder in .ci/npm-dirs)", p, axeDir)
	}
	return p
}

// runAxe loads one page holding every pair in headless Chromium, runs
// axe-core's color-contrast rules on it and returns what the page
// recorded, one record per pair in order, with axe's version and the
// browser's user agent.
func runAxe(t *testing.T, pairs []axePair) (recs []axeRecord, axeVersion, userAgent string) {
	t.Helper()
	browsertest.Chromium(t)
	script := axeScript(t)
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><meta charset="utf-8"><title>contrast pairs</title>
<style>body{margin:0;font-family:sans-serif}.backdrop{padding:4px}.bg{padding:4px}span{line-height:1.5}</style>
</head><body><main>`)
	for i, p := range pairs {
		fmt.Fprintf(&b, `<div class="backdrop" style="background-color: %s"><div class="bg" style="background-color: %s"><span id="p%d" style="color: %s; font-size: %dpx">Sample text %d</span></div></div>`+"\n",
			html.EscapeString(p.Backdrop), html.EscapeString(p.BG), i, html.EscapeString(p.FG), p.SizePx, i)
	}
	b.WriteString(`</main><pre id="out"></pre><script src="/axe.min.js"></script><script src="/page.js"></script></body></html>`)
	page := b.String()

	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	mux.HandleFunc("/axe.min.js", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, script) })
	mux.HandleFunc("/page.js", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, filepath.Join(axeDir, "page.js")) })
	srv := httptest.NewServer(mux)
	defer srv.Close()

	res := browsertest.Load(t, browsertest.Page{URL: srv.URL + "/", Width: 800, Height: 600})
	m := regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`).FindStringSubmatch(res.DOM)
	require.NotNil(t, m, "the page wrote no results; console: %q", res.Console)
	text := html.UnescapeString(m[1])
	require.False(t, text == "" || strings.HasPrefix(text, "ERROR"), "the page failed: %q; console: %q", text, res.Console)
	var got struct {
		Axe       string               `json:"axe"`
		UserAgent string               `json:"userAgent"`
		Pairs     map[string]axeRecord `json:"pairs"`
	}
	require.NoError(t, json.Unmarshal([]byte(text), &got))
	recs = make([]axeRecord, len(pairs))
	for i := range pairs {
		rec, ok := got.Pairs[fmt.Sprintf("p%d", i)]
		require.True(t, ok, "no record for pair %d", i)
		recs[i] = rec
	}
	return recs, got.Axe, got.UserAgent
}

// vectorPairs builds the pairs of axe-vectors.json, deterministically:
// most within 0.1 of 4.5:1 (normal text), 3:1 (large text) and 7:1 (the
// AAA rule, normal text) by the exact method, with translucent
// foregrounds and backgrounds over opaque page colors, and some anywhere.
// Every color is taken in its printed form, so Go and the browser read
// the same values.
func vectorPairs() []axePair {
	rng := rand.New(rand.NewPCG(13, 4515))
	printed := func(c colorref.Color) colorref.Color {
		p, err := colorref.ParseColor(c.String())
		if err != nil {
			panic(err)
		}
		return p
	}
	randColor := func(alphaChance float64) colorref.Color {
		a := 1.0
		if rng.Float64() < alphaChance {
			a = 0.3 + 0.69*rng.Float64()
		}
		return printed(colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, math.Round(a*1000)/1000))
	}
	var pairs []axePair
	add := func(fg, bg, bd colorref.Color, size int) {
		pairs = append(pairs, axePair{FG: fg.String(), BG: bg.String(), Backdrop: bd.String(), SizePx: size})
	}
	// near finds a foreground lightness whose exact ratio is target, by
	// bisection on the side of the background's luminance it starts on.
	near := func(target float64, size, count int) {
		for n := 0; n < count; {
			bd := randColor(0)
			bg := randColor(0.5)
			fg := randColor(0.5)
			_, _, l := fg.HSL()
			lo, hi := 0.0, 100.0
			rel := contrast.RatioOver(fg.WithLightness(0), bg, bd) > contrast.RatioOver(fg.WithLightness(100), bg, bd)
			if rng.Float64() < 0.5 == rel { // search the dark side
				hi = l
				if contrast.RatioOver(fg.WithLightness(0), bg, bd) < target {
					continue
				}
				lo = 0
				for range 60 {
					mid := (lo + hi) / 2
					if contrast.RatioOver(fg.WithLightness(mid), bg, bd) >= target {
						lo = mid
					} else {
						hi = mid
					}
				}
			} else {
				if contrast.RatioOver(fg.WithLightness(100), bg, bd) < target {
					continue
				}
				lo, hi = l, 100
				for range 60 {
					mid := (lo + hi) / 2
					if contrast.RatioOver(fg.WithLightness(mid), bg, bd) >= target {
						hi = mid
					} else {
						lo = mid
					}
				}
			}
			c := printed(fg.WithLightness((lo + hi) / 2))
			if math.Abs(contrast.RatioOver(c, bg, bd)-target) > 0.1 {
				continue
			}
			add(c, bg, bd, size)
			n++
		}
	}
	for _, target := range []struct {
		ratio       float64
		size, count int
	}{{4.5, 16, 90}, {4.46, 16, 30}, {4.54, 16, 30}, {3, 24, 60}, {2.95, 24, 20}, {3.05, 24, 20}, {7, 16, 40}} {
		near(target.ratio, target.size, target.count)
	}
	for range 40 {
		add(randColor(0.5), randColor(0.5), randColor(0), 16)
	}
	// Channels and alphas exactly halfway between two 8-bit steps, where
	// the rounding rule shows: green 76.5 (Chromium reports 77), grey
	// 127.5, and alphas 0.5 (127.5 of 255) and 0.3 (76.5).
	white := colorref.HSL(0, 0, 100)
	add(colorref.HSL(120, 100, 15), white, white, 16)
	add(colorref.HSL(0, 0, 50), colorref.HSL(120, 100, 15), white, 24)
	add(colorref.HSLA(0, 0, 0, 0.5), colorref.HSLA(240, 100, 50, 0.3), white, 16)
	add(colorref.HSLA(300, 100, 85, 0.5), colorref.HSLA(0, 0, 50, 0.5), colorref.HSL(60, 100, 15), 24)
	return pairs
}

// TestRenderedAgreesWithAxe checks the rendered method against reference
// values from headless Chromium and axe-core (testdata/axe-vectors.json;
// -update-axe regenerates them): for every pair, colorref's 8-bit colors
// are the ones Chromium's computed style reports, the flattened colors are
// the ones axe-core reports, and the verdict under Rendered is axe's, at
// AA (color-contrast) and AAA (color-contrast-enhanced).
func TestRenderedAgreesWithAxe(t *testing.T) {
	if *updateAxe {
		pairs := vectorPairs()
		recs, version, ua := runAxe(t, pairs)
		v := axeVectors{
			Generator: "go test -run TestRenderedAgreesWithAxe ./contrast -update-axe (contrast/axe_test.go, contrast/testdata/axe/page.js, axe-core from contrast/testdata/axe/package-lock.json)",
			Axe:       version, UserAgent: ua,
		}
		for i := range pairs {
			v.Pairs = append(v.Pairs, axeVector{pairs[i], recs[i]})
		}
		data, err := json.MarshalIndent(v, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(axeVectorsPath, append(data, '\n'), 0o644))
	}
	data, err := os.ReadFile(axeVectorsPath)
	require.NoError(t, err)
	var v axeVectors
	require.NoError(t, json.Unmarshal(data, &v))
	require.GreaterOrEqual(t, len(v.Pairs), 300)
	t.Logf("%d pairs, axe-core %s, %s", len(v.Pairs), v.Axe, v.UserAgent)
	checked, exactDisagrees := checkAgainstAxe(t, v.Pairs)
	require.Greater(t, checked, 300)
	require.Positive(t, exactDisagrees, "the vectors should hold pairs in the band where the methods disagree")
}

// TestRenderedAgreesWithAxeInChromium makes the same comparison as
// TestRenderedAgreesWithAxe on the same pairs, rendered now in the
// installed Chromium with the pinned axe-core, so that CI notices when a
// browser or checker update changes what the rendered method must
// reproduce. It skips, naming what is missing, without chromium or
// testdata/axe's node_modules.
func TestRenderedAgreesWithAxeInChromium(t *testing.T) {
	browserAndAxe(t)
	pairs := vectorPairs()
	recs, version, ua := runAxe(t, pairs)
	t.Logf("%d pairs, axe-core %s, %s", len(pairs), version, ua)
	vs := make([]axeVector, len(pairs))
	for i := range pairs {
		vs[i] = axeVector{pairs[i], recs[i]}
	}
	checked, exactDisagrees := checkAgainstAxe(t, vs)
	require.Greater(t, checked, 300)
	require.Positive(t, exactDisagrees, "the pairs should include some in the band where the methods disagree")
}

// checkAgainstAxe checks every pair's record from Chromium and axe-core:
// colorref's 8-bit colors are the computed styles, the flattened colors
// are axe-core's, the verdict under Rendered is axe-core's at AA and AAA,
// and the canvas painted each layer within one step per translucent
// layer of the flattened value. It returns how many verdicts it compared
// and on how many of them the exact method disagrees with axe-core.
func checkAgainstAxe(t *testing.T, vs []axeVector) (checked, exactDisagrees int) {
	t.Helper()
	unrounded, canvasOff := 0, 0
	for i, p := range vs {
		fg, bg, bd := parsePageColor(t, p.FG), parsePageColor(t, p.BG), parsePageColor(t, p.Backdrop)
		name := fmt.Sprintf("pair %d: %s on %s over %s", i, p.FG, p.BG, p.Backdrop)
		for _, c := range []struct {
			color    colorref.Color
			computed string
		}{{fg, p.FGComputed}, {bg, p.BGComputed}, {bd, p.BackdropComputed}} {
			if got := cssRGB(c.color); got != c.computed {
				t.Errorf("%s: %s computes to %q in Chromium, colorref gives %q", name, c.color, c.computed, got)
			}
		}
		f, b := contrast.RenderedColors(fg, bg, bd)
		ratio := contrast.RatioRendered(fg, bg, bd)
		// The canvas paints the same layers with Skia's own 8-bit
		// compositing, which may land one step from axe-core's rounding
		// for each translucent layer.
		bgSteps := 0
		if !bg.Opaque() {
			bgSteps = 1
		}
		fgSteps := bgSteps
		if !fg.Opaque() {
			fgSteps++
		}
		for _, c := range []struct {
			flat   colorref.Color
			canvas [3]int
			steps  int
		}{{f, p.FGCanvas, fgSteps}, {b, p.BGCanvas, bgSteps}} {
			r8, g8, b8, _ := c.flat.RGBA8()
			for k, v := range [3]uint8{r8, g8, b8} {
				d := int(v) - c.canvas[k]
				if d < -c.steps || d > c.steps {
					t.Errorf("%s: flattened %s, the canvas painted %v: more than %d steps apart", name, c.flat.Hex(), c.canvas, c.steps)
				}
				if d != 0 {
					canvasOff++
				}
			}
		}
		for _, r := range []struct {
			rule  string
			res   *axeRule
			level contrast.Level
		}{{"color-contrast", p.AA, contrast.AA}, {"color-contrast-enhanced", p.AAA, contrast.AAA}} {
			if r.res == nil || r.res.Outcome == "incomplete" {
				continue // axe gave no verdict (it reports why in message)
			}
			if r.res.Expected == "" {
				// color-contrast-enhanced leaves pairs below the AA
				// minimum to color-contrast: it passes them without a
				// verdict and reports the ratio unrounded, which must be
				// the rendered ratio to the last bits.
				if math.Abs(r.res.Ratio-ratio) > 1e-12 {
					t.Errorf("%s: %s: rendered ratio %.15f, axe-core computes %.15f", name, r.rule, ratio, r.res.Ratio)
				}
				unrounded++
				continue
			}
			checked++
			if f.Hex() != r.res.FG || b.Hex() != r.res.BG {
				t.Errorf("%s: %s flattens to %s on %s, axe-core to %s on %s", name, r.rule, f.Hex(), b.Hex(), r.res.FG, r.res.BG)
			}
			typ := contrast.Text
			if p.SizePx >= 24 {
				typ = contrast.LargeText
			}
			res, err := contrast.Policy{Level: r.level, Method: contrast.Rendered}.Check(fg, bg, bd, typ)
			require.NoError(t, err)
			if ex, _ := (contrast.Policy{Level: r.level, Method: contrast.Exact}).Check(fg, bg, bd, typ); ex.Pass != (r.res.Outcome == "pass") {
				exactDisagrees++
			}
			if want := r.res.Outcome == "pass"; res.Pass != want {
				t.Errorf("%s: %s: rendered ratio %.6f against %g gives pass=%v, axe-core says %s (ratio %.2f, expected %s)",
					name, r.rule, ratio, res.Required, res.Pass, r.res.Outcome, r.res.Ratio, r.res.Expected)
			}
			if got := math.Floor(ratio*100) / 100; got != r.res.Ratio {
				t.Errorf("%s: %s: rendered ratio %.6f truncates to %.2f, axe-core reports %.2f", name, r.rule, ratio, got, r.res.Ratio)
			}
		}
	}
	t.Logf("%d axe verdicts and %d unrounded axe ratios compared; %d of %d channels painted on a canvas one step from the flattened value", checked, unrounded, canvasOff, 6*len(vs))
	t.Logf("the exact method disagrees with axe-core on %d of those verdicts, the rendered method on none", exactDisagrees)
	return checked, exactDisagrees
}

// cssRGB writes a color as Chromium's computed style does: rgb() when
// opaque, rgba() with the alpha as two or three decimals otherwise.
func cssRGB(c colorref.Color) string {
	r, g, b, a := c.RGBA8()
	if a == 255 {
		return fmt.Sprintf("rgb(%d, %d, %d)", r, g, b)
	}
	return fmt.Sprintf("rgba(%d, %d, %d, %s)", r, g, b, contrast.CSSAlphaForTest(a))
}

// parsePageColor parses a color of a test page: hsl() as the catalog
// prints it, or hex for the alphas hsl()'s two decimals cannot write.
func parsePageColor(t *testing.T, s string) colorref.Color {
	t.Helper()
	if strings.HasPrefix(s, "#") {
		c, err := colorref.ParseHex(s)
		require.NoError(t, err)
		return c
	}
	return mustParse(t, s)
}

// TestEveryAlphaAgreesWithAxeInChromium renders text of every 8-bit alpha
// (as hex, since hsl() prints two decimals) over a mid grey and on a
// translucent background, and checks the computed style (the alpha's
// decimal form, two or three decimals), axe-core's flattened colors and
// its verdicts against the rendered method.
func TestEveryAlphaAgreesWithAxeInChromium(t *testing.T) {
	browserAndAxe(t)
	var pairs []axePair
	for a := 0; a < 256; a++ {
		pairs = append(pairs, axePair{FG: fmt.Sprintf("#1a2b3c%02x", a), BG: fmt.Sprintf("#f0e0d0%02x", 255-a), Backdrop: "hsl(0, 0%, 55%)", SizePx: 16})
	}
	recs, version, ua := runAxe(t, pairs)
	t.Logf("axe-core %s, %s", version, ua)
	vs := make([]axeVector, len(pairs))
	for i := range pairs {
		vs[i] = axeVector{pairs[i], recs[i]}
	}
	checked, _ := checkAgainstAxe(t, vs)
	require.Greater(t, checked, 250)
}

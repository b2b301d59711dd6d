package fix_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// forcedPalette is Chromium's forced-colors palette as
// testdata/forced-colors-chromium.json records it, per preferred scheme.
type forcedPalette struct {
	Chromium string            `json:"chromium"`
	Light    map[string]string `json:"light"`
	Dark     map[string]string `json:"dark"`
	parsed   map[string]map[string]colorref.Color
}

func readForcedPalette(t *testing.T) forcedPalette {
	t.Helper()
	var p forcedPalette
	raw, err := os.ReadFile(filepath.Join("testdata", "forced-colors-chromium.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &p))
	p.parsed = map[string]map[string]colorref.Color{}
	for sc, m := range map[string]map[string]string{"light": p.Light, "dark": p.Dark} {
		p.parsed[sc] = map[string]colorref.Color{}
		for name, css := range m {
			c, err := parseRGB(css)
			require.NoError(t, err, "%s %s", sc, name)
			p.parsed[sc][name] = c
		}
	}
	return p
}

// parseRGB reads "rgb(r, g, b)" or "rgba(r, g, b, a)" as getComputedStyle
// writes it.
func parseRGB(s string) (colorref.Color, error) {
	inner, ok := strings.CutSuffix(s, ")")
	if !ok {
		return colorref.Color{}, fmt.Errorf("%q", s)
	}
	if r, ok := strings.CutPrefix(inner, "rgba("); ok {
		inner = r
	} else if r, ok := strings.CutPrefix(inner, "rgb("); ok {
		inner = r
	} else {
		return colorref.Color{}, fmt.Errorf("%q", s)
	}
	parts := strings.Split(inner, ",")
	v := []float64{0, 0, 0, 1}
	for n, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || n > 3 {
			return colorref.Color{}, fmt.Errorf("%q", s)
		}
		if n < 3 {
			f /= 255
		}
		v[n] = f
	}
	return colorref.SRGB(v[0], v[1], v[2], v[3]), nil
}

// TestForcedColorRolesPassInChromiumsPalettes: under forced colors,
// every rule of the default catalog whose two sides the stylesheet paints
// (a literal hsl() target is painted by nothing) passes its AA level on
// the system colors its variables map to, in Chromium's light and dark
// forced palettes, over the page background's system color. Before issue
// 29, 17 rules per palette collapsed to 1:1 (a filled button, ButtonFace,
// on the page, Canvas, which are one color).
func TestForcedColorRolesPassInChromiumsPalettes(t *testing.T) {
	pal := readForcedPalette(t)
	snap := defaultSnapshot(t)
	cc := snap.CompiledCatalog()
	comps := map[string]theming.Component{}
	for _, c := range snap.Components() {
		comps[c.ID] = c
	}
	role := func(variable string) string {
		r, ok := fix.New(cc).ForcedColor(variable)
		require.True(t, ok, variable)
		return r
	}
	page := role(comps[snap.PageBackground()].Variables[0].CSSVariable)
	judged := 0
	for _, sc := range []string{"light", "dark"} {
		colors := pal.parsed[sc]
		for _, c := range snap.Components() {
			if len(c.Variables) == 0 {
				continue
			}
			fg := role(c.Variables[0].CSSVariable)
			for _, tg := range c.ContrastAgainst {
				var bg string
				switch tg.Type {
				case theming.TargetComponent:
					bg = role(comps[tg.Value].Variables[0].CSSVariable)
				case theming.TargetVariable:
					bg = role(tg.Value)
				default:
					continue // a literal: nothing the stylesheet paints
				}
				judged++
				res, err := contrast.Policy{}.Check(colors[fg], colors[bg], colors[page], tg.ContrastType)
				require.NoError(t, err)
				assert.True(t, res.Pass, "%s palette: %s (%s) on %s (%s), %s: %s", sc, c.ID, fg, tg.Value, bg, tg.ContrastType, res)
			}
		}
	}
	t.Logf("%d rules judged in the two palettes of %s", judged, pal.Chromium)
	assert.Equal(t, 2*(105-2), judged, "every rule but the two on a literal white")
}

// The roles are decided by hand from the catalog's rules, as
// Engine.ForcedColor documents them.
func TestForcedColorRoles(t *testing.T) {
	e := fix.New(defaultCatalog(t))
	for name, want := range map[string]string{
		"--page-background":                "Canvas",       // the page background
		"--surface":                        "Canvas",       // text is checked on it
		"--card-hover":                     "Canvas",       // a variable of a surface
		"--nav-bar":                        "Canvas",       // nav text is checked on it
		"--modal-backdrop":                 "Canvas",       // no rules
		"--text-primary":                   "CanvasText",   // text on the page
		"--input-text":                     "CanvasText",   // text on an input
		"--text-disabled":                  "GrayText",     // text at opacity 0.6
		"--link":                           "LinkText",     // text on the page that falls back to primary
		"--primary-button":                 "ButtonBorder", // a fill: text on it, and a non-text rule on the page
		"--primary-button-hover":           "ButtonBorder", // its label is checked on it too
		"--primary-button-disabled":        "GrayText",     // translucent
		"--tooltip-background":             "ButtonBorder",
		"--primary-button-text":            "ButtonFace", // the label on a fill
		"--primary-button-focus-ring":      "Highlight",  // named for focus
		"--input-focus-border":             "Highlight",
		"--sidebar-active-item-background": "Canvas",     // its own text is checked on it: a ground
		"--sidebar-active-item":            "CanvasText", // on its tint and, non-text, on the sidebar
		"--badge-neutral":                  "CanvasText", // on its tint and on the card
		"--border":                         "CanvasText", // non-text rules only
		"--border-subtle":                  "GrayText",   // its translucent variable
	} {
		got, ok := e.ForcedColor(name)
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	_, ok := e.ForcedColor("--legacy-header")
	assert.False(t, ok, "a hidden component's variable is not served")
	_, ok = fix.New(&theming.CompiledCatalog{}).ForcedColor("--page-background")
	assert.False(t, ok)
}

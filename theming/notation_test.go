package theming_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// colorJSClip returns, for each input of colorref's Color.js vectors
// (colorref/testdata/notation-vectors.json, made by colorjs.io 0.7.1),
// the sRGB channels Color.js gives it clipped into sRGB, as axe-core
// reads a computed color: an independent source of the color a browser
// paints.
func colorJSClip(t *testing.T) map[string][3]float64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "colorref", "testdata", "notation-vectors.json"))
	require.NoError(t, err)
	var doc struct {
		Vectors []struct {
			Input string     `json:"input"`
			Clip  [3]float64 `json:"clip"`
		} `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	out := make(map[string][3]float64, len(doc.Vectors))
	for _, v := range doc.Vectors {
		out[v.Input] = v.Clip
	}
	return out
}

// wcagRatio is WCAG 2's contrast ratio of two opaque sRGB colors, written
// from the standard's text (relative luminance with the 0.04045
// threshold), apart from package contrast; rounded8 first rounds each
// channel to 8 bits, as a browser paints it.
func wcagRatio(a, b [3]float64, rounded8 bool) float64 {
	lum := func(c [3]float64) float64 {
		var l float64
		for i, w := range [3]float64{0.2126, 0.7152, 0.0722} {
			v := math.Min(math.Max(c[i], 0), 1)
			if rounded8 {
				v = math.Round(v*255) / 255
			}
			if v <= 0.04045 {
				v /= 12.92
			} else {
				v = math.Pow((v+0.055)/1.055, 2.4)
			}
			l += w * v
		}
		return l
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// notationOverrides are a theme's light-scheme overrides of the default
// catalog in every notation theme data takes, each one an input of the
// Color.js vectors, with the canonical form the stylesheet writes.
var notationOverrides = []struct {
	name, comp, written, canonical string
}{
	{"a short hex page background", "page-background", "#fff", "#ffffff"},
	{"an upper-case hex color", "info", "#1877F2", "#1877f2"},
	{"an oklch() color inside sRGB", "primary", "oklch(62% 0.19 260)", "oklch(62% 0.19 260)"},
	{"an oklch() color just outside sRGB", "text-primary", "oklch(62.8% 0.2577 29.23)", "oklch(62.8% 0.2577 29.23)"},
	{"a Display-P3 color outside sRGB", "error", "color(display-p3 0.3 0.8 0.1)", "color(display-p3 0.3 0.8 0.1)"},
	{"an oklab() color", "nav-bar", "oklab(62.8% 0.2249 0.1258)", "oklab(62.8% 0.2249 0.1258)"},
	{"an rgb() color in percentages", "warning", "rgb(10%, 20%, 30%)", "rgb(25.5, 51, 76.5)"},
}

// notationTheme is theme 7 of the default catalog with notationOverrides
// in the light scheme and a Display-P3 primary in the dark one.
func notationTheme() theming.Theme {
	t := theming.Theme{ID: 7, Name: "Notations", IsDefault: true}
	for _, o := range notationOverrides {
		t.SetOverride(o.comp, theming.Light, o.written)
	}
	t.SetOverride("primary", theming.Dark, "color(display-p3 0.2217 0.4597 0.9173)")
	return t
}

func TestAThemeInEveryNotationIsServedAsWrittenAndPaintedInItsNotation(t *testing.T) {
	cc := defaultCatalog(t)
	snap, err := cc.Snapshot([]theming.Theme{notationTheme()})
	require.NoError(t, err, "a theme with hex, rgb(), oklch(), oklab() and Display-P3 overrides loads")
	rt, ok := snap.Theme(7)
	require.True(t, ok)

	list, err := snap.ThemesJSON("")
	require.NoError(t, err)
	var served []struct {
		Colors         map[string]theming.PerScheme `json:"colors"`
		PalettePreview []string                     `json:"palette_preview"`
	}
	require.NoError(t, json.Unmarshal(list, &served))
	require.Len(t, served, 1)
	style := sheet(snap, rt)
	for _, o := range notationOverrides {
		t.Run(o.name+" is served as written and written by the stylesheet in its notation", func(t *testing.T) {
			assert.Equal(t, o.written, served[0].Colors[o.comp].Light, "the served override")
			c, ok := rt.Color(theming.Light, o.comp)
			require.True(t, ok)
			assert.Equal(t, o.canonical, c.String(), "the resolved color keeps its notation")
			assert.Contains(t, style, "--"+o.comp+": "+o.canonical+";", "the stylesheet's declaration")
		})
	}
	t.Run("the dark scheme's Display-P3 override is served and written as such", func(t *testing.T) {
		assert.Equal(t, "color(display-p3 0.2217 0.4597 0.9173)", served[0].Colors["primary"].Dark)
		assert.Contains(t, style, "--primary: color(display-p3 0.2217 0.4597 0.9173);")
	})
	t.Run("a component that falls back to an oklch() override takes it in its notation", func(t *testing.T) {
		c, _ := rt.Color(theming.Light, "link") // link -> primary
		assert.Equal(t, "oklch(62% 0.19 260)", c.String())
	})
	t.Run("a derived variable moves the notation's own lightness and keeps the notation", func(t *testing.T) {
		// --primary-strong is primary with lightness_offset -10: OKLab's
		// L from 62% to 52%, hue kept.
		v, ok := rt.Variable(theming.Light, "--primary-strong")
		require.True(t, ok)
		assert.Equal(t, colorref.NotationOKLCh, v.Notation(), "%s", v)
		assert.InDelta(t, 52, v.Lightness(), 1e-9, "%s", v)
		assert.InDelta(t, 260, v.Components()[2], 1e-9, "%s", v)
		assert.Contains(t, style, "--primary-strong: "+v.String()+";")
		assert.True(t, strings.HasPrefix(v.String(), "oklch(52% "), "%s", v)
		// --primary-soft has opacity 0.12: the alpha, in the notation.
		soft, _ := rt.Variable(theming.Light, "--primary-soft")
		assert.Equal(t, "oklch(62% 0.19 260 / 0.12)", soft.String())
	})
	t.Run("the palette preview gives each opaque color in its notation, compact", func(t *testing.T) {
		assert.Contains(t, served[0].PalettePreview, "oklch(62% 0.19 260)")
		assert.Contains(t, served[0].PalettePreview, "#ffffff")
		assert.Contains(t, served[0].PalettePreview, "color(display-p3 0.3 0.8 0.1)")
	})
}

func TestAThemeInEveryNotationIsJudgedAsPainted(t *testing.T) {
	clip := colorJSClip(t)
	cc := defaultCatalog(t)
	snap, err := cc.Snapshot([]theming.Theme{notationTheme()})
	require.NoError(t, err)
	rep, err := fix.New(cc).Audit(snap, contrast.Policy{})
	require.NoError(t, err)

	page := clip["#fff"]
	tests := []struct {
		name, comp, variable, written string
		target                        string
	}{
		{"a Display-P3 color outside sRGB on the page, clipped as axe-core clips it", "error", "--error", "color(display-p3 0.3 0.8 0.1)", "page-background"},
		{"an oklch() color on the page", "primary", "--primary", "oklch(62% 0.19 260)", "page-background"},
		{"an oklch() text just outside sRGB on the page", "text-primary", "--text-primary", "oklch(62.8% 0.2577 29.23)", "page-background"},
		{"a hex color on the page", "info", "--info", "#1877F2", "page-background"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" has the ratio Color.js's painted colors give", func(t *testing.T) {
			fg, ok := clip[tt.written]
			require.True(t, ok, "no Color.js vector for %q", tt.written)
			var found *fix.Finding
			for i, f := range rep.Findings {
				if f.ThemeID == 7 && f.Scheme == theming.Light && f.Component == tt.comp && f.Variable == tt.variable &&
					f.Target.Type == theming.TargetComponent && f.Target.Value == tt.target {
					found = &rep.Findings[i]
				}
			}
			require.NotNil(t, found, "the audit judges %s on %s", tt.variable, tt.target)
			assert.InDelta(t, wcagRatio(fg, page, false), found.Exact, 1e-6, "the exact ratio")
			assert.InDelta(t, wcagRatio(fg, page, true), found.Rendered, 1e-6, "the rendered (8-bit) ratio")
			assert.Equal(t, "colors."+tt.comp+".light", found.Field, "the field that decided the color")
		})
	}
	t.Run("an oklab() background is judged as painted against a literal white target", func(t *testing.T) {
		fg := clip["oklab(62.8% 0.2249 0.1258)"]
		for _, f := range rep.Findings {
			if f.ThemeID == 7 && f.Scheme == theming.Light && f.Component == "nav-bar" && f.Variable == "--nav-bar" && f.Target.Type == theming.TargetHSL {
				assert.InDelta(t, wcagRatio(fg, [3]float64{1, 1, 1}, false), f.Exact, 1e-6)
				return
			}
		}
		t.Fatal("the audit does not judge --nav-bar on its hsl() target")
	})
}

func TestCatalogFallbacksInEveryNotation(t *testing.T) {
	cat := edit(t, baseCatalog, func(m map[string]any) {
		comp(m, 1)["fallback"] = map[string]any{"light": "oklch(62% 0.19 260)", "dark": "#1877F2"}
		comp(m, 4)["fallback"] = map[string]any{"light": "color(display-p3 0.2 0.2 0.2)", "dark": "rgb(240 240 240)"}
	})
	snap, err := theming.Load(cat, []byte(baseThemes))
	require.NoError(t, err, "a catalog with oklch(), hex, Display-P3 and rgb() fallbacks loads")
	defs := string(snap.ComponentDefsJSON())
	for _, w := range []string{`"light":"oklch(62% 0.19 260)"`, `"dark":"#1877F2"`, `"light":"color(display-p3 0.2 0.2 0.2)"`, `"dark":"rgb(240 240 240)"`} {
		assert.Contains(t, defs, w, "the served catalog keeps the fallback as written")
	}
	rt, ok := snap.Theme(2) // overrides nothing
	require.True(t, ok)
	tests := []struct {
		name   string
		sc     theming.Scheme
		cssVar string
		want   string
	}{
		{"an oklch() fallback", theming.Light, "--primary", "oklch(62% 0.19 260)"},
		{"a component falling back to it", theming.Light, "--button", "oklch(62% 0.19 260)"},
		{"a hex fallback, canonical", theming.Dark, "--primary", "#1877f2"},
		// #1877f2 with its hsl() lightness 52.16% moved by -10, hue and
		// saturation kept: Python's colorsys gives (11.45, 95.16, 203.55).
		{"a derived variable of a hex fallback, in whole 8-bit channels", theming.Dark, "--primary-hover", "#0b5fcc"},
		{"a Display-P3 fallback", theming.Light, "--text", "color(display-p3 0.2 0.2 0.2)"},
		{"an rgb() fallback, canonical", theming.Dark, "--text", "rgb(240, 240, 240)"},
	}
	style := sheet(snap, rt)
	for _, tt := range tests {
		t.Run(tt.name+" resolves and is written in its notation", func(t *testing.T) {
			v, ok := rt.Variable(tt.sc, tt.cssVar)
			require.True(t, ok)
			assert.Equal(t, tt.want, v.String())
			assert.Contains(t, style, tt.cssVar+": "+tt.want+";")
		})
	}
}

func TestBadColorsInEveryNotationArePlaced(t *testing.T) {
	okThemes := []byte(`{"themes": []}`)
	tests := []struct {
		name               string
		catalog, themes    []byte
		wantFile           string
		wantLine, wantCol  int
		wantPath, wantText string
	}{
		{"an oklch() fallback missing its hue",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "oklch(62% 0.19)", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`, // the value at column 66
				`]}`,
			), okThemes, theming.CatalogFile, 2, 66, "components[0].fallback.light", `"oklch(62% 0.19)" is neither a color nor a component id: missing hue`},
		{"a hex fallback of five digits",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "#12345"}, "variables": []}`, // the value at column 94
				`]}`,
			), okThemes, theming.CatalogFile, 2, 94, "components[0].fallback.dark", `"#12345" is neither a color nor a component id`},
		{"an override in a color space colorref does not read",
			placeCatalog, lines(
				`{"themes": [`,
				`  {"id": 1, "name": "One", "is_default": true,`,
				`   "colors": {"text": {"dark": "color(rec2020 1 0 0)"}}}`, // the value at column 32
				`]}`,
			), theming.ThemesFile, 3, 32, "themes[0].colors.text.dark", `color space "rec2020" is not supported`},
		{"an override in a notation colorref does not read",
			placeCatalog, lines(
				`{"themes": [`,
				`  {"id": 1, "name": "One", "is_default": true,`,
				`   "colors": {"text": {"light": "lab(50% 20 30)"}}}`, // the value at column 33
				`]}`,
			), theming.ThemesFile, 3, 33, "themes[0].colors.text.light", `unsupported color function "lab("`},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is an ErrInvalid at its file, line, column and path", func(t *testing.T) {
			_, err := theming.Load(tt.catalog, tt.themes)
			var p *theming.Problem
			for _, q := range validationProblems(t, err) {
				if q.Path == tt.wantPath {
					p = q
				}
			}
			require.NotNil(t, p, "no problem at %s in %v", tt.wantPath, err)
			assert.ErrorIs(t, p, theming.ErrInvalid)
			assert.Equal(t, tt.wantFile, p.File)
			assert.Equal(t, tt.wantPath, p.Path)
			assert.Equal(t, tt.wantLine, p.Line, "line of %v", p)
			assert.Equal(t, tt.wantCol, p.Column, "column of %v", p)
			assert.Contains(t, p.Msg, tt.wantText)
		})
	}

	t.Run("a host's row with a broken oklch() override names the theme, field, component and scheme", func(t *testing.T) {
		th := theming.Theme{ID: 4, Name: "Row"}
		th.SetOverride("primary", theming.Dark, "oklch(62% 0.19 260")
		err := defaultCatalog(t).CheckTheme(th)
		probs := validationProblems(t, err)
		require.Len(t, probs, 1, "%v", err)
		p := probs[0]
		assert.ErrorIs(t, p, theming.ErrInvalid)
		assert.Equal(t, 4, p.ThemeID)
		assert.Equal(t, "primary", p.ComponentID)
		assert.Equal(t, theming.Dark, p.Scheme)
		assert.Equal(t, "colors.primary.dark", p.Path)
		assert.Equal(t, `theme 4: colors.primary.dark: "oklch(62% 0.19 260" is neither a color nor a component id: missing ")" at offset 18`, p.Error())
		var verr *theming.ValidationError
		assert.True(t, errors.As(err, &verr), "a *theming.ValidationError")
	})
}

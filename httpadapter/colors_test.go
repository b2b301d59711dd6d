package httpadapter_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// cssBlock returns the custom properties of the block of css that opens
// with head, in order.
func cssBlock(t testing.TB, css, head string) [][2]string {
	t.Helper()
	block := regexp.MustCompile(`(?s)` + regexp.QuoteMeta(head) + ` \{\n(.*?)\}`).FindStringSubmatch(css)
	require.NotNil(t, block, "no block %q in the stylesheet", head)
	var out [][2]string
	for _, m := range regexp.MustCompile(`(?m)^\s*(--[A-Za-z0-9_-]+): (.*);$`).FindAllStringSubmatch(block[1], -1) {
		out = append(out, [2]string{m[1], m[2]})
	}
	return out
}

// notationOverrides are light-scheme overrides of the default data's
// first theme in every notation theme data takes but hsl().
var notationOverrides = map[string]string{
	"primary":         "oklch(62% 0.19 260)",
	"page-background": "#fff",
	"error":           "color(display-p3 0.3 0.8 0.1)",
	"nav-bar":         "oklab(62.8% 0.2249 0.1258)",
	"warning":         "rgb(10%, 20%, 30%)",
}

// notationsSnapshot is the default data with notationOverrides in its
// first theme.
func notationsSnapshot(t testing.TB) *theming.Snapshot {
	t.Helper()
	return snapshotWith(t, func(themes []map[string]any) []map[string]any {
		colors, _ := themes[0]["colors"].(map[string]any)
		if colors == nil {
			colors = map[string]any{}
		}
		for id, v := range notationOverrides {
			colors[id] = map[string]any{"light": v}
		}
		themes[0]["colors"] = colors
		return themes
	})
}

func TestTheResolvedColorsOfOtherNotationsCarryTheirCSS(t *testing.T) {
	snap := notationsSnapshot(t)
	rt := snap.Themes()[0]
	opts := httpadapter.Options{Source: theming.NewCurrent(snap), PreferredTheme: preferredFromHeader, UserVary: []string{userHeader}}
	ts := serve(t, schemaHandler(opts, ""))
	resp, body := do(t, ts, http.MethodGet, colorsPath, map[string]string{userHeader: strconv.Itoa(rt.ID())})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var got struct {
		Light map[string]map[string]string `json:"light"`
	}
	require.NoError(t, json.Unmarshal(body, &got))
	tests := []struct{ name, cssVar, css, hex string }{
		// hex: the 8-bit channels of Color.js's clipped sRGB
		// (colorref/testdata/notation-vectors.json), rounded.
		{"an oklch() color inside sRGB", "--primary", "oklch(62% 0.19 260)", "#3a81f6"},
		{"a Display-P3 color outside sRGB, clipped", "--error", "color(display-p3 0.3 0.8 0.1)", "#00cf00"},
		{"a hex color, canonical", "--page-background", "#ffffff", "#ffffff"},
		{"an rgb() color, canonical", "--warning", "rgb(25.5, 51, 76.5)", "#1a334d"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" has its stylesheet value as css, and hsl and hex of what it paints", func(t *testing.T) {
			v := got.Light[tt.cssVar]
			require.NotNil(t, v, "no %s", tt.cssVar)
			assert.Equal(t, tt.css, v["css"])
			assert.Equal(t, tt.hex, v["hex"])
			c, err := colorref.ParseColor(v["hsl"])
			require.NoError(t, err, "hsl is an hsl() color")
			assert.Equal(t, tt.hex, c.Hex(), "hsl paints hex")
		})
	}
	t.Run("an hsl() color has no css", func(t *testing.T) {
		v := got.Light["--text-secondary"]
		require.NotNil(t, v)
		assert.NotContains(t, v, "css")
		assert.Regexp(t, `^hsl\(`, v["hsl"])
	})
}

func TestTheResolvedColorsAreTheStylesheetsValues(t *testing.T) {
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewCurrent(snap), PreferredTheme: preferredFromHeader, UserVary: []string{userHeader}}
	ts := serve(t, schemaHandler(opts, ""))
	for _, th := range snap.Themes() {
		t.Run("theme "+strconv.Itoa(th.ID())+"'s colors are its stylesheet's values, in its order", func(t *testing.T) {
			user := map[string]string{userHeader: strconv.Itoa(th.ID())}
			resp, body := do(t, ts, http.MethodGet, colorsPath, user)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			_, css := do(t, ts, http.MethodGet, cssPath, user)

			var got struct {
				ID   int    `json:"id"`
				Name string `json:"name"`
			}
			require.NoError(t, json.Unmarshal(body, &got))
			var raw map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(body, &raw))
			assert.Equal(t, th.ID(), got.ID)
			assert.Equal(t, th.Name(), got.Name)
			assert.Equal(t, []string{"id", "name", "light", "dark"}, topLevelKeys(t, body))

			for sc, head := range map[string]string{"light": ":root,\n[data-color-scheme=\"light\"]", "dark": "\n[data-color-scheme=\"dark\"]"} {
				want := cssBlock(t, string(css), head)
				require.NotEmpty(t, want)
				var values map[string]struct{ HSL, Hex string }
				require.NoError(t, json.Unmarshal(raw[sc], &values))
				names := topLevelKeys(t, raw[sc])
				require.Len(t, names, len(want), "%s: every variable of the stylesheet, none more", sc)
				for i, pair := range want {
					assert.Equal(t, pair[0], names[i], "%s: variable %d in the stylesheet's order", sc, i)
					assert.Equal(t, pair[1], values[pair[0]].HSL, "%s %s: the stylesheet's value", sc, pair[0])
					assert.Regexp(t, `^#[0-9a-f]{6}([0-9a-f]{2})?$`, values[pair[0]].Hex)
				}
			}
		})
	}
}

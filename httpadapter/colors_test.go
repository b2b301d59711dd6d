package httpadapter_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

package frontend_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
)

// crossOriginPage is the page of crossorigin/main.ts: the
// @hey-api/openapi-ts client generated from the served document, bundled
// with esbuild.
const crossOriginPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>cross-origin client</title>
<style>body { font: 12px monospace; white-space: pre-wrap; }</style></head>
<body><p>cross-origin client</p><pre id="result"></pre><script src="app.js"></script></body></html>
`

// bundleCrossOriginClient generates the hey-api client into a temporary
// folder beside a copy of crossorigin/main.ts and bundles them; it
// returns the bundle.
func bundleCrossOriginClient(t *testing.T) []byte {
	t.Helper()
	esbuild := npmBin(t, "esbuild")
	dir := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(heyClient(t), "hey"), filepath.Join(dir, "hey")))
	src, err := os.ReadFile(filepath.Join("crossorigin", "main.ts"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.ts"), src, 0o644))
	app := filepath.Join(dir, "app.js")
	out, ok := runIn(t, dir, esbuild, "main.ts", "--bundle", "--format=iife", "--target=es2020", "--log-level=warning", "--outfile="+app)
	require.True(t, ok, "esbuild:\n%s", out)
	b, err := os.ReadFile(app)
	require.NoError(t, err)
	return b
}

// pageSite serves the page and its bundle on a loopback port of its own:
// another origin than the API's.
func pageSite(t testing.TB, app []byte) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(crossOriginPage))
	})
	mux.HandleFunc("GET /app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Write(app)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	return site
}

// usersFile writes a demo users file: "t<ID>" prefers theme ID, for every
// theme, and alice prefers the second theme.
func usersFile(t testing.TB, snap *theming.Snapshot) (string, []string, int) {
	t.Helper()
	users := map[string]int{}
	var names []string
	for _, th := range snap.Themes() {
		name := "t" + strconv.Itoa(th.ID())
		users[name] = th.ID()
		names = append(names, name)
	}
	require.GreaterOrEqual(t, len(snap.Themes()), 2)
	alice := snap.Themes()[1].ID()
	users["alice"] = alice
	b, err := json.Marshal(users)
	require.NoError(t, err)
	p := filepath.Join(t.TempDir(), "users.json")
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return p, names, alice
}

// pageResult loads target in Chromium and decodes what the page wrote.
func pageResult(t testing.TB, target string, v any) {
	t.Helper()
	res := browsertest.Load(t, browsertest.Page{URL: target, Width: 800, Height: 600})
	text := browsertest.Text(t, res.DOM, "result")
	require.NotEmpty(t, text, "the page wrote no result; console:\n%s", strings.Join(res.Console, "\n"))
	require.NoError(t, json.Unmarshal([]byte(text), v), "%s", text)
}

type outcome struct {
	OK     bool   `json:"ok"`
	Status int    `json:"status"`
	Detail string `json:"detail"`
	ID     int    `json:"id"`
	Text   string `json:"text"`
}

func TestAClientOnAnotherOriginReadsTheAPIWithCORSInChromium(t *testing.T) {
	browsertest.Chromium(t)
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	users, _, alice := usersFile(t, snap)
	app := bundleCrossOriginClient(t)
	allowed, refused := pageSite(t, app), pageSite(t, app)
	api := exampleServer(t, "-cors-origin", allowed.URL, "-users", users)
	require.NotEqual(t, allowed.URL, refused.URL)

	tests := []struct {
		name    string
		site    *httptest.Server
		allowed bool
	}{
		{"a page on the allowed origin reads every endpoint and the stylesheet, with and without credentials", allowed, true},
		{"a page on another origin is refused everything", refused, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got struct {
				Omit, Include map[string]outcome
				LinkAnonymous string `json:"linkAnonymous"`
				LinkCreds     string `json:"linkCredentials"`
			}
			pageResult(t, tt.site.URL+"/?mode=cors&api="+url.QueryEscape(api), &got)
			for creds, seen := range map[string]map[string]outcome{"omit": got.Omit, "include": got.Include} {
				for _, what := range []string{"defs", "themes", "config", "configForAlice", "colors", "stylesheet"} {
					o, ok := seen[what]
					require.True(t, ok, "%s with credentials %s: no outcome", what, creds)
					if tt.allowed {
						assert.True(t, o.OK, "%s with credentials %s: %+v", what, creds, o)
						assert.Equal(t, http.StatusOK, o.Status, "%s with credentials %s", what, creds)
					} else {
						assert.False(t, o.OK, "%s with credentials %s was read: %+v", what, creds, o)
						assert.Contains(t, o.Detail, "TypeError", "%s with credentials %s: the browser refused it", what, creds)
					}
				}
				if tt.allowed {
					assert.Equal(t, alice, seen["configForAlice"].ID, "with credentials %s, the X-Demo-User header passed the preflight", creds)
					assert.True(t, strings.HasPrefix(seen["stylesheet"].Text, "/* theme "), "the stylesheet's text: %q", seen["stylesheet"].Text)
				}
			}
			if !tt.allowed {
				assert.Empty(t, got.LinkAnonymous, `<link rel="stylesheet" crossorigin>`)
				assert.Empty(t, got.LinkCreds, `<link rel="stylesheet" crossorigin="use-credentials">`)
				return
			}
			// The variables are registered <color>s, so Chromium computes
			// them to rgb(): compare colors, not strings.
			th, err := snap.ChooseTheme(0)
			require.NoError(t, err)
			c, ok := th.Variable(theming.Light, "--page-background")
			require.True(t, ok)
			r, g, b, a := c.RGBA8()
			for link, seen := range map[string]string{`<link rel="stylesheet" crossorigin>`: got.LinkAnonymous, `<link rel="stylesheet" crossorigin="use-credentials">`: got.LinkCreds} {
				rgba, err := browsertest.RGBA8(strings.TrimSpace(seen))
				if assert.NoError(t, err, link) {
					assert.Equal(t, [4]uint8{r, g, b, a}, rgba, "%s: --page-background is %q, want %s", link, seen, c)
				}
			}
		})
	}
}

func TestTheResolvedColorsAreTheStylesheetsComputedValuesInChromium(t *testing.T) {
	browsertest.Chromium(t)
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	users, names, _ := usersFile(t, snap)
	app := bundleCrossOriginClient(t)
	site := pageSite(t, app)
	api := exampleServer(t, "-cors-origin", site.URL, "-users", users)

	var got map[string]struct {
		Error    string                                  `json:"error"`
		ID       int                                     `json:"id"`
		JSON     map[string]map[string]map[string]string `json:"json"`
		Computed map[string]map[string]string            `json:"computed"`
	}
	pageResult(t, site.URL+"/?mode=colors&users="+url.QueryEscape(strings.Join(names, ","))+"&api="+url.QueryEscape(api), &got)
	for _, th := range snap.Themes() {
		user := "t" + strconv.Itoa(th.ID())
		t.Run(fmt.Sprintf("theme %d's hex colors are what Chromium computes from its stylesheet", th.ID()), func(t *testing.T) {
			g, ok := got[user]
			require.True(t, ok, "no result for %s", user)
			require.Empty(t, g.Error)
			require.Equal(t, th.ID(), g.ID)
			for _, sc := range theming.Schemes() {
				n := 0
				for name := range th.Variables(sc) {
					n++
					entry := g.JSON[string(sc)][name]
					require.NotNil(t, entry, "%s has no %s in %s", user, name, sc)
					hex, err := colorref.ParseHex(entry["hex"])
					require.NoError(t, err, "%s %s %s", user, sc, name)
					r, gr, b, a := hex.RGBA8()
					cr, cg, cb, ca := parseComputed(t, g.Computed[string(sc)][name])
					assert.Equal(t, [3]int{cr, cg, cb}, [3]int{int(r), int(gr), int(b)}, "%s in %s: JSON %s, Chromium %s", name, sc, entry["hex"], g.Computed[string(sc)][name])
					assert.InDelta(t, float64(a), ca*255, 0.51, "%s in %s: alpha", name, sc)
				}
				assert.Len(t, g.JSON[string(sc)], n, "every variable, none more")
			}
		})
	}
}

var computedColor = regexp.MustCompile(`^rgba?\((\d+), (\d+), (\d+)(?:, ([0-9.]+))?\)$`)

// parseComputed reads a computed color as Chromium serializes it:
// rgb(r, g, b) or rgba(r, g, b, a).
func parseComputed(t testing.TB, s string) (r, g, b int, a float64) {
	t.Helper()
	m := computedColor.FindStringSubmatch(s)
	require.NotNil(t, m, "computed color %q", s)
	r, _ = strconv.Atoi(m[1])
	g, _ = strconv.Atoi(m[2])
	b, _ = strconv.Atoi(m[3])
	a = 1
	if m[4] != "" {
		var err error
		a, err = strconv.ParseFloat(m[4], 64)
		require.NoError(t, err)
	}
	return r, g, b, math.Max(0, math.Min(1, a))
}

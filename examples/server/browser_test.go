package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
)

// variablesPage is a page that links the served stylesheet and writes,
// once it has loaded, what the browser computed into #result: every
// variable's getComputedStyle value on the root element, the root's
// color-scheme and whether prefers-color-scheme: dark matches. It also
// draws each variable as a swatch, for the screenshot.
const variablesPage = `<!DOCTYPE html>
<html lang="en"{{with .Attr}} data-color-scheme="{{.}}"{{end}}>
<head><meta charset="utf-8"><title>theme variables</title>
<link rel="stylesheet" href="{{.Sheet}}">
<style>
body{margin:0;padding:12px;font:12px/1.3 system-ui,sans-serif;background:var(--page-background);color:var(--text-primary)}
h1{font-size:16px;margin:0 0 8px}
ul{display:grid;grid-template-columns:repeat(6,1fr);gap:6px;list-style:none;margin:0;padding:0}
li{display:flex;align-items:center;gap:6px;background:var(--surface);border:1px solid var(--border);border-radius:4px;padding:4px;overflow:hidden}
li span{flex:none;width:28px;height:28px;border-radius:4px;border:1px solid var(--border-strong)}
code{font-size:10px;overflow-wrap:anywhere}
</style></head>
<body>
<h1>{{.Heading}}</h1>
<ul>{{range .Names}}<li><span data-var="{{.}}"></span><code>{{.}}</code></li>{{end}}</ul>
<pre id="result" hidden></pre>
<script>
window.addEventListener("load", () => {
  for (const s of document.querySelectorAll("[data-var]")) s.style.background = "var(" + s.dataset.var + ")";
  const names = {{.Names}};
  const root = getComputedStyle(document.documentElement);
  const values = {};
  for (const n of names) values[n] = root.getPropertyValue(n);
  document.getElementById("result").textContent = JSON.stringify({
    values,
    colorScheme: root.colorScheme,
    prefersDark: matchMedia("(prefers-color-scheme: dark)").matches,
  });
});
</script>
</body></html>
`

// computed is what variablesPage writes into #result.
type computed struct {
	Values      map[string]string `json:"values"`
	ColorScheme string            `json:"colorScheme"`
	PrefersDark bool              `json:"prefersDark"`
}

// framesPage is a page of iframes, each a variablesPage, that writes,
// once they have all loaded, what each wrote into its #result, as a JSON
// array in frame order, into its own #result: one Chromium run reads
// several pages.
const framesPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>theme variables</title>
<style>body{margin:0;display:grid;grid-template-columns:repeat(2,1fr)}iframe{width:100%;height:750px;border:0}</style></head>
<body>
{{range .}}<iframe src="{{.}}"></iframe>{{end}}
<pre id="result" hidden></pre>
<script>
window.addEventListener("load", () => {
  const results = [];
  for (const f of document.querySelectorAll("iframe")) results.push(JSON.parse(f.contentDocument.getElementById("result").textContent || "null"));
  document.getElementById("result").textContent = JSON.stringify(results);
});
</script>
</body></html>
`

// browserServer serves the example server's handler and, beside it, the
// test's own pages: /as/{user}/... is the server's response to ... for
// the demo user (a browser cannot send the X-Demo-User header),
// /test/variables?attr=...&sheet=...&title=... is variablesPage, and
// /test/frames?src=...&src=... is framesPage of those pages.
func browserServer(t *testing.T, srv *server, snap *theming.Snapshot) *httptest.Server {
	t.Helper()
	page := template.Must(template.New("variables").Parse(variablesPage))
	frames := template.Must(template.New("frames").Parse(framesPage))
	var names []string
	for n := range snap.Themes()[0].Variables(theming.Light) {
		names = append(names, n)
	}
	mux := http.NewServeMux()
	mux.Handle("/", srv.handler)
	mux.HandleFunc("/as/{user}/", func(w http.ResponseWriter, r *http.Request) {
		user := r.PathValue("user")
		r = r.Clone(r.Context())
		r.Header.Set(demo.UserHeader, user)
		http.StripPrefix("/as/"+user, srv.handler).ServeHTTP(w, r)
	})
	render := func(w http.ResponseWriter, tmpl *template.Template, data any) {
		var b bytes.Buffer
		if err := tmpl.Execute(&b, data); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b.Bytes())
	}
	mux.HandleFunc("GET /test/variables", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		render(w, page, map[string]any{"Attr": q.Get("attr"), "Sheet": q.Get("sheet"), "Names": names, "Heading": q.Get("title")})
	})
	mux.HandleFunc("GET /test/frames", func(w http.ResponseWriter, r *http.Request) {
		render(w, frames, r.URL.Query()["src"])
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// The stylesheet registers each variable with @property as a <color>, so
// Chromium computes it: getPropertyValue returns rgb() or rgba() with
// 8-bit channels, not the hsl() written. The values are compared as
// colors: the computed channels against colorref's RGBA8 of the value.
//
// Each case is a variablesPage in a frame of its own document (its own
// root, data-color-scheme and link to the sheet); the cases of one system
// scheme share one Chromium run (framesPage), since starting Chromium is
// most of a run's time.
func TestTheServedStylesheetInABrowser(t *testing.T) {
	browsertest.Chromium(t)
	srv, err := newServer(config{Logger: discard()})
	require.NoError(t, err, "newServer on the embedded data")
	snap := srv.store.Load()
	ts := browserServer(t, srv, snap)

	themes := []struct {
		user  string // "" sends no demo user: the default theme
		theme int
	}{
		{"", 1},
		{"alice", 2},
	}
	systems := []struct {
		name    string
		dark    bool // the system prefers dark
		schemes []struct {
			name string
			attr string // data-color-scheme on the root element
			want theming.Scheme
		}
	}{
		{"the system prefers light", false, []struct {
			name string
			attr string
			want theming.Scheme
		}{
			{"light by default", "", theming.Light},
			{"dark under data-color-scheme=dark", "dark", theming.Dark},
		}},
		{"the system prefers dark", true, []struct {
			name string
			attr string
			want theming.Scheme
		}{
			{"dark when the system prefers dark", "", theming.Dark},
			{"light under data-color-scheme=light when the system prefers dark", "light", theming.Light},
		}},
	}
	for _, sys := range systems {
		t.Run(sys.name, func(t *testing.T) {
			type frame struct {
				name   string
				target string
				theme  *theming.ResolvedTheme
				want   theming.Scheme
			}
			var frames []frame
			for _, th := range themes {
				rt, ok := snap.Theme(th.theme)
				require.True(t, ok, "theme %d", th.theme)
				sheet := "/theme.css"
				if th.user != "" {
					sheet = "/as/" + th.user + "/theme.css"
				}
				for _, sc := range sys.schemes {
					frames = append(frames, frame{
						name: fmt.Sprintf("theme %d (%s) is %s", th.theme, rt.Name(), sc.name),
						target: "/test/variables?" + url.Values{
							"attr":  {sc.attr},
							"sheet": {sheet},
							"title": {fmt.Sprintf("%s: theme %d (%s), data-color-scheme=%q, the system prefers %s", sheet, th.theme, rt.Name(), sc.attr, map[bool]string{false: "light", true: "dark"}[sys.dark])},
						}.Encode(),
						theme: rt, want: sc.want,
					})
				}
			}
			q := url.Values{}
			for _, f := range frames {
				q.Add("src", f.target)
			}
			target := ts.URL + "/test/frames?" + q.Encode()
			res := browsertest.Load(t, browsertest.Page{URL: target, Dark: sys.dark, Width: 1280, Height: 1500})
			assert.Empty(t, res.Console, "%s: console messages", target)
			var got []*computed
			require.NoError(t, json.Unmarshal([]byte(browsertest.Text(t, res.DOM, "result")), &got), "%s: #result", target)
			require.Len(t, got, len(frames), "%s: the frames read", target)
			for i, f := range frames {
				t.Run(f.name, func(t *testing.T) {
					got := got[i]
					require.NotNil(t, got, "%s: the frame wrote no #result", f.target)
					assert.Equal(t, sys.dark, got.PrefersDark, "%s (dark system %v): prefers-color-scheme: dark matches", f.target, sys.dark)
					assert.Equal(t, string(f.want), got.ColorScheme, "%s (dark system %v): the root's color-scheme", f.target, sys.dark)
					want := maps.Collect(f.theme.Variables(f.want))
					require.Len(t, got.Values, len(want), "%s: the variables read", f.target)
					for name, c := range want {
						seen, err := browsertest.RGBA8(strings.TrimSpace(got.Values[name]))
						r, g, b, a := c.RGBA8()
						if assert.NoError(t, err, "%s: %s", f.target, name) {
							assert.Equal(t, [4]uint8{r, g, b, a}, seen,
								"%s (dark system %v): getComputedStyle(root).getPropertyValue(%q) = %q, theme %d %s %s", f.target, sys.dark, name, got.Values[name], f.theme.ID(), f.want, c)
						}
					}
				})
			}
		})
	}
}

func TestTheContrastReportInABrowser(t *testing.T) {
	browsertest.Chromium(t)
	failingDir := t.TempDir()
	writeData(t, failingDir, "", failingThemes(t))
	tests := []struct {
		name string
		data string // "" is the embedded data
	}{
		{"the embedded data's report renders cleanly", ""},
		{"a failing catalog's report renders cleanly, its hostile theme name as text", failingDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, srv := start(t, config{DataDir: tt.data, Logger: discard()})
			audit := defaultAudit(t, srv.store.Load())
			// No #fragment: Chromium's headless --screenshot of a
			// scrolled page is blank, so the window shows the top, where
			// the failures come first.
			url := ts.URL + "/theme/report"
			res := browsertest.Load(t, browsertest.Page{URL: url, Width: 1280, Height: 2000})
			// The page has no scripts, so any console message is an
			// error: a CSP violation, a blocked load, a parse problem.
			assert.Empty(t, res.Console, "%s: console messages", url)
			dom := res.DOM
			assert.Contains(t, dom, fmt.Sprintf("%d contrast rules checked, %d failed.", audit.Checked, audit.Failed), "%s: the summary", url)
			assert.Equal(t, 0, strings.Count(dom, "<script"), "%s: script elements", url)
			assert.Equal(t, audit.Checked, strings.Count(dom, `<td><span class="badge pass">pass</span>`)+strings.Count(dom, `<td><span class="badge fail">fail</span>`),
				"%s: result badges, one per rule", url)
			if tt.data != "" {
				require.NotZero(t, audit.Failed, "the failing catalog fails")
				assert.Contains(t, dom, "&lt;script&gt;alert(1)&lt;/script&gt; (theme 1)", "%s: the hostile theme name as text", url)
				for _, f := range audit.Failures() {
					if s, ok := audit.SuggestEdit(f); ok {
						assert.Contains(t, dom, "<code>"+s.To+"</code>: ", "%s: the fix for %s on %s, theme %d %s", url, f.Component, f.Target.Value, f.ThemeID, f.Scheme)
					}
				}
				assert.Contains(t, dom, "on <code>hsla(220, 10%, 50%, 0.3)</code> over <code>hsl(220, 20%, 97%)</code>",
					"%s: the translucent surface over the page background", url)
			}
		})
	}
}

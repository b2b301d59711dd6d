package httpadapter_test

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
)

func TestTheBrowsablePageInABrowser(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(xssSnapshot(t))}))
	tests := []struct {
		name string
		give string
	}{
		{"the theme list", themesPath},
		{"the theme for the user", configPath},
	}
	for _, tt := range tests {
		t.Run(tt.name+" renders its JSON, runs no injected markup and its OPTIONS control works", func(t *testing.T) {
			url := ts.URL + tt.give + "?format=api#options"
			// Tall enough to show the OPTIONS answer and the hostile name below it.
			res := browsertest.Load(t, browsertest.Page{URL: url, Width: 1280, Height: 2400})
			dom := res.DOM
			// The page shows the response's JSON, hostile names included,
			// as text: what a reader sees parses to what ?format=json serves.
			_, served := do(t, ts, http.MethodGet, tt.give+"?format=json", nil)
			m := regexp.MustCompile(`(?s)<pre>(.*?)</pre>`).FindStringSubmatch(dom)
			require.NotNil(t, m, "%s: the JSON's <pre> element in\n%s", url, dom)
			shown := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], ""))
			assert.JSONEq(t, string(served), shown, "%s: the JSON as the page shows it", url)
			assert.Contains(t, shown, `"name": "<script>alert(1)</script>"`, "%s: the hostile name as text", url)
			// The page's own script ran under its Content-Security-Policy:
			// it fetched the OPTIONS response into the page.
			assert.Contains(t, dom, "OPTIONS "+tt.give, "%s: the OPTIONS result", url)
			assert.Contains(t, dom, `"renders": [`, "%s: the OPTIONS result", url)
			assert.Contains(t, dom, "HTTP 200", "%s: the OPTIONS result", url)
			// The hostile names are text: no element came from them, and
			// nothing tried to run (a blocked script or handler would
			// log a CSP violation).
			assert.Equal(t, 1, strings.Count(dom, "<script"), "%s: script elements", url)
			assert.NotContains(t, dom, "<img", "%s: img elements", url)
			assert.Empty(t, res.Console, "%s: console messages", url)
		})
	}
}

// TestABrowserGetsTheSameJSONInItsOwnCoding has Chromium fetch every
// representation with its own Accept-Encoding (it sends gzip, deflate,
// br, zstd) and decode it; what it reads must be what an identity request
// gets, and it must have been sent compressed. Each target is fetched
// once as the browser asks and once per coding, with the browser's
// Accept-Encoding narrowed to that coding on the way in (?coding=), so
// that Chromium decodes each of gzip, br and zstd.
func TestABrowserGetsTheSameJSONInItsOwnCoding(t *testing.T) {
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewCurrent(snap)}
	api := httpadapter.New(opts)
	css := api.Stylesheet()
	var targets []string
	for _, target := range []string{defsPath, themesPath, configPath, defsPath + "?format=json", themesPath + "?format=api", "/theme.css"} {
		targets = append(targets, target)
		sep := "?"
		if strings.Contains(target, "?") {
			sep = "&"
		}
		for _, c := range []string{"gzip", "br", "zstd"} {
			targets = append(targets, target+sep+"coding="+c)
		}
	}
	const page = `<!DOCTYPE html><html><body><div id="out"></div><script>
(async function () {
  const out = document.getElementById("out");
  for (const target of TARGETS) {
    const pre = document.createElement("pre");
    pre.dataset.target = target;
    try {
      const r = await fetch(target);
      pre.dataset.encoding = r.headers.get("content-encoding") || "identity";
      pre.textContent = await r.text();
    } catch (e) {
      pre.dataset.encoding = "error";
      pre.textContent = String(e);
    }
    out.appendChild(pre);
  }
  document.body.dataset.done = "yes";
})();
</script></body></html>`
	list, err := json.Marshal(targets)
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	mux.Handle("/theme.css", css)
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, strings.Replace(page, "TARGETS", string(list), 1))
	})
	ts := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Narrowed only when the client accepts the coding: the identity
		// requests below send no Accept-Encoding and stay identity.
		if c := r.URL.Query().Get("coding"); c != "" && strings.Contains(r.Header.Get("Accept-Encoding"), c) {
			r.Header.Set("Accept-Encoding", c)
		}
		mux.ServeHTTP(w, r)
	}))

	res := browsertest.Load(t, browsertest.Page{URL: ts.URL + "/"})
	require.Contains(t, res.DOM, `data-done="yes"`, "the page's fetches finished:\n%s", res.DOM)
	pres := regexp.MustCompile(`(?s)<pre data-target="([^"]*)" data-encoding="([^"]*)">(.*?)</pre>`).FindAllStringSubmatch(res.DOM, -1)
	require.Len(t, pres, len(targets), "one result per target in\n%s", res.DOM)
	for _, m := range pres {
		target, encoding, text := html.UnescapeString(m[1]), m[2], html.UnescapeString(m[3])
		t.Run(target+" reads as the identity body", func(t *testing.T) {
			_, identity := do(t, ts, http.MethodGet, target, nil)
			assert.Contains(t, []string{"gzip", "br", "zstd"}, encoding, "the coding Chromium received")
			if _, c, ok := strings.Cut(target, "coding="); ok {
				assert.Equal(t, c, encoding, "the coding Chromium received")
			}
			t.Logf("Chromium received %s", encoding)
			switch {
			case strings.Contains(target, "format=api"):
				// The page shows the request, which differs; the JSON it
				// shows must be the same.
				re := regexp.MustCompile(`(?s)<pre>(.*?)</pre>`)
				strip := func(s string) string {
					m := re.FindStringSubmatch(s)
					require.NotNil(t, m, "the JSON <pre> of the page")
					return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], ""))
				}
				assert.JSONEq(t, strip(string(identity)), strip(text))
			case strings.HasPrefix(target, "/theme.css"):
				assert.Equal(t, string(identity), text)
			default:
				assert.JSONEq(t, string(identity), text)
			}
		})
	}
}

package httpadapter_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/browsertest"
	"github.com/themekit/themekit/theming"
)

func TestTheBrowsablePageInABrowser(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewStore(xssSnapshot(t))}))
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

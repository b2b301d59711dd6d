package httpadapter_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// mountings are the documented ways of mounting the adapter: each
// returns the host's handler and the prefix under which the API is
// reached.
func mountings(t testing.TB) []struct {
	name   string
	prefix string
	h      http.Handler
} {
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewCurrent(snap)}

	quickstart := http.NewServeMux() // README's quickstart: the root with and without its slash
	a := httpadapter.New(opts)
	quickstart.Handle("/api/v2/theme/", a)
	quickstart.Handle("/api/v2/theme", a)

	prefixed := http.NewServeMux() // a ServeMux subtree under Options.Prefix
	withPrefix := opts
	withPrefix.Prefix = "/theming"
	prefixed.Handle("/theming/", httpadapter.New(withPrefix))

	stripped := http.NewServeMux() // http.StripPrefix, Prefix ""
	stripped.Handle("/theming/", http.StripPrefix("/theming", httpadapter.New(opts)))

	mounted := chi.NewRouter() // chi's Mount at the API's root, Prefix ""
	mounted.Mount("/api/v2/theme", httpadapter.New(opts))

	mountedUnder := chi.NewRouter() // chi's Mount under Options.Prefix
	mountedUnder.Mount("/theming", httpadapter.New(withPrefix))

	return []struct {
		name   string
		prefix string
		h      http.Handler
	}{
		{"README's ServeMux quickstart", "", quickstart},
		{"a ServeMux subtree with the Prefix option", "/theming", prefixed},
		{"http.StripPrefix", "/theming", stripped},
		{"chi's Mount at the API's root", "", mounted},
		{"chi's Mount with the Prefix option", "/theming", mountedUnder},
	}
}

// TestTheSlashlessPathsAreTheAdaptersOwn301InEveryMounting: wherever the
// adapter is mounted as documented, each endpoint's path without its
// slash is answered by the adapter itself (Allow and nosniff show it; a
// router's own redirect has neither, and ServeMux's is a 307 with an HTML
// body on Go 1.26) with DRF's 301 to the slash form, Location keeping
// the query, no body; and the slash form is served. The router never
// redirects on its own, so the answer is the same on Go 1.25 and 1.26.
func TestTheSlashlessPathsAreTheAdaptersOwn301InEveryMounting(t *testing.T) {
	for _, m := range mountings(t) {
		ts := serve(t, m.h)
		for _, path := range []string{defsPath, themesPath, configPath, colorsPath} {
			slashless := m.prefix + strings.TrimSuffix(path, "/")
			for _, query := range []string{"", "?format=json&x=%2F1"} {
				t.Run(m.name+": GET "+slashless+query+" is the adapter's 301", func(t *testing.T) {
					resp, body := do(t, ts, http.MethodGet, slashless+query, nil)
					require.Equal(t, http.StatusMovedPermanently, resp.StatusCode, "GET %s%s: %s", slashless, query, body)
					assert.Equal(t, m.prefix+path+query, resp.Header.Get("Location"))
					assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "the adapter's answer, not the router's")
					assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
					assert.Empty(t, body)
				})
			}
			t.Run(m.name+": GET "+m.prefix+path+" is served", func(t *testing.T) {
				resp, _ := do(t, ts, http.MethodGet, m.prefix+path, nil)
				assert.Equal(t, http.StatusOK, resp.StatusCode)
			})
		}
	}
}

// TestAServeMuxSubtreeAloneRedirectsTheRootItself shows why README's
// quickstart registers the API's root without its slash too: with the
// subtree pattern alone, ServeMux answers the slashless root before the
// adapter sees it (307 and an HTML body on Go 1.26, 301 on earlier
// versions), without the adapter's headers.
func TestAServeMuxSubtreeAloneRedirectsTheRootItself(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	resp, _ := do(t, serve(t, mux), http.MethodGet, "/api/v2/theme?x=1", nil)
	assert.Contains(t, []int{http.StatusMovedPermanently, http.StatusTemporaryRedirect}, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("Allow"), "ServeMux's own redirect")
}

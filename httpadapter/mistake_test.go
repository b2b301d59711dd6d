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

// hintFor is the 404 body of a request outside the prefix, as New's
// documentation describes it, written out for prefix.
func hintFor(prefix string) string {
	return `{"detail":"Not found.","hint":"This handler serves the theming API under Options.Prefix \"` + prefix +
		`\" (the theme list at ` + prefix + `/api/v2/theme/) and the request's path is not under it: ` +
		`mount the handler there, or set Prefix to where it is mounted. A chi Mount or a ServeMux pattern passes the whole path on; ` +
		`behind http.StripPrefix, Prefix is \"\"."}`
}

func TestAMountingMistakeIsNamedInThe404AndLoggedOnce(t *testing.T) {
	snap := defaultSnapshot(t)
	themes, err := snap.ThemesJSON("")
	require.NoError(t, err)
	tests := []struct {
		name     string
		mount    string // where chi mounts the handler
		prefix   string // Options.Prefix
		give     string
		wantCode int
		wantBody string
		wantLog  string // "" for no log line
	}{
		{"a chi Mount with the matching Prefix serves the API", "/theming", "/theming", "/theming/api/v2/theme/", 200, string(themes), ""},
		{"a chi Mount with Prefix left empty names the empty prefix", "/theming", "", "/theming/api/v2/theme/", 404, hintFor(""),
			`prefix="" path=/theming/api/v2/theme/ path_prefix=/theming`},
		{"a chi Mount with another Prefix names that prefix", "/theme-api", "/theming", "/theme-api/api/v2/theme/config/", 404, hintFor("/theming"),
			`prefix=/theming path=/theme-api/api/v2/theme/config/`},
		{"a path without the endpoint's slash under the wrong prefix is a mistake too", "/theming", "", "/theming/api/v2/theme", 404, hintFor(""),
			`path_prefix=/theming`},
		{"a path under the prefix that is no endpoint keeps DRF's body", "/theming", "/theming", "/theming/api/v2/theme/nope/", 404, `{"detail":"Not found."}`, ""},
		{"a path that only starts like an endpoint keeps DRF's body", "/theming", "/theming", "/theming/api/v2/theme/config/x", 404, `{"detail":"Not found."}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logBuffer
			r := chi.NewRouter()
			r.Mount(tt.mount, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: tt.prefix, Logger: logs.logger()}))
			ts := serve(t, r)
			for i := range 3 {
				resp, body := do(t, ts, http.MethodGet, tt.give, nil)
				assert.Equal(t, tt.wantCode, resp.StatusCode, "GET %s, request %d", tt.give, i+1)
				assert.Equal(t, tt.wantBody, string(body), "GET %s, request %d", tt.give, i+1)
				if tt.wantCode == http.StatusNotFound {
					assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
					assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
					assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
				}
			}
			if tt.wantLog == "" {
				assert.Empty(t, logs.String())
				return
			}
			assert.Equal(t, 1, strings.Count(logs.String(), "\n"), "log lines after three requests:\n%s", logs.String())
			assert.Contains(t, logs.String(), "level=WARN")
			assert.Contains(t, logs.String(), "outside Options.Prefix")
			assert.Contains(t, logs.String(), tt.wantLog)
		})
	}
	t.Run("a path outside the prefix, without chi, is the same mistake", func(t *testing.T) {
		var logs logBuffer
		ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: "/p", Logger: logs.logger()}))
		for _, give := range []string{"/api/v2/theme/", "/other", "/px/api/v2/theme/"} {
			resp, body := do(t, ts, http.MethodGet, give, nil)
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, "GET %s", give)
			assert.Equal(t, hintFor("/p"), string(body), "GET %s", give)
		}
		resp, body := do(t, ts, http.MethodHead, "/other", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "HEAD /other")
		assert.Empty(t, body, "HEAD /other")
		assert.Equal(t, 1, strings.Count(logs.String(), "\n"), "log lines after four requests:\n%s", logs.String())
		assert.Contains(t, logs.String(), "path=/api/v2/theme/", "the first request is the one logged")
	})
	t.Run("each handler logs its own first mistake", func(t *testing.T) {
		var logs logBuffer
		opts := httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: "/p", Logger: logs.logger()}
		for _, h := range []http.Handler{httpadapter.New(opts), httpadapter.New(opts)} {
			ts := serve(t, h)
			do(t, ts, http.MethodGet, "/x", nil)
			do(t, ts, http.MethodGet, "/y", nil)
		}
		assert.Equal(t, 2, strings.Count(logs.String(), "\n"), "log lines:\n%s", logs.String())
	})
}

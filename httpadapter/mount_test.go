package httpadapter_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func TestMountingInAHostsRouter(t *testing.T) {
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewStore(snap)}
	themes, _ := snap.ThemesJSON("")
	defs := snap.ComponentDefsJSON()

	patterns := http.NewServeMux()
	patterns.Handle("GET /api/v2/theme/component-defs/", httpadapter.ComponentDefs(opts))
	patterns.Handle("/api/v2/theme/{$}", httpadapter.Themes(opts))
	patterns.Handle("/api/v2/theme/config/", httpadapter.ThemeConfig(opts))

	prefixed := http.NewServeMux()
	prefixed.Handle("/theming/", http.StripPrefix("/theming", httpadapter.New(opts)))

	withOption := http.NewServeMux()
	prefixOpts := opts
	prefixOpts.Prefix = "/theming"
	withOption.Handle("/theming/", httpadapter.New(prefixOpts))

	tests := []struct {
		name     string
		mux      http.Handler
		method   string
		give     string
		wantCode int
		wantBody string
	}{
		{"a Go 1.22 method pattern serves the catalog", patterns, "GET", defsPath, 200, string(defs)},
		{"a {$} pattern serves the theme list", patterns, "GET", themesPath, 200, string(themes)},
		{"a single endpoint answers OPTIONS itself", patterns, "OPTIONS", themesPath, 200, ""},
		{"a single endpoint answers other methods itself", patterns, "DELETE", themesPath, 405, `{"detail":"Method \"DELETE\" not allowed."}`},
		{"http.StripPrefix serves under the prefix", prefixed, "GET", "/theming" + themesPath, 200, string(themes)},
		{"http.StripPrefix leaves other paths a 404", prefixed, "GET", "/theming/api/v2/other/", 404, `{"detail":"Not found."}`},
		{"the Prefix option serves under the prefix", withOption, "GET", "/theming" + defsPath, 200, string(defs)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := serve(t, tt.mux)
			resp, body := do(t, ts, tt.method, tt.give, nil)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "%s %s", tt.method, tt.give)
			if tt.wantBody != "" {
				assert.Equal(t, tt.wantBody, string(body), "%s %s", tt.method, tt.give)
			}
		})
	}
}

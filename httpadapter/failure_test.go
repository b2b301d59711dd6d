package httpadapter_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func TestFailuresAreServerErrorsWithTheCauseLoggedOnly(t *testing.T) {
	snap := defaultSnapshot(t)
	const secret = "db password is hunter2"
	tests := []struct {
		name    string
		source  theming.Source
		hook    func(*http.Request) (int, error)
		path    string
		wantLog []string
	}{
		{"a failing source", sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			return nil, errors.New(secret)
		}), nil, themesPath, []string{secret, "Theme List"}},
		{"a source returning nothing", sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			return nil, nil
		}), nil, defsPath, []string{"no snapshot"}},
		{"a panicking source", sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			panic(secret)
		}), nil, defsPath, []string{secret, "Source.Snapshot panicked", "stack="}},
		{"a failing hook", theming.NewCurrent(snap), func(*http.Request) (int, error) {
			return 0, errors.New(secret)
		}, configPath, []string{secret, "Theme Config"}},
		{"a panicking hook", theming.NewCurrent(snap), func(*http.Request) (int, error) {
			panic(secret)
		}, configPath, []string{secret, "PreferredTheme panicked", "stack="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs logBuffer
			ts := serve(t, httpadapter.New(httpadapter.Options{Source: tt.source, PreferredTheme: tt.hook, Logger: logs.logger()}))
			for _, render := range []string{"", "?format=api"} {
				resp, body := do(t, ts, http.MethodGet, tt.path+render, nil)
				assert.Equal(t, http.StatusInternalServerError, resp.StatusCode, "GET %s%s", tt.path, render)
				assert.NotContains(t, string(body), "hunter2", "GET %s%s shows the cause", tt.path, render)
				if render == "" {
					assert.Equal(t, `{"detail":"A server error occurred."}`, string(body), "GET %s", tt.path)
				} else {
					assert.Contains(t, string(body), "A server error occurred.", "GET %s%s", tt.path, render)
				}
			}
			for _, want := range tt.wantLog {
				assert.Contains(t, logs.String(), want, "the log of GET %s", tt.path)
			}
			// The server is still up and answers the next request.
			resp, _ := do(t, ts, http.MethodOptions, tt.path, nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "OPTIONS %s after the failure", tt.path)
		})
	}
}

func TestTheThemeForTheUser(t *testing.T) {
	snap := defaultSnapshot(t)
	noDefault := snapshotWith(t, func(th []map[string]any) []map[string]any {
		for _, x := range th {
			x["is_default"] = false
		}
		return th[1:] // drop theme 1; the lowest id is then 2
	})
	empty := snapshotWith(t, func([]map[string]any) []map[string]any { return nil })
	themeJSON := func(s *theming.Snapshot, id int) string {
		b, err := s.ThemeJSON(id, "")
		require.NoError(t, err, "encoding theme %d", id)
		return string(b)
	}
	tests := []struct {
		name     string
		snap     *theming.Snapshot
		give     func(*http.Request) (int, error)
		wantCode int
		wantBody string
	}{
		{"no hook gets the default theme", snap, nil, 200, themeJSON(snap, 1)},
		{"a preferred theme is served", snap, func(*http.Request) (int, error) { return 3, nil }, 200, themeJSON(snap, 3)},
		{"the hook reads the request", snap, func(r *http.Request) (int, error) {
			return len(r.Header.Get("X-Pref")), nil // "xx" prefers 2
		}, 200, themeJSON(snap, 2)},
		{"an unknown preference falls back to the default", snap, func(*http.Request) (int, error) { return 99, nil }, 200, themeJSON(snap, 1)},
		{"without a default the lowest id is served", noDefault, nil, 200, themeJSON(noDefault, 2)},
		{"no theme at all is not found", empty, nil, 404, `{"detail":"Not found."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(tt.snap), PreferredTheme: tt.give}))
			resp, body := do(t, ts, http.MethodGet, configPath, map[string]string{"X-Pref": "xx"})
			assert.Equal(t, tt.wantCode, resp.StatusCode, "GET %s", configPath)
			assert.Equal(t, tt.wantBody, string(body), "GET %s", configPath)
			assert.Contains(t, varyTokens(resp), "Cookie", "GET %s", configPath)
			if tt.wantCode == http.StatusOK {
				assert.Contains(t, string(body), `"palette_preview":[]`, "GET %s", configPath)
			}
		})
	}
}

func TestMediaBase(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct {
		name string
		give string
		want string // the favicon URL of theme 1
	}{
		{"the default is /media/", "", "/media/themes/1/favicon.svg"},
		{"an absolute URL", "https://cdn.example.com/m/", "https://cdn.example.com/m/themes/1/favicon.svg"},
		{"a missing trailing slash is added", "http://127.0.0.1:8000/media", "http://127.0.0.1:8000/media/themes/1/favicon.svg"},
		{"a path", "/static/media/", "/static/media/themes/1/favicon.svg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), MediaBase: tt.give}))
			for _, path := range []string{themesPath, configPath} {
				resp, body := do(t, ts, http.MethodGet, path, nil)
				require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", path)
				assert.Contains(t, string(body), `"favicon":"`+tt.want+`"`, "GET %s with MediaBase %q", path, tt.give)
			}
		})
	}
}

func TestMisconfigurationPanicsAtConstruction(t *testing.T) {
	store := theming.NewCurrent(defaultSnapshot(t))
	tests := []struct {
		name string
		give httpadapter.Options
		want string
	}{
		{"a nil Source", httpadapter.Options{}, "httpadapter: Options.Source is nil"},
		{"a relative media base", httpadapter.Options{Source: store, MediaBase: "media/"}, "httpadapter: Options.MediaBase"},
		{"a media base with a query", httpadapter.Options{Source: store, MediaBase: "/media/?v=1"}, "httpadapter: Options.MediaBase"},
		{"a media base with a fragment", httpadapter.Options{Source: store, MediaBase: "/media/#x"}, "httpadapter: Options.MediaBase"},
		{"a media base with another scheme", httpadapter.Options{Source: store, MediaBase: "ftp://example.com/"}, "httpadapter: Options.MediaBase"},
		{"a media base that does not parse", httpadapter.Options{Source: store, MediaBase: "http://[::1"}, "httpadapter: Options.MediaBase"},
		{"a protocol-relative media base", httpadapter.Options{Source: store, MediaBase: "//cdn.example/m/"}, "protocol-relative"},
		{"a media base browsers read as protocol-relative", httpadapter.Options{Source: store, MediaBase: `/\cdn.example/m/`}, "backslash"},
		{"a scheme-less media base", httpadapter.Options{Source: store, MediaBase: "cdn.example/m/"}, "httpadapter: Options.MediaBase"},
		{"a javascript: media base", httpadapter.Options{Source: store, MediaBase: "javascript:alert(1)//"}, "httpadapter: Options.MediaBase"},
		{"a prefix without a leading slash", httpadapter.Options{Source: store, Prefix: "theming"}, "httpadapter: Options.Prefix"},
		{"a prefix with a trailing slash", httpadapter.Options{Source: store, Prefix: "/theming/"}, "httpadapter: Options.Prefix"},
		{"a UserVary entry that is no header name", httpadapter.Options{Source: store, UserVary: []string{"X User"}}, "httpadapter: Options.UserVary"},
		{"a SourceVary entry that is no header name", httpadapter.Options{Source: store, SourceVary: []string{"X:Tenant"}}, "httpadapter: Options.SourceVary"},
		{"a relative stylesheet path", httpadapter.Options{Source: store, StylesheetPath: "theme.css"}, "httpadapter: Options.StylesheetPath"},
		{"a server URL without a scheme", httpadapter.Options{Source: store, ServerURL: "api.example.com"}, "httpadapter: Options.ServerURL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				v := recover()
				require.NotNil(t, v, "New(%+v) did not panic", tt.give)
				assert.Contains(t, v, tt.want, "New(%+v)", tt.give)
			}()
			httpadapter.New(tt.give)
		})
	}
}

// TestMediaBasesAcceptedAreThemings checks that every media base the
// constructors accept is one theming encodes without error.
func TestMediaBasesAcceptedAreThemings(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, give := range []string{"", "/", "/media", "http://a/", "https://a.example:8443/x/y"} {
		t.Run(give+" is valid for both", func(t *testing.T) {
			require.NotPanics(t, func() { httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), MediaBase: give}) }, "MediaBase %q", give)
			_, err := snap.ThemesJSON(give)
			assert.NoError(t, err, "theming with MediaBase %q", give)
		})
	}
}

package httpadapter_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// benchWriter is a ResponseWriter that keeps nothing, reused across
// iterations so that the figures are the handler's own.
type benchWriter struct {
	h    http.Header
	code int
	n    int
}

func (w *benchWriter) Header() http.Header  { return w.h }
func (w *benchWriter) WriteHeader(code int) { w.code = code }
func (w *benchWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	w.n += len(p)
	return len(p), nil
}

// run serves req with h b.N times and checks the status once.
func run(b *testing.B, h http.Handler, req *http.Request, want int) {
	w := &benchWriter{h: make(http.Header)}
	h.ServeHTTP(w, req)
	if w.code != want {
		b.Fatalf("%s %s: status %d, want %d", req.Method, req.URL, w.code, want)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		clear(w.h)
		w.code = 0
		h.ServeHTTP(w, req)
	}
}

func BenchmarkEndpoints(b *testing.B) {
	snap := defaultSnapshot(b)
	themes, err := snap.ThemesJSON("")
	if err != nil {
		b.Fatal(err)
	}
	api := httpadapter.New(httpadapter.Options{
		Source:         theming.NewStore(snap),
		PreferredTheme: func(*http.Request) (int, error) { return 2, nil },
	})
	benchmarks := []struct {
		name   string
		h      http.Handler
		path   string
		header map[string]string
		want   int
	}{
		{"baseline/minimal handler writing the theme list", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(themes)
		}), themesPath, nil, 200},
		{"component-defs", api, defsPath, nil, 200},
		{"themes", api, themesPath, nil, 200},
		{"config with a hook", api, configPath, nil, 200},
		{"themes if-none-match 304", api, themesPath, map[string]string{"If-None-Match": etagOf(themes)}, 304},
		{"themes accept browser-style json", api, themesPath, map[string]string{"Accept": "application/json, text/plain, */*"}, 200},
		{"themes indent=4", api, themesPath, map[string]string{"Accept": "application/json; indent=4"}, 200},
		{"stylesheet", httpadapter.Stylesheet(httpadapter.Options{Source: theming.NewStore(snap)}), "/theme.css", nil, 200},
	}
	for _, bb := range benchmarks {
		b.Run(bb.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, bb.path, nil)
			for k, v := range bb.header {
				req.Header.Set(k, v)
			}
			run(b, bb.h, req, bb.want)
		})
	}
}

// BenchmarkTenants serves two snapshots in turn, as a host whose Source
// picks a tenant's snapshot per request would: the weak-keyed map path.
func BenchmarkTenants(b *testing.B) {
	snaps := []*theming.Snapshot{defaultSnapshot(b), defaultSnapshot(b)}
	var i int
	h := httpadapter.Themes(httpadapter.Options{Source: sourceFunc(func(context.Context) (*theming.Snapshot, error) {
		i++
		return snaps[i%2], nil
	})})
	run(b, h, httptest.NewRequest(http.MethodGet, themesPath, nil), 200)
}

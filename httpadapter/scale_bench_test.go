package httpadapter_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/gendata"
	"github.com/themekit/themekit/theming"
)

// scaleData is the shared scale data (internal/testkit/gendata), as theming's
// scale benchmarks use it.
func scaleData(n int) (catalog, themes []byte) { return gendata.Catalog(n), gendata.Themes(n) }

// BenchmarkScale serves each endpoint from catalogs of 1,000 to 100,000
// components. "request" is a GET once the snapshot's representations
// exist (every request between two reloads); "first" is the first GET
// after a reload, which builds them (the handler is made anew, outside
// the timer, so that its per-snapshot cache is empty).
//
//	go test -run '^$' -bench Scale -benchmem ./httpadapter/
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		cat, themes := scaleData(n)
		snap, err := theming.Load(cat, themes)
		if err != nil {
			b.Fatal(err)
		}
		opts := httpadapter.Options{
			Source:         theming.NewCurrent(snap),
			PreferredTheme: func(*http.Request) (int, error) { return 2, nil },
		}
		endpoints := []struct {
			name string
			make func(httpadapter.Options) http.Handler
			path string
		}{
			{"component-defs", apiHandler, defsPath},
			{"themes", apiHandler, themesPath},
			{"config", apiHandler, configPath},
			{"stylesheet", func(o httpadapter.Options) http.Handler { return httpadapter.New(o).Stylesheet() }, "/theme.css"},
		}
		for _, e := range endpoints {
			req := httptest.NewRequest(http.MethodGet, e.path, nil)
			b.Run(fmt.Sprintf("components=%d/%s/request", n, e.name), func(b *testing.B) {
				h := e.make(opts)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				run(b, h, req, http.StatusOK)
				b.ReportMetric(float64(w.Body.Len()), "body-bytes")
			})
			b.Run(fmt.Sprintf("components=%d/%s/first", n, e.name), func(b *testing.B) {
				b.ReportAllocs()
				w := &benchWriter{h: make(http.Header)}
				for b.Loop() {
					b.StopTimer()
					h := e.make(opts)
					clear(w.h)
					w.code = 0
					b.StartTimer()
					h.ServeHTTP(w, req)
				}
				if w.code != http.StatusOK {
					b.Fatalf("GET %s: status %d", e.path, w.code)
				}
			})
		}
	}
}

// apiHandler is the Adapter of o as an http.Handler.
func apiHandler(o httpadapter.Options) http.Handler { return httpadapter.New(o) }

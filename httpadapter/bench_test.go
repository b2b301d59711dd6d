package httpadapter_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
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
		Source:         theming.NewCurrent(snap),
		PreferredTheme: func(*http.Request) (int, error) { return 2, nil },
	})
	// The form the adapter sends a browser, with its headers, for a
	// baseline that writes the same bytes.
	const browser = "gzip, deflate, br, zstd"
	brReq := httptest.NewRequest(http.MethodGet, themesPath, nil)
	brReq.Header.Set("Accept-Encoding", browser)
	brRec := httptest.NewRecorder()
	api.ServeHTTP(brRec, brReq)
	brHeader, brBody := brRec.Header().Clone(), brRec.Body.Bytes()
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
		{"baseline/minimal handler writing the theme list's compressed bytes and headers", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for k, v := range brHeader {
				h[k] = v
			}
			w.Write(brBody)
		}), themesPath, nil, 200},
		{"component-defs", api, defsPath, nil, 200},
		{"component-defs browser accept-encoding", api, defsPath, map[string]string{"Accept-Encoding": browser}, 200},
		{"themes browser accept-encoding", api, themesPath, map[string]string{"Accept-Encoding": browser}, 200},
		{"config browser accept-encoding", api, configPath, map[string]string{"Accept-Encoding": browser}, 200},
		{"themes", api, themesPath, nil, 200},
		{"config with a hook", api, configPath, nil, 200},
		{"themes if-none-match 304", api, themesPath, map[string]string{"If-None-Match": etagOf(themes)}, 304},
		{"themes accept browser-style json", api, themesPath, map[string]string{"Accept": "application/json, text/plain, */*"}, 200},
		{"themes indent=4", api, themesPath, map[string]string{"Accept": "application/json; indent=4"}, 200},
		{"stylesheet", httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}).Stylesheet(), "/theme.css", nil, 200},
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

// BenchmarkPrecompression is the once-per-snapshot cost of compression:
// each iteration builds fresh handlers on the default data and has a
// browser (Accept-Encoding: gzip, deflate, br, zstd, so every coding is
// made, to find the smallest) fetch every representation of the three
// endpoints and the stylesheet for every theme once. It reports the time
// per snapshot (ns/op), the bytes of the encoded forms kept
// (encoded-B/snapshot) and the heap they and their bookkeeping hold once
// built (heap-B/snapshot, measured after GC, against the same handlers
// before any compressed request).
func BenchmarkPrecompression(b *testing.B) {
	snap := defaultSnapshot(b)
	var ids []int
	for _, th := range snap.Themes() {
		ids = append(ids, th.ID())
	}
	// The user is the X-User header: each theme's config and stylesheet.
	opts := func() httpadapter.Options {
		return httpadapter.Options{Source: theming.NewCurrent(snap), PreferredTheme: func(r *http.Request) (int, error) {
			return strconv.Atoi(r.Header.Get("X-User"))
		}}
	}
	handlers := func() (api, css http.Handler) {
		a := httpadapter.New(opts())
		return a, a.Stylesheet()
	}
	fetchAll := func(api, css http.Handler, ae string) (encoded int) {
		get := func(h http.Handler, path string, user int) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("X-User", strconv.Itoa(user))
			if ae != "" {
				req.Header.Set("Accept-Encoding", ae)
			}
			w := &benchWriter{h: make(http.Header)}
			h.ServeHTTP(w, req)
			if w.code != http.StatusOK {
				b.Fatalf("GET %s: %d", path, w.code)
			}
			if w.h.Get("Content-Encoding") != "" {
				encoded += w.n
			}
		}
		get(api, defsPath, ids[0])
		get(api, themesPath, ids[0])
		for _, id := range ids {
			get(api, configPath, id)
			get(css, "/theme.css", id)
		}
		return encoded
	}
	heap := liveHeap
	// Memory, once: the same handlers before and after the browser's
	// requests; the identity forms are made by the first, identity pass.
	api, css := handlers()
	fetchAll(api, css, "")
	before := heap()
	fetchAll(api, css, "gzip, deflate, br, zstd")
	after := heap()
	kept := 0 // every coding of every representation
	for _, c := range []string{"gzip", "br", "zstd"} {
		kept += fetchAll(api, css, c)
	}
	runtime.KeepAlive(api)
	runtime.KeepAlive(css)

	b.ResetTimer()
	for b.Loop() {
		api, css := handlers()
		fetchAll(api, css, "gzip, deflate, br, zstd")
	}
	b.ReportMetric(float64(kept), "encoded-B/snapshot")
	b.ReportMetric(float64(after)-float64(before), "heap-B/snapshot")
}

// BenchmarkTenants serves two snapshots in turn, as a host whose Source
// picks a tenant's snapshot per request would: the weak-keyed map path.
func BenchmarkTenants(b *testing.B) {
	snaps := []*theming.Snapshot{defaultSnapshot(b), defaultSnapshot(b)}
	var i int
	h := httpadapter.New(httpadapter.Options{Source: sourceFunc(func(context.Context) (*theming.Snapshot, error) {
		i++
		return snaps[i%2], nil
	})})
	run(b, h, httptest.NewRequest(http.MethodGet, themesPath, nil), 200)
}

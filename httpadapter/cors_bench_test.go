package httpadapter_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// discard is a ResponseWriter that keeps headers and drops the body, so
// that a benchmark measures the handler alone.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkCORS serves a GET from an allowed origin with CORS off and on:
// the difference is what the CORS handling costs a request.
func BenchmarkCORS(b *testing.B) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		cors *httpadapter.CORS
	}{
		{"off", nil},
		{"on", &httpadapter.CORS{AllowedOrigins: []string{"https://app.example.com"}, AllowCredentials: true}},
	} {
		h := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), CORS: bc.cors})
		for _, path := range []string{"/api/v2/theme/config/", "/api/v2/theme/colors/"} {
			b.Run(bc.name+path, func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Origin", "https://app.example.com")
				req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
				w := &discard{h: http.Header{}}
				b.ReportAllocs()
				for b.Loop() {
					clear(w.h)
					h.ServeHTTP(w, req)
				}
			})
		}
	}
}

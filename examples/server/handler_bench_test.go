package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/themekit/themekit/internal/demo"
)

// discardWriter is a ResponseWriter that keeps nothing, reused across
// iterations, so that the figures are the handler chain's own: the
// example server's (access log, routing, the adapter) against a handler
// writing the same bytes and headers, what examples/server/loadtest's
// baseline serves.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkHandlerChain serves each API path with the example server's
// handler, as run by default (access log on) and with -access-log=false,
// and with a baseline that writes the bytes and headers the server sent,
// alone and behind the same access log (the yardstick's handler, see
// examples/server/loadtest/baseline), in identity and with a browser's
// Accept-Encoding.
func BenchmarkHandlerChain(b *testing.B) {
	logs := demo.NewLogBuffer(io.Discard, 0)
	b.Cleanup(func() { logs.Close() })
	logged, err := newServer(config{AccessLog: logs})
	if err != nil {
		b.Fatal(err)
	}
	quiet, err := newServer(config{})
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/api/v2/theme/config/"} {
		for _, ae := range []string{"", "gzip, deflate, br, zstd"} {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			name := path + " identity"
			if ae != "" {
				req.Header.Set("Accept-Encoding", ae)
				name = path + " browser"
			}
			rec := httptest.NewRecorder()
			quiet.handler.ServeHTTP(rec, req)
			header, body := rec.Header().Clone(), rec.Body.Bytes()
			mux := http.NewServeMux()
			mux.HandleFunc(path+"{$}", func(w http.ResponseWriter, r *http.Request) {
				h := w.Header()
				for k, v := range header {
					h[k] = v
				}
				w.Write(body)
			})
			for _, h := range []struct {
				name string
				h    http.Handler
			}{{"baseline", mux}, {"yardstick", demo.AccessLog(logs, mux)}, {"quiet", quiet.handler}, {"logged", logged.handler}} {
				b.Run(name+"/"+h.name, func(b *testing.B) {
					w := &discardWriter{h: make(http.Header)}
					b.ReportAllocs()
					for b.Loop() {
						clear(w.h)
						h.h.ServeHTTP(w, req)
					}
				})
			}
		}
	}
}

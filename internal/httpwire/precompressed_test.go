package httpwire_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/internal/httpwire"
)

func TestABodyNoCodingShrinksGoesOutAsItIs(t *testing.T) {
	for name, h := range map[string]http.Handler{
		"a two-byte body":        httpwire.NewPrecompressed("text/plain", []byte("ok")),
		"the zero Precompressed": &httpwire.Precompressed{},
	} {
		t.Run(name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			assert.Equal(t, http.StatusOK, w.Code)
			assert.Empty(t, w.Header().Get("Content-Encoding"))
			assert.Equal(t, fmt.Sprint(w.Body.Len()), w.Header().Get("Content-Length"))
			assert.Equal(t, "Accept-Encoding", w.Header().Get("Vary"))
		})
	}
}

// NewPrecompressed serves a fixed page in the coding the client prefers,
// with an ETag per coding.
func ExampleNewPrecompressed() {
	page := []byte("<!DOCTYPE html><title>Start</title>" + strings.Repeat("<p>Themes are served here.</p>", 20))
	h := httpwire.NewPrecompressed("text/html; charset=utf-8", page)
	for _, ae := range []string{"identity", "br"} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Accept-Encoding", ae)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		body, _ := io.ReadAll(w.Body)
		fmt.Println(ae, w.Header().Get("Content-Encoding"), len(body) < len(page), w.Header().Get("Content-Type"))
	}
	// Output:
	// identity  false text/html; charset=utf-8
	// br br true text/html; charset=utf-8
}

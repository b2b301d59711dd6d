package httpadapter_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// FuzzOpenAPIServerURL: any server URL either panics with the package's
// message naming it, or gives a document whose server is that URL
// without its trailing slashes ("/" when nothing is left), which a client
// can use: a path starting with a single "/", or an absolute http(s) URL
// with a host and no query, fragment or user information.
func FuzzOpenAPIServerURL(f *testing.F) {
	for _, s := range []string{
		"", "/", "/theming", "/theming//", "https://api.example.com", "https://api.example.com/v/",
		"api.example.com", "//api.example.com", "https://u@api.example.com", "http://[::1]:8080/a",
		"https://api.example.com/?q", "https://api.example.com/#f", "HTTPS://API.EXAMPLE.COM", "/a b", "/%zz",
	} {
		f.Add(s)
	}
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		f.Fatal(err)
	}
	store := theming.NewCurrent(snap)
	f.Fuzz(func(t *testing.T, s string) {
		var h http.Handler
		msg := panicMessage(func() { h = httpadapter.New(httpadapter.Options{Source: store, ServerURL: s}).OpenAPI() })
		if h == nil {
			if !strings.HasPrefix(msg, "httpadapter: Options.ServerURL ") {
				t.Fatalf("New with ServerURL %q panicked with %q", s, msg)
			}
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		var doc struct {
			Servers []struct {
				URL string `json:"url"`
			} `json:"servers"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil || len(doc.Servers) != 1 {
			t.Fatalf("OpenAPI(%q) served no document with one server: %v", s, err)
		}
		got := doc.Servers[0].URL
		want := strings.TrimRight(s, "/")
		if want == "" {
			want = "/"
		}
		if got != want {
			t.Fatalf("OpenAPI(%q): server %q, want %q", s, got, want)
		}
		u, err := url.Parse(got)
		switch {
		case err != nil:
			t.Fatalf("OpenAPI(%q): server %q is not a URL: %v", s, got, err)
		case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
			t.Fatalf("OpenAPI(%q): server %q has a query, fragment or user", s, got)
		case u.IsAbs():
			if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
				t.Fatalf("OpenAPI(%q): server %q is not an http(s) URL with a host", s, got)
			}
		case !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//"):
			t.Fatalf("OpenAPI(%q): server %q is neither absolute nor a path", s, got)
		}
	})
}

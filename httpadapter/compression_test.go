package httpadapter_test

import (
	"bytes"
	"compress/flate"
	stdgzip "compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// decode undoes one content coding with a decoder of its own (the
// standard library's for gzip), so that a test sees what a client sees.
func decode(t testing.TB, coding string, raw []byte) []byte {
	t.Helper()
	var r io.Reader
	switch coding {
	case "", "identity":
		return raw
	case "gzip":
		zr, err := stdgzip.NewReader(bytes.NewReader(raw))
		require.NoError(t, err, "a gzip header")
		zr.Multistream(false)
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(raw))
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(raw))
		require.NoError(t, err, "a zstd frame")
		defer zr.Close()
		r = zr
	case "deflate":
		r = flate.NewReader(bytes.NewReader(raw))
	default:
		t.Fatalf("unknown coding %q", coding)
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err, "decoding %s", coding)
	return b
}

// compressedTargets are the representations the adapter serves, each
// with the handler that serves it.
func compressedTargets(t *testing.T, snap *theming.Snapshot) []struct {
	name, target string
	accept       string
	h            http.Handler
} {
	api := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})
	css := api.Stylesheet()
	return []struct {
		name, target string
		accept       string
		h            http.Handler
	}{
		{"the catalog", defsPath, "", api},
		{"the theme list", themesPath, "", api},
		{"the theme for the user", configPath, "", api},
		{"the catalog indented by 4", defsPath, "application/json; indent=4", api},
		{"the theme list's browsable page", themesPath + "?format=api", "", api},
		{"the stylesheet", "/theme.css", "", css},
	}
}

func TestEveryRepresentationIsServedInEachCoding(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, tt := range compressedTargets(t, snap) {
		ts := serve(t, tt.h)
		ident, identBody := do(t, ts, http.MethodGet, tt.target, map[string]string{"Accept": tt.accept})
		require.Equal(t, http.StatusOK, ident.StatusCode, "GET %s", tt.target)
		require.Empty(t, ident.Header.Get("Content-Encoding"), "GET %s without Accept-Encoding", tt.target)
		tags := map[string]string{ident.Header.Get("Etag"): "identity"}
		for _, coding := range []string{"gzip", "br", "zstd"} {
			t.Run(tt.name+" in "+coding+" decodes to the identity body with its own tag", func(t *testing.T) {
				hdr := map[string]string{"Accept": tt.accept, "Accept-Encoding": coding}
				resp, raw := do(t, ts, http.MethodGet, tt.target, hdr)
				require.Equal(t, http.StatusOK, resp.StatusCode)
				assert.Equal(t, []string{coding}, resp.Header.Values("Content-Encoding"))
				assert.Equal(t, fmt.Sprint(len(raw)), resp.Header.Get("Content-Length"), "Content-Length is the encoded size")
				assert.Less(t, len(raw), len(identBody), "the encoded body is smaller")
				assert.Equal(t, string(identBody), string(decode(t, coding, raw)), "the decoded body")
				assert.Contains(t, varyTokens(resp), "Accept-Encoding")
				assert.Equal(t, etagOf(raw), resp.Header.Get("Etag"), "the tag is the hash of the bytes sent")
				assert.NotContains(t, tags, resp.Header.Get("Etag"), "a tag of its own")
				tags[resp.Header.Get("Etag")] = coding

				head, headBody := do(t, ts, http.MethodHead, tt.target, hdr)
				assert.Empty(t, headBody, "HEAD has no body")
				for _, k := range []string{"Content-Encoding", "Content-Length", "Content-Type", "Etag", "Vary", "Cache-Control"} {
					assert.Equal(t, resp.Header.Values(k), head.Header.Values(k), "HEAD's %s is GET's", k)
				}

				again, _ := do(t, ts, http.MethodGet, tt.target, map[string]string{
					"Accept": tt.accept, "Accept-Encoding": coding, "If-None-Match": resp.Header.Get("Etag")})
				assert.Equal(t, http.StatusNotModified, again.StatusCode, "If-None-Match with the %s tag", coding)
				assert.Equal(t, resp.Header.Get("Etag"), again.Header.Get("Etag"), "the 304's ETag")
				assert.Equal(t, resp.Header.Values("Vary"), again.Header.Values("Vary"), "the 304's Vary")
				assert.Empty(t, again.Header.Get("Content-Encoding"), "a 304 has no body to encode")

				other, _ := do(t, ts, http.MethodGet, tt.target, map[string]string{
					"Accept": tt.accept, "If-None-Match": resp.Header.Get("Etag")})
				assert.Equal(t, http.StatusOK, other.StatusCode, "the %s tag does not match the identity form", coding)
			})
		}
	}
}

func TestAcceptEncodingNegotiation(t *testing.T) {
	snap := defaultSnapshot(t)
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	size := map[string]int{}
	for _, c := range []string{"identity", "gzip", "br", "zstd"} {
		_, raw := do(t, ts, http.MethodGet, defsPath, map[string]string{"Accept-Encoding": c})
		size[c] = len(raw)
	}
	smallest := func(codings ...string) string {
		best := codings[0]
		for _, c := range codings[1:] {
			if size[c] < size[best] {
				best = c
			}
		}
		return best
	}
	tests := []struct {
		name string
		give *string // nil: no field
		want string  // the coding
	}{
		{"no field gets identity", nil, "identity"},
		{"an empty field gets identity", ptr(""), "identity"},
		{"gzip", ptr("gzip"), "gzip"},
		{"tokens are case-insensitive", ptr("GZip"), "gzip"},
		{"x-gzip is gzip", ptr("x-gzip"), "gzip"},
		{"br", ptr("br"), "br"},
		{"zstd", ptr("zstd"), "zstd"},
		{"a browser's field gets the smallest body", ptr("gzip, deflate, br, zstd"), smallest("gzip", "br", "zstd")},
		{"equal q-values get the smallest body", ptr("gzip;q=0.5, br;q=0.5"), smallest("gzip", "br")},
		{"the highest q wins over size", ptr("br;q=0.5, gzip;q=0.9, zstd;q=0.1"), "gzip"},
		{"q with three decimals", ptr("br;q=0.001, gzip;q=0.002"), "gzip"},
		{"q=0 refuses a coding", ptr("gzip;q=0, br;q=0.1"), "br"},
		{"only refused codings get identity", ptr("gzip;q=0"), "identity"},
		{"an unknown coding gets identity", ptr("deflate"), "identity"},
		{"* gets the smallest coding", ptr("*"), smallest("gzip", "br", "zstd")},
		{"* does not override a named coding", ptr("*, zstd;q=0, br;q=0"), "gzip"},
		{"an explicit identity of higher q wins", ptr("gzip;q=0.5, identity"), "identity"},
		{"an unnamed identity comes after any named coding", ptr("gzip;q=0.001"), "gzip"},
		{"identity;q=0 with nothing else gets identity anyway", ptr("identity;q=0"), "identity"},
		{"*;q=0 and one coding gets that coding", ptr("*;q=0, zstd"), "zstd"},
		{"a malformed q skips its element", ptr("br;q=high, gzip"), "gzip"},
		{"a q above 1 skips its element", ptr("br;q=1.5, gzip;q=0.5"), "gzip"},
		{"several fields are one list", ptr("br;q=0.2"), "br"},
		{"whitespace around elements", ptr("  zstd ; q=0.7 ,gzip;q=0.3 "), "zstd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, ts.URL+defsPath, nil)
			require.NoError(t, err)
			if tt.give != nil {
				req.Header["Accept-Encoding"] = []string{*tt.give}
			}
			if tt.name == "several fields are one list" {
				req.Header.Add("Accept-Encoding", "gzip;q=0.1")
			}
			resp, err := ts.Client().Transport.RoundTrip(req)
			require.NoError(t, err)
			raw, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			got := resp.Header.Get("Content-Encoding")
			if got == "" {
				got = "identity"
			}
			assert.Equal(t, tt.want, got, "Accept-Encoding %q", req.Header.Values("Accept-Encoding"))
			assert.Equal(t, string(snap.ComponentDefsJSON()), string(decode(t, got, raw)), "the decoded body")
		})
	}
}

func ptr(s string) *string { return &s }

func TestSmallBodiesAndErrorsGoOutUnencoded(t *testing.T) {
	snap := defaultSnapshot(t)
	api := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)})
	tests := []struct {
		name           string
		h              http.Handler
		method, target string
		want           int
	}{
		{"a 404 body", api, http.MethodGet, "/nope", 404},
		{"a 405 body", api, http.MethodPost, themesPath, 405},
		{"an OPTIONS document", api, http.MethodOptions, themesPath, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name+" goes out as it is", func(t *testing.T) {
			ts := serve(t, tt.h)
			resp, body := do(t, ts, tt.method, tt.target, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
			assert.Equal(t, tt.want, resp.StatusCode)
			assert.Empty(t, resp.Header.Get("Content-Encoding"))
			assert.Equal(t, fmt.Sprint(len(body)), resp.Header.Get("Content-Length"))
		})
	}
}

func TestDisableCompression(t *testing.T) {
	snap := defaultSnapshot(t)
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), DisableCompression: true}))
	resp, body := do(t, ts, http.MethodGet, defsPath, map[string]string{"Accept-Encoding": "gzip, br, zstd"})
	assert.Empty(t, resp.Header.Get("Content-Encoding"), "no coding when compression is off")
	assert.Equal(t, string(snap.ComponentDefsJSON()), string(body))
	assert.NotContains(t, varyTokens(resp), "Accept-Encoding", "Vary without Accept-Encoding")
	assert.Equal(t, etagOf(body), resp.Header.Get("Etag"))
}

// TestBehindCompressionMiddleware wraps the handlers in the compression
// middleware Go hosts use; every response must be encoded once, decode to
// the identity body, and carry the tag of the bytes sent.
func TestBehindCompressionMiddleware(t *testing.T) {
	snap := defaultSnapshot(t)
	gz, err := gzhttp.NewWrapper()
	require.NoError(t, err)
	middlewares := []struct {
		name string
		wrap func(http.Handler) http.Handler
	}{
		{"gzhttp", func(h http.Handler) http.Handler { return gz(h) }},
		{"chi's middleware.Compress", middleware.Compress(5)},
	}
	for _, mw := range middlewares {
		for _, tt := range compressedTargets(t, snap) {
			ts := serve(t, mw.wrap(tt.h))
			_, ident := do(t, ts, http.MethodGet, tt.target, map[string]string{"Accept": tt.accept, "Accept-Encoding": "identity"})
			for _, ae := range []string{"gzip", "br", "zstd", "gzip, deflate, br, zstd"} {
				t.Run(fmt.Sprintf("%s around %s with Accept-Encoding %q encodes once", mw.name, tt.name, ae), func(t *testing.T) {
					resp, raw := do(t, ts, http.MethodGet, tt.target, map[string]string{"Accept": tt.accept, "Accept-Encoding": ae})
					require.Equal(t, http.StatusOK, resp.StatusCode)
					ce := resp.Header.Values("Content-Encoding")
					require.Len(t, ce, 1, "one Content-Encoding")
					require.NotContains(t, ce[0], ",", "one coding")
					assert.Equal(t, string(ident), string(decode(t, ce[0], raw)), "decoding once gives the identity body")
					assert.Equal(t, etagOf(raw), resp.Header.Get("Etag"), "the tag is the hash of the bytes sent")
					if cl := resp.Header.Get("Content-Length"); cl != "" {
						assert.Equal(t, fmt.Sprint(len(raw)), cl)
					}
				})
			}
		}
	}
}

func TestSourceErrorsMapToStatuses(t *testing.T) {
	errSource := func(err error) theming.Source {
		return sourceFunc(func(context.Context) (*theming.Snapshot, error) { return nil, err })
	}
	tests := []struct {
		name       string
		source     theming.Source
		wantCode   int
		wantBody   string
		wantRetry  string
		wantLogged bool
	}{
		{"an unknown tenant is a 404", errSource(fmt.Errorf("tenant %q: %w", "nope", theming.ErrUnknownTenant)),
			404, `{"detail":"Not found."}`, "", false},
		{"no snapshot yet is a 503 with Retry-After", &theming.Current{},
			503, `{"detail":"Service temporarily unavailable, try again later."}`, "1", false},
		{"a wrapped ErrNoSnapshot is a 503 too", errSource(fmt.Errorf("tenant acme loading: %w", theming.ErrNoSnapshot)),
			503, `{"detail":"Service temporarily unavailable, try again later."}`, "1", false},
		{"anything else is a 500 with the cause logged", errSource(errors.New("disk on fire")),
			500, `{"detail":"A server error occurred."}`, "", true},
	}
	for _, tt := range tests {
		for _, target := range []string{defsPath, themesPath, configPath, "/theme.css"} {
			t.Run(tt.name+": "+target, func(t *testing.T) {
				var logs logBuffer
				opts := httpadapter.Options{Source: tt.source, Logger: logs.logger()}
				a := httpadapter.New(opts)
				var h http.Handler = a
				if target == "/theme.css" {
					h = a.Stylesheet()
				}
				ts := serve(t, h)
				resp, body := do(t, ts, http.MethodGet, target, map[string]string{"Accept-Encoding": "gzip, br"})
				assert.Equal(t, tt.wantCode, resp.StatusCode)
				assert.Equal(t, tt.wantBody, string(body))
				assert.Equal(t, tt.wantRetry, resp.Header.Get("Retry-After"))
				assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
				if tt.wantLogged {
					assert.Contains(t, logs.String(), "disk on fire", "the cause is logged")
				} else {
					assert.Empty(t, logs.String(), "nothing is logged")
				}
			})
		}
	}
}

func TestARequestWhoseContextEndsIsNotLoggedAsAServerError(t *testing.T) {
	// A Source that waits for a slow tenant load gives up with the
	// request's context, as tenant.Source (theming/tenant) does.
	slow := sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		<-ctx.Done()
		return nil, fmt.Errorf("tenant %q: %w", "acme", context.Cause(ctx))
	})
	var logs logBuffer
	api := httpadapter.New(httpadapter.Options{Source: slow, Logger: logs.logger()})
	// The host's deadline for every request, as http.TimeoutHandler or a
	// middleware sets it.
	ts := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 20*time.Millisecond)
		defer cancel()
		api.ServeHTTP(w, r.WithContext(ctx))
	}))
	resp, body := do(t, ts, http.MethodGet, themesPath, nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, `{"detail":"Service temporarily unavailable, try again later."}`, string(body))
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	assert.Empty(t, logs.String(), "a request that ran out of time is no server error")
}

func TestSourceVaryIsOnEveryEndpoint(t *testing.T) {
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewCurrent(snap), SourceVary: []string{"x-tenant"}}
	a := httpadapter.New(opts)
	api := serve(t, a)
	css := serve(t, a.Stylesheet())
	for _, target := range []string{defsPath, themesPath, configPath, "/theme.css"} {
		ts := api
		if target == "/theme.css" {
			ts = css
		}
		resp, _ := do(t, ts, http.MethodGet, target, nil)
		assert.Contains(t, varyTokens(resp), "X-Tenant", "GET %s", target)
	}
	assert.PanicsWithValue(t, `httpadapter: Options.SourceVary: "x tenant" is not a header name`, func() {
		httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), SourceVary: []string{"x tenant"}})
	})
}

func TestJSONCarriesHTMLCharactersAsDRFWritesThem(t *testing.T) {
	snap := snapshotWith(t, func(th []map[string]any) []map[string]any {
		th[0]["name"] = `Fish & <Chips> \u003c`
		return th
	})
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	for _, target := range []string{themesPath, configPath, themesPath + "?format=json"} {
		_, body := do(t, ts, http.MethodGet, target, nil)
		// Python's json.dumps(..., ensure_ascii=False), as DRF's
		// JSONRenderer calls it, writes & < > as they are and a
		// backslash as \\.
		assert.Contains(t, string(body), `"name":"Fish & <Chips> \\u003c"`, "GET %s", target)
	}
	_, page := do(t, ts, http.MethodGet, themesPath+"?format=api", nil)
	assert.Contains(t, string(page), `Fish &amp; &lt;Chips&gt;`, "the browsable page escapes them")
}

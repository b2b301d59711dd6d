package httpadapter_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// sheetOf is the stylesheet of rt, a theme of s, as a host would write
// it with an engine of its own: the bytes the adapter must serve.
func sheetOf(s *theming.Snapshot, rt *theming.ResolvedTheme) string {
	return string(css.Stylesheet(rt, fix.New(s.CompiledCatalog()).HighContrast(rt)))
}

// defaultSnapshot loads the embedded default data.
func defaultSnapshot(t testing.TB) *theming.Snapshot {
	t.Helper()
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err, "loading the default data")
	return s
}

// snapshotWith loads the default catalog with the default themes changed
// by edit, which gets the decoded themes.json.
func snapshotWith(t testing.TB, edit func(themes []map[string]any) []map[string]any) *theming.Snapshot {
	t.Helper()
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err, "reading the default catalog")
	raw, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
	require.NoError(t, err, "reading the default themes")
	var doc struct {
		Themes []map[string]any `json:"themes"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc), "decoding the default themes")
	doc.Themes = edit(doc.Themes)
	if doc.Themes == nil {
		doc.Themes = []map[string]any{}
	}
	themes, err := json.Marshal(doc)
	require.NoError(t, err, "encoding the edited themes")
	s, err := theming.Load(catalog, themes)
	require.NoError(t, err, "loading the edited themes")
	return s
}

// serve starts h on a real server for the test.
func serve(t testing.TB, h http.Handler) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	// The client sends exactly the Accept-Encoding a test sets, and shows
	// the bytes as sent: no transparent gzip.
	ts.Client().Transport.(*http.Transport).DisableCompression = true
	return ts
}

// do sends one request and returns the response with its body read.
// Redirects are not followed.
func do(t testing.TB, ts *httptest.Server, method, target string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+target, nil)
	require.NoError(t, err, "building %s %s", method, target)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Transport.RoundTrip(req)
	require.NoError(t, err, "sending %s %s", method, target)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err, "reading the body of %s %s", method, target)
	return resp, body
}

// etagOf is the entity tag the package promises for body: the first 16
// bytes of its SHA-256, in hex, quoted.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// indent pretty-prints compact JSON with n spaces, as a client asking
// for "application/json; indent=n" should get it.
func indent(t testing.TB, compact []byte, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Indent(&b, compact, "", strings.Repeat(" ", n)), "indenting")
	return b.Bytes()
}

// logBuffer collects log output from the server's goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }

// sourceFunc adapts a function to theming.Source.
type sourceFunc func(context.Context) (*theming.Snapshot, error)

func (f sourceFunc) Snapshot(ctx context.Context) (*theming.Snapshot, error) { return f(ctx) }

// Paths of the three endpoints.
const (
	defsPath   = "/api/v2/theme/component-defs/"
	themesPath = "/api/v2/theme/"
	configPath = "/api/v2/theme/config/"
	colorsPath = "/api/v2/theme/colors/"
	cssPath    = "/theme.css" // where the tests mount the stylesheet
)

// varyTokens returns the header names the response's Vary lists.
func varyTokens(resp *http.Response) []string {
	var out []string
	for _, v := range resp.Header.Values("Vary") {
		for _, tok := range strings.Split(v, ",") {
			out = append(out, strings.TrimSpace(tok))
		}
	}
	return out
}

// mount serves a as docs/serving.md and the example server mount it: the API
// under prefix (its root with and without the slash, so that the
// adapter answers the slashless path itself), the stylesheet at cssPath
// and the OpenAPI document at schemaPath.
func mount(a *httpadapter.Adapter, prefix string) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle(prefix+themesPath, a)
	mux.Handle(prefix+strings.TrimSuffix(themesPath, "/"), a)
	mux.Handle(cssPath, a.Stylesheet())
	mux.Handle(schemaPath, a.OpenAPI())
	return mux
}

// liveHeap returns the bytes of the heap still reachable, after two
// collections.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

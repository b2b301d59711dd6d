package main

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/htmlreport"
)

// hostileName is a theme name that is markup.
const hostileName = `<script>alert(1)</script>`

// failingThemes returns the default themes.json with theme 1 renamed to
// hostileName and given colors that fail contrast rules: a pale link and
// a faint translucent border in the light scheme, a translucent surface
// under text, and a dim text color in the dark scheme.
func failingThemes(t *testing.T) string {
	t.Helper()
	raw, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
	require.NoError(t, err)
	var doc struct {
		Themes []map[string]any `json:"themes"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	th := doc.Themes[0]
	require.Equal(t, float64(1), th["id"], "the first default theme")
	th["name"] = hostileName
	colors := th["colors"].(map[string]any)
	colors["link"] = map[string]any{"light": "hsl(221, 80%, 78%)", "dark": "hsl(213, 90%, 74%)"}
	colors["border"] = map[string]any{"light": "hsla(220, 10%, 50%, 0.2)", "dark": "hsla(0, 0%, 60%, 0.15)"}
	colors["surface"] = map[string]any{"light": "hsla(220, 10%, 50%, 0.3)"}
	colors["text-secondary"] = map[string]any{"dark": "hsl(220, 8%, 30%)"}
	out, err := json.Marshal(doc)
	require.NoError(t, err)
	return string(out)
}

// failingSnapshot loads the default catalog with failingThemes.
func failingSnapshot(t *testing.T) *theming.Snapshot {
	t.Helper()
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	snap, err := theming.Load(catalog, []byte(failingThemes(t)))
	require.NoError(t, err, "loading failingThemes")
	require.NotZero(t, snap.Audit().Failed, "failingThemes fails some rules")
	return snap
}

// reportOf is the page the report route must serve for snap.
func reportOf(t *testing.T, snap *theming.Snapshot) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, htmlreport.Write(&b, snap.Audit(), htmlreport.Options{}))
	return b.String()
}

func TestTheContrastReportRoute(t *testing.T) {
	ts, srv := start(t, config{Logger: discard()})
	snap := srv.store.Current()
	want := reportOf(t, snap)
	// A client that sends no Accept-Encoding of its own: identity.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	t.Cleanup(client.CloseIdleConnections)
	resp, err := client.Get(ts.URL + "/theme/report")
	require.NoError(t, err)
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	require.NotEmpty(t, etag, "GET /theme/report: ETag")

	tests := []struct {
		name     string
		method   string
		header   map[string]string
		wantCode int
		wantBody string
	}{
		{"GET serves the current data's report", http.MethodGet, nil, 200, want},
		{"HEAD has GET's headers and no body", http.MethodHead, nil, 200, ""},
		{"a matching If-None-Match is a 304 without a body", http.MethodGet, map[string]string{"If-None-Match": etag}, 304, ""},
		{"a stale If-None-Match gets the page", http.MethodGet, map[string]string{"If-None-Match": `"stale"`}, 200, want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := must(http.NewRequest(tt.method, ts.URL+"/theme/report", nil))
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			resp, err := client.Do(req)
			require.NoError(t, err, "%s /theme/report %v", tt.method, tt.header)
			defer resp.Body.Close()
			var body bytes.Buffer
			_, err = body.ReadFrom(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "%s /theme/report %v", tt.method, tt.header)
			assert.Equal(t, tt.wantBody, body.String(), "%s /theme/report %v: the body", tt.method, tt.header)
			assert.Equal(t, etag, resp.Header.Get("ETag"), "%s /theme/report %v: ETag", tt.method, tt.header)
			assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "%s /theme/report %v", tt.method, tt.header)
			if tt.wantCode == 200 {
				assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"), "%s /theme/report %v", tt.method, tt.header)
				assert.Equal(t, htmlreport.ContentSecurityPolicy, resp.Header.Get("Content-Security-Policy"), "%s /theme/report %v", tt.method, tt.header)
				assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "%s /theme/report %v", tt.method, tt.header)
			}
		})
	}

	t.Run("the report is served precompressed", func(t *testing.T) {
		req := must(http.NewRequest(http.MethodGet, ts.URL+"/theme/report", nil))
		req.Header.Set("Accept-Encoding", "br")
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
		assert.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding")
		page, err := io.ReadAll(brotli.NewReader(resp.Body))
		require.NoError(t, err)
		assert.Equal(t, want, string(page), "the decoded report")
		assert.NotEqual(t, etag, resp.Header.Get("ETag"), "the br form's ETag is its own")
	})

	t.Run("the start page is served precompressed", func(t *testing.T) {
		_, page := get(t, ts.URL+"/", nil) // Go's client asks for gzip and decodes it
		req := must(http.NewRequest(http.MethodGet, ts.URL+"/", nil))
		req.Header.Set("Accept-Encoding", "br")
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
		decoded, err := io.ReadAll(brotli.NewReader(resp.Body))
		require.NoError(t, err)
		assert.Equal(t, string(page), string(decoded), "the decoded start page")
	})

	t.Run("the start page links the report", func(t *testing.T) {
		_, body := get(t, ts.URL+"/", nil)
		assert.Contains(t, string(body), `<a href="/theme/report">`, "GET /")
	})

	t.Run("other methods are not allowed", func(t *testing.T) {
		resp, err := http.Post(ts.URL+"/theme/report", "text/plain", nil)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "POST /theme/report")
	})

	t.Run("new data gets its own report", func(t *testing.T) {
		failing := failingSnapshot(t)
		srv.store.Replace(failing)
		t.Cleanup(func() { srv.store.Replace(snap) })
		resp, body := get(t, ts.URL+"/theme/report", nil)
		assert.Equal(t, reportOf(t, failing), string(body), "GET /theme/report after the data changed")
		assert.NotEqual(t, etag, resp.Header.Get("ETag"), "GET /theme/report after the data changed: ETag")
	})
}

func TestTheReportIsRenderedOncePerSnapshot(t *testing.T) {
	first, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	second := failingSnapshot(t)
	h := newReportHandler(theming.NewStore(first), discard())

	p1, err := h.page(first)
	require.NoError(t, err)
	again, err := h.page(first)
	require.NoError(t, err)
	assert.Same(t, p1, again, "the same snapshot's page is not rendered again")
	assert.Equal(t, reportOf(t, first), string(p1.body), "the first snapshot's page")

	p2, err := h.page(second)
	require.NoError(t, err)
	assert.NotSame(t, p1, p2, "another snapshot gets its own page")
	assert.Equal(t, reportOf(t, second), string(p2.body), "the second snapshot's page")
}

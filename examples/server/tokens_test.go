package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming/dtcg"
)

func TestTheServerServesTheDesignTokensExport(t *testing.T) {
	srv, err := newServer(config{Logger: discard()})
	require.NoError(t, err)
	want, err := dtcg.ExportSnapshot(srv.store.Load(), dtcg.ExportOptions{})
	require.NoError(t, err)
	get := func(path string, hdr map[string]string) *http.Response {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		srv.handler.ServeHTTP(rec, req)
		return rec.Result()
	}
	for _, f := range want {
		t.Run(f.Name+" is served as exported", func(t *testing.T) {
			resp := get("/tokens/"+f.Name, nil)
			body, _ := io.ReadAll(resp.Body)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, string(f.Data), string(body))
			wantType := "application/design-tokens+json"
			if f.Name == dtcg.ResolverFile {
				wantType = "application/json"
			}
			assert.Equal(t, wantType, resp.Header.Get("Content-Type"))
			assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"))
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			etag := resp.Header.Get("ETag")
			require.NotEmpty(t, etag)
			assert.Equal(t, http.StatusNotModified, get("/tokens/"+f.Name, map[string]string{"If-None-Match": etag}).StatusCode)
			gz := get("/tokens/"+f.Name, map[string]string{"Accept-Encoding": "gzip"})
			assert.Equal(t, "gzip", gz.Header.Get("Content-Encoding"))
			assert.Contains(t, gz.Header.Values("Vary"), "Accept-Encoding")
		})
	}
	t.Run("a name the export does not have is not found", func(t *testing.T) {
		assert.Equal(t, http.StatusNotFound, get("/tokens/theme-99.tokens.json", nil).StatusCode)
	})
}

func TestTheDesignTokensAreExportedOncePerSnapshot(t *testing.T) {
	srv, err := newServer(config{Logger: discard()})
	require.NoError(t, err)
	h := newTokensHandler(srv.store, engineOf, discard())
	for _, name := range []string{dtcg.ResolverFile, dtcg.CatalogFile, dtcg.ResolverFile} {
		req := httptest.NewRequest(http.MethodGet, "/tokens/"+name, nil)
		req.SetPathValue("file", name)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		require.Equal(t, http.StatusOK, rec.Code)
	}
	assert.Equal(t, int64(1), h.export.builds.Load())
}

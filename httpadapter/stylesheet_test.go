package httpadapter_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func TestStylesheet(t *testing.T) {
	snap := defaultSnapshot(t)
	sheet := func(id int) string {
		th, ok := snap.Theme(id)
		require.True(t, ok, "theme %d", id)
		return sheetOf(snap, th)
	}
	prefers := func(id int) func(*http.Request) (int, error) {
		return func(*http.Request) (int, error) { return id, nil }
	}
	tests := []struct {
		name     string
		hook     func(*http.Request) (int, error)
		method   string
		header   map[string]string
		wantCode int
		wantBody string // compared when not empty
	}{
		{"GET serves the default theme's sheet", nil, "GET", nil, 200, sheet(1)},
		{"GET serves the preferred theme's sheet", prefers(3), "GET", nil, 200, sheet(3)},
		{"HEAD has no body", prefers(2), "HEAD", nil, 200, ""},
		{"the current tag is not modified", prefers(2), "GET", map[string]string{"If-None-Match": etagOf([]byte(sheet(2)))}, 304, ""},
		{"another theme's tag gets the body", prefers(2), "GET", map[string]string{"If-None-Match": etagOf([]byte(sheet(1)))}, 200, sheet(2)},
		{"OPTIONS is 204", nil, "OPTIONS", nil, 204, ""},
		{"POST is 405", nil, "POST", nil, 405, `{"detail":"Method \"POST\" not allowed."}`},
		{"a failing hook is 500", func(*http.Request) (int, error) { return 0, errors.New("boom") }, "GET", nil, 500, `{"detail":"A server error occurred."}`},
		{"no format parameter applies", nil, "GET", map[string]string{"Accept": "text/css,*/*;q=0.1"}, 200, sheet(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := serve(t, httpadapter.New(httpadapter.Options{
				Source: theming.NewCurrent(snap), PreferredTheme: tt.hook, Logger: (&logBuffer{}).logger(),
			}).Stylesheet())
			resp, body := do(t, ts, tt.method, "/theme.css", tt.header)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "%s /theme.css", tt.method)
			assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "%s /theme.css", tt.method)
			assert.Equal(t, "Accept-Encoding, Cookie, Authorization", resp.Header.Get("Vary"), "%s /theme.css", tt.method)
			if tt.wantBody != "" {
				assert.Equal(t, tt.wantBody, string(body), "%s /theme.css", tt.method)
			}
			if tt.wantCode == http.StatusOK {
				assert.Equal(t, "text/css; charset=utf-8", resp.Header.Get("Content-Type"), "%s /theme.css", tt.method)
				assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"), "%s /theme.css", tt.method)
				assert.NotEmpty(t, resp.Header.Get("ETag"), "%s /theme.css", tt.method)
			}
			if tt.method == http.MethodHead {
				assert.Empty(t, body, "HEAD /theme.css")
				assert.Equal(t, int64(len(sheet(2))), resp.ContentLength, "HEAD /theme.css")
			}
		})
	}

	t.Run("no theme at all is not found", func(t *testing.T) {
		empty := snapshotWith(t, func([]map[string]any) []map[string]any { return nil })
		ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(empty)}).Stylesheet())
		resp, body := do(t, ts, http.MethodGet, "/theme.css", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "GET /theme.css with no themes")
		assert.Equal(t, `{"detail":"Not found."}`, string(body), "GET /theme.css with no themes")
	})
}

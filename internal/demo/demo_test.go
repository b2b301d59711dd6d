package demo_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
)

func TestLoadUsers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	tests := []struct {
		name    string
		give    string // the path; "" is the embedded file
		want    map[string]int
		wantErr string
	}{
		{"the embedded file has the five demo users", "", map[string]int{"alice": 2, "bob": 3, "carol": 4, "dave": 1, "mallory": 99}, ""},
		{"a file of the caller's is read", write("two.json", `{"eve": 3, "frank": 0}`), map[string]int{"eve": 3, "frank": 0}, ""},
		{"a missing file is an error naming the users file", filepath.Join(dir, "missing.json"), nil, "users file: open " + filepath.Join(dir, "missing.json")},
		{"a file that is not an object of ids names itself", write("list.json", `["alice"]`), nil, filepath.Join(dir, "list.json") + ": want a JSON object of user names and theme ids"},
		{"an id that is not a number is an error", write("name.json", `{"alice": "Ember"}`), nil, "want a JSON object of user names and theme ids"},
		{"data after the object is an error", write("two-objects.json", `{"alice": 2} {"bob": 3}`), nil, filepath.Join(dir, "two-objects.json") + ": data after the JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := demo.LoadUsers(tt.give)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPreferredTheme(t *testing.T) {
	pick := demo.PreferredTheme(map[string]int{"alice": 2, "mallory": 99})
	tests := []struct {
		name string
		give []string // X-Demo-User values; none sends no header
		want int
	}{
		{"a known user gets their theme id", []string{"alice"}, 2},
		{"an id is passed on even when no such theme exists", []string{"mallory"}, 99},
		{"an unknown user has no preference", []string{"nobody"}, 0},
		{"a request naming no user has no preference", nil, 0},
		{"the name is matched exactly", []string{"Alice"}, 0},
		{"of two headers the first counts", []string{"alice", "mallory"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := http.NewRequest(http.MethodGet, "http://example.test/api/v2/theme/config/", nil)
			require.NoError(t, err)
			for _, v := range tt.give {
				r.Header.Add("X-Demo-User", v)
			}
			got, err := pick(r)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestMediaHandler(t *testing.T) {
	logo := `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`
	files := fstest.MapFS{
		"themes/1/logo.svg": {Data: []byte(logo)},
		"themes/1/icon.png": {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	ts := httptest.NewServer(http.StripPrefix("/media/", demo.MediaHandler(files)))
	t.Cleanup(ts.Close)
	tests := []struct {
		name     string
		give     string
		wantCode int
		wantType string
		wantBody string // "" checks nothing
	}{
		{"an SVG image is served as one", "/media/themes/1/logo.svg", 200, "image/svg+xml", logo},
		{"a PNG image is served as one", "/media/themes/1/icon.png", 200, "image/png", "\x89PNG\r\n\x1a\n"},
		{"a directory is not listed", "/media/themes/1/", 404, "text/plain; charset=utf-8", ""},
		{"the root is not listed", "/media/", 404, "text/plain; charset=utf-8", ""},
		{"a missing image is not found", "/media/themes/9/logo.svg", 404, "text/plain; charset=utf-8", ""},
		{"a path out of the directory is not found", "/media/themes/../../demo.go", 404, "text/plain; charset=utf-8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, ts.URL+tt.give, nil)
			require.NoError(t, err)
			resp, err := http.DefaultTransport.RoundTrip(req) // no redirects followed
			require.NoError(t, err)
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "GET %s", tt.give)
			assert.Equal(t, tt.wantType, resp.Header.Get("Content-Type"), "GET %s", tt.give)
			if tt.wantBody != "" {
				assert.Equal(t, tt.wantBody, string(body), "GET %s", tt.give)
			}
			if tt.wantCode == 200 {
				assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "GET %s", tt.give)
				assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "sandbox", "GET %s: SVG scripts stay sandboxed", tt.give)
				assert.Equal(t, "public, max-age=300", resp.Header.Get("Cache-Control"), "GET %s", tt.give)
			}
		})
	}
}

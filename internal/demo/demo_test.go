package demo_test

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

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

// TestTheHTTPServersTimeouts: a request, headers included, must arrive
// within Read (10 s when zero); the other timeouts are as given.
func TestTheHTTPServersTimeouts(t *testing.T) {
	tests := []struct {
		name     string
		give     demo.Timeouts
		wantRead time.Duration
	}{
		{"the read timeout given bounds the whole request", demo.Timeouts{Read: 3 * time.Second, Write: 5 * time.Second, Idle: time.Minute}, 3 * time.Second},
		{"no read timeout given is 10 s", demo.Timeouts{Write: 5 * time.Second, Idle: time.Minute}, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := demo.NewHTTPServer(http.NotFoundHandler(), slog.New(slog.DiscardHandler), tt.give)
			assert.Equal(t, tt.wantRead, hs.ReadTimeout, "ReadTimeout")
			assert.Equal(t, tt.wantRead, hs.ReadHeaderTimeout, "ReadHeaderTimeout")
			assert.Equal(t, tt.give.Write, hs.WriteTimeout, "WriteTimeout")
			assert.Equal(t, tt.give.Idle, hs.IdleTimeout, "IdleTimeout")
		})
	}
}

// TestReadOnlyLeavesContentUnread: in the examples' http.Server, a
// route behind ReadOnly answers a request with content as it would
// without (GET served, other methods 405) and closes the connection
// after it (Connection: close), the content unread; a request without
// content keeps its connection.
func TestReadOnlyLeavesContentUnread(t *testing.T) {
	var reached atomic.Int32
	hs := demo.NewHTTPServer(demo.ReadOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		io.WriteString(w, "ok")
	})), slog.New(slog.DiscardHandler), demo.Timeouts{Read: 5 * time.Second, Write: 5 * time.Second, Idle: 5 * time.Second})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	// Through Serve, as the examples run it: its connections keep their
	// deadlines with CoarseDeadlines and half-close through it.
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- demo.Serve(ctx, hs, ln, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { stop(); <-served })
	base := "http://" + ln.Addr().String()
	tests := []struct {
		name      string
		method    string
		body      io.Reader
		wantCode  int
		wantClose bool
	}{
		{"a GET without content is served", http.MethodGet, nil, 200, false},
		{"a GET with content is served, its connection closed", http.MethodGet, strings.NewReader("x"), 200, true},
		{"a POST with content is a 405, its connection closed", http.MethodPost, strings.NewReader("x"), 405, true},
		{"a chunked PUT is a 405, its connection closed", http.MethodPut, io.MultiReader(strings.NewReader("x")), 405, true},
		{"a POST without content is a 405", http.MethodPost, nil, 405, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := reached.Load()
			req, err := http.NewRequest(tt.method, base+"/", tt.body)
			require.NoError(t, err)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, tt.wantCode, resp.StatusCode)
			assert.Equal(t, tt.wantClose, resp.Close, "Connection: close")
			if tt.wantCode == 200 {
				assert.Equal(t, before+1, reached.Load(), "the handler is called")
			} else {
				assert.Equal(t, before, reached.Load(), "the handler is not called")
			}
		})
	}
}

// TestReadOnlyAnswersGETAndHEAD: other methods get 405 with Allow.
func TestReadOnlyAnswersGETAndHEAD(t *testing.T) {
	h := demo.ReadOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	for _, m := range []string{"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "PROPFIND"} {
		t.Run(m+" is answered "+map[bool]string{true: "by the handler", false: "405"}[m == "GET" || m == "HEAD"], func(t *testing.T) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(m, "/x", nil))
			if m == "GET" || m == "HEAD" {
				assert.Equal(t, 200, w.Code)
				return
			}
			assert.Equal(t, http.StatusMethodNotAllowed, w.Code)
			assert.Equal(t, "GET, HEAD", w.Header().Get("Allow"))
		})
	}
}

// TestOpenMedia: files inside the folder are served, links out of it are
// 404s, and a missing folder serves nothing.
func TestOpenMedia(t *testing.T) {
	dir := t.TempDir()
	media := filepath.Join(dir, "media")
	require.NoError(t, os.Mkdir(media, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(media, "a.svg"), []byte("<svg/>"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink("/", filepath.Join(media, "root")))
	require.NoError(t, os.Symlink("..", filepath.Join(media, "up")))
	fsys, closeMedia, err := demo.OpenMedia(media)
	require.NoError(t, err)
	t.Cleanup(func() { closeMedia() })
	missing, closeMissing, err := demo.OpenMedia(filepath.Join(dir, "nothing-here"))
	require.NoError(t, err, "a missing folder is an empty one")
	t.Cleanup(func() { closeMissing() })
	tests := []struct {
		name     string
		fsys     fs.FS
		give     string
		wantCode int
	}{
		{"a file inside is served", fsys, "/a.svg", 200},
		{"a link to / reaches nothing", fsys, "/root/etc/hostname", 404},
		{"a link to .. reaches nothing", fsys, "/up/secret.txt", 404},
		{"a missing folder serves nothing", missing, "/a.svg", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			demo.MediaHandler(tt.fsys).ServeHTTP(w, httptest.NewRequest(http.MethodGet, tt.give, nil))
			assert.Equal(t, tt.wantCode, w.Code, "GET %s", tt.give)
			assert.NotContains(t, w.Body.String(), "secret")
		})
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
)

// start runs newServer(cfg) on a real server whose address is known
// before the handler is built, so that the media URL is absolute.
func start(t *testing.T, cfg config) (*httptest.Server, *server) {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	if cfg.MediaURL == "" {
		cfg.MediaURL = mediaBase(ts.Listener.Addr().String())
	}
	srv, err := newServer(cfg)
	require.NoError(t, err, "newServer(%+v)", cfg)
	t.Cleanup(func() { srv.Close() })
	ts.Config.Handler = srv.handler
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, srv
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err, "GET %s", url)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err, "GET %s", url)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err, "GET %s", url)
	return resp, body
}

// urls collects every string in a JSON document that is an http(s) URL.
func urls(v any, out map[string]bool) {
	switch v := v.(type) {
	case string:
		if strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
			out[v] = true
		}
	case []any:
		for _, e := range v {
			urls(e, out)
		}
	case map[string]any:
		for _, e := range v {
			urls(e, out)
		}
	}
}

func TestEveryImageURLLoads(t *testing.T) {
	ts, _ := start(t, config{Logger: discard()})
	found := map[string]bool{}
	requests := []struct {
		path, user string
	}{
		{"/api/v2/theme/", ""},
		{"/api/v2/theme/config/", ""},
	}
	users, err := demo.LoadUsers("")
	require.NoError(t, err)
	for u := range users {
		requests = append(requests, struct{ path, user string }{"/api/v2/theme/config/", u})
	}
	for _, rq := range requests {
		resp, body := get(t, ts.URL+rq.path, map[string]string{demo.UserHeader: rq.user})
		require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s as %q", rq.path, rq.user)
		var doc any
		require.NoError(t, json.Unmarshal(body, &doc), "GET %s as %q", rq.path, rq.user)
		urls(doc, found)
	}
	// 4 themes with 13 images each, as the embedded media holds.
	var files int
	require.NoError(t, fs.WalkDir(theming.DefaultFS(), "media", func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files++
		}
		return err
	}))
	assert.Equal(t, files, len(found), "distinct image URLs in the responses vs. files under media/")
	for u := range found {
		t.Run(u+" loads", func(t *testing.T) {
			require.True(t, strings.HasPrefix(u, ts.URL+"/media/"), "the URL %s is on this server's /media/", u)
			resp, body := get(t, u, nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", u)
			assert.True(t, strings.HasPrefix(resp.Header.Get("Content-Type"), "image/"), "GET %s: Content-Type %q", u, resp.Header.Get("Content-Type"))
			assert.NotEmpty(t, body, "GET %s", u)
		})
	}
}

func TestTheServersRoutes(t *testing.T) {
	ts, _ := start(t, config{Logger: discard()})
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	ember, _ := snap.Theme(2)
	tests := []struct {
		name     string
		give     string
		user     string
		wantCode int
		wantType string
		want     string // a substring of the body
	}{
		{"the catalog", "/api/v2/theme/component-defs/", "", 200, "application/json", `"component_id":"page-background"`},
		{"a known demo user gets their theme", "/api/v2/theme/config/", "alice", 200, "application/json", `"id":2,"name":"Ember"`},
		{"an unknown demo user gets the default theme", "/api/v2/theme/config/", "nobody", 200, "application/json", `"id":1,"name":"Harbor"`},
		{"a user preferring a missing theme gets the default", "/api/v2/theme/config/", "mallory", 200, "application/json", `"id":1,"name":"Harbor"`},
		{"the stylesheet is the user's theme", "/theme.css", "alice", 200, "text/css; charset=utf-8", string(css.Stylesheet(ember, engineOf(snap).HighContrast(ember)))},
		{"the start page links the endpoints", "/", "", 200, "text/html; charset=utf-8", `href="/api/v2/theme/?format=api"`},
		{"a media directory is not listed", "/media/themes/", "", 404, "text/plain; charset=utf-8", ""},
		{"a missing image is not found", "/media/themes/9/logo.svg", "", 404, "text/plain; charset=utf-8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, ts.URL+tt.give, map[string]string{demo.UserHeader: tt.user})
			assert.Equal(t, tt.wantCode, resp.StatusCode, "GET %s as %q", tt.give, tt.user)
			assert.Equal(t, tt.wantType, resp.Header.Get("Content-Type"), "GET %s as %q", tt.give, tt.user)
			assert.Contains(t, string(body), tt.want, "GET %s as %q", tt.give, tt.user)
		})
	}

	t.Run("the user's responses vary on the demo header", func(t *testing.T) {
		resp, _ := get(t, ts.URL+"/api/v2/theme/config/", nil)
		assert.Equal(t, "Accept, Accept-Encoding, X-Demo-User", resp.Header.Get("Vary"), "GET /api/v2/theme/config/")
	})
	// Before, the server registered the endpoints' exact paths for
	// ServeMux, which then answered the slashless config and catalog
	// paths itself: 307 with an HTML body on Go 1.26.
	for _, path := range []string{"/api/v2/theme", "/api/v2/theme/component-defs", "/api/v2/theme/config", "/api/v2/theme/colors"} {
		t.Run("the redirect of "+path+" is the API's 301", func(t *testing.T) {
			resp, err := http.DefaultTransport.RoundTrip(must(http.NewRequest(http.MethodGet, ts.URL+path+"?format=api", nil)))
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusMovedPermanently, resp.StatusCode, "GET %s?format=api", path)
			assert.Equal(t, path+"/?format=api", resp.Header.Get("Location"), "GET %s?format=api", path)
			assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "the adapter's answer, not ServeMux's")
		})
	}
}

func TestMediaBaseFollowsTheAddress(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		{"127.0.0.1:8000", "http://127.0.0.1:8000/media/"},
		{":8000", "http://127.0.0.1:8000/media/"},
		{"0.0.0.0:8080", "http://127.0.0.1:8080/media/"},
		{"[::]:9000", "http://[::1]:9000/media/"},
		{"localhost:80", "http://localhost:80/media/"},
		{"[2001:db8::1]:8000", "http://[2001:db8::1]:8000/media/"},
	}
	for _, tt := range tests {
		t.Run(tt.give+" serves media at "+tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, mediaBase(tt.give), "mediaBase(%q)", tt.give)
		})
	}
}

func TestTheAccessLog(t *testing.T) {
	var logs syncBuffer
	access := demo.NewLogBuffer(&logs, 10*time.Millisecond)
	t.Cleanup(func() { access.Close() })
	ts, _ := start(t, config{Logger: discard(), AccessLog: access})
	get(t, ts.URL+"/api/v2/theme/?format=json", nil)
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), "msg=request") }, 5*time.Second, 10*time.Millisecond)
	line := logs.String()
	for _, want := range []string{"method=GET", "path=/api/v2/theme/", "status=200", "bytes=", "duration="} {
		assert.Contains(t, line, want, "the access log line for GET /api/v2/theme/")
	}
	assert.NotContains(t, line, "bytes=0 ", "the access log line for GET /api/v2/theme/")
}

// writeData writes a data directory: the default catalog and the default
// themes with theme 1 renamed to name (or themes exactly, if given).
func writeData(t *testing.T, dir, name, themes string) {
	t.Helper()
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	if themes == "" {
		raw, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
		require.NoError(t, err)
		themes = strings.Replace(string(raw), `"name": "Harbor"`, `"name": "`+name+`"`, 1)
		require.Contains(t, themes, name, "renaming theme 1")
	}
	// Write to a temporary name and rename, as editors do, so the poller
	// never reads a half-written file. A file whose content would not
	// change is left alone: rewriting the unchanged catalog would give the
	// poller a moment (between the two renames) to load a version that is
	// neither the old nor the new one, and count an extra reload.
	for file, data := range map[string][]byte{theming.CatalogFile: catalog, theming.ThemesFile: []byte(themes)} {
		if old, err := os.ReadFile(filepath.Join(dir, file)); err == nil && bytes.Equal(old, data) {
			continue
		}
		tmp := filepath.Join(dir, "."+file+".tmp")
		require.NoError(t, os.WriteFile(tmp, data, 0o644))
		require.NoError(t, os.Rename(tmp, filepath.Join(dir, file)))
	}
}

func TestEditsAreReloaded(t *testing.T) {
	const broken = `{"themes": [{"id": 1, "name": "Broken", "colors": {"no-such-component": {"light": "hsl(0, 0%, 0%)"}}}]}`
	tests := []struct {
		name    string
		trigger func(t *testing.T, hup chan<- os.Signal)
		poll    time.Duration
	}{
		{"edits are noticed by polling", func(*testing.T, chan<- os.Signal) {}, 10 * time.Millisecond},
		{"SIGHUP reloads", func(_ *testing.T, hup chan<- os.Signal) { hup <- syscall.SIGHUP }, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeData(t, dir, "Harbor One", "")
			var logs syncBuffer
			ts, srv := start(t, config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			hup := make(chan os.Signal, 1)
			go srv.reloader.run(ctx, tt.poll, hup)

			served := func() string {
				_, body := get(t, ts.URL+"/api/v2/theme/config/", nil)
				return string(body)
			}
			require.Contains(t, served(), `"name":"Harbor One"`, "the first version")

			// A valid edit is picked up.
			time.Sleep(20 * time.Millisecond) // a distinct modification time
			writeData(t, dir, "Harbor Two", "")
			tt.trigger(t, hup)
			require.Eventually(t, func() bool { return strings.Contains(served(), `"name":"Harbor Two"`) },
				5*time.Second, 10*time.Millisecond, "the valid edit is served")

			// A broken edit is logged, once, and the previous version stays.
			time.Sleep(20 * time.Millisecond)
			writeData(t, dir, "", broken)
			tt.trigger(t, hup)
			require.Eventually(t, func() bool { return strings.Contains(logs.String(), "no-such-component") },
				5*time.Second, 10*time.Millisecond, "the broken edit is logged")
			// Another broken version with the same problem is not logged again.
			time.Sleep(20 * time.Millisecond)
			writeData(t, dir, "", broken+"\n")
			tt.trigger(t, hup)
			require.Eventually(t, func() bool { return strings.Count(logs.String(), "loading the data") == 3 },
				5*time.Second, 10*time.Millisecond, "the second broken edit is loaded")
			time.Sleep(100 * time.Millisecond) // several polls
			assert.Contains(t, served(), `"name":"Harbor Two"`, "the previous version is still served")
			assert.Len(t, regexp.MustCompile(`problem="themes.json:\d+:\d+: themes\[0\].colors.no-such-component:`).FindAllString(logs.String(), -1), 1,
				"the problem is logged once, with its file, line, column and path:\n%s", logs.String())

			// The next good version is picked up.
			time.Sleep(20 * time.Millisecond)
			writeData(t, dir, "Harbor Three", "")
			tt.trigger(t, hup)
			require.Eventually(t, func() bool { return strings.Contains(served(), `"name":"Harbor Three"`) },
				5*time.Second, 10*time.Millisecond, "the fixed edit is served")
		})
	}
}

func TestInvalidDataRefusesToStart(t *testing.T) {
	dir := t.TempDir()
	writeData(t, dir, "", `{"themes": [{"id": 0, "name": "", "colors": {"nope": {"light": "red"}}}]}`)
	tests := []struct {
		name string
		give []string
		want []string // lines of stderr
	}{
		{"invalid data lists every problem with its path", []string{"-addr", "127.0.0.1:0", "-data", dir}, []string{
			"cannot start", "themes.json:1:20: themes[0].id", "themes.json:1:31: themes[0].name", "themes.json:1:54: themes[0].colors.nope",
		}},
		{"a missing directory says so", []string{"-addr", "127.0.0.1:0", "-data", filepath.Join(dir, "missing")}, []string{"cannot start", "catalog.json"}},
		{"a broken users file says so", []string{"-addr", "127.0.0.1:0", "-users", filepath.Join(dir, "themes.json")}, []string{"cannot start", "want a JSON object of user names and theme ids"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr syncBuffer
			code := run(context.Background(), tt.give, &stderr, nil)
			assert.Equal(t, 1, code, "run %q", tt.give)
			for _, want := range tt.want {
				assert.Contains(t, stderr.String(), want, "run %q", tt.give)
			}
		})
	}
}

// A media base theming refuses stops the server at start, before it
// listens, with a usage error (exit 2) that names the flag and the reason.
func TestABadMediaURLRefusesToStart(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"a protocol-relative base", "//cdn.example/m/", `server: -media-url: theming: invalid media base URL "//cdn.example/m/": a protocol-relative URL`},
		{"a base browsers read as protocol-relative", `/\cdn.example/m/`, "a backslash is not allowed"},
		{"a scheme-less base", "cdn.example/m/", `want an absolute http(s) URL or a path starting with "/"`},
		{"a javascript: base", "javascript:alert(1)//", `scheme "javascript"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr syncBuffer
			code := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-media-url", tt.give}, &stderr, nil)
			assert.Equal(t, 2, code, "-media-url %q", tt.give)
			assert.Contains(t, stderr.String(), tt.want)
			assert.NotContains(t, stderr.String(), "serving", "it never starts serving")
		})
	}
}

func TestGracefulShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, &stderr, nil) }()
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "msg=serving") }, 5*time.Second, 10*time.Millisecond)
	cancel()
	select {
	case code := <-done:
		assert.Equal(t, 0, code, "run's exit code after the context ended:\n%s", stderr.String())
		assert.Contains(t, stderr.String(), "shutting down", "run's log")
	case <-time.After(15 * time.Second):
		t.Fatal("run did not return after the context ended")
	}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// With -light-dark, /theme.css is the user's theme in its light-dark()
// form, with the variant of the same engine.
func TestTheLightDarkFlagServesThatFormOfTheStylesheet(t *testing.T) {
	ts, _ := start(t, config{Logger: discard(), LightDark: true})
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	ember, _ := snap.Theme(2)
	resp, body := get(t, ts.URL+"/theme.css", map[string]string{demo.UserHeader: "alice"})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, string(css.LightDark(ember, engineOf(snap).HighContrast(ember))), string(body))
}

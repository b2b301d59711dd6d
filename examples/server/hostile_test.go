package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowBody opens a connection to addr, sends head (a request's header
// block) and then one byte of content every interval until the
// connection breaks or the test ends.
func slowBody(t *testing.T, addr, head string, interval time.Duration) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	_, err = c.Write([]byte(head))
	require.NoError(t, err)
	go func() {
		for {
			time.Sleep(interval)
			if _, err := c.Write([]byte("x")); err != nil {
				return
			}
		}
	}()
	return c
}

// TestASlowRequestBodyIsCutOff: clients that send a body one byte at a
// time (here 50 of them, a byte every 100 ms) are answered at once, as
// without a body (405 to a method no route serves, the page to a GET),
// with Connection: close, the body unread, and the server closes their
// connections, well within the read timeout (10 s by default); fresh
// clients are served meanwhile. Before the first fix, net/http read the
// unread body (under 256 KB) before it sent the 405, so the connections
// stayed open as long as the bytes came; the first fix answered any body
// with 413 in the server, so a host mounting the adapter itself had no
// protection and a POST was no longer DRF's 405.
func TestASlowRequestBodyIsCutOff(t *testing.T) {
	base, _, _ := startRun(t, io.Discard, "-access-log=false")
	addr := strings.TrimPrefix(base, "http://")
	heads := []struct {
		name, head string
		wantCode   int
	}{
		{"a POST with Content-Length: 200000", "POST /api/v2/theme/ HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n", 405},
		{"a chunked POST", "POST /api/v2/theme/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n", 405},
		{"a GET with a body", "GET /api/v2/theme/ HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n", 200},
		{"a POST with Expect: 100-continue", "POST /media/themes/1/logo.svg HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\nExpect: 100-continue\r\n\r\n", 405},
		{"a PUT to the report", "PUT /theme/report HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n", 405},
	}
	const perKind = 10
	const limit = 3 * time.Second // well under the read timeout: the refusal does not wait for it
	start := time.Now()
	var wg sync.WaitGroup
	for _, h := range heads {
		for i := range perKind {
			c := slowBody(t, addr, h.head, 100*time.Millisecond)
			wg.Go(func() {
				c.SetReadDeadline(start.Add(limit))
				br := bufio.NewReader(c)
				resp, err := http.ReadResponse(br, nil)
				if !assert.NoError(t, err, "%s #%d: a response within %v", h.name, i, limit) {
					return
				}
				resp.Body.Close()
				assert.Equal(t, h.wantCode, resp.StatusCode, "%s #%d", h.name, i)
				assert.True(t, resp.Close, "%s #%d: Connection: close", h.name, i)
				_, err = io.Copy(io.Discard, br)
				var ne net.Error
				assert.False(t, errors.As(err, &ne) && ne.Timeout(), "%s #%d: the server closed the connection within %v", h.name, i, limit)
				assert.True(t, err == nil || errors.Is(err, syscall.ECONNRESET), "%s #%d: %v", h.name, i, err)
			})
		}
	}
	// Fresh clients are served while the slow ones send.
	for i := range 20 {
		resp, err := http.Get(fmt.Sprintf("%s/api/v2/theme/?fresh=%d", base, i))
		if assert.NoError(t, err, "fresh client %d", i) {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode, "fresh client %d", i)
		}
	}
	wg.Wait()
	t.Logf("%d slow clients cut off in %v", len(heads)*perKind, time.Since(start).Round(time.Millisecond))
}

// TestTheMediaFolderCannotBeLeft: the media folder of a data directory is
// read through os.OpenRoot, so a link in it that points out of it (here
// media/root -> /, media/abs -> a folder of the test's, and media/up ->
// ..) serves nothing; a link that stays
// inside is followed.
func TestTheMediaFolderCannotBeLeft(t *testing.T) {
	dir := t.TempDir()
	writeData(t, dir, "Harbor", "")
	media := filepath.Join(dir, "media")
	require.NoError(t, os.MkdirAll(filepath.Join(media, "themes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(media, "themes", "logo.svg"), []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink("/", filepath.Join(media, "root")))
	require.NoError(t, os.Symlink("..", filepath.Join(media, "up")))
	require.NoError(t, os.Symlink("themes/logo.svg", filepath.Join(media, "inside.svg")))
	// An absolute link to a folder of the test's own, so that the escape
	// is tried on a file known to exist on any machine.
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(media, "abs")))
	ts, _ := start(t, config{DataDir: dir, Logger: discard()})
	tests := []struct {
		name     string
		give     string
		wantCode int
	}{
		{"a file in the folder is served", "/media/themes/logo.svg", 200},
		{"a link that stays inside is followed", "/media/inside.svg", 200},
		{"a link to / does not reach /etc/hostname", "/media/root/etc/hostname", 404},
		{"a link to / does not reach /etc/passwd", "/media/root/etc/passwd", 404},
		{"an absolute link does not reach a file outside", "/media/abs/secret.txt", 404},
		{"a link to .. does not reach the data directory", "/media/up/secret.txt", 404},
		{"a link to .. does not reach the catalog", "/media/up/catalog.json", 404},
		{"an escaped .. is not followed", "/media/%2e%2e/secret.txt", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, ts.URL+tt.give, nil)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "GET %s", tt.give)
			assert.NotContains(t, string(body), "secret", "GET %s", tt.give)
			assert.NotContains(t, string(body), "root:", "GET %s", tt.give)
		})
	}
}

// TestEveryMethodOnEveryRoute: the server's own routes (the start page,
// the report, the images) answer GET and HEAD, the API's routes (the
// endpoints, /theme.css, the OpenAPI document) GET, HEAD and OPTIONS, as
// httpadapter documents; every other method is a 405 with the route's
// Allow. Before, the start page and the images answered every method with
// 200 and the body.
func TestEveryMethodOnEveryRoute(t *testing.T) {
	base, _, _ := startRun(t, io.Discard, "-access-log=false")
	const own, api = "GET, HEAD", "GET, HEAD, OPTIONS"
	routes := []struct{ path, allow string }{
		{"/", own},
		{"/theme/report", own},
		{"/theme/report.json", own},
		{"/tokens/themes.resolver.json", own},
		{"/media/themes/1/logo.svg", own},
		{"/theme.css", api},
		{"/api/v2/schema/", api},
		{"/api/v2/theme/", api},
		{"/api/v2/theme/config/", api},
		{"/api/v2/theme/component-defs/", api},
		{"/api/v2/theme/colors/", api},
	}
	methods := []string{"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "PROPFIND"}
	for _, rt := range routes {
		for _, m := range methods {
			allowed := strings.Contains(rt.allow, m)
			t.Run(fmt.Sprintf("%s %s answers %v", m, rt.path, map[bool]string{true: "it", false: "405"}[allowed]), func(t *testing.T) {
				req, err := http.NewRequest(m, base+rt.path, nil)
				require.NoError(t, err)
				resp, err := http.DefaultTransport.RoundTrip(req)
				require.NoError(t, err, "%s %s", m, rt.path)
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if !allowed {
					assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s %s", m, rt.path)
					assert.Equal(t, rt.allow, resp.Header.Get("Allow"), "%s %s: Allow", m, rt.path)
					return
				}
				assert.Contains(t, []int{200, 204}, resp.StatusCode, "%s %s", m, rt.path)
			})
		}
	}
}

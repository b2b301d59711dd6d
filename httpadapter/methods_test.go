package httpadapter_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// unservedMethods are the methods no route of the adapter serves: DRF's
// own (POST, PUT, PATCH, DELETE, TRACE), one it does not know (CONNECT)
// and a WebDAV one.
var unservedMethods = []string{"POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "PROPFIND"}

// bodyModes are the ways a request carries content, or none: a
// Content-Length or chunked, sent whole or trickling in (a byte every
// 100 ms of 100,000 announced bytes, which net/http would read to the end
// before answering a handler that left them unread).
var bodyModes = []struct {
	name     string
	header   string // header lines and the start of the content
	trickle  bool
	hasBody  bool
	complete string // the rest of the content, when it is sent whole
}{
	{"without content", "", false, false, ""},
	{"with a whole Content-Length body", "Content-Type: application/json\r\nContent-Length: 13\r\n\r\n", false, true, `{"name":"x"}` + "\n"},
	{"with a whole chunked body", "Transfer-Encoding: chunked\r\n\r\n", false, true, "d\r\n{\"name\":\"x\"}\n\r\n0\r\n\r\n"},
	{"with a Content-Length body trickling in", "Content-Length: 100000\r\n\r\n", true, true, ""},
	{"with a chunked body trickling in", "Transfer-Encoding: chunked\r\n\r\n186a0\r\n", true, true, ""},
}

// rawRequest sends method target with the body mode on a new connection
// to addr and returns the response (its body read) and the reader of the
// connection, which the server may have closed. The response must come
// within 2 s.
func rawRequest(t *testing.T, addr, method, target, header, complete string, trickle bool) (*http.Response, string, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	head := method + " " + target + " HTTP/1.1\r\nHost: x\r\n" + header
	if header == "" {
		head += "\r\n"
	}
	_, err = io.WriteString(c, head+complete)
	require.NoError(t, err)
	if trickle {
		go func() {
			for {
				time.Sleep(100 * time.Millisecond)
				if _, err := c.Write([]byte("x")); err != nil {
					return
				}
			}
		}()
	}
	require.NoError(t, c.SetReadDeadline(time.Now().Add(2*time.Second)))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, &http.Request{Method: method})
	require.NoError(t, err, "%s %s: a response within 2 s", method, target)
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	return resp, string(b), br
}

// assertClosed checks that the server closed the connection after the
// response, well before the test's read deadline.
func assertClosed(t *testing.T, br *bufio.Reader) {
	t.Helper()
	_, err := br.ReadByte()
	var ne net.Error
	assert.False(t, errors.As(err, &ne) && ne.Timeout(), "the server closed the connection (not a timeout): %v", err)
	assert.True(t, errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET), "the connection ends: %v", err)
}

// hostServers are the ways the adapter's handlers reach a connection:
// each handler in its own server, and mounted as README shows in a bare
// http.Server (no timeouts, nothing between it and the adapter).
func hostServers(t *testing.T) map[string]func(path string) string {
	a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t)), Logger: (&logBuffer{}).logger()})
	alone := map[string]string{}
	for path, h := range map[string]http.Handler{"": a, cssPath: a.Stylesheet(), schemaPath: a.OpenAPI()} {
		alone[path] = strings.TrimPrefix(serve(t, h).URL, "http://")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: mount(a, "")}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return map[string]func(string) string{
		"each handler in its own server": func(path string) string {
			if addr, ok := alone[path]; ok {
				return addr
			}
			return alone[""]
		},
		"mounted as README shows in a bare http.Server": func(string) string { return ln.Addr().String() },
	}
}

// TestEveryUnservedMethodIs405OnEveryRouteBodyOrNot: every route of the
// adapter (the four endpoints, the stylesheet, the OpenAPI document)
// answers every method it does not serve with DRF's 405: Allow, Vary,
// Cache-Control: no-store, nosniff and the JSON detail, whether the
// request carries content or not, and without reading it: content
// trickling in gets the 405 within 2 s, and the connection of a request
// with content is closed after the answer (Connection: close), while one
// without keeps its connection. Before, net/http read the content left
// unread (up to 256 KB) before the 405 went out: no answer while it
// trickled, and the example server refused any content with 413.
func TestEveryUnservedMethodIs405OnEveryRouteBodyOrNot(t *testing.T) {
	routes := []struct{ path, vary string }{
		{defsPath, "Accept, Accept-Encoding"},
		{themesPath, "Accept, Accept-Encoding"},
		{configPath, "Accept, Accept-Encoding, Cookie, Authorization"},
		{colorsPath, "Accept, Accept-Encoding, Cookie, Authorization"},
		{cssPath, "Accept-Encoding, Cookie, Authorization"},
		{schemaPath, "Accept-Encoding"},
	}
	for server, addrOf := range hostServers(t) {
		for _, rt := range routes {
			for _, m := range unservedMethods {
				for _, bm := range bodyModes {
					t.Run(fmt.Sprintf("%s: %s %s %s", server, m, rt.path, bm.name), func(t *testing.T) {
						t.Parallel()
						resp, body, br := rawRequest(t, addrOf(rt.path), m, rt.path, bm.header, bm.complete, bm.trickle)
						assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
						assert.Equal(t, fmt.Sprintf(`{"detail":"Method \"%s\" not allowed."}`, m), body)
						assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
						assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"))
						assert.Equal(t, rt.vary, resp.Header.Get("Vary"))
						assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
						assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
						assert.Equal(t, bm.hasBody, resp.Close, "Connection: close when content was left unread")
						if bm.hasBody {
							assertClosed(t, br)
						}
					})
				}
			}
		}
	}
}

// TestAServedMethodWithContentIsAnsweredUnread: GET, HEAD and OPTIONS
// with content trickling in are answered at once, as without content,
// and their connections closed: the adapter never reads content, so the
// client cannot hold the connection by sending it slowly.
func TestAServedMethodWithContentIsAnsweredUnread(t *testing.T) {
	addrOf := hostServers(t)["mounted as README shows in a bare http.Server"]
	for _, target := range []string{themesPath, configPath, cssPath, schemaPath, "/api/v2/theme", "/api/v2/theme/nope/"} {
		for _, m := range []string{"GET", "HEAD", "OPTIONS"} {
			t.Run(m+" "+target, func(t *testing.T) {
				t.Parallel()
				want, _, _ := rawRequest(t, addrOf(target), m, target, "", "", false)
				resp, _, br := rawRequest(t, addrOf(target), m, target, bodyModes[3].header, "", true)
				assert.Equal(t, want.StatusCode, resp.StatusCode, "the status without content")
				assert.True(t, resp.Close, "Connection: close")
				assertClosed(t, br)
			})
		}
	}
}

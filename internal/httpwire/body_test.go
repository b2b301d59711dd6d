package httpwire_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/httpwire"
)

// TestAnUnreadBodyCannotHoldTheConnection: a handler that calls
// LeaveBodyUnread answers a request whose content trickles in (a byte
// every 50 ms of a Content-Length of 100,000, or chunked) at once, with
// Connection: close, and the server closes the connection after the
// response; a request without content keeps its connection. Without
// LeaveBodyUnread, net/http reads up to 256 KB of the unread content
// before it sends the response, so no answer comes while the bytes
// trickle.
func TestAnUnreadBodyCannotHoldTheConnection(t *testing.T) {
	for _, leave := range []bool{true, false} {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if leave {
				httpwire.LeaveBodyUnread(w, r)
			}
			io.WriteString(w, "ok")
		}))
		t.Cleanup(ts.Close)
		addr := strings.TrimPrefix(ts.URL, "http://")
		heads := map[string]string{
			"Content-Length": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n",
			"chunked":        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n",
		}
		for name, head := range heads {
			t.Run(name+map[bool]string{true: ", left unread, is answered at once", false: ", read by net/http, holds the connection"}[leave], func(t *testing.T) {
				c := trickle(t, addr, head, 50*time.Millisecond)
				c.SetReadDeadline(time.Now().Add(2 * time.Second))
				br := bufio.NewReader(c)
				resp, err := http.ReadResponse(br, nil)
				if !leave {
					var ne net.Error
					require.ErrorAs(t, err, &ne, "no response while the content trickles")
					assert.True(t, ne.Timeout())
					return
				}
				require.NoError(t, err, "a response within 2 s")
				b, _ := io.ReadAll(resp.Body)
				assert.Equal(t, "ok", string(b))
				assert.True(t, resp.Close, "Connection: close")
				_, err = br.ReadByte()
				assert.ErrorIs(t, err, io.EOF, "the server closed the connection")
			})
		}
	}
	t.Run("a request without content keeps its connection", func(t *testing.T) {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			httpwire.LeaveBodyUnread(w, r)
			io.WriteString(w, "ok")
		}))
		t.Cleanup(ts.Close)
		resp, err := http.Get(ts.URL)
		require.NoError(t, err)
		resp.Body.Close()
		assert.False(t, resp.Close)
		assert.Empty(t, resp.Header.Get("Connection"))
	})
}

// trickle opens a connection to addr, sends head (a request's header
// block) and then one byte of content every interval until the
// connection breaks or the test ends.
func trickle(t *testing.T, addr, head string, interval time.Duration) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	_, err = io.WriteString(c, head)
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

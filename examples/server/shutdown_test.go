package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// freeAddr returns a loopback address with a port that was free a moment
// ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// startRun runs the program with args on a free address until the test
// cancels it; it returns the base URL, the cancel function and a channel
// with run's exit code.
func startRun(t *testing.T, stderr io.Writer, args ...string) (string, context.CancelFunc, <-chan int) {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan int, 1)
	go func() { done <- run(ctx, append([]string{"-addr", addr}, args...), stderr, nil) }()
	base := "http://" + addr
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/api/v2/theme/")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	}, 10*time.Second, 10*time.Millisecond, "the server at %s", addr)
	return base, cancel, done
}

func TestNothingLoggedIsLostAtShutdown(t *testing.T) {
	var stderr syncBuffer
	// Flushed only at shutdown: every line must come out then.
	base, cancel, done := startRun(t, &stderr, "-log-flush", "1h")
	const n = 100 // well under the 64 KB buffer with the probes: no flush before shutdown
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(fmt.Sprintf("%s/api/v2/theme/?n=%d", base, i))
			if assert.NoError(t, err) {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
	assert.NotContains(t, stderr.String(), "msg=request", "the lines are buffered, not written per request")
	cancel()
	select {
	case code := <-done:
		require.Equal(t, 0, code, "run's exit code:\n%s", stderr.String())
	case <-time.After(15 * time.Second):
		t.Fatal("run did not return after the context ended")
	}
	log := stderr.String()
	// The readiness probes of startRun are logged too.
	got := 0
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "msg=request") && strings.Contains(line, "status=200") {
			got++
		}
	}
	assert.GreaterOrEqual(t, got, n+1, "access log lines written by the time run returned (%d requests and at least one probe)", n)
	assert.Contains(t, log, "msg=\"shutting down\"", "run's log")
	assert.True(t, strings.HasSuffix(log, "\n"), "the log ends with a whole line")
}

func TestAStalledClientIsCutOff(t *testing.T) {
	base, _, _ := startRun(t, io.Discard, "-read-timeout", "300ms", "-write-timeout", "300ms", "-idle-timeout", "300ms")
	addr := strings.TrimPrefix(base, "http://")
	dial := func(t *testing.T) *net.TCPConn {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		tc := c.(*net.TCPConn)
		require.NoError(t, tc.SetReadBuffer(4096))
		return tc
	}
	// closed reads what the server still sends and reports whether it
	// closed the connection within limit, and how many bytes came.
	closed := func(c net.Conn, limit time.Duration) (bool, int64) {
		c.SetReadDeadline(time.Now().Add(limit))
		n, err := io.Copy(io.Discard, c)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return false, n
		}
		return err == nil || errors.Is(err, syscall.ECONNRESET), n
	}

	t.Run("a client that stops reading is cut off after the write timeout", func(t *testing.T) {
		c := dial(t)
		// Far more responses than the socket buffers hold: the server's
		// writes block once they are full.
		const requests = 2000
		req := "GET /api/v2/theme/component-defs/ HTTP/1.1\r\nHost: x\r\n\r\n"
		go c.Write([]byte(strings.Repeat(req, requests)))
		time.Sleep(2 * time.Second) // the client reads nothing meanwhile
		ok, n := closed(c, 5*time.Second)
		assert.True(t, ok, "the server closed the connection")
		whole := int64(requests) * 23000
		assert.Less(t, n, whole, "the server stopped writing: %d bytes of %d came", n, whole)
	})

	t.Run("a client that sends its headers a byte at a time is cut off after the read timeout", func(t *testing.T) {
		c := dial(t)
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			for _, b := range []byte("GET /api/v2/theme/ HTTP/1.1\r\nHost: x\r\nX-Slow: " + strings.Repeat("y", 100)) {
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
				}
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
			}
		}()
		start := time.Now()
		ok, _ := closed(c, 5*time.Second)
		assert.True(t, ok, "the server closed the connection")
		assert.Less(t, time.Since(start), 3*time.Second, "within the read timeout and a margin, not when the headers would end (7 s)")
	})

	t.Run("an idle keep-alive connection is closed after the idle timeout", func(t *testing.T) {
		c := dial(t)
		_, err := c.Write([]byte("GET /api/v2/theme/ HTTP/1.1\r\nHost: x\r\n\r\n"))
		require.NoError(t, err)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		start := time.Now()
		ok, _ := closed(c, 5*time.Second)
		assert.True(t, ok, "the server closed the idle connection")
		assert.Less(t, time.Since(start), 3*time.Second, "within the idle timeout and a margin")
	})
}

package demo_test

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/nettest"

	"github.com/themekit/themekit/internal/demo"
)

// coarsePipe is a TCP connection over loopback whose accepting end, c1,
// comes from a CoarseDeadlines listener with the given tick.
func coarsePipe(tick time.Duration) nettest.MakePipe {
	return func() (c1, c2 net.Conn, stop func(), err error) {
		raw, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, nil, err
		}
		ln := demo.CoarseDeadlines(raw, tick)
		accepted := make(chan net.Conn, 1)
		go func() {
			c, _ := ln.Accept()
			accepted <- c
		}()
		if c2, err = net.Dial("tcp", ln.Addr().String()); err != nil {
			ln.Close()
			return nil, nil, nil, err
		}
		if c1 = <-accepted; c1 == nil {
			c2.Close()
			ln.Close()
			return nil, nil, nil, errors.New("accept failed")
		}
		return c1, c2, func() { c1.Close(); c2.Close(); ln.Close() }, nil
	}
}

// TestCoarseDeadlinesKeepTheConnContract runs golang.org/x/net/nettest's
// conformance suite for net.Conn, deadlines included, on a connection
// from CoarseDeadlines.
func TestCoarseDeadlinesKeepTheConnContract(t *testing.T) {
	nettest.TestConn(t, coarsePipe(10*time.Millisecond))
}

func TestCoarseDeadlines(t *testing.T) {
	const tick = 20 * time.Millisecond
	pipe := func(t *testing.T) (server, client net.Conn) {
		t.Helper()
		c1, c2, stop, err := coarsePipe(tick)()
		require.NoError(t, err)
		t.Cleanup(stop)
		// A deadline that never fires fails the test instead of hanging it.
		watchdog := time.AfterFunc(10*time.Second, stop)
		t.Cleanup(func() { watchdog.Stop() })
		return c1, c2
	}
	// readErr reads from c and returns how long it took and the error.
	readErr := func(c net.Conn) (time.Duration, error) {
		start := time.Now()
		_, err := c.Read(make([]byte, 16))
		return time.Since(start), err
	}

	t.Run("a read deadline fires once it passes, within a tick, never before", func(t *testing.T) {
		server, _ := pipe(t)
		const after = 100 * time.Millisecond
		require.NoError(t, server.SetReadDeadline(time.Now().Add(after)))
		took, err := readErr(server)
		assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
		assert.GreaterOrEqual(t, took, after-time.Millisecond, "not before the deadline")
		assert.Less(t, took, after+time.Second, "about a tick after it (a second allows for a loaded machine)")
	})
	t.Run("a deadline moved later before it passes does not fire", func(t *testing.T) {
		server, client := pipe(t)
		require.NoError(t, server.SetReadDeadline(time.Now().Add(30*time.Millisecond)))
		require.NoError(t, server.SetReadDeadline(time.Now().Add(time.Hour)))
		time.AfterFunc(10*tick, func() { client.Write([]byte("x")) })
		took, err := readErr(server)
		assert.NoError(t, err)
		assert.GreaterOrEqual(t, took, 10*tick, "the read waited for the data")
	})
	t.Run("a cleared deadline does not fire", func(t *testing.T) {
		server, client := pipe(t)
		require.NoError(t, server.SetReadDeadline(time.Now().Add(30*time.Millisecond)))
		require.NoError(t, server.SetReadDeadline(time.Time{}))
		time.AfterFunc(10*tick, func() { client.Write([]byte("x")) })
		_, err := readErr(server)
		assert.NoError(t, err)
	})
	t.Run("a connection whose deadline fired reads again once it is given a new one", func(t *testing.T) {
		server, client := pipe(t)
		require.NoError(t, server.SetReadDeadline(time.Now().Add(30*time.Millisecond)))
		_, err := readErr(server)
		require.ErrorIs(t, err, os.ErrDeadlineExceeded)
		_, err = readErr(server)
		require.ErrorIs(t, err, os.ErrDeadlineExceeded, "still expired: no deadline was set since")
		require.NoError(t, server.SetReadDeadline(time.Now().Add(time.Hour)))
		_, err = client.Write([]byte("x"))
		require.NoError(t, err)
		_, err = readErr(server)
		assert.NoError(t, err)
	})
	t.Run("a write to a client that reads nothing ends at the write deadline", func(t *testing.T) {
		server, _ := pipe(t)
		require.NoError(t, server.SetWriteDeadline(time.Now().Add(100*time.Millisecond)))
		start := time.Now()
		var err error
		for err == nil && time.Since(start) < 10*time.Second {
			_, err = server.Write(make([]byte, 64<<10))
		}
		assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
	})
	t.Run("the connection still sends a file through its own ReadFrom", func(t *testing.T) {
		server, client := pipe(t)
		f, err := os.CreateTemp(t.TempDir(), "body")
		require.NoError(t, err)
		_, err = f.WriteString("sent by sendfile")
		require.NoError(t, err)
		_, err = f.Seek(0, io.SeekStart)
		require.NoError(t, err)
		rf, ok := server.(io.ReaderFrom)
		require.True(t, ok, "net/http sends files through the connection's ReadFrom")
		n, err := rf.ReadFrom(f)
		require.NoError(t, err)
		require.NoError(t, server.(interface{ CloseWrite() error }).CloseWrite(), "a half-close, as net/http does before closing")
		got, err := io.ReadAll(client)
		require.NoError(t, err)
		assert.Equal(t, "sent by sendfile", string(got))
		assert.EqualValues(t, len(got), n)
	})
}

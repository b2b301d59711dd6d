package demo_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
)

// TestServe: Serve answers requests until its context is done, then logs
// "shutting down" and returns nil once the server is shut down; a
// listener that fails ends it at once with that error, and no shutdown.
func TestServe(t *testing.T) {
	t.Run("it serves until the context is done, then shuts down cleanly", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		hs := demo.NewHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "ok")
		}), log, demo.Timeouts{})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- demo.Serve(ctx, hs, ln, log) }()

		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		require.NoError(t, err, "a request while serving")
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, "ok", string(body))
		assert.NotContains(t, logged.String(), "shutting down", "before the context is done")

		cancel()
		select {
		case err := <-done:
			assert.NoError(t, err)
		case <-time.After(demo.ShutdownGrace):
			t.Fatal("Serve did not return after its context was done")
		}
		assert.Contains(t, logged.String(), `msg="shutting down"`)
		_, err = net.DialTimeout("tcp", ln.Addr().String(), time.Second)
		assert.Error(t, err, "the listener is closed after the shutdown")
	})
	t.Run("a listener that fails ends it with the listener's error", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		require.NoError(t, ln.Close())
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		hs := demo.NewHTTPServer(http.NotFoundHandler(), log, demo.Timeouts{})

		err = demo.Serve(context.Background(), hs, ln, log)
		assert.True(t, errors.Is(err, net.ErrClosed), "got %v, want an error wrapping net.ErrClosed", err)
		assert.NotContains(t, logged.String(), "shutting down")
	})
}

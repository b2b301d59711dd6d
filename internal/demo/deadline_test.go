package demo

import (
	"errors"
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAFarDeadlineIsRoundedUpToTheSecond(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name string
		give time.Time
		want time.Time
	}{
		{"no deadline stays none", time.Time{}, time.Time{}},
		{"a past deadline is exact", time.Unix(1, 0), time.Unix(1, 0)},
		{"a deadline a second away is exact", now.Add(time.Second), now.Add(time.Second)},
		{"a deadline ten seconds away is rounded up", now.Add(10 * time.Second), now.Add(10 * time.Second).Truncate(time.Second).Add(time.Second)},
		{"a whole second stays", now.Add(10 * time.Second).Truncate(time.Second), now.Add(10 * time.Second).Truncate(time.Second)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := coarse(tt.give)
			assert.True(t, tt.want.Equal(got), "coarse(%v) = %v, want %v", tt.give, got, tt.want)
			assert.False(t, got.Before(tt.give), "never earlier than asked")
		})
	}
}

// pair returns a coarse server side and the client side of a loopback
// TCP connection.
func pair(t *testing.T) (*coarseConn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	c, err := CoarseDeadlines(ln).Accept()
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	cc, ok := c.(*coarseConn)
	require.True(t, ok, "a TCP connection is wrapped")
	return cc, client
}

// TestCoarseDeadlinesGovernEveryCall: a deadline set before a call
// governs it when it starts; one set during a call governs that call
// (a past one interrupts it, as net/http interrupts its background read);
// a write deadline governs a write that blocks because the peer reads
// nothing.
func TestCoarseDeadlinesGovernEveryCall(t *testing.T) {
	t.Run("a read deadline set before the read times it out", func(t *testing.T) {
		c, _ := pair(t)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(200*time.Millisecond)))
		start := time.Now()
		_, err := c.Read(make([]byte, 1))
		assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
		assert.InDelta(t, 200, time.Since(start).Milliseconds(), 150)
	})
	t.Run("a past deadline interrupts a read in progress", func(t *testing.T) {
		c, _ := pair(t)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(time.Hour)))
		done := make(chan error, 1)
		go func() { _, err := c.Read(make([]byte, 1)); done <- err }()
		time.Sleep(100 * time.Millisecond)
		start := time.Now()
		require.NoError(t, c.SetReadDeadline(time.Unix(1, 0)))
		select {
		case err := <-done:
			assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
			assert.Less(t, time.Since(start), 500*time.Millisecond)
		case <-time.After(2 * time.Second):
			t.Fatal("the read was not interrupted")
		}
	})
	t.Run("a deadline cleared before the read does not time it out", func(t *testing.T) {
		c, client := pair(t)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(50*time.Millisecond)))
		require.NoError(t, c.SetReadDeadline(time.Time{}))
		go func() { time.Sleep(300 * time.Millisecond); client.Write([]byte("x")) }()
		n, err := c.Read(make([]byte, 1))
		assert.NoError(t, err)
		assert.Equal(t, 1, n)
	})
	t.Run("a write deadline cuts off a write the peer does not read", func(t *testing.T) {
		c, _ := pair(t)
		require.NoError(t, c.SetWriteDeadline(time.Now().Add(300*time.Millisecond)))
		start := time.Now()
		var err error
		for err == nil && time.Since(start) < 5*time.Second {
			_, err = c.Write(make([]byte, 1<<20))
		}
		var ne net.Error
		require.True(t, errors.As(err, &ne) && ne.Timeout(), "a timeout: %v", err)
		assert.Less(t, time.Since(start), 2*time.Second)
	})
}

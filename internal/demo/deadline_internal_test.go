package demo

import (
	"net"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheSweepEndsWithTheLastConnection: the listener's goroutine
// outlives Close while a connection it accepted is open (its deadlines
// still fire), and ends once that connection closes.
func TestTheSweepEndsWithTheLastConnection(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ln := CoarseDeadlines(raw, 5*time.Millisecond).(*coarseListener)
	go func() {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err == nil {
			defer c.Close()
			time.Sleep(time.Second)
		}
	}()
	c, err := ln.Accept()
	require.NoError(t, err)
	require.NoError(t, ln.Close())

	require.NoError(t, c.SetReadDeadline(time.Now().Add(20*time.Millisecond)))
	_, err = c.Read(make([]byte, 1))
	assert.ErrorIs(t, err, os.ErrDeadlineExceeded, "the deadline fires after the listener closed")
	select {
	case <-ln.swept:
		t.Fatal("the sweep ended while a connection was open")
	case <-time.After(50 * time.Millisecond):
	}
	require.NoError(t, c.Close())
	select {
	case <-ln.swept:
	case <-time.After(5 * time.Second):
		t.Fatal("the sweep did not end after the last connection closed")
	}
}

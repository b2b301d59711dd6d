package demo

import (
	"io"
	"net"
	"sync"
	"time"
)

// CoarseDeadlines wraps a TCP listener so that the deadlines net/http
// sets on each connection cost less: an http.Server with timeouts sets
// four or five of them per request (the idle wait, the header, the whole
// request, the response and its end), each a timer the runtime moves,
// which made up about half of what the example server spent per request
// beyond net/http serving the same bytes without timeouts.
//
// A deadline set on a connection is applied when a read (or, for a write
// deadline, a write) starts, or at once when one is in progress, so that
// it governs every call as it was set; one set and replaced before any
// call, as the per-request deadlines mostly are, costs nothing. A
// deadline more than two seconds away is rounded up to the next whole
// second, so that the same timeout set again within a second is the one
// already in force: the timeouts of the example servers (seconds to
// minutes) fire up to a second late. A nearer one, and a past one (which
// is how net/http interrupts a read, and how a handler stops reading a
// body it will not read), is applied exactly. Connections that are not
// TCP are returned as they are.
func CoarseDeadlines(ln net.Listener) net.Listener { return coarseListener{ln} }

type coarseListener struct{ net.Listener }

func (l coarseListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok && err == nil {
		return &coarseConn{TCPConn: tc}, nil
	}
	return c, err
}

// coarseConn is a TCP connection with coarse, lazily applied deadlines
// (see CoarseDeadlines).
type coarseConn struct {
	*net.TCPConn
	mu          sync.Mutex
	read, write deadline // guarded by mu
}

// deadline is one direction's deadline: the one wanted, the one in force
// on the connection, and the calls in progress.
type deadline struct {
	want, set time.Time
	busy      int
}

// coarse is t rounded up to the next whole second when it is more than
// two seconds away; nearer, past and zero deadlines stay as they are.
func coarse(t time.Time) time.Time {
	if t.IsZero() || time.Until(t) <= 2*time.Second {
		return t
	}
	if r := t.Truncate(time.Second); !r.Equal(t) {
		return r.Add(time.Second)
	}
	return t
}

// want records t as d's deadline, applying it at once when a call is in
// progress.
func (c *coarseConn) want(d *deadline, t time.Time, apply func(time.Time) error) error {
	t = coarse(t)
	c.mu.Lock()
	defer c.mu.Unlock()
	d.want = t
	if d.busy == 0 || d.set.Equal(t) {
		return nil
	}
	d.set = t
	return apply(t)
}

// begin starts a call in d's direction under d's wanted deadline.
func (c *coarseConn) begin(d *deadline, apply func(time.Time) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	d.busy++
	if d.set.Equal(d.want) {
		return nil
	}
	d.set = d.want
	if err := apply(d.want); err != nil {
		d.busy--
		return err
	}
	return nil
}

func (c *coarseConn) end(d *deadline) {
	c.mu.Lock()
	d.busy--
	c.mu.Unlock()
}

func (c *coarseConn) SetReadDeadline(t time.Time) error {
	return c.want(&c.read, t, c.TCPConn.SetReadDeadline)
}

func (c *coarseConn) SetWriteDeadline(t time.Time) error {
	return c.want(&c.write, t, c.TCPConn.SetWriteDeadline)
}

func (c *coarseConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}

func (c *coarseConn) Read(p []byte) (int, error) {
	if err := c.begin(&c.read, c.TCPConn.SetReadDeadline); err != nil {
		return 0, err
	}
	defer c.end(&c.read)
	return c.TCPConn.Read(p)
}

func (c *coarseConn) Write(p []byte) (int, error) {
	if err := c.begin(&c.write, c.TCPConn.SetWriteDeadline); err != nil {
		return 0, err
	}
	defer c.end(&c.write)
	return c.TCPConn.Write(p)
}

// ReadFrom is the TCP connection's (sendfile, for a file served by
// http.FileServer) under the write deadline.
func (c *coarseConn) ReadFrom(r io.Reader) (int64, error) {
	if err := c.begin(&c.write, c.TCPConn.SetWriteDeadline); err != nil {
		return 0, err
	}
	defer c.end(&c.write)
	return c.TCPConn.ReadFrom(r)
}

// WriteTo is the TCP connection's (splice) under the read deadline.
func (c *coarseConn) WriteTo(w io.Writer) (int64, error) {
	if err := c.begin(&c.read, c.TCPConn.SetReadDeadline); err != nil {
		return 0, err
	}
	defer c.end(&c.read)
	return c.TCPConn.WriteTo(w)
}

package demo

import (
	"errors"
	"io"
	"net"
	"sync"
	"time"
)

// CoarseDeadlines returns ln with the deadlines of the connections it
// accepts kept by one clock that ticks every tick, instead of one runtime
// timer per deadline.
//
// An http.Server with timeouts sets five to seven deadlines per request
// (the request's read, the response's write, the keep-alive wait, and the
// clearing of each), and each moves a runtime timer: on the small
// responses of the theming API that costs 5-10% of the server's CPU time
// per request (BENCHMARKS.md). Through CoarseDeadlines a future deadline
// is a field write; one goroutine per listener looks at the open
// connections every tick and expires, on the connection itself, each
// deadline that has passed, which interrupts a blocked Read or Write as a
// deadline does. A deadline at or before the time it is set (net/http
// sets one to abort a read) takes effect at once. So a deadline fires up
// to one tick late, never early; the timeouts an example server runs
// with are seconds, and its tick a fraction of the shortest (see
// [Serve]).
//
// The goroutine stops once ln is closed and every connection it accepted
// is closed.
func CoarseDeadlines(ln net.Listener, tick time.Duration) net.Listener {
	l := &coarseListener{Listener: ln, conns: map[*coarseConn]struct{}{}, closed: make(chan struct{}), swept: make(chan struct{})}
	go l.sweep(tick)
	return l
}

type coarseListener struct {
	net.Listener
	mu        sync.Mutex
	conns     map[*coarseConn]struct{} // open connections; guarded by mu
	closed    chan struct{}            // closed by Close
	swept     chan struct{}            // closed when sweep returns
	closeOnce sync.Once
}

func (l *coarseListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	cc := &coarseConn{Conn: c, l: l}
	l.mu.Lock()
	l.conns[cc] = struct{}{}
	l.mu.Unlock()
	return cc, nil
}

func (l *coarseListener) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// sweep expires the passed deadlines every tick until the listener and
// all its connections are closed.
func (l *coarseListener) sweep(tick time.Duration) {
	defer close(l.swept)
	t := time.NewTicker(tick)
	defer t.Stop()
	var open []*coarseConn
	for now := range t.C {
		l.mu.Lock()
		open = open[:0]
		for c := range l.conns {
			open = append(open, c)
		}
		done := len(open) == 0 && l.isClosed()
		l.mu.Unlock()
		if done {
			return
		}
		for _, c := range open {
			c.expire(now)
		}
		clear(open) // holds no connection until the next tick
	}
}

func (l *coarseListener) isClosed() bool {
	select {
	case <-l.closed:
		return true
	default:
		return false
	}
}

// coarseConn is a connection whose future deadlines its listener's sweep
// enforces.
type coarseConn struct {
	net.Conn
	l           *coarseListener
	mu          sync.Mutex
	read, write deadline // guarded by mu
}

// deadline is one direction's deadline: at (zero for none), and whether
// it is expired on the connection itself.
type deadline struct {
	at      time.Time
	expired bool
}

// aLongTimeAgo is a deadline that has passed.
var aLongTimeAgo = time.Unix(1, 0)

// set records t as d's deadline and applies to the connection what must
// be applied now: a deadline that has already passed, or the clearing of
// one that expired.
func (c *coarseConn) set(d *deadline, t time.Time, apply func(time.Time) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	d.at = t
	if !t.IsZero() && !t.After(time.Now()) {
		d.expired = true
		return apply(t)
	}
	if d.expired {
		d.expired = false
		return apply(time.Time{})
	}
	return nil
}

// expire expires, on the connection, each deadline that passed by now.
func (c *coarseConn) expire(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.read.expired && !c.read.at.IsZero() && !c.read.at.After(now) {
		c.read.expired = true
		_ = c.Conn.SetReadDeadline(aLongTimeAgo)
	}
	if !c.write.expired && !c.write.at.IsZero() && !c.write.at.After(now) {
		c.write.expired = true
		_ = c.Conn.SetWriteDeadline(aLongTimeAgo)
	}
}

func (c *coarseConn) SetReadDeadline(t time.Time) error {
	return c.set(&c.read, t, c.Conn.SetReadDeadline)
}

func (c *coarseConn) SetWriteDeadline(t time.Time) error {
	return c.set(&c.write, t, c.Conn.SetWriteDeadline)
}

func (c *coarseConn) SetDeadline(t time.Time) error {
	return errors.Join(c.SetReadDeadline(t), c.SetWriteDeadline(t))
}

func (c *coarseConn) Close() error {
	c.l.mu.Lock()
	delete(c.l.conns, c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// ReadFrom lets net/http send a file through the connection's own
// ReadFrom (sendfile on TCP), as it does on an unwrapped connection.
func (c *coarseConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

// CloseWrite half-closes the connection where it can (TCP), which
// net/http does before closing a connection whose request content it left
// unread, so that the client reads the response before the reset.
func (c *coarseConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

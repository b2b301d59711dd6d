// Package demo is what the example servers (examples/server and
// examples/postgres) share: the demo users, the demo rule that picks a
// request's user, the handler that serves the themes' images, the
// read-only wrapper of the servers' own routes, the buffered log and the
// access log written into it, the http.Server with the timeouts that cut
// off slow or stalled clients, and its serving until a signal and
// graceful shutdown.
//
// The user rule is a demo, not authentication: the [UserHeader] request
// header names the user, anyone can send any name, and the users file
// gives each name's preferred theme id. A real host sets
// httpadapter.Options.PreferredTheme from its own authentication instead.
//
// Only the examples (and the load test's yardstick, which serves as the
// example server does) import this package.
package demo

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/textproto"
	"os"
	"strings"
	"time"

	"github.com/themekit/themekit/internal/httpwire"
)

// UserHeader names the demo's user. A response that depends on it must
// say so (httpadapter.Options.UserVary), so that caches key on it.
const UserHeader = "X-Demo-User"

// users is the embedded users file: alice, bob, carol, dave and mallory
// prefer themes 2, 3, 4, 1 and 99 (a theme that does not exist).
//
//go:embed users.json
var users []byte

// LoadUsers reads a users file: a JSON object of user names and their
// preferred theme ids, {"alice": 2, ...}. The path "" is the embedded
// demo file. The error names the file.
func LoadUsers(path string) (map[string]int, error) {
	raw := users
	name := "the embedded users.json"
	if path != "" {
		var err error
		if raw, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("users file: %w", err)
		}
		name = path
	}
	var m map[string]int
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: want a JSON object of user names and theme ids: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: data after the JSON object", name)
	}
	return m, nil
}

// PreferredTheme is the demo's httpadapter.Options.PreferredTheme: the
// theme id users gives the name in the request's [UserHeader]. A request
// naming no user or an unknown one has no preference (0) and gets the
// default theme.
func PreferredTheme(users map[string]int) func(*http.Request) (int, error) {
	// The header's canonical key, worked out once: Header.Get would
	// canonicalize it on every request.
	key := textproto.CanonicalMIMEHeaderKey(UserHeader)
	return func(r *http.Request) (int, error) {
		if v := r.Header[key]; len(v) > 0 {
			return users[v[0]], nil
		}
		return 0, nil
	}
}

// MediaHandler serves the themes' images from fsys, the request's path
// (with its mount prefix stripped, see http.StripPrefix) naming the file:
// files only, no directory listings, GET and HEAD only (any other method
// is a 405 with Allow, see [ReadOnly]). SVG can carry scripts, so the
// images are served sandboxed, with nosniff, and cacheable for five
// minutes. A media folder on disk must come through [OpenMedia], so that
// no link or ".." in it leads out of it.
func MediaHandler(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return ReadOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if st, err := fs.Stat(fsys, name); err != nil || st.IsDir() || !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
		h.Set("Cache-Control", "public, max-age=300")
		files.ServeHTTP(w, r)
	}))
}

// OpenMedia opens the media folder dir for [MediaHandler] through
// os.OpenRoot: every file is looked up inside dir, and a symbolic link or
// ".." that leads out of it is an error (so a 404), where os.DirFS would
// follow it. dir itself may be a link. A missing dir is an empty folder.
// The returned close function releases the folder.
func OpenMedia(dir string) (fsys fs.FS, close func() error, err error) {
	root, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return noFiles{}, func() error { return nil }, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("media folder: %w", err)
	}
	return root.FS(), root.Close, nil
}

// noFiles is an empty folder.
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// ReadOnly passes GET and HEAD requests to h and answers any other
// method with 405 Method Not Allowed and Allow: GET, HEAD. None of the
// examples' own routes reads a request's content: when a request carries
// some, it is left unread and the connection closed after the answer
// (httpwire.LeaveBodyUnread), as httpadapter does on its routes, so that
// a client sending content slowly cannot hold the connection.
func ReadOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 {
			httpwire.LeaveBodyUnread(w, r)
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Timeouts bound how long a connection may take.
type Timeouts struct {
	// Read bounds the reading of a whole request, headers included.
	Read time.Duration
	// Write bounds the writing of a response; Idle, how long a
	// keep-alive connection waits for the next request.
	Write, Idle time.Duration
}

// Flags registers -read-timeout, -write-timeout and -idle-timeout on fl,
// with the defaults 10 s, 30 s and 2 min.
func (t *Timeouts) Flags(fl *flag.FlagSet) {
	fl.DurationVar(&t.Read, "read-timeout", 10*time.Second, "longest time to read a request, headers included")
	fl.DurationVar(&t.Write, "write-timeout", 30*time.Second, "longest time to write a response")
	fl.DurationVar(&t.Idle, "idle-timeout", 2*time.Minute, "how long a keep-alive connection may sit idle")
}

// NewHTTPServer is the http.Server an example runs h on. A request,
// headers and all, must arrive within t.Read (ReadHeaderTimeout and
// ReadTimeout), a response be written within t.Write, and an idle
// keep-alive connection is closed after t.Idle, so a slow or stalled
// client cannot hold a connection. A zero t.Read is 10 s. The server's
// own errors go to log. The handlers are what they are: httpadapter's
// and ReadOnly's leave a request's content unread, so that is not the
// server's business.
func NewHTTPServer(h http.Handler, log *slog.Logger, t Timeouts) *http.Server {
	if t.Read <= 0 {
		t.Read = 10 * time.Second
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.Read,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// ShutdownGrace is how long [Serve] lets the requests in flight finish
// once it is told to stop.
const ShutdownGrace = 10 * time.Second

// Serve serves hs on ln until ctx is done, then logs "shutting down" and
// shuts hs down, giving the requests in flight up to [ShutdownGrace]. It
// returns nil after a clean shutdown, the error that ended serving before
// ctx was done, or the shutdown's error prefixed "shutdown: ".
//
// When hs has timeouts, the connections' deadlines are kept by
// [CoarseDeadlines] with a tick of an eighth of the shortest timeout (5 ms
// to 250 ms), so that each fires at most that much late.
func Serve(ctx context.Context, hs *http.Server, ln net.Listener, log *slog.Logger) error {
	if tick := deadlineTick(hs); tick > 0 {
		ln = CoarseDeadlines(ln, tick)
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// deadlineTick is the tick [Serve] keeps hs's deadlines with: an eighth
// of its shortest timeout, from 5 ms to 250 ms; 0 when it has none.
func deadlineTick(hs *http.Server) time.Duration {
	shortest := time.Duration(0)
	for _, d := range []time.Duration{hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout} {
		if d > 0 && (shortest == 0 || d < shortest) {
			shortest = d
		}
	}
	if shortest == 0 {
		return 0
	}
	return min(max(shortest/8, 5*time.Millisecond), 250*time.Millisecond)
}

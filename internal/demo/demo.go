// Package demo is what the example servers (examples/server and
// examples/postgres) share: the demo users, the demo rule that picks a
// request's user, the handler that serves the themes' images, and the
// http.Server with the timeouts that cut off slow or stalled clients.
//
// The user rule is a demo, not authentication: the [UserHeader] request
// header names the user, anyone can send any name, and the users file
// gives each name's preferred theme id. A real host sets
// httpadapter.Options.PreferredTheme from its own authentication instead.
//
// Only the examples import this package.
package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"
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
	return func(r *http.Request) (int, error) {
		return users[r.Header.Get(UserHeader)], nil
	}
}

// MediaHandler serves the themes' images from fsys, the request's path
// (with its mount prefix stripped, see http.StripPrefix) naming the file:
// files only, no directory listings. SVG can carry scripts, so the images
// are served sandboxed, with nosniff, and cacheable for five minutes.
func MediaHandler(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
	})
}

// Timeouts bound how long a connection may take.
type Timeouts struct {
	Write, Idle time.Duration
}

// Flags registers -write-timeout and -idle-timeout on fl, with the
// defaults 30 s and 2 min.
func (t *Timeouts) Flags(fl *flag.FlagSet) {
	fl.DurationVar(&t.Write, "write-timeout", 30*time.Second, "longest time to write a response")
	fl.DurationVar(&t.Idle, "idle-timeout", 2*time.Minute, "how long a keep-alive connection may sit idle")
}

// NewHTTPServer is the http.Server an example runs h on: request headers
// must arrive within 10 s, a response be written within t.Write, and an
// idle keep-alive connection is closed after t.Idle, so a slow or stalled
// client cannot hold a connection. The server's own errors go to log.
func NewHTTPServer(h http.Handler, log *slog.Logger, t Timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

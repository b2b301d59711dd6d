// Command server is the themekit example server: the theming API on the
// embedded default data, with no setup.
//
//	go run ./examples/server
//	curl http://127.0.0.1:8000/api/v2/theme/
//
// It serves the four v2 endpoints (an httpadapter.Adapter), the requesting
// user's theme as CSS at /theme.css, the OpenAPI document at
// /api/v2/schema/, the visual contrast report of the
// data at /theme/report (rendered once per data version, shared by
// concurrent requests; over 10,000 findings a short page links the JSON
// instead) and as JSON at /theme/report.json, the data as DTCG design
// tokens at /tokens/themes.resolver.json and the token files beside it
// (theming/dtcg, exported once per data version), the themes' images under
// /media/, and a start page at /. Flags:
//
//	-addr HOST:PORT   where to listen (default 127.0.0.1:8000)
//	-data DIR         serve DIR/catalog.json and DIR/themes.json (and images
//	                  from DIR/media) instead of the embedded data; invalid
//	                  data stops the server at start, listing every problem
//	-media-url URL    the media base URL in theme records (default: this
//	                  server's /media/, e.g. http://127.0.0.1:8000/media/)
//	-users FILE       the demo users: a JSON object {"alice": 2, ...} of
//	                  user names and preferred theme ids
//	-cors-origin O    let pages on origin O (https://app.example.com) read
//	                  every response, with credentials (the X-Demo-User
//	                  header and cookies); repeatable or comma-separated;
//	                  default none: no CORS headers
//	-access-log=false no access log (the load test measures both ways)
//	-light-dark       serve /theme.css in its light-dark() form, each
//	                  variable once as light-dark(light, dark), with the
//	                  same high-contrast and forced-colors blocks
//	-log-flush D      how often the buffered log is written out (default 1s)
//	-read-timeout D   longest time to read a request, headers included (default 10s)
//	-write-timeout D  longest time to write a response (default 30s)
//	-idle-timeout D   how long a keep-alive connection may sit idle (default 2m)
//
// With -data, editing either file (polled every second) or sending SIGHUP
// reloads them; a version that does not load is logged, once per problem,
// and the previous one stays served. SIGINT and SIGTERM shut down
// gracefully. Every request is logged, in slog's text format, to stderr
// through a buffer written out every -log-flush, when full and at
// shutdown, so that logging costs a copy in memory, not a write per
// request; nothing logged is lost at a graceful shutdown. The server's
// own messages go through slog into the same buffer. A client that stops
// reading cannot hold a connection: writes time out after -write-timeout,
// idle keep-alive connections close after -idle-timeout, and a request,
// headers included, must arrive within -read-timeout. No route reads a
// request's content: a request with some is answered as without it (the
// adapter's routes and the server's own alike), unread, and its
// connection closed. Every route answers GET and HEAD; the API,
// /theme.css and /api/v2/schema/ also OPTIONS; any other method is a 405
// with Allow. Images are looked up inside the media folder through
// os.OpenRoot: no link or ".." leads out of it.
//
// The API, the stylesheet, the contrast report and the start page are
// served precompressed (gzip, br or zstd, as the client prefers).
//
// The user rule is a demo: the X-Demo-User request header names the user
// and the users file gives that user's preferred theme. Anyone can send
// any name; a real host sets httpadapter.Options.PreferredTheme from its
// own authentication instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	os.Exit(run(ctx, os.Args[1:], os.Stderr, hup))
}

// run is the whole program; it returns the exit code.
func run(ctx context.Context, args []string, stderr io.Writer, hup <-chan os.Signal) int {
	fl := flag.NewFlagSet("server", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:8000", "`host:port` to listen on")
	dataDir := fl.String("data", "", "`dir`ectory with catalog.json and themes.json (default: the embedded data)")
	mediaURL := fl.String("media-url", "", "media base `URL` in theme records (default: this server's /media/)")
	usersFile := fl.String("users", "", "demo users `file`: {\"alice\": 2, ...} (default: an embedded example)")
	accessLog := fl.Bool("access-log", true, "log every request")
	lightDark := fl.Bool("light-dark", false, "serve /theme.css in its light-dark() form: each variable once, as light-dark(light, dark)")
	logFlush := fl.Duration("log-flush", time.Second, "how often the buffered log is written out")
	var corsOrigins originList
	fl.Var(&corsOrigins, "cors-origin", "let pages on this `origin` read the responses (repeatable or comma-separated)")
	var t demo.Timeouts
	t.Flags(fl)
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "server: unexpected arguments %q\n", fl.Args())
		return 2
	}
	if *mediaURL != "" {
		// The media-base rule is theming's; refuse a bad base here, with
		// a usage error, rather than when the handlers are built.
		if _, err := theming.NormalizeMediaBase(*mediaURL); err != nil {
			fmt.Fprintf(stderr, "server: -media-url: %v\n", err)
			return 2
		}
	}
	logBuf := demo.NewLogBuffer(stderr, *logFlush)
	defer logBuf.Close() // after Shutdown: every request's line is in the buffer
	log := slog.New(slog.NewTextHandler(logBuf, nil))

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "server: %v\n", err)
		return 1
	}
	defer ln.Close()
	if *mediaURL == "" {
		*mediaURL = mediaBase(ln.Addr().String())
	}
	cfg := config{DataDir: *dataDir, MediaURL: *mediaURL, UsersFile: *usersFile, Logger: log, CORSOrigins: corsOrigins, LightDark: *lightDark}
	if *accessLog {
		cfg.AccessLog = logBuf
	}
	srv, err := newServer(cfg)
	if err != nil {
		logBuf.Flush()
		fmt.Fprintf(stderr, "server: cannot start: the data does not load:\n")
		for _, p := range problems(err) {
			fmt.Fprintf(stderr, "  %s\n", p)
		}
		return 1
	}
	defer srv.Close()
	if srv.reloader != nil {
		go srv.reloader.run(ctx, time.Second, hup)
	}

	hs := demo.NewHTTPServer(srv.handler, log, t)
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "media", *mediaURL, "data", dataName(*dataDir))
	if err := demo.Serve(ctx, hs, ln, log); err != nil {
		logBuf.Flush()
		fmt.Fprintf(stderr, "server: %v\n", err)
		return 1
	}
	return 0
}

// originList is the -cors-origin flag: origins, from repeated flags or
// comma-separated in one.
type originList []string

func (o *originList) String() string { return strings.Join(*o, ",") }

func (o *originList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*o = append(*o, s)
		}
	}
	return nil
}

func dataName(dir string) string {
	if dir == "" {
		return "embedded"
	}
	return dir
}

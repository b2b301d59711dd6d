// Command baseline is the load test's yardstick: a minimal net/http
// server that writes, for each of the theming API's paths, the bytes the
// example server sends there. It fetches them from the running example
// server once at start (-from), so both serve exactly the same body; with
// -same-headers it also sends the same response headers (all but Date,
// which net/http adds), so the two responses are the same bytes on the
// wire and the difference measured is the handler's work alone. With
// -accept-encoding it fetches (and serves) the bytes the example server
// sends a client with that Accept-Encoding: a precompressed body with
// its Content-Encoding. With -gzhttp it serves the identity body through
// klauspost/compress's gzhttp middleware, compressing on the fly, as a Go
// host without precompression would. With -timeouts it runs in the
// http.Server the example server runs in (demo.NewHTTPServer: read-header,
// write and idle timeouts, each a deadline set per request, served through
// demo.Serve as the example server is), and with -access-log it logs every
// request as the example server does by default (demo.AccessLog: the same
// line, through the same buffered writer, to stderr, written out every
// second): with both, it is the yardstick of the example server, so that
// what is compared is the handlers alone.
//
// With -adapter it serves no fixed bytes: it is the bare adapter, an
// httpadapter.Adapter on the embedded data with the example server's
// options (-media-url must be the example server's media base, so the
// bytes are the same), mounted as README's quickstart mounts it, by
// default in http.ListenAndServe's server: what any host gets before its
// own middleware. -timeouts and -access-log apply to it too.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
)

// paths are the paths served, each fetched from the example server.
var paths = []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/theme.css"}

func main() {
	addr := flag.String("addr", "127.0.0.1:18001", "`host:port` to listen on")
	from := flag.String("from", "http://127.0.0.1:18000", "the example server's base `URL`")
	sameHeaders := flag.Bool("same-headers", false, "send the example server's response headers too")
	acceptEncoding := flag.String("accept-encoding", "", "fetch (and serve) the bytes sent for this Accept-Encoding `value`")
	onTheFly := flag.Bool("gzhttp", false, "serve the identity body through gzhttp, compressing per request")
	timeouts := flag.Bool("timeouts", false, "run in the example server's http.Server, with its timeouts (-write-timeout, -idle-timeout)")
	accessLog := flag.Bool("access-log", false, "log every request to stderr as the example server does")
	adapter := flag.Bool("adapter", false, "serve the bare adapter with the example server's options instead of fixed bytes")
	mediaURL := flag.String("media-url", "", "with -adapter: the example server's media base `URL`")
	var t demo.Timeouts
	t.Flags(flag.CommandLine)
	flag.Parse()

	var h http.Handler
	if *adapter {
		h = bareAdapter(*mediaURL)
	} else {
		h = sameBytes(*from, *acceptEncoding, *sameHeaders, *onTheFly)
	}
	if *accessLog {
		// Written out every second, as the example server's -log-flush
		// default; the load test stops the process with what is left.
		h = demo.AccessLog(demo.NewLogBuffer(os.Stderr, time.Second), h)
	}
	if !*timeouts {
		log.Fatal(http.ListenAndServe(*addr, h))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// As the example server serves: demo.Serve keeps the deadlines with
	// demo.CoarseDeadlines.
	log.Fatal(demo.Serve(context.Background(), demo.NewHTTPServer(h, slog.Default(), t), ln, slog.Default()))
}

// sameBytes serves, at each of paths, the bytes the example server at
// from sends there for acceptEncoding (identity when empty), with only
// Content-Type or, with sameHeaders, with the example server's headers
// but Date; onTheFly compresses the identity body per request with
// gzhttp.
func sameBytes(from, acceptEncoding string, sameHeaders, onTheFly bool) http.Handler {
	mux := http.NewServeMux()
	for _, path := range paths {
		req, err := http.NewRequest(http.MethodGet, from+path, nil)
		if err != nil {
			log.Fatal(err)
		}
		// Set explicitly (even when empty), so the client neither adds
		// gzip nor decodes: the bytes are the ones sent.
		req.Header["Accept-Encoding"] = []string{acceptEncoding}
		if acceptEncoding == "" {
			req.Header["Accept-Encoding"] = []string{"identity"}
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			log.Fatalf("GET %s%s: %d %v", from, path, resp.StatusCode, err)
		}
		header := http.Header{"Content-Type": {"application/json"}}
		if sameHeaders {
			header = resp.Header.Clone()
			header.Del("Date")
		}
		var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hd := w.Header()
			for k, v := range header {
				hd[k] = v
			}
			w.Write(body)
		})
		if onTheFly {
			h = gzhttp.GzipHandler(h)
		}
		pattern := path // /theme.css is exact already; a path ending in "/" is a subtree without {$}
		if strings.HasSuffix(path, "/") {
			pattern += "{$}"
		}
		mux.Handle(pattern, h)
		fmt.Printf("%s: %d bytes (%s), headers %v\n", path, len(body), resp.Header.Get("Content-Encoding"), slices.Sorted(func(yield func(string) bool) {
			for k := range header {
				if !yield(k) {
					return
				}
			}
		}))
	}
	return mux
}

// bareAdapter is the adapter with the example server's options (see
// examples/server's newServer), mounted as README's quickstart mounts it,
// with the stylesheet beside it.
func bareAdapter(mediaURL string) http.Handler {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	users, err := demo.LoadUsers("")
	if err != nil {
		log.Fatal(err)
	}
	api := httpadapter.New(httpadapter.Options{
		Source:         theming.NewCurrent(snap),
		MediaBase:      mediaURL,
		PreferredTheme: demo.PreferredTheme(users),
		UserVary:       []string{demo.UserHeader},
		StylesheetPath: "/theme.css",
	})
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api)
	mux.Handle("/theme.css", api.Stylesheet())
	return mux
}

package main

import (
	"bytes"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// config is what the flags set.
type config struct {
	DataDir   string // "" serves the embedded default data
	MediaURL  string // the media base URL put in theme records
	UsersFile string // "" uses the embedded demo users (demo.LoadUsers)
	Logger    *slog.Logger
	// CORSOrigins are the origins whose pages may read the responses
	// (httpadapter.CORS, with credentials); none sends no CORS headers.
	CORSOrigins []string
	// AccessLog receives a line per request (demo.AccessLog); nil logs
	// none.
	AccessLog *demo.LogBuffer
	// LightDark serves /theme.css in its light-dark() form
	// (httpadapter.Options.LightDark).
	LightDark bool
}

// server is the example server's wiring.
type server struct {
	handler http.Handler
	store   *theming.Current
	// reloader watches DataDir; nil when serving the embedded data.
	reloader *reloader
	// closeMedia releases the media folder (see Close).
	closeMedia func() error
}

// Close releases what newServer opened: the media folder under DataDir.
// The handler must not be used afterwards.
func (s *server) Close() error { return s.closeMedia() }

// newServer loads the data and the users and builds the handler. Invalid
// data is an error (a *theming.ValidationError listing every problem).
func newServer(cfg config) (*server, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	var (
		data  fs.FS = theming.DefaultFS()
		snap  *theming.Snapshot
		err   error
		users map[string]int
	)
	if cfg.DataDir != "" {
		data = os.DirFS(cfg.DataDir)
	}
	if snap, err = theming.LoadFS(data); err != nil {
		return nil, err
	}
	if users, err = demo.LoadUsers(cfg.UsersFile); err != nil {
		return nil, err
	}
	s := &server{store: theming.NewCurrent(snap), closeMedia: func() error { return nil }}
	var media fs.FS
	if cfg.DataDir != "" {
		// Through os.OpenRoot: no link or ".." leads out of the folder.
		if media, s.closeMedia, err = demo.OpenMedia(filepath.Join(cfg.DataDir, "media")); err != nil {
			return nil, err
		}
	} else if media, err = fs.Sub(data, "media"); err != nil {
		return nil, err
	}
	opts := httpadapter.Options{
		Source:    s.store,
		MediaBase: cfg.MediaURL,
		Logger:    log,
		// Demo rule: the X-Demo-User header names the user, and the
		// users file maps names to preferred theme ids. Unknown users
		// have no preference (0) and get the default theme.
		PreferredTheme: demo.PreferredTheme(users),
		// The answer depends on that header, so caches must key on it.
		UserVary: []string{demo.UserHeader},
		// The OpenAPI document describes the stylesheet where mux serves it.
		StylesheetPath: "/theme.css",
		LightDark:      cfg.LightDark,
	}
	if len(cfg.CORSOrigins) > 0 {
		opts.CORS = &httpadapter.CORS{AllowedOrigins: cfg.CORSOrigins, AllowCredentials: true, MaxAge: 10 * time.Minute}
	}
	api := httpadapter.New(opts)
	// The report, the variants' log line and the tokens take their
	// contrast engine from the adapter: each theme's variant is worked
	// out once, for them and the stylesheet alike.
	logVariants(log, api.Engine(snap), snap)
	if cfg.DataDir != "" {
		s.reloader = newReloader(cfg.DataDir, s.store, api.Engine, log)
	}
	mux := http.NewServeMux()
	// The API at its root with and without the slash, as README's
	// quickstart mounts it: the adapter answers the slashless root's
	// APPEND_SLASH 301 itself (ServeMux would answer it with 307).
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api)
	mux.Handle("/api/v2/schema/", api.OpenAPI()) // the OpenAPI 3.1 document of the API
	mux.Handle("/theme.css", api.Stylesheet())
	// The server's own routes answer GET and HEAD, 405 with Allow to other
	// methods, and leave any request content unread (demo.ReadOnly), as
	// the adapter does.
	report := newReportHandler(s.store, api.Engine, log)
	mux.Handle("/theme/report", demo.ReadOnly(report.Page()))
	mux.Handle("/theme/report.json", demo.ReadOnly(report.JSON()))
	mux.Handle("/tokens/{file}", demo.ReadOnly(newTokensHandler(s.store, api.Engine, log))) // the DTCG export: themes.resolver.json and its token files
	mux.Handle("/media/", http.StripPrefix("/media/", demo.MediaHandler(media)))
	mux.Handle("/{$}", demo.ReadOnly(indexHandler(users)))
	s.handler = mux
	if cfg.AccessLog != nil {
		s.handler = demo.AccessLog(cfg.AccessLog, mux)
	}
	return s, nil
}

// mediaBase is the default -media-url for a server listening on addr:
// this server's own /media/, with an unspecified host replaced by the
// loopback address so that the URLs load from this machine.
func mediaBase(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "/media/"
	}
	switch ip := net.ParseIP(host); {
	case host == "" || ip != nil && ip.IsUnspecified() && ip.To4() != nil:
		host = "127.0.0.1"
	case ip != nil && ip.IsUnspecified():
		host = "::1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/media/"
}

const indexTemplate = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>themekit example server</title>
<link rel="stylesheet" href="/theme.css"></head>
<body style="font-family:system-ui,sans-serif;background:var(--page-background);color:var(--text-primary);max-width:760px;margin:2em auto;padding:0 1em">
<h1>themekit example server</h1>
<p>The theming API, browsable:</p>
<ul>
<li><a href="/api/v2/theme/component-defs/?format=api">/api/v2/theme/component-defs/</a> (the component catalog)</li>
<li><a href="/api/v2/theme/?format=api">/api/v2/theme/</a> (the themes)</li>
<li><a href="/api/v2/theme/config/?format=api">/api/v2/theme/config/</a> (the theme for the requesting user)</li>
<li><a href="/theme.css">/theme.css</a> (that theme as CSS custom properties; this page uses it)</li>
<li><a href="/theme/report">/theme/report</a> (the contrast report of every theme, in both schemes; <a href="/theme/report.json">as JSON</a>)</li>
</ul>
<p>Demo users (send <code>X-Demo-User: name</code>; the header is a demo rule, not authentication):
{{range $i, $u := .}}{{if $i}}, {{end}}<code>{{$u}}</code>{{end}}.</p>
</body></html>
`

// indexHandler is a small start page linking the endpoints, served
// precompressed.
func indexHandler(users map[string]int) http.Handler {
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range users {
			if !yield(n) {
				return
			}
		}
	})
	var b bytes.Buffer
	if err := template.Must(template.New("index").Parse(indexTemplate)).Execute(&b, names); err != nil {
		panic(err) // the template and its data are fixed
	}
	page := httpwire.NewPrecompressed("text/html; charset=utf-8", b.Bytes())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		page.ServeHTTP(w, r)
	})
}

// problems lists what is wrong with data that failed to load, one line
// each, with its file and JSON path.
func problems(err error) []string {
	var ve *theming.ValidationError
	if errors.As(err, &ve) {
		out := make([]string, len(ve.Problems))
		for i, p := range ve.Problems {
			out[i] = p.Error()
		}
		return out
	}
	return []string{err.Error()}
}

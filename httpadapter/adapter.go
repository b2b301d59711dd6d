package httpadapter

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// Adapter serves the theming API over net/http: it is the [http.Handler]
// of the API's endpoints under [Options].Prefix, and it gives the
// stylesheet and the OpenAPI document as handlers of their own
// ([Adapter.Stylesheet], [Adapter.OpenAPI]) and the requesting user's
// theme to the host's own handlers ([Adapter.ThemeFor]). All of them share
// the options, checked once by [New], and one set of caches: what depends
// only on the data is made once per snapshot (or per compiled catalog),
// whichever handler asks first. An Adapter is safe for concurrent use.
type Adapter struct {
	c       *config
	routes  [2 * numAPIViews]route // the apiView rows of the endpoint table, in its order, with and without their slash
	api     entry                  // ServeHTTP's start, and the routing below as CORS calls it
	sheet   entry                  // Stylesheet's
	sheets  *stylesheet            // the stylesheet's handler: its sheets and engines
	openAPI func() http.Handler

	outside []byte    // the 404 body of a mounting mistake
	warned  sync.Once // the mistake is logged once

	pageVary [2][]string // a host page's Vary tokens, and joined (ThemeForPage)
}

// New returns the [Adapter] for opts. It panics if opts is misconfigured
// (see [Options]; the message names the field), so that a bad option
// stops the program at start-up rather than failing requests later.
//
// As an [http.Handler], the Adapter serves the four endpoints of the
// theming API under opts.Prefix:
//
//	GET {prefix}/api/v2/theme/component-defs/  the component catalog
//	GET {prefix}/api/v2/theme/                 the themes
//	GET {prefix}/api/v2/theme/config/          the theme for the requesting user
//	GET {prefix}/api/v2/theme/colors/          that theme's colors, resolved
//
// Each answers GET, HEAD and OPTIONS as Django REST Framework does, and
// any other method with 405 Method Not Allowed, Allow, Vary,
// Cache-Control: no-store and DRF's JSON detail. Each path without its
// trailing slash is redirected (301) to the slash form, keeping the
// query; any other path under the prefix is a 404. The adapter never
// reads a request's content: a request that carries some (any method) is
// answered without reading it, with Connection: close and the
// connection's read deadline set, so that a client sending its content
// slowly cannot hold the connection.
//
// Mount it in a ServeMux at the API's root, with and without the slash,
// so that the slashless path reaches the adapter (ServeMux would redirect
// it itself, with 307):
//
//	a := httpadapter.New(opts)
//	mux.Handle("/api/v2/theme/", a)
//	mux.Handle("/api/v2/theme", a)
//
// A request that reaches the adapter outside opts.Prefix, or at one of
// the endpoints' paths under some other prefix (a chi Mount at
// "/theming" with Prefix "", say: Mount, like a ServeMux pattern, passes
// the whole path on), is a mounting mistake: its 404 body names the
// configured prefix, {"detail":"Not found.","hint":"..."}, and the first
// such request is logged, once per Adapter, at level Warn.
func New(opts Options) *Adapter {
	c := newConfig(opts)
	a := &Adapter{c: c, outside: outsideBody(c.prefix)}
	views := 0
	for i := range endpoints {
		switch e := &endpoints[i]; e.kind {
		case apiView:
			v := newEndpoint(c, e)
			a.routes[2*views] = route{path: e.path, view: v}
			a.routes[2*views+1] = route{path: e.path[:len(e.path)-1]}
			views++
		case stylesheetView:
			a.sheets = newStylesheet(c, e)
			a.sheet = entry{c.cors, a.sheets}
		case documentView:
			a.openAPI = sync.OnceValue(func() http.Handler { return entry{c.cors, newOpenAPI(c, e)} })
		}
	}
	a.pageVary = c.pageVary()
	a.api = entry{c.cors, http.HandlerFunc(a.serve)}
	return a
}

// ServeHTTP serves the API's endpoints (see [New]).
func (a *Adapter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if a.api.start(w, r) {
		a.serve(w, r) // called directly, not through the entry's handler
	}
}

// Stylesheet returns the handler of the requesting user's theme (as
// Options.PreferredTheme tells) as a CSS stylesheet of custom
// properties, for every request it receives, wherever the host mounts
// it:
//
//	mux.Handle("/theme.css", a.Stylesheet())
//	<link rel="stylesheet" href="/theme.css">
//
// It is not part of the DRF API: it has no browsable rendering and no
// format parameter. GET and HEAD get the sheet (text/css; charset=utf-8)
// with an ETag, answering If-None-Match with 304; OPTIONS gets 204 with
// Allow; other methods 405, and content is left unread, as on the API's
// endpoints. Like the theme config it is per user: Options.UserCacheControl
// and Options.UserVary apply. Errors are answered as the API answers them.
//
// The sheet is [github.com/themekit/themekit/theming/css.Stylesheet]
// with the theme's high-contrast variant
// from the engine of its catalog ([Adapter.Engine]): after the light and
// dark blocks it carries the variant (WCAG 2 AAA) under
// @media (prefers-contrast: more) and :root[data-contrast="more"], and
// the variables mapped to CSS system colors under
// @media (forced-colors: active). With [Options].LightDark it is
// [github.com/themekit/themekit/theming/css.LightDark] instead, with the
// same blocks. Each theme's sheet is rendered once per
// snapshot, when it is first asked for, and kept; [Adapter.StylesheetFor]
// gives a host the same sheet. Every call returns the same handler.
func (a *Adapter) Stylesheet() http.Handler { return a.sheet }

// OpenAPI returns the handler of the OpenAPI 3.1 document of the API the
// Adapter serves, as JSON, for every request it receives, wherever the
// host mounts it:
//
//	mux.Handle("/api/v2/schema/", a.OpenAPI())
//
// The document's server is Options.ServerURL followed by Options.Prefix;
// its Cache-Control headers are the configured ones; the request headers
// of Options.SourceVary and, on the theme for the user, of
// Options.UserVary are declared as header parameters; with
// Options.DisableCompression it says that bodies are never compressed;
// with Options.StylesheetPath it describes the stylesheet there; with
// Options.CORS it declares the CORS response headers.
//
// The document names the catalog: the component ids and CSS variable
// names of the snapshot the Source gives for the request are enums, and
// the themes' colors and the resolved colors are records keyed by them,
// so that a client generated from it refuses a misspelt id at compile
// time. It is built once per compiled catalog (or per snapshot built
// without one), and its ETag changes with the catalog; while the Source
// has no snapshot to give (an error), the document without those enums
// is served. GET and HEAD get it (application/json) with the endpoints'
// caching rules: a strong ETag per content coding, If-None-Match answered
// with 304, Options.CacheControl, and gzip, br or zstd as
// Accept-Encoding asks unless Options.DisableCompression is set (see
// Compression in the package documentation); OPTIONS gets 204 with
// Allow; other methods 405. It has no browsable rendering and no format
// parameter. Every call returns the same handler.
func (a *Adapter) OpenAPI() http.Handler { return a.openAPI() }

// ThemeFor returns the theme the theme-for-user endpoints and the
// stylesheet would serve r: the snapshot from Options.Source, the
// preference from Options.PreferredTheme, and the snapshot's choice
// ([theming.Snapshot.ChooseTheme]: the preferred theme, else the
// default). A host uses it in its own handlers, so that its pages and
// the endpoints never disagree; to inline the user's stylesheet into a
// page, [Adapter.StylesheetFor] gives the sheet itself.
//
// Its errors are those the endpoints answer with an error status, which
// [StatusFor] gives: an error wrapping theming.ErrNoThemes when the
// snapshot has no theme, the Source's errors (theming.ErrUnknownTenant,
// theming.ErrNoSnapshot, the request context's error, ...) and the
// PreferredTheme hook's, a panic of either turned into an error.
//
// A host page that shows the theme sends the headers the endpoints send
// with it: [Adapter.ThemeForPage] sets them.
func (a *Adapter) ThemeFor(r *http.Request) (*theming.ResolvedTheme, error) {
	_, rt, err := a.themeFor(r)
	return rt, err
}

// entry is how every handler of an Adapter starts: content the request
// carries is left unread (the adapter never reads any), then CORS, when
// configured, answers preflights and adds its headers.
type entry struct {
	cors *httpwire.CORS
	next http.Handler
}

func (e entry) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if e.start(w, r) {
		e.next.ServeHTTP(w, r)
	}
}

// start leaves the content of r unread and, when CORS is configured, has
// it answer r through next; it reports whether the caller is to serve r
// (with next's work) itself.
func (e entry) start(w http.ResponseWriter, r *http.Request) bool {
	if r.ContentLength != 0 {
		httpwire.LeaveBodyUnread(w, r)
	}
	if e.cors != nil {
		e.cors.Serve(w, r, e.next)
		return false
	}
	return true
}

// route is a path under the prefix that the adapter answers: an
// endpoint's, or (view nil) an endpoint's without its slash, redirected.
type route struct {
	path string
	view *endpoint
}

// serve routes a request by the endpoint table. The table is held in
// the Adapter itself (a.routes), so that a request finds its endpoint
// by comparing lengths in a few adjacent words, the paths' bytes only on
// a length that matches: on a machine whose caches other work keeps
// evicting, each pointer followed is a miss.
func (a *Adapter) serve(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, a.c.prefix)
	if !ok {
		a.misplaced(w, r, "")
		return
	}
	for i := range a.routes {
		if rt := &a.routes[i]; rt.path == rest {
			if rt.view == nil {
				a.appendSlash(w, r)
				return
			}
			rt.view.ServeHTTP(w, r)
			return
		}
	}
	if at, ok := mountedAt(rest); ok {
		a.misplaced(w, r, a.c.prefix+at)
		return
	}
	a.unknownPath(w, r)
}

// mountedAt reports whether rest, a path under the prefix that is no
// endpoint, ends with an endpoint's path (with or without its slash), and
// returns what comes before it: the prefix the request was meant for.
func mountedAt(rest string) (string, bool) {
	for _, e := range endpoints {
		if e.kind != apiView {
			continue
		}
		for _, p := range [...]string{e.path, e.path[:len(e.path)-1]} {
			if at, ok := strings.CutSuffix(rest, p); ok && at != "" {
				return at, true
			}
		}
	}
	return "", false
}

// misplaced answers a request that reached the adapter outside its
// prefix (see New); at is where the request's path puts the API, if it
// names one of the endpoints.
func (a *Adapter) misplaced(w http.ResponseWriter, r *http.Request, at string) {
	a.warned.Do(func() {
		attrs := []any{"prefix", a.c.prefix, "path", r.URL.Path}
		if at != "" {
			attrs = append(attrs, "path_prefix", at)
		}
		a.c.log().WarnContext(r.Context(), "httpadapter: a request reached the handler outside Options.Prefix: "+
			"check where the handler is mounted (logged once)", attrs...)
	})
	a.notFound(w, r, a.outside)
}

// unknownPath answers a path under the prefix that is no endpoint.
func (a *Adapter) unknownPath(w http.ResponseWriter, r *http.Request) {
	a.notFound(w, r, a.c.k.notFound)
}

// notFound answers a path that is none of the endpoints as Django's URL
// resolver does, before any view: a 404 without Allow (there is no
// resource whose methods it could list) and without Vary (the answer
// depends on no request header: not on Accept, the body is always DRF's
// JSON, nor on Accept-Encoding, it is never compressed, nor on the
// Source's or the user's headers, which are never consulted), but for
// Origin when CORS is on, whose headers depend on it. It keeps nosniff
// and no-store.
func (a *Adapter) notFound(w http.ResponseWriter, r *http.Request, body []byte) {
	h := w.Header()
	k := &a.c.k
	if a.c.cors != nil {
		httpwire.AddVary(h, varyOrigin, varyOrigin)
	}
	h["X-Content-Type-Options"] = k.nosniff
	h["Cache-Control"] = k.noStore
	httpwire.WriteRaw(w, r, http.StatusNotFound, k.json, body)
}

// outsideBody is the 404 body of a request outside prefix: DRF's, with a
// hint that names the prefix.
func outsideBody(prefix string) []byte {
	b, _ := json.Marshal(struct {
		Detail string `json:"detail"`
		Hint   string `json:"hint"`
	}{"Not found.", "This handler serves the theming API under Options.Prefix " + quote(prefix) +
		" (the theme list at " + prefix + pathThemes + ") and the request's path is not under it: " +
		"mount the handler there, or set Prefix to where it is mounted. A chi Mount or a ServeMux pattern passes the whole path on; " +
		"behind http.StripPrefix, Prefix is \"\"."})
	return b
}

// varyOrigin is the Vary token of a response that CORS headers depend on.
var varyOrigin = []string{"Origin"}

// appendSlash redirects to the path with a trailing slash, keeping the
// query, as Django's APPEND_SLASH does. The Location is built from the
// request line the client sent, so it is right behind http.StripPrefix
// too.
func (a *Adapter) appendSlash(w http.ResponseWriter, r *http.Request) {
	path := r.URL.EscapedPath()
	if uri, _, _ := strings.Cut(r.RequestURI, "?"); uri != "" {
		if !strings.HasPrefix(uri, "/") {
			if u, err := url.Parse(uri); err == nil {
				uri = u.EscapedPath()
			}
		}
		if p, err := url.PathUnescape(uri); err == nil && strings.HasSuffix(p, r.URL.Path) {
			path = uri
		}
	}
	// Never a scheme-relative "//host/..." Location.
	loc := "/" + strings.TrimLeft(path, `/\`) + "/"
	if r.URL.RawQuery != "" {
		loc += "?" + r.URL.RawQuery
	}
	h := w.Header()
	k := &a.c.k
	h["Location"] = []string{loc}
	h["Allow"] = k.allow
	h["X-Content-Type-Options"] = k.nosniff
	if a.c.cors != nil {
		httpwire.AddVary(h, varyOrigin, varyOrigin)
	}
	h["Content-Type"] = k.html // Django's HttpResponsePermanentRedirect, with no body
	h["Content-Length"] = k.zero
	w.WriteHeader(http.StatusMovedPermanently)
}

package httpadapter

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/themekit/themekit/theming"
)

// The endpoints' paths under the prefix.
const (
	pathComponentDefs = "/api/v2/theme/component-defs/"
	pathThemes        = "/api/v2/theme/"
	pathThemeConfig   = "/api/v2/theme/config/"
	pathThemeColors   = "/api/v2/theme/colors/"
)

// New returns a handler that serves the three endpoints of the theming
// API under opts.Prefix:
//
//	GET {prefix}/api/v2/theme/component-defs/  the component catalog
//	GET {prefix}/api/v2/theme/                 the themes
//	GET {prefix}/api/v2/theme/config/          the theme for the requesting user
//	GET {prefix}/api/v2/theme/colors/          that theme's colors, resolved
//
// Each path without its trailing slash is redirected (301) to the slash
// form, keeping the query; any other path is a 404. It panics if opts is
// misconfigured (see Options).
//
// A request that reaches the handler outside opts.Prefix, or at one of
// the endpoints' paths under some other prefix (a chi Mount at
// "/theming" with Prefix "", say: Mount, like a ServeMux pattern, passes
// the whole path on), is a mounting mistake: its 404 body names the
// configured prefix, {"detail":"Not found.","hint":"..."}, and the first
// such request is logged, once per handler, at level Warn.
func New(opts Options) http.Handler {
	c := newConfig(opts)
	return c.withCORS(&mux{
		c:       c,
		prefix:  c.prefix,
		defs:    componentDefs(c),
		themes:  themes(c),
		config:  themeConfig(c),
		colors:  themeColors(c),
		vary:    sharedVary(c),
		outside: outsideBody(c.prefix),
	})
}

// ComponentDefs returns a handler that serves the component catalog, the
// visible component definitions, for every request it receives: the
// host's router decides the path, and opts.Prefix is ignored. It panics if
// opts is misconfigured.
func ComponentDefs(opts Options) http.Handler {
	c := newConfig(opts)
	return c.withCORS(componentDefs(c))
}

// Themes returns a handler that serves the list of themes, with their
// palette previews, for every request it receives. It panics if opts is
// misconfigured.
func Themes(opts Options) http.Handler {
	c := newConfig(opts)
	return c.withCORS(themes(c))
}

// ThemeConfig returns a handler that serves the theme for the requesting
// user (as opts.PreferredTheme tells), with an empty palette_preview, for
// every request it receives. It panics if opts is misconfigured.
func ThemeConfig(opts Options) http.Handler {
	c := newConfig(opts)
	return c.withCORS(themeConfig(c))
}

// mux routes New's paths.
type mux struct {
	c                            *config
	prefix                       string
	defs, themes, config, colors http.Handler
	vary                         []string  // the shared endpoints' Vary, joined
	outside                      []byte    // the 404 body of a mounting mistake
	warned                       sync.Once // the mistake is logged once
}

func (m *mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, m.prefix)
	if !ok {
		m.misplaced(w, r, "")
		return
	}
	switch rest {
	case pathComponentDefs:
		m.defs.ServeHTTP(w, r)
	case pathThemes:
		m.themes.ServeHTTP(w, r)
	case pathThemeConfig:
		m.config.ServeHTTP(w, r)
	case pathThemeColors:
		m.colors.ServeHTTP(w, r)
	case pathComponentDefs[:len(pathComponentDefs)-1], pathThemes[:len(pathThemes)-1], pathThemeConfig[:len(pathThemeConfig)-1], pathThemeColors[:len(pathThemeColors)-1]:
		m.c.appendSlash(w, r)
	default:
		if at, ok := mountedAt(rest); ok {
			m.misplaced(w, r, m.prefix+at)
			return
		}
		m.unknownPath(w, r)
	}
}

// mountedAt reports whether rest, a path under the prefix that is no
// endpoint, ends with an endpoint's path (with or without its slash), and
// returns what comes before it: the prefix the request was meant for.
func mountedAt(rest string) (string, bool) {
	for _, p := range [...]string{pathComponentDefs, pathThemes, pathThemeConfig, pathThemeColors} {
		for _, q := range [...]string{p, p[:len(p)-1]} {
			if at, ok := strings.CutSuffix(rest, q); ok && at != "" {
				return at, true
			}
		}
	}
	return "", false
}

// misplaced answers a request that reached New's handler outside its
// prefix (see New); at is where the request's path puts the API, if it
// names one of the endpoints.
func (m *mux) misplaced(w http.ResponseWriter, r *http.Request, at string) {
	m.warned.Do(func() {
		attrs := []any{"prefix", m.prefix, "path", r.URL.Path}
		if at != "" {
			attrs = append(attrs, "path_prefix", at)
		}
		m.c.log().WarnContext(r.Context(), "httpadapter: a request reached the handler outside Options.Prefix: "+
			"check where the handler is mounted (logged once)", attrs...)
	})
	h := w.Header()
	h["Allow"] = m.c.k.allow
	addVary(h, nil, m.vary)
	h["X-Content-Type-Options"] = m.c.k.nosniff
	h["Cache-Control"] = m.c.k.noStore
	writeRaw(w, r, http.StatusNotFound, m.c.k.json, m.outside)
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

// consts holds the fixed header values and bodies that responses share.
// Handlers store these slices in response headers instead of allocating;
// their capacity equals their length, so that Header.Add appends to a
// copy, and nothing ever writes into them.
type consts struct {
	allow, nosniff, json, html, css, noStore, zero, retryAfter []string
	notFound, notAcceptable, serverError, unavailable          []byte
}

func newConsts() consts {
	return consts{
		allow:         one("GET, HEAD, OPTIONS"),
		nosniff:       one("nosniff"),
		json:          one("application/json"),
		html:          one("text/html; charset=utf-8"),
		css:           one("text/css; charset=utf-8"),
		noStore:       one("no-store"),
		zero:          one("0"),
		retryAfter:    one(retryAfterSeconds),
		notFound:      []byte(`{"detail":"Not found."}`),
		notAcceptable: []byte(`{"detail":"Could not satisfy the request Accept header."}`),
		serverError:   []byte(`{"detail":"A server error occurred."}`),
		unavailable:   []byte(`{"detail":"Service temporarily unavailable, try again later."}`),
	}
}

// endpoint is one view of the API: the JSON document it serves and the
// DRF behaviour around it.
type endpoint struct {
	c          *config
	name, desc string   // DRF's view name and description
	cc         []string // Cache-Control of its 200 and 304 responses
	vary       []string // tokens it adds to Vary
	varyJoined []string // {vary joined}
	meta       []byte   // the OPTIONS document
	csp        []string // Content-Security-Policy of its HTML page
	// find returns the document to serve for r, or an error, answered
	// as failure says.
	find func(r *http.Request, s *theming.Snapshot) (*doc, error)
}

func newEndpoint(c *config, name, desc string, user bool) *endpoint {
	e := &endpoint{c: c, name: name, desc: desc, cc: c.sharedCC, csp: one(pageCSP())}
	if user {
		e.cc = c.userCC
	}
	e.vary, e.varyJoined = c.varyOf("Accept", user)
	e.meta, _ = json.Marshal(struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Renders     []string `json:"renders"`
		Parses      []string `json:"parses"`
	}{name, desc,
		[]string{"application/json", "text/html"},
		[]string{"application/json", "application/x-www-form-urlencoded", "multipart/form-data"}})
	return e
}

func componentDefs(c *config) *endpoint {
	e := newEndpoint(c, "Component Def List", "Return all component definitions except hidden ones.", false)
	// The catalog is the same for every snapshot built from one compiled
	// catalog (one per tenant, say): its forms are made once per compiled
	// catalog and shared. A snapshot without one (theming.Load) has its
	// own. The cached doc refers to neither key, so both are reclaimable.
	build := func(s *theming.Snapshot) (*doc, error) { return newDoc(s.ComponentDefsJSON(), c.compress), nil }
	bySnap := newWeakCache[theming.Snapshot](build)
	byCatalog := newWeakCache[theming.CompiledCatalog](build)
	e.find = func(_ *http.Request, s *theming.Snapshot) (*doc, error) {
		if cc := s.CompiledCatalog(); cc != nil {
			return byCatalog.get(cc, s)
		}
		return bySnap.get(s, s)
	}
	return e
}

func themes(c *config) *endpoint {
	e := newEndpoint(c, "Theme List", "Return the themes.", false)
	cache := newWeakCache[theming.Snapshot](func(s *theming.Snapshot) (*doc, error) {
		b, err := s.ThemesJSON(c.mediaBase)
		if err != nil {
			return nil, err
		}
		return newDoc(b, c.compress), nil
	})
	e.find = func(_ *http.Request, s *theming.Snapshot) (*doc, error) { return cache.get(s, s) }
	return e
}

func themeConfig(c *config) *endpoint {
	e := newEndpoint(c, "Theme Config", "Return one theme, chosen taking the requesting user into account.", true)
	cache := newWeakCache[theming.Snapshot](func(s *theming.Snapshot) (*themeTable[*doc], error) {
		return newThemeTable(s, func(t *theming.ResolvedTheme) (*doc, error) {
			b, err := s.ThemeJSON(t.ID(), c.mediaBase)
			if err != nil {
				return nil, err
			}
			return newDoc(b, c.compress), nil
		})
	})
	e.find = func(r *http.Request, s *theming.Snapshot) (*doc, error) {
		docs, err := cache.get(s, s)
		if err != nil {
			return nil, err
		}
		return docs.pick(c, r, s)
	}
	return e
}

// chooseTheme asks the hook for the user's preference and picks the
// theme, as the theme-for-user endpoints do (through themeTable.pick,
// which has ChooseTheme(0)'s answer at hand).
func chooseTheme(c *config, r *http.Request, s *theming.Snapshot) (*theming.ResolvedTheme, error) {
	pref, err := c.preference(r)
	if err != nil {
		return nil, err
	}
	return s.ChooseTheme(pref)
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	k := &e.c.k
	h["Allow"] = k.allow
	h["X-Content-Type-Options"] = k.nosniff
	addVary(h, e.vary, e.varyJoined)

	// DRF negotiates before it looks at the method: a bad format is a
	// 404 and an unsatisfiable Accept a 406 whatever the method.
	ch, nerr := negotiate(r)
	if nerr != negOK {
		h["Cache-Control"] = k.noStore
	}
	switch nerr {
	case negBadFormat:
		writeRaw(w, r, http.StatusNotFound, k.json, k.notFound)
		return
	case negNotAccept:
		writeRaw(w, r, http.StatusNotAcceptable, k.json, k.notAcceptable)
		return
	}

	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodOptions:
		e.writeSmall(w, r, ch, http.StatusOK, e.meta)
		return
	default:
		e.writeSmall(w, r, ch, http.StatusMethodNotAllowed, methodNotAllowed(r.Method))
		return
	}

	s, err := e.c.snapshot(r.Context())
	var d *doc
	if err == nil {
		d, err = e.find(r, s)
	}
	if err != nil {
		status, body := e.c.failure(w, r, e.name, err)
		e.writeSmall(w, r, ch, status, body)
		return
	}

	h["Cache-Control"] = e.cc
	if ch.rend == rendHTML {
		e.writePage(w, r, http.StatusOK, d, d.pageBody())
		return
	}
	rp := d.indented(ch.indent)
	rp.write(w, r, k.json)
}

// writeSmall writes a document that is not cached (an error, the OPTIONS
// metadata) in the negotiated rendering.
func (e *endpoint) writeSmall(w http.ResponseWriter, r *http.Request, ch choice, status int, body []byte) {
	if status != http.StatusOK {
		w.Header()["Cache-Control"] = e.c.k.noStore
	}
	if ch.rend == rendHTML {
		var b bytes.Buffer
		json.Indent(&b, body, "", strings.Repeat(" ", pageIndent))
		e.writePage(w, r, status, nil, markUp(b.Bytes()))
		return
	}
	if ch.indent > 0 {
		var b bytes.Buffer
		json.Indent(&b, body, "", strings.Repeat(" ", ch.indent))
		body = b.Bytes()
	}
	writeRaw(w, r, status, e.c.k.json, body)
}

// writePage writes the browsable page for a response of the given status
// whose JSON document is d (nil when it is not cached) and whose
// marked-up body is body. The page shows the headers of the JSON
// response; the page itself has its own entity tags, the hashes of its
// bytes in each coding.
func (e *endpoint) writePage(w http.ResponseWriter, r *http.Request, status int, d *doc, body template.HTML) {
	h := w.Header()
	k := &e.c.k
	shown := []pageHeader{{"Allow", k.allow[0]}}
	if cc := h.Get("Cache-Control"); cc != "" {
		shown = append(shown, pageHeader{"Cache-Control", cc})
	}
	shown = append(shown, pageHeader{"Content-Type", k.json[0]})
	if d != nil {
		shown = append(shown, pageHeader{"ETag", d.compact.identity.etag})
	}
	shown = append(shown,
		pageHeader{"Vary", strings.Join(h["Vary"], ", ")},
		pageHeader{"X-Content-Type-Options", k.nosniff[0]})
	target := r.RequestURI
	if target == "" {
		target = r.URL.RequestURI()
	}
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet // HEAD has GET's headers: those of GET's page
	}
	var b bytes.Buffer
	err := pageTemplate.Execute(&b, pageData{
		Name: e.name, Description: e.desc,
		Method: method, Target: target,
		Status:  strconv.Itoa(status) + " " + http.StatusText(status),
		Headers: shown, Body: body,
		Style: template.CSS(pageStyle), Script: template.JS(pageScript),
	})
	if err != nil {
		e.c.fail(r, e.name, err)
		writeRaw(w, r, http.StatusInternalServerError, k.json, k.serverError)
		return
	}
	h["Content-Security-Policy"] = e.csp
	if status == http.StatusOK && d != nil {
		d.pages.rep(b.Bytes(), sha256.Sum256(b.Bytes()), d.compress).write(w, r, k.html)
		return
	}
	writeRaw(w, r, status, k.html, b.Bytes())
}

// retryAfterSeconds is the Retry-After of a 503 while the Source has no
// snapshot yet.
const retryAfterSeconds = "1"

// failure maps an error of the Source, of finding the document or of the
// PreferredTheme hook to the status and body of the answer, and logs
// the causes of 500s. It sets the headers that go with the status.
func (c *config) failure(w http.ResponseWriter, r *http.Request, endpoint string, err error) (int, []byte) {
	switch StatusFor(err) {
	case http.StatusNotFound:
		return http.StatusNotFound, c.k.notFound
	case http.StatusServiceUnavailable:
		// Not loaded yet, or the request's own context ended while the
		// Source worked (the client left, or the host's deadline for the
		// request passed): none is a fault of the server to log. A
		// context that ended while the request's did not is the Source's
		// own deadline, logged.
		if done := r.Context().Err(); !errors.Is(err, theming.ErrNoSnapshot) && (done == nil || !errors.Is(err, done)) {
			c.fail(r, endpoint, err)
		}
		w.Header()["Retry-After"] = c.k.retryAfter
		return http.StatusServiceUnavailable, c.k.unavailable
	}
	c.fail(r, endpoint, err)
	return http.StatusInternalServerError, c.k.serverError
}

// fail logs the real cause of a 500 on the named endpoint.
func (c *config) fail(r *http.Request, endpoint string, err error) {
	attrs := []any{"endpoint", endpoint, "method", r.Method, "path", r.URL.Path, "error", err}
	var p *panicError
	if errors.As(err, &p) {
		attrs = append(attrs, "stack", string(p.stack))
	}
	c.log().ErrorContext(r.Context(), "httpadapter: request failed", attrs...)
}

// plainMethod starts the answer of an endpoint that serves one rendering
// (the stylesheet, the OpenAPI document): the headers every response
// carries (Allow, nosniff, and the request headers in vary, whose
// Vary value is joined), 204 to OPTIONS and 405 to any method other than
// GET and HEAD. It reports whether the caller goes on to serve r.
func (c *config) plainMethod(w http.ResponseWriter, r *http.Request, vary, joined []string) bool {
	h := w.Header()
	h["Allow"] = c.k.allow
	h["X-Content-Type-Options"] = c.k.nosniff
	if len(vary) > 0 {
		addVary(h, vary, joined)
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return true
	case http.MethodOptions:
		w.WriteHeader(http.StatusNoContent)
	default:
		h["Cache-Control"] = c.k.noStore
		writeRaw(w, r, http.StatusMethodNotAllowed, c.k.json, methodNotAllowed(r.Method))
	}
	return false
}

// methodNotAllowed is DRF's 405 body for method.
func methodNotAllowed(method string) []byte {
	b, _ := json.Marshal(struct {
		Detail string `json:"detail"`
	}{`Method "` + method + `" not allowed.`})
	return b
}

// writeRaw writes a complete response; HEAD gets the headers only.
func writeRaw(w http.ResponseWriter, r *http.Request, status int, ctype []string, body []byte) {
	h := w.Header()
	h["Content-Type"] = ctype
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// notFound answers a path that is none of the endpoints.
func (c *config) notFound(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h["X-Content-Type-Options"] = c.k.nosniff
	h["Cache-Control"] = c.k.noStore
	writeRaw(w, r, http.StatusNotFound, c.k.json, c.k.notFound)
}

// appendSlash redirects to the path with a trailing slash, keeping the
// query, as Django's APPEND_SLASH does. The Location is built from the
// request line the client sent, so it is right behind http.StripPrefix
// too.
func (c *config) appendSlash(w http.ResponseWriter, r *http.Request) {
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
	h["Location"] = []string{loc}
	h["Allow"] = c.k.allow
	h["X-Content-Type-Options"] = c.k.nosniff
	if c.cors != nil {
		addVary(h, varyOrigin, varyOrigin)
	}
	h["Content-Type"] = c.k.html // Django's HttpResponsePermanentRedirect, with no body
	h["Content-Length"] = c.k.zero
	w.WriteHeader(http.StatusMovedPermanently)
}

// panicError is a recovered panic of a host-supplied function.
type panicError struct {
	what  string
	value any
	stack []byte
}

func (p *panicError) Error() string {
	return fmt.Sprintf("httpadapter: %s panicked: %v", p.what, p.value)
}

// recoverTo turns a panic of the host function what into *err. It must be
// deferred directly. http.ErrAbortHandler is re-raised: it is the host's
// way to abort the response.
func recoverTo(err *error, what string) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	*err = &panicError{what: what, value: v, stack: debug.Stack()}
}

func errorf(format string, args ...any) error {
	return fmt.Errorf("httpadapter: "+format, args...)
}

func quote(s string) string { return strconv.Quote(s) }

package httpadapter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// consts holds the fixed header values and bodies that responses share.
// Handlers store these slices in response headers instead of allocating;
// their capacity equals their length, so that Header.Add appends to a
// copy, and nothing ever writes into them.
type consts struct {
	allow, nosniff, json, html, css, noStore, zero, retryAfter []string
	previewCC                                                  []string // a preview's Cache-Control
	notFound, notAcceptable, serverError, unavailable          []byte
}

func newConsts() consts {
	// The values in one array, which responses read together.
	v := []string{"GET, HEAD, OPTIONS", "nosniff", "application/json", "text/html; charset=utf-8", "text/css; charset=utf-8",
		"no-store", "private, no-store", "0", retryAfterSeconds}
	one := func(i int) []string { return v[i : i+1 : i+1] }
	return consts{
		allow:         one(0),
		nosniff:       one(1),
		json:          one(2),
		html:          one(3),
		css:           one(4),
		noStore:       one(5),
		previewCC:     one(6),
		zero:          one(7),
		retryAfter:    one(8),
		notFound:      []byte(`{"detail":"Not found."}`),
		notAcceptable: []byte(`{"detail":"Could not satisfy the request Accept header."}`),
		serverError:   []byte(`{"detail":"A server error occurred."}`),
		unavailable:   []byte(`{"detail":"Service temporarily unavailable, try again later."}`),
	}
}

// endpoint is one view of the API (an apiView row of the endpoint
// table): the JSON document it serves and the DRF behaviour around it.
type endpoint struct {
	*endpointSpec
	headers
	c    *config
	find findDoc  // the document to serve, or an error, answered as failure says
	meta []byte   // the OPTIONS document
	csp  []string // Content-Security-Policy of its HTML page
}

func newEndpoint(c *config, spec *endpointSpec) *endpoint {
	e := &endpoint{endpointSpec: spec, headers: c.headersOf(spec), c: c, find: spec.docs(c), csp: httpwire.One(pageCSP())}
	e.meta, _ = json.Marshal(struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Renders     []string `json:"renders"`
		Parses      []string `json:"parses"`
	}{spec.name, spec.desc,
		[]string{"application/json", "text/html"},
		[]string{"application/json", "application/x-www-form-urlencoded", "multipart/form-data"}})
	return e
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	k := &e.c.k
	h["Allow"] = k.allow
	h["X-Content-Type-Options"] = k.nosniff
	httpwire.AddVary(h, e.vary, e.varyJoined)

	// DRF negotiates before it looks at the method: a bad format is a
	// 404 and an unsatisfiable Accept a 406 whatever the method.
	ch, refused := httpwire.Negotiate(r)
	if refused != httpwire.Acceptable {
		h["Cache-Control"] = k.noStore
	}
	switch refused {
	case httpwire.BadFormat:
		httpwire.WriteRaw(w, r, http.StatusNotFound, k.json, k.notFound)
		return
	case httpwire.NotAcceptable:
		httpwire.WriteRaw(w, r, http.StatusNotAcceptable, k.json, k.notAcceptable)
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

	h["Cache-Control"] = e.cacheControl(s)
	if ch.HTML {
		e.writePage(w, r, http.StatusOK, d, d.pageBody())
		return
	}
	d.indented(ch.Indent).Write(w, r, k.json)
}

// writeSmall writes a document that is not cached (an error, the OPTIONS
// metadata) in the negotiated rendering.
func (e *endpoint) writeSmall(w http.ResponseWriter, r *http.Request, ch httpwire.Choice, status int, body []byte) {
	if status != http.StatusOK {
		w.Header()["Cache-Control"] = e.c.k.noStore
	}
	if ch.HTML {
		var b bytes.Buffer
		json.Indent(&b, body, "", strings.Repeat(" ", pageIndent))
		e.writePage(w, r, status, nil, markUp(b.Bytes()))
		return
	}
	if ch.Indent > 0 {
		var b bytes.Buffer
		json.Indent(&b, body, "", strings.Repeat(" ", ch.Indent))
		body = b.Bytes()
	}
	httpwire.WriteRaw(w, r, status, e.c.k.json, body)
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
		shown = append(shown, pageHeader{"ETag", d.compact.ETag()})
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
		httpwire.WriteRaw(w, r, http.StatusInternalServerError, k.json, k.serverError)
		return
	}
	h["Content-Security-Policy"] = e.csp
	if status == http.StatusOK && d != nil {
		d.pages.rep(b.Bytes(), len(body), d.compress, d.charge).Write(w, r, k.html)
		return
	}
	httpwire.WriteRaw(w, r, status, k.html, b.Bytes())
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
		httpwire.AddVary(h, vary, joined)
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return true
	case http.MethodOptions:
		w.WriteHeader(http.StatusNoContent)
	default:
		h["Cache-Control"] = c.k.noStore
		httpwire.WriteRaw(w, r, http.StatusMethodNotAllowed, c.k.json, methodNotAllowed(r.Method))
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

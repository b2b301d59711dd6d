package httpadapter

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/rs/cors"
)

// CORS lets pages on other origins read the handlers' responses
// (cross-origin resource sharing, as the Fetch standard defines it). Set
// it in [Options.CORS]; nil, the default, sends no CORS headers at all,
// and then a browser lets only pages of the host's own origin read the
// responses.
//
// With CORS set, every handler of the package answers as the Fetch
// standard asks:
//
//   - a request whose Origin is allowed gets Access-Control-Allow-Origin
//     (the origin itself, or * when AllowedOrigins is ["*"]),
//     Access-Control-Expose-Headers (ETag, Allow and Retry-After, so that
//     a script can revalidate and back off) and, with AllowCredentials,
//     Access-Control-Allow-Credentials: true, on every status, 304
//     included, in every content coding;
//   - a preflight (OPTIONS with Origin and Access-Control-Request-Method)
//     is answered 204 with the allowed method and headers and
//     Access-Control-Max-Age, without reaching the endpoint; an OPTIONS
//     that is not a preflight still gets the endpoint's own answer (the
//     Django REST Framework metadata on the API's endpoints);
//   - a request from an origin that is not allowed gets no
//     Access-Control-* header, so the browser withholds the response from
//     the page (the server still answers: CORS protects readers, not the
//     server);
//   - Vary lists Origin besides the endpoint's own tokens, in one field
//     line, so that caches keep the answers of different origins apart.
//
// The handling is github.com/rs/cors's: the adapter only configures it
// and keeps Vary whole.
type CORS struct {
	// AllowedOrigins lists the origins whose pages may read the
	// responses, each a serialized origin: scheme "://" host [":" port],
	// with no path ("https://app.example.com", "http://localhost:5173").
	// ["*"] allows every origin, which is safe for the shared endpoints
	// and the OpenAPI document but lets any site read a signed-in user's
	// theme; it cannot be combined with AllowCredentials. Required: the
	// constructors panic on an empty list.
	AllowedOrigins []string

	// AllowCredentials lets a page send the user's cookies or HTTP
	// authentication (fetch's credentials: "include", a stylesheet link's
	// crossorigin="use-credentials") and read the answer, which the
	// theme-for-user endpoints need when PreferredTheme reads a session
	// cookie.
	AllowCredentials bool

	// AllowedHeaders lists request headers a page may set besides those
	// always allowed: Accept, If-None-Match, and the headers of
	// Options.UserVary and Options.SourceVary (which the host reads to
	// choose the user's theme and the tenant).
	AllowedHeaders []string

	// MaxAge is how long a browser may keep a preflight's answer, sent in
	// whole seconds. 0 sends no Access-Control-Max-Age, and browsers then
	// keep it 5 seconds.
	MaxAge time.Duration
}

// corsExposed are the response headers a cross-origin script may read
// besides the CORS-safelisted ones (Cache-Control, Content-Type,
// Content-Length, ...): the entity tag to revalidate with, the methods,
// and the back-off of a 503.
var corsExposed = []string{"ETag", "Allow", "Retry-After"}

// newCORS checks o and builds the rs/cors handler for it. user and source
// are the canonical UserVary and SourceVary headers. It panics on a bad
// option, as newConfig does.
func newCORS(o *CORS, user, source []string) *cors.Cors {
	if len(o.AllowedOrigins) == 0 {
		panic("httpadapter: Options.CORS.AllowedOrigins is empty")
	}
	for _, origin := range o.AllowedOrigins {
		if origin == "*" {
			if o.AllowCredentials {
				panic("httpadapter: Options.CORS: AllowedOrigins \"*\" cannot be combined with AllowCredentials (browsers refuse a credentialed response to any origin)")
			}
			continue
		}
		if err := checkOrigin(origin); err != nil {
			panic(err.Error())
		}
	}
	if o.MaxAge < 0 {
		panic("httpadapter: Options.CORS.MaxAge " + o.MaxAge.String() + " is negative")
	}
	headers := []string{"Accept", "If-None-Match"}
	for _, n := range slices.Concat(user, source, headerNames("CORS.AllowedHeaders", o.AllowedHeaders)) {
		if !slices.Contains(headers, n) {
			headers = append(headers, n)
		}
	}
	return cors.New(cors.Options{
		AllowedOrigins:   o.AllowedOrigins,
		AllowedMethods:   []string{http.MethodGet, http.MethodHead},
		AllowedHeaders:   headers,
		ExposedHeaders:   corsExposed,
		AllowCredentials: o.AllowCredentials,
		MaxAge:           int(o.MaxAge / time.Second),
	})
}

// checkOrigin reports whether s is a serialized http(s) origin: scheme,
// host and optional port, with nothing after. Origins compare
// case-insensitively (rs/cors lowers both sides).
func checkOrigin(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return errorf("Options.CORS.AllowedOrigins: %q: %v", s, err)
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil:
		return errorf("Options.CORS.AllowedOrigins: %q is not an origin: want scheme://host[:port], such as https://app.example.com", s)
	case u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return errorf("Options.CORS.AllowedOrigins: %q has a path, query or fragment: an origin is scheme://host[:port] only", s)
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return errorf("Options.CORS.AllowedOrigins: %q: bad port", s)
		}
	}
	return nil
}

// corsHandler answers preflights and adds the CORS headers of the other
// requests before next answers them.
type corsHandler struct {
	cors *cors.Cors
	next http.Handler
}

// withCORS wraps h in the CORS handling when the options ask for it.
func (c *config) withCORS(h http.Handler) http.Handler {
	if c.cors == nil {
		return h
	}
	return &corsHandler{cors: c.cors, next: h}
}

func (x *corsHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodOptions && len(r.Header["Access-Control-Request-Method"]) > 0 {
		if len(r.Header["Origin"]) > 0 {
			x.cors.HandlerFunc(w, r) // a preflight: answered here, 204
			return
		}
		// Not a preflight (browsers always send Origin with one): the
		// endpoint's own OPTIONS answer.
		x.next.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	vary, had := h["Vary"]
	x.cors.HandlerFunc(w, r)
	// rs/cors adds its own "Vary: Origin" field line; the handlers list
	// Origin in theirs (see config.varyOf), so the answer has one Vary
	// line, as without CORS.
	if had {
		h["Vary"] = vary
	} else {
		delete(h, "Vary")
	}
	x.next.ServeHTTP(w, r)
}

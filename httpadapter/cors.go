package httpadapter

import (
	"net/http"
	"slices"
	"time"

	"github.com/themekit/themekit/internal/httpwire"
)

// CORS lets pages on other origins read the handlers' responses
// (cross-origin resource sharing, as the Fetch standard defines it). Set
// it in [Options.CORS]; nil, the default, sends no CORS headers at all,
// and then a browser lets only pages of the host's own origin read the
// responses.
//
// With CORS set, every handler of the [Adapter] answers as the Fetch
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
	// A pattern "https://*.example.com" admits every origin whose host
	// ends in one or more whole labels before ".example.com", on that
	// scheme and port (https://a.example.com, https://a.b.example.com;
	// never https://example.com or https://evilexample.com); a "*"
	// anywhere else is refused. ["*"] allows every origin, which is safe
	// for the shared endpoints and the OpenAPI document but lets any
	// site read a signed-in user's theme. Neither "*" nor a pattern can
	// be combined with AllowCredentials: a credentialed response would
	// go to origins no one listed. Required: New panics on an empty
	// list, and on any entry it refuses, naming it.
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

// newCORS checks o and builds the CORS handling for it. user and source
// are the canonical UserVary and SourceVary headers. It panics on a bad
// option, as newConfig does.
func newCORS(o *CORS, user, source []string) *httpwire.CORS {
	if len(o.AllowedOrigins) == 0 {
		panic("httpadapter: Options.CORS.AllowedOrigins is empty")
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
	c, err := httpwire.NewCORS(httpwire.CORSConfig{
		Origins:          o.AllowedOrigins,
		AllowCredentials: o.AllowCredentials,
		Methods:          []string{http.MethodGet, http.MethodHead},
		Headers:          headers,
		Exposed:          corsExposed,
		MaxAge:           o.MaxAge,
	})
	if err != nil {
		panic("httpadapter: Options.CORS.AllowedOrigins: " + err.Error())
	}
	return c
}

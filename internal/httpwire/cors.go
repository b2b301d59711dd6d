package httpwire

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/rs/cors"
)

// CORSConfig is what [NewCORS] checks and builds on.
type CORSConfig struct {
	// Origins lists who may read the responses: serialized origins
	// ("https://app.example.com"), "*" for any origin, or patterns
	// ("https://*.example.com", see [Origins]).
	Origins []string
	// AllowCredentials lets pages send cookies and HTTP authentication
	// and read the answer; it cannot be combined with "*" or a pattern.
	AllowCredentials bool
	Methods          []string // allowed methods
	Headers          []string // allowed request headers
	Exposed          []string // response headers a script may read
	MaxAge           time.Duration
}

// CORS answers cross-origin requests and preflights for a handler, with
// the origins checked once, at construction.
type CORS struct {
	c *cors.Cors
}

// NewCORS checks cfg's origins ([ParseOrigins]) and builds the handling
// on github.com/rs/cors. The error names the offending origin.
func NewCORS(cfg CORSConfig) (*CORS, error) {
	o, err := ParseOrigins(cfg.Origins, cfg.AllowCredentials)
	if err != nil {
		return nil, err
	}
	opts := cors.Options{
		AllowedMethods:   cfg.Methods,
		AllowedHeaders:   cfg.Headers,
		ExposedHeaders:   cfg.Exposed,
		AllowCredentials: cfg.AllowCredentials,
		MaxAge:           int(cfg.MaxAge / time.Second),
	}
	if o.any {
		opts.AllowedOrigins = []string{"*"}
	} else {
		opts.AllowOriginFunc = o.Allows
	}
	return &CORS{c: cors.New(opts)}, nil
}

// Handler answers preflights and adds the CORS headers of the other
// requests before next answers them. Vary stays one field line: next is
// expected to list Origin in its own Vary, and the line rs/cors adds is
// dropped.
func (x *CORS) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { x.Serve(w, r, next) })
}

// Serve is Handler(next).ServeHTTP(w, r), without building a handler.
func (x *CORS) Serve(w http.ResponseWriter, r *http.Request, next http.Handler) {
	if r.Method == http.MethodOptions && len(r.Header["Access-Control-Request-Method"]) > 0 {
		if len(r.Header["Origin"]) > 0 {
			x.c.HandlerFunc(w, r) // a preflight: answered here, 204
			return
		}
		// Not a preflight (browsers always send Origin with one): the
		// handler's own OPTIONS answer.
		next.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	vary, had := h["Vary"]
	x.c.HandlerFunc(w, r)
	if had {
		h["Vary"] = vary
	} else {
		delete(h, "Vary")
	}
	next.ServeHTTP(w, r)
}

// Origins is a checked list of allowed origins: exact origins, compared
// case-insensitively, and patterns "scheme://*.host[:port]", in which the
// "*" stands for one or more whole DNS labels: "https://*.example.com"
// admits https://a.example.com and https://a.b.example.com, never
// https://example.com, https://evilexample.com, http://a.example.com or
// https://a.example.com:8443.
type Origins struct {
	any      bool
	exact    map[string]bool
	patterns []pattern
}

// pattern is "scheme://*" + suffix, suffix starting with ".".
type pattern struct{ scheme, suffix string }

// ErrCredentialedWildcard is wrapped by the error of an origin list that
// would send credentialed responses to origins no one listed: "*", or a
// pattern, together with AllowCredentials.
var ErrCredentialedWildcard = errors.New("cannot be combined with AllowCredentials")

// ParseOrigins checks an origin list. Each entry is a serialized http(s)
// origin (scheme "://" host [":" port], nothing after), "*" (any
// origin), or a pattern (see [Origins]); a "*" anywhere else in an entry
// is refused, as is "*" or a pattern together with credentials
// ([ErrCredentialedWildcard]). The error quotes the entry.
func ParseOrigins(list []string, credentials bool) (*Origins, error) {
	o := &Origins{exact: make(map[string]bool)}
	for _, s := range list {
		wild := strings.Contains(s, "*")
		switch {
		case s == "*" && credentials:
			return nil, fmt.Errorf("%q %w (browsers refuse a credentialed response to any origin)", s, ErrCredentialedWildcard)
		case wild && credentials:
			return nil, fmt.Errorf("%q: a pattern %w (a credentialed response would go to origins no one listed: list each origin)", s, ErrCredentialedWildcard)
		}
		switch {
		case s == "*":
			o.any = true
		case wild:
			p, err := parsePattern(s)
			if err != nil {
				return nil, err
			}
			o.patterns = append(o.patterns, p)
		default:
			if err := checkOrigin(s); err != nil {
				return nil, err
			}
			o.exact[strings.ToLower(s)] = true
		}
	}
	return o, nil
}

// Allows reports whether origin, as a browser sends it, is allowed.
func (o *Origins) Allows(origin string) bool {
	if o.any {
		return true
	}
	origin = strings.ToLower(origin)
	if o.exact[origin] {
		return true
	}
	for _, p := range o.patterns {
		if p.matches(origin) {
			return true
		}
	}
	return false
}

// matches reports whether origin (lower case) is scheme://LABELS+suffix
// with LABELS one or more non-empty DNS labels.
func (p pattern) matches(origin string) bool {
	rest, ok := strings.CutPrefix(origin, p.scheme)
	if !ok {
		return false
	}
	labels, ok := strings.CutSuffix(rest, p.suffix)
	return ok && dnsLabels(labels)
}

// dnsLabels reports whether s is one or more dot-separated labels of
// letters, digits and hyphens.
func dnsLabels(s string) bool {
	for {
		label, rest, more := strings.Cut(s, ".")
		if label == "" {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
		if !more {
			return true
		}
		s = rest
	}
}

// parsePattern checks a pattern "scheme://*.host[:port]".
func parsePattern(s string) (pattern, error) {
	scheme, rest, _ := strings.Cut(s, "://")
	host, ok := strings.CutPrefix(rest, "*.")
	if !ok || strings.Contains(host, "*") || scheme != "http" && scheme != "https" {
		return pattern{}, fmt.Errorf("%q: a wildcard stands for whole leading labels of the host only: write scheme://*.example.com[:port]", s)
	}
	name, port, hasPort := strings.Cut(host, ":")
	if !dnsLabels(name) {
		return pattern{}, fmt.Errorf("%q: %q is not a host name (a pattern is scheme://*.host[:port], nothing after)", s, name)
	}
	suffix := "." + strings.ToLower(name)
	if hasPort {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || port[0] == '+' {
			return pattern{}, fmt.Errorf("%q: bad port", s)
		}
		suffix += ":" + port
	}
	return pattern{scheme: scheme + "://", suffix: suffix}, nil
}

// checkOrigin reports whether s is a serialized http(s) origin: scheme,
// host and optional port, with nothing after.
func checkOrigin(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q: %v", s, err)
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil:
		return fmt.Errorf("%q is not an origin: want scheme://host[:port], such as https://app.example.com", s)
	case u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return fmt.Errorf("%q has a path, query or fragment: an origin is scheme://host[:port] only", s)
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("%q: bad port", s)
		}
	}
	return nil
}

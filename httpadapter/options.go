package httpadapter

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/rs/cors"

	"github.com/themekit/themekit/theming"
)

// Options configures the handlers. Only Source is required; every other
// zero value is a working default.
type Options struct {
	// Source supplies the snapshot to serve for each request, usually a
	// *theming.Store. Required: the constructors panic when it is nil.
	Source theming.Source

	// Prefix is the path New serves under, for hosts that mount it without
	// stripping the prefix: with Prefix "/theming" the themes are at
	// /theming/api/v2/theme/. "" (the default) serves at /api/v2/theme/,
	// which is also right behind http.StripPrefix. It must be "" or start
	// with "/" and not end with "/". The single-endpoint constructors
	// ignore it: the host's router has already chosen the path.
	Prefix string

	// MediaBase is the URL that image paths in theme records are joined
	// to: an absolute http(s) URL ("https://cdn.example.com/media/") or a
	// path starting with "/". "" means theming.DefaultMediaBase, "/media/".
	// A trailing slash is added when missing. The rule is
	// [theming.NormalizeMediaBase]'s: a protocol-relative ("//host/"),
	// scheme-less or non-http(s) base makes the constructors panic.
	MediaBase string

	// PreferredTheme tells which theme the requesting user prefers: a
	// theme id, or 0 for no preference. It is called on each request to
	// the theme-for-user endpoints, so it can read whatever the host's
	// authentication middleware put in the request's context. An error is
	// logged and answered with 500; so is a panic, which is recovered. A
	// preferred id that names no theme falls back to the default theme.
	// nil means no user ever has a preference.
	PreferredTheme func(*http.Request) (int, error)

	// Logger receives the real cause of every 500 response (source and
	// hook errors, recovered panics). nil means slog.Default(), looked up
	// when a message is logged, so a later slog.SetDefault is honoured.
	Logger *slog.Logger

	// CacheControl is the Cache-Control of the shared endpoints (the
	// component catalog and the theme list), whose responses are the same
	// for every user. "" means "no-cache": any cache may store them but
	// must revalidate, which costs a 304 when nothing changed.
	CacheControl string

	// UserCacheControl is the Cache-Control of the theme-for-user
	// endpoints (the theme config and the stylesheet). "" means
	// "private, no-cache": browsers may keep and revalidate them, shared
	// caches must not store them.
	UserCacheControl string

	// UserVary lists the request headers that PreferredTheme depends on;
	// they are added to Vary on the theme-for-user endpoints, so that any
	// cache told to store those responses keys them by user. nil means
	// Cookie and Authorization; a non-nil empty slice adds none.
	UserVary []string

	// SourceVary lists the request headers that the Source's choice of
	// snapshot depends on, such as the header or the Host that names a
	// tenant; they are added to Vary on every endpoint, the shared ones
	// included, so that a shared cache keys the catalog and the theme list
	// by tenant too. nil adds none.
	SourceVary []string

	// DisableCompression turns off the precompressed gzip, br and zstd
	// forms: every response is sent in identity coding and Vary does not
	// list Accept-Encoding. Use it when something in front of the handlers
	// compresses anyway and must see identity bodies; the handlers are
	// correct behind compression middleware either way (see the package
	// documentation).
	DisableCompression bool

	// CORS, when set, lets pages on the origins it lists read the
	// responses of every handler: the API, the stylesheet, the resolved
	// colors and the OpenAPI document (see [CORS]). nil sends no CORS
	// headers.
	CORS *CORS

	// StylesheetPath is where the host serves [Stylesheet], from the
	// host's root (the serverURL given to [OpenAPI], without Prefix):
	// "/theme.css", say. The OpenAPI document describes the stylesheet
	// there; "" leaves it out of the document. The other handlers ignore
	// it.
	StylesheetPath string
}

// Defaults of the Options fields.
const (
	defaultCacheControl     = "no-cache"
	defaultUserCacheControl = "private, no-cache"
)

// config is Options checked and completed, shared by an endpoint's
// requests. Its header values are built once and never modified.
type config struct {
	source    theming.Source
	prefix    string
	mediaBase string
	preferred func(*http.Request) (int, error)
	logger    *slog.Logger

	sharedCC       []string // Cache-Control of the shared endpoints
	userCC         []string // Cache-Control of the user endpoints
	userVary       []string // header names, canonical
	sourceVary     []string // header names, canonical
	compress       bool
	cors           *cors.Cors // nil without Options.CORS
	stylesheetPath string
	k              consts
}

// newConfig checks opts and fills in defaults. It panics on
// misconfiguration: the handlers are built at start-up, and a bad option
// should stop the program there, not fail requests later.
func newConfig(opts Options) *config {
	if opts.Source == nil {
		panic("httpadapter: Options.Source is nil")
	}
	if p := opts.Prefix; p != "" && (!strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/")) {
		panic("httpadapter: Options.Prefix " + quote(p) + " must be empty or start with \"/\" and not end with \"/\"")
	}
	base, err := checkMediaBase(opts.MediaBase)
	if err != nil {
		panic(err.Error())
	}
	c := &config{
		source:    opts.Source,
		prefix:    opts.Prefix,
		mediaBase: base,
		preferred: opts.PreferredTheme,
		logger:    opts.Logger,
		sharedCC:  one(orDefault(opts.CacheControl, defaultCacheControl)),
		userCC:    one(orDefault(opts.UserCacheControl, defaultUserCacheControl)),
		compress:  !opts.DisableCompression,
		k:         newConsts(),
	}
	vary := opts.UserVary
	if vary == nil {
		vary = []string{"Cookie", "Authorization"}
	}
	c.userVary = headerNames("UserVary", vary)
	c.sourceVary = headerNames("SourceVary", opts.SourceVary)
	if p := opts.StylesheetPath; p != "" {
		if u, err := url.Parse(p); err != nil || !strings.HasPrefix(p, "/") || u.Host != "" || u.EscapedPath() != p || strings.ContainsAny(p, "?#") {
			panic("httpadapter: Options.StylesheetPath " + quote(p) + " must be a path starting with \"/\"")
		}
		c.stylesheetPath = p
	}
	if opts.CORS != nil {
		c.cors = newCORS(opts.CORS, c.userVary, c.sourceVary)
	}
	return c
}

// headerNames checks the header names of the option field and returns
// them canonical. It panics on a name that is not a token.
func headerNames(field string, names []string) []string {
	var out []string
	for _, name := range names {
		if !validToken(name) {
			panic("httpadapter: Options." + field + ": " + quote(name) + " is not a header name")
		}
		out = append(out, http.CanonicalHeaderKey(name))
	}
	return out
}

// varyOf returns the Vary tokens of an endpoint, and them joined: first
// (the negotiation header, or ""), Accept-Encoding when compression is
// on, Origin when CORS is on, the SourceVary headers and, for a per-user
// endpoint, the UserVary headers; each once.
func (c *config) varyOf(first string, user bool) ([]string, []string) {
	var vary []string
	add := func(names ...string) {
		for _, n := range names {
			if n != "" && !slices.ContainsFunc(vary, func(v string) bool { return strings.EqualFold(v, n) }) {
				vary = append(vary, n)
			}
		}
	}
	add(first)
	if c.compress {
		add("Accept-Encoding")
	}
	if c.cors != nil {
		add("Origin")
	}
	add(c.sourceVary...)
	if user {
		add(c.userVary...)
	}
	return vary, one(strings.Join(vary, ", "))
}

// checkMediaBase validates a media base URL with theming's rule, so the
// adapter and theming never disagree on which bases work.
func checkMediaBase(base string) (string, error) {
	b, err := theming.NormalizeMediaBase(base)
	if err != nil {
		return "", errorf("Options.MediaBase: %v", err)
	}
	return b, nil
}

// log returns the logger to use now.
func (c *config) log() *slog.Logger {
	if c.logger != nil {
		return c.logger
	}
	return slog.Default()
}

// snapshot asks the Source for the snapshot, turning a panic into an
// error.
func (c *config) snapshot(ctx context.Context) (s *theming.Snapshot, err error) {
	defer recoverTo(&err, "Source.Snapshot")
	s, err = c.source.Snapshot(ctx)
	if err == nil && s == nil {
		err = errorf("Source.Snapshot returned no snapshot and no error")
	}
	return s, err
}

// preference calls the PreferredTheme hook, turning a panic into an
// error.
func (c *config) preference(r *http.Request) (id int, err error) {
	if c.preferred == nil {
		return 0, nil
	}
	defer recoverTo(&err, "PreferredTheme")
	return c.preferred(r)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// one returns a header value slice whose capacity is its length, so that
// appending to it (Header.Add) copies instead of writing into the shared
// array.
func one(s string) []string { return []string{s}[:1:1] }

// validToken reports whether s is an RFC 9110 token, as header names are.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isTchar(c) {
			return false
		}
	}
	return true
}

func isTchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

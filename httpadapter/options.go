package httpadapter

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// Options configures an [Adapter]. Only Source is required; every other
// zero value is a working default. [New] checks them once and panics on
// a misconfiguration.
type Options struct {
	// Source supplies the snapshot to serve for each request, usually a
	// *theming.Current. Required: New panics when it is nil.
	Source theming.Source

	// Prefix is the path the API is served under, for hosts that mount
	// the adapter without stripping the prefix: with Prefix "/theming"
	// the themes are at /theming/api/v2/theme/. "" (the default) serves
	// at /api/v2/theme/, which is also right behind http.StripPrefix. It
	// must be "" or start with "/" and not end with "/". The stylesheet
	// and the OpenAPI document ([Adapter.Stylesheet], [Adapter.OpenAPI])
	// are served wherever the host mounts them, whatever Prefix says.
	Prefix string

	// MediaBase is the URL that image paths in theme records are joined
	// to: an absolute http(s) URL ("https://cdn.example.com/media/") or a
	// path starting with "/". "" means theming.DefaultMediaBase, "/media/".
	// A trailing slash is added when missing. The rule is
	// [theming.NormalizeMediaBase]'s: a protocol-relative ("//host/"),
	// scheme-less or non-http(s) base makes New panic.
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
	// component catalog, the theme list and the OpenAPI document), whose
	// responses are the same for every user. "" means "no-cache": any
	// cache may store them but must revalidate, which costs a 304 when
	// nothing changed.
	CacheControl string

	// UserCacheControl is the Cache-Control of the theme-for-user
	// endpoints (the theme config, the resolved colors and the
	// stylesheet). "" means "private, no-cache": browsers may keep and
	// revalidate them, shared caches must not store them.
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

	// CacheBytes bounds the bytes the handlers keep of what they serve,
	// across every snapshot the Source gives them (every tenant's): the
	// JSON documents, stylesheets and browsable pages, in identity and in
	// each content coding, each made on the first request that asks for
	// it. Past it, what was used least lately is dropped, and made again
	// when next asked for. 0 means DefaultCacheBytes, 8 MiB: everything
	// about 18 tenants of the default data serve (every document, user and
	// coding, about 440 KB each), and one catalog of 10,000 components; a
	// host serving more tenants than that at once, or a larger catalog,
	// sets the bytes it can spare for its working set (see the tenant
	// figures in BENCHMARKS.md). A preview's forms
	// ([theming.Snapshot.Previewing]: its stylesheet, with the
	// high-contrast variant the solver works out, its documents) are kept
	// within it by the previewed theme's content and catalog, not by
	// snapshot, so that a preview snapshot the Source makes again for the
	// same draft finds them. A negative value means no bound: each
	// snapshot's forms, a preview's too, are kept until the Source drops
	// the snapshot.
	CacheBytes int64

	// DisableCompression turns off the precompressed gzip, br and zstd
	// forms: every response is sent in identity coding and Vary does not
	// list Accept-Encoding. Use it when something in front of the handlers
	// compresses anyway and must see identity bodies; the handlers are
	// correct behind compression middleware either way (see the package
	// documentation).
	DisableCompression bool

	// CORS, when set, lets pages on the origins it lists read the
	// responses of every handler: the API, the stylesheet and the OpenAPI
	// document (see [CORS]). nil sends no CORS headers.
	CORS *CORS

	// ServerURL is where the host's root is, as clients reach it, for the
	// OpenAPI document's server ([Adapter.OpenAPI]): an absolute http(s)
	// URL ("https://api.example.com"), or a path starting with "/" that a
	// client resolves against the document's own URL. Put the path a
	// router strips in it: behind http.StripPrefix("/theming", a) it is
	// "/theming" (or "https://api.example.com/theming"). The document's
	// server is ServerURL followed by Prefix. "" is the same as "/": the
	// API is on the host that serves the document, under Prefix.
	ServerURL string

	// StylesheetPath is where the host serves [Adapter.Stylesheet], from
	// the host's root (ServerURL, without Prefix): "/theme.css", say. The
	// OpenAPI document describes the stylesheet there; "" leaves it out
	// of the document.
	StylesheetPath string

	// LightDark writes the stylesheet ([Adapter.Stylesheet],
	// [Adapter.StylesheetFor]) in its light-dark() form
	// ([github.com/themekit/themekit/theming/css.LightDark]): each variable
	// declared once, as light-dark(light, dark), with the same
	// high-contrast and forced-colors blocks, so that every variable
	// computes to the color the default form gives it in every context
	// (color scheme by preference or attribute, contrast by preference or
	// attribute, forced colors). It suits pages that set color-scheme
	// themselves; browsers without light-dark() (before 2024) need the
	// default form.
	LightDark bool
}

// Defaults of the Options fields.
const (
	defaultCacheControl     = "no-cache"
	defaultUserCacheControl = "private, no-cache"
)

// DefaultCacheBytes is [Options].CacheBytes's default.
const DefaultCacheBytes = 8 << 20

// config is Options checked and completed, shared by every handler of an
// Adapter. Its header values are built once and never modified.
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
	budget         *budget        // the bytes the caches keep; nil for no bound
	cors           *httpwire.CORS // nil without Options.CORS
	server         string         // the OpenAPI document's server URL, Prefix included; "" for "/"
	stylesheetPath string
	lightDark      bool // the stylesheet's light-dark() form
	k              consts

	// previews keeps the previewed theme of each preview snapshot, for
	// the caches that share a preview's forms by content (preview.go);
	// nil without a budget.
	previews *weakCache[theming.Snapshot, previewedTheme]
}

// newConfig checks opts and fills in defaults. It panics on
// misconfiguration: the adapter is built at start-up, and a bad option
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
	server, err := checkServerURL(opts.ServerURL)
	if err != nil {
		panic(err.Error())
	}
	c := &config{
		source:    opts.Source,
		prefix:    opts.Prefix,
		mediaBase: base,
		preferred: opts.PreferredTheme,
		logger:    opts.Logger,
		sharedCC:  httpwire.One(orDefault(opts.CacheControl, defaultCacheControl)),
		userCC:    httpwire.One(orDefault(opts.UserCacheControl, defaultUserCacheControl)),
		compress:  !opts.DisableCompression,
		budget:    newBudget(cacheBytes(opts.CacheBytes)),
		server:    server + opts.Prefix,
		lightDark: opts.LightDark,
		k:         newConsts(),
	}
	if c.budget != nil {
		c.previews = newPreviews()
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

// cacheBytes is Options.CacheBytes with its default: 0 is
// DefaultCacheBytes.
func cacheBytes(n int64) int64 {
	if n == 0 {
		return DefaultCacheBytes
	}
	return n
}

// headerNames checks the header names of the option field and returns
// them canonical. It panics on a name that is not a token.
func headerNames(field string, names []string) []string {
	var out []string
	for _, name := range names {
		if !httpwire.ValidToken(name) {
			panic("httpadapter: Options." + field + ": " + quote(name) + " is not a header name")
		}
		out = append(out, http.CanonicalHeaderKey(name))
	}
	return out
}

// headers are the Cache-Control of an endpoint's 200 and 304 responses,
// live and previewed, and the tokens it adds to Vary, alone and joined.
type headers struct {
	cc, preview, vary, varyJoined []string
}

// cacheControl returns the Cache-Control of a 200 or 304 served from s:
// the endpoint's, or for a preview ([theming.Snapshot.Previewing]),
// which only its requester may see, private, no-store.
func (h *headers) cacheControl(s *theming.Snapshot) []string {
	if _, ok := s.Previewing(); ok {
		return h.preview
	}
	return h.cc
}

// headersOf returns the headers of a row of the endpoint table:
// Options.UserCacheControl for a per-user endpoint, CacheControl for the
// others, and private, no-store for a preview, which no cache may keep
// and which must not replace the live response in the requester's own
// cache; Vary as varyOf gives it, with Accept for the API's views, which
// negotiate their rendering.
func (c *config) headersOf(e *endpointSpec) headers {
	h := headers{cc: c.sharedCC, preview: c.k.previewCC}
	if e.user {
		h.cc = c.userCC
	}
	h.vary, h.varyJoined = c.varyOf(e.kind == apiView, e.user)
	return h
}

// varyOf returns the Vary tokens of an endpoint, and them joined: Accept
// when it negotiates the rendering, Accept-Encoding when compression is
// on, Origin when CORS is on, the SourceVary headers and, for a per-user
// endpoint, the UserVary headers; each once.
func (c *config) varyOf(negotiates, user bool) ([]string, []string) {
	var vary []string
	add := func(names ...string) {
		for _, n := range names {
			if !slices.ContainsFunc(vary, func(v string) bool { return strings.EqualFold(v, n) }) {
				vary = append(vary, n)
			}
		}
	}
	if negotiates {
		add("Accept")
	}
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
	return vary, httpwire.One(strings.Join(vary, ", "))
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

// checkServerURL checks Options.ServerURL under theming's base URL rule
// ([theming.NormalizeMediaBase]: a server URL is a base URL too) and
// returns it without a trailing slash: "" and "/" become "".
func checkServerURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if _, err := theming.NormalizeMediaBase(s); err != nil {
		var mb *theming.MediaBaseError
		if errors.As(err, &mb) {
			return "", errorf("Options.ServerURL %q: %s", s, mb.Reason)
		}
		return "", errorf("Options.ServerURL %q: %v", s, err)
	}
	return strings.TrimRight(s, "/"), nil
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

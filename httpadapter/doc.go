// Package httpadapter serves the theming API over net/http: the three
// read-only v2 endpoints, with the behaviour clients of the original
// Django REST Framework service saw, the user's theme resolved as JSON,
// and a theme stylesheet.
//
// The handlers are plain http.Handler values; the host keeps its router.
// New serves all four paths under a prefix; ComponentDefs, Themes,
// ThemeConfig, ThemeColors and Stylesheet serve one endpoint each wherever
// the host routes them. With Options.CORS every handler lets pages on the
// listed origins read its responses (see [CORS]). Options says where the data comes from (a theming.Source,
// usually a *theming.Store), the media base URL, which theme the
// requesting user prefers, the logger, the cache policy and whether to
// compress. A misconfiguration panics in the constructor; nothing panics
// per request. [Precompressed] serves a host's own fixed pages the way the
// endpoints are served.
//
// # Behaviour
//
// Every response of an endpoint, errors included, carries
// Allow: GET, HEAD, OPTIONS and X-Content-Type-Options: nosniff; the API
// endpoints add Accept and Accept-Encoding to Vary (with the
// Options.SourceVary headers, and Options.UserVary on the per-user ones),
// merged with any Vary the host already set. GET is a 200 with compact
// JSON (application/json, no charset); HEAD has exactly GET's headers,
// Content-Length and Content-Encoding included, and no body; OPTIONS is
// DRF's metadata document; any other method is a 405. The same path
// without its trailing slash is a 301 to the slash form, keeping the query
// (Django's APPEND_SLASH), with Content-Type: text/html; charset=utf-8 and
// an empty body as Django sends it. Error bodies are DRF's:
// {"detail":"Not found."}. JSON is written as DRF's JSONRenderer writes
// it: <, > and & as themselves (application/json with nosniff is never
// read as HTML), U+2028 and U+2029 escaped; the browsable page escapes
// everything for HTML.
//
// # Compression
//
// Every 200 representation (compact JSON, each indented form, the
// browsable page, the stylesheet) is also served in gzip, br (Brotli) and
// zstd, made once per representation and coding, on the first request
// that accepts the coding (concurrent first requests wait for the one
// encoding), then kept with the representation: once per data version,
// never per request. The levels are high but bounded in cost: gzip -9
// (the standard library's, as fast as klauspost/compress's at that
// level), Brotli quality 9 and zstd's SpeedBetterCompression, with
// windows no larger than the body; on the default data the first request
// of a representation spends at most a few milliseconds per coding.
// Brotli's qualities 10 and 11 would save another 3-15% of the bytes for
// 10 to 60 times the time (over 100 ms for the 16 KB stylesheet), paid
// on the first request of every representation of every tenant. A coding
// that does not make the body smaller is never served (tiny bodies go
// out as they are); error bodies, OPTIONS documents and 304s are never
// compressed.
//
// Accept-Encoding is read by RFC 9110, section 12.5.3: tokens are
// case-insensitive, x-gzip is gzip, each coding takes its q-value (1 when
// absent), "*" gives its q to every coding the field does not name,
// identity included, and q=0 refuses a coding; identity;q=0 or *;q=0
// refuses the unencoded body. The highest q wins and, among codings of
// equal q, the smallest body. Identity that the field does not name stays
// acceptable but comes after every coding the client names. A request
// without Accept-Encoding, or with an empty one, gets identity (RFC 9110
// would allow any coding; tools that do not decode send no field). When
// nothing acceptable is available (only deflate, say, or identity refused
// on a body no coding shrinks), the body goes out unencoded, as the RFC
// recommends, rather than as a 406.
//
// The encoded response carries Content-Encoding, its exact
// Content-Length and its own strong ETag: the hash of the bytes sent, so
// a strong validator changes with the content coding (RFC 9110, section
// 8.8.3). If-None-Match is compared with the tag of the form the request
// would get, and the 304 carries that ETag and the Vary. Shared caches
// key the stored forms by Vary (nginx does), so a gzip body never reaches
// a client that did not ask for it.
//
// Behind compression middleware (gzhttp from klauspost/compress, chi's
// middleware.Compress, most others) the handlers stay correct: the
// middleware sees Content-Encoding already set and passes the body
// through, so clients get singly encoded bodies with the adapter's tags.
// A client accepting only a coding the adapter does not make (deflate)
// gets identity from the adapter, which such middleware then compresses
// itself, keeping the identity body's ETag unless it is configured to
// change it (gzhttp.SuffixETag). Options.DisableCompression turns the
// adapter's compression off.
//
// # Decisions
//
// Where the source document and DRF leave a point open, this package
// decides:
//
//   - The views are named as DRF names view classes: "Component Def
//     List", "Theme List" and "Theme Config"; their descriptions are the
//     source document's purposes.
//
//   - Negotiation happens before the method is looked at, as in DRF: a
//     ?format= other than json or api is a 404 and an unsatisfiable Accept
//     a 406 for any method. An empty format is no format; of several, the
//     last counts.
//
//   - Media ranges match renderings by DRF 3.14's rule
//     (media_type_matches): the type and the subtype each match when
//     either side is "*", so "*/html" selects the browsable page and
//     "*/json" JSON, as "text/*" and "application/*" do. Between two
//     renderings of equal q, the one matched by the range of higher DRF
//     precedence wins (type/sub with parameters, type/sub, type/*, then
//     */* and */sub), then JSON, as in DRF.
//
//   - 404-for-format and 406 bodies are always compact JSON; other error
//     bodies and OPTIONS follow the negotiated rendering, as in DRF.
//
//   - Every 200 representation has a strong ETag: the first 16 bytes of
//     the SHA-256 of the body sent, in hex, so each content coding has its
//     own. If-None-Match (lists, W/ tags and "*", compared weakly per
//     RFC 9110) answers 304 with ETag, Cache-Control and Vary and no body. The browsable page has its own
//     ETag, the hash of the page, which shows the request and so is
//     rendered per request.
//
//   - Cache-Control: the catalog and the theme list default to "no-cache"
//     (any cache may store them and revalidates with If-None-Match); the
//     theme for the user defaults to "private, no-cache" and adds the
//     request headers its user hook depends on to Vary (Cookie and
//     Authorization by default), so a shared cache never hands one user's
//     theme to another. Error responses carry "no-store".
//
//   - Errors of the Source and of PreferredTheme map to statuses:
//     one wrapping theming.ErrUnknownTenant (a tenant Source's answer for
//     a request naming no known tenant) is a 404 {"detail":"Not found."};
//     one wrapping theming.ErrNoSnapshot (nothing loaded yet) is a 503
//     {"detail":"Service temporarily unavailable, try again later."} with
//     Retry-After: 1; neither is logged, as both are expected in normal
//     operation. An error that wraps the request context's own error
//     (the client left, or the host's deadline for the request passed
//     while a tenant loaded) is the same 503, not logged either; one
//     wrapping context.Canceled or context.DeadlineExceeded while the
//     request's context has not ended (the Source's own deadline) is the
//     same 503, logged. Any
//     other error, and a panic in either hook, is logged with the real
//     cause (and the stack, for a panic) and answered 500
//     {"detail":"A server error occurred."}; the client never sees the
//     cause. When there is no theme at all the theme for the user is a
//     404. All of them carry Cache-Control: no-store. StatusFor is this
//     mapping, for a host's own handlers; Chooser finds the user's theme
//     as the theme-for-user endpoints do.
//
//   - Options.SourceVary names the request headers the Source's choice of
//     snapshot depends on (a tenant header, Host): they are added to Vary
//     on every endpoint, so a shared cache told to store the catalog and
//     the theme list (which are the same for every user but not for
//     every tenant) keeps tenants apart.
//
//   - The 301's Location is the path the client sent (the request line,
//     so it is right behind http.StripPrefix) plus "/", never a
//     scheme-relative "//host" reference. It carries Allow too.
//
//   - The browsable page (?format=api, or Accept preferring text/html)
//     shows the view's name and description, the request line (a HEAD
//     shows GET, whose headers it gets), the status
//     and headers of the JSON response, and the JSON indented by 4 with
//     URLs as links, plus GET links and an OPTIONS link whose script sends
//     a real OPTIONS request and shows the answer (a form cannot send
//     OPTIONS; #options in the URL does the same on load). It is rendered with
//     html/template, so every value is escaped, and served with a
//     Content-Security-Policy that admits only its own style and script.
//
//   - Stylesheet serves the user's theme as CSS (theming's
//     ResolvedTheme.Stylesheet) outside the DRF API: no format parameter,
//     no browsable rendering, OPTIONS is a 204; it has the theme config's
//     cache policy, ETags and error bodies.
//
// # Differences from DRF 3.14
//
// Where this package differs from DRF 3.14, it does so on purpose, for
// clients:
//
//   - q-values: DRF ignores them, q=0 included, and picks by precedence
//     alone. Here each rendering takes the q of the most specific range
//     that matches it (type/sub with parameters, type/sub, type/*, */sub,
//     */*), q=0 refuses it, and the higher q wins before precedence. So a
//     browser's "text/html,...,*/*;q=0.8" gets the browsable page (as in
//     DRF), "application/json;q=0, */*" gets the page where DRF sends JSON,
//     and "application/json; indent=4" gets JSON indented by 4 (indent
//     clamped to 0..8, as DRF does). A q-value must follow RFC 9110's
//     grammar (section 12.4.2: 0 to 1, at most three decimals, nothing
//     else), in Accept as in Accept-Encoding; a range or coding with any
//     other q ("NaN", "5e-1", "1.5", "0.1234") is skipped, as a malformed
//     element, so it makes nothing acceptable: "text/html;q=NaN,
//     application/json;q=0" is a 406. Not a 400: RFC 9110 lets a server
//     disregard what it cannot use in Accept, and Django, whose request
//     parser DRF builds on, drops an unusable element rather than failing
//     the request (it reads an unparsable q as 1; here it counts for
//     nothing, which cannot widen what the client asked for).
//   - Case: type and subtype compare case-insensitively (RFC 9110); DRF
//     compares them as written, so "Application/JSON" is a 406 there.
//   - An empty Accept field counts as absent and gets JSON; DRF answers it
//     with 406.
//   - ?format=json or ?format=api decides alone; DRF also consults Accept
//     and answers 406 to ?format=json with an Accept that JSON does not
//     satisfy (text/html, say).
//   - A path under New's prefix that is no endpoint is a JSON 404
//     {"detail":"Not found."} with no-store and the endpoints' Allow and
//     Vary, as the OpenAPI document describes it; Django's URL resolver
//     sends its HTML 404 page there. A path outside the prefix, or an
//     endpoint's path under another prefix (a mounting mistake; see New),
//     adds a "hint" naming Options.Prefix to that body, and the first one
//     is logged.
//
// # OpenAPI document
//
// OpenAPI serves the API's OpenAPI 3.1 document, openapi.json embedded in
// the package, completed for the host: the server URL and Prefix, the
// Cache-Control values, the headers of SourceVary and UserVary as request
// parameters, the CORS headers when Options.CORS is set and the
// stylesheet at Options.StylesheetPath; and, once per compiled catalog
// (or snapshot), the catalog's component ids and CSS variable names as
// enums and as the keys
// of closed records (a theme's colors, the resolved colors), so that
// generated clients refuse a misspelt id. It declares every field with
// its type and nullability, additionalProperties: false on every record,
// the enums, the format parameter, the request and response headers, and
// the 304, 404, 406, 500 and 503 answers with their bodies; the 405 of
// the refused methods is described once, in info.description. It lints
// clean under Redocly's recommended rules and Spectral's spectral:oas
// with redocly.yaml and .spectral.yaml beside it.
//
// The document is written by hand, not generated from the Go types. It is
// the contract front ends generate their types from, so it is reviewed as
// text, and the tests hold the code to it: every live response of the
// endpoints (statuses, media types, bodies, headers) is validated against
// what the document declares for it, so a field added in Go without the
// document, or a header the document does not name, fails a test. A
// document generated from the same Go types would agree with them by
// construction and could catch neither, and most of what it states
// (nullability, enums, the error answers and headers) is not in the
// types.
//
// # Cost per request
//
// Everything that depends only on the data is done once per snapshot: the
// compact bodies (theming's ThemesJSON, ThemeJSON and Stylesheet are
// called once per snapshot, never per request), their ETags and
// Content-Length values, and, on first use, each indented form, the
// page's marked-up JSON and each compressed form. The catalog's forms are
// made once per theming.CompiledCatalog and shared by every snapshot
// built from it (thousands of tenants, one set); a snapshot built without
// one (theming.Load) has its own. An unchanged GET is a Source call, a
// pointer comparison, the Accept and Accept-Encoding scans, the header map
// writes (of shared, preallocated values) and one Write. The caches
// compare the last key served by pointer and keep the others in a map
// keyed by weak pointers, with runtime.AddCleanup removing an entry when
// its key is reclaimed: a host whose Source alternates between tenants'
// snapshots never recomputes, and a dropped snapshot is never kept alive.
//
// The browsable page shows the request line and so is rendered per
// request; a page whose bytes were served before is found by its hash and
// sent with its compressed forms. Each document keeps at most 8 distinct
// pages; others are sent uncompressed, so varying the query string
// cannot make the server compress per request.
package httpadapter

// Package httpadapter serves the theming API over net/http: the
// component catalog, the themes, the theme for the requesting user and
// that theme's colors resolved, with the behaviour clients of the
// original Django REST Framework (DRF) service saw; the user's theme as a
// CSS stylesheet; and the API's OpenAPI document.
//
// # Mounting
//
// The host keeps its router. [New] checks the [Options] once and returns
// one [Adapter]: an [http.Handler] that serves the four API paths under
// [Options].Prefix, and the source of the other handlers, which share its
// caches:
//
//	a := httpadapter.New(opts)
//	mux.Handle("/api/v2/theme/", a)
//	mux.Handle("/api/v2/theme", a) // the slashless root's 301 is the adapter's, not ServeMux's 307
//	mux.Handle("/theme.css", a.Stylesheet())
//	mux.Handle("/api/v2/schema/", a.OpenAPI())
//
// A chi router mounts it with r.Mount("/api/v2/theme", a); behind
// http.StripPrefix, Prefix stays "". A request that reaches the Adapter
// outside its Prefix gets a 404 whose body names the configured prefix,
// and the first one is logged (see New). [Adapter.ThemeFor] finds the
// user's theme as the endpoints do, for a host's own pages (to inline the
// stylesheet, say); [Adapter.ThemeForPage] also sets the headers the
// endpoints send with it (Vary, and Cache-Control: private, no-store
// while previewing), so that the page is cached as they are, and
// [Adapter.StylesheetFor] gives its stylesheet, to inline.
//
// # Methods and request content
//
// Every route answers GET and HEAD, OPTIONS (DRF's metadata on the API,
// 204 on the stylesheet and the document), and any other method with 405
// Method Not Allowed, with Allow, Vary, Cache-Control: no-store and DRF's
// JSON {"detail":"Method \"POST\" not allowed."}. No route reads a
// request's content: a request that carries some (any method) is answered
// as it would be without, the content unread, with Connection: close and
// the connection's read deadline set, so that a client sending content
// slowly cannot hold a connection of any host that mounts the adapter.
//
// # Options
//
// [Options] says where the data comes from (a [theming.Source], usually a
// [*theming.Current], or a [github.com/themekit/themekit/theming/tenant.Source]
// for many tenants), the media base URL ([Options].MediaBase, checked by
// [theming.NormalizeMediaBase]), which theme the requesting user prefers
// ([Options].PreferredTheme), the logger, the Cache-Control values, the
// request headers the Source and the user hook read ([Options].SourceVary,
// [Options].UserVary, added to Vary), compression and [CORS]. Only Source
// is required. A misconfiguration panics in the constructor; nothing panics
// per request.
//
// # Errors and statuses
//
// Errors of the Source and of PreferredTheme are answered by [StatusFor]'s
// mapping, with Cache-Control: no-store and DRF's bodies:
// [theming.ErrUnknownTenant], [theming.ErrNoThemes] and
// [theming.ErrUnknownTheme] are a 404 {"detail":"Not found."}; [theming.ErrNoSnapshot] and the request
// context's end are a 503 with Retry-After: 1; anything else, and a panic
// in a hook, is a 500 {"detail":"A server error occurred."} whose cause
// (and stack) goes to [Options].Logger, never to the client. Expected
// errors (the 404s, ErrNoSnapshot, the end of the request's own context)
// are not logged; a 503 from the Source's own deadline is.
//
// # Compression
//
// Every 200 representation (compact JSON, each indented form, the
// browsable page, the stylesheet, the OpenAPI document) has a strong ETag,
// the first 16 bytes of the SHA-256 of the bytes sent, and answers
// If-None-Match (compared weakly, per RFC 9110) with a 304 that carries
// ETag, Cache-Control and Vary. The shared endpoints default to "no-cache",
// the per-user ones (theme config, colors, stylesheet) to
// "private, no-cache" with [Options].UserVary (Cookie and Authorization by
// default) added to Vary; [Options].CacheControl and
// [Options].UserCacheControl change them. A response served from a
// preview (a snapshot made by [theming.Snapshot.Preview], which a Source
// gives the requests of an admin previewing a draft) is
// "private, no-store" on every endpoint, whatever the options: no cache
// keeps it, and the live responses keep their ETags.
//
// Each representation is also served in gzip, br (Brotli) and zstd, made
// once per representation and coding on the first request that accepts
// it (concurrent first requests wait for the one encoding) and kept with
// the data version, never made per request. Levels: gzip -9, Brotli
// quality 9, zstd's SpeedBetterCompression, windows no larger than the
// body (Brotli 10 and 11 would save 3-15% more bytes for 10 to 60 times
// the time, paid on the first request of every representation of every
// tenant). Accept-Encoding is read by RFC 9110, section 12.5.3 (q-values,
// "*", identity;q=0, x-gzip, case-insensitive tokens; among equal q the
// smallest body wins); no Accept-Encoding gets identity, and nothing
// acceptable gets the unencoded body rather than a 406. Each coding has
// its own ETag and exact Content-Length; a coding that does not shrink the
// body is never served; error bodies, OPTIONS documents and 304s are never
// compressed. Behind compression middleware (gzhttp, chi's
// middleware.Compress) bodies stay singly encoded: the middleware sees
// Content-Encoding set and passes them through. [Options].DisableCompression
// turns compression off.
//
// Work that depends only on the data is done once per snapshot (bodies,
// ETags, lengths, and on first use each indented, browsable and compressed
// form); the catalog's forms and the OpenAPI document once per
// [theming.CompiledCatalog], shared by all its tenants, and so is the
// contrast engine the stylesheets' high-contrast variants come from
// ([Adapter.Engine]), each theme's sheet rendered when it is first asked
// for. The caches hold snapshots by weak pointer, so a dropped snapshot
// is never kept alive, and what they keep is bounded by bytes
// ([Options].CacheBytes, 8 MiB by default), across every snapshot: a
// host serving many tenants keeps the forms its clients ask for most, and
// makes the others again when they are asked for, rather than every form
// of every tenant it serves. An
// unchanged GET is a Source call, a pointer comparison, two header scans,
// header writes of preallocated values and one Write. The browsable page
// shows the request line, so it is rendered per request; a document keeps
// the compressed forms of at most 8 distinct pages, each adding at most
// 8 KB to the document (its markup, the request line, the headers shown),
// and serves any other page as rendered, so that no request target, up to
// the 1 MB net/http admits, is kept.
//
// # CORS
//
// With [Options].CORS set, every handler answers cross-origin requests
// and preflights as the Fetch standard asks, on every status, 304s and
// every coding included, with Origin merged into Vary; nil, the default,
// sends no CORS header. Origins and origin patterns are checked by New
// (a pattern matches whole DNS labels only, and neither "*" nor a pattern
// goes with credentials); the handling is github.com/rs/cors's. See
// [CORS].
//
// # Differences from DRF
//
// The API endpoints behave as DRF 3.14 does: JSON without charset, <, >
// and & unescaped, HEAD with GET's headers, OPTIONS as DRF's metadata,
// 405 for other methods, ?format=json|api, the browsable page, the
// APPEND_SLASH 301, Allow and X-Content-Type-Options: nosniff on every
// response (docs/drf-fidelity.md lists the decisions in detail).
// Where this package differs, it does so on purpose, for clients:
//
//   - q-values count: each rendering takes the q of the most specific
//     matching range, q=0 refuses it, and the higher q wins before DRF's
//     precedence ("application/json;q=0, */*" gets the browsable page).
//     A q outside RFC 9110's grammar (0 to 1, at most three decimals)
//     skips its element, in Accept as in Accept-Encoding, so it makes
//     nothing acceptable ("text/html;q=NaN, application/json;q=0" is a
//     406, not a 400).
//   - Media types compare case-insensitively ("Application/JSON" is JSON,
//     a 406 in DRF).
//   - An empty Accept is absent and gets JSON (DRF: 406).
//   - ?format=json or ?format=api decides alone (DRF also consults Accept
//     and may answer 406).
//   - A path under the Adapter's prefix that is no endpoint is a JSON 404
//     {"detail":"Not found."} with nosniff and no-store (Django sends its
//     HTML 404 page). Like Django's it has no Allow and no Vary, whatever
//     the method: no view answers it, so there are no methods to list,
//     and it depends on no request header (Vary: Origin only with CORS
//     on, whose headers do).
//   - The browsable page is served with a Content-Security-Policy that
//     admits only its own style and script.
//
// The OpenAPI document (openapi.json, embedded, completed per host and
// per catalog by [Adapter.OpenAPI]) is written by hand, not generated from the Go
// types: it is the contract front ends generate their types from, and the
// tests validate every live response against it, which a document
// generated from the same types would pass by construction.
package httpadapter

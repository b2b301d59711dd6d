// Package httpadapter serves the theming API over net/http: the three
// read-only v2 endpoints, with the behaviour clients of the original
// Django REST Framework service saw, and a theme stylesheet.
//
// The handlers are plain http.Handler values; the host keeps its router.
// New serves all three paths under a prefix; ComponentDefs, Themes,
// ThemeConfig and Stylesheet serve one endpoint each wherever the host
// routes them. Options says where the data comes from (a theming.Source,
// usually a *theming.Store), the media base URL, which theme the
// requesting user prefers, the logger and the cache policy. A
// misconfiguration panics in the constructor; nothing panics per request.
//
// # Behaviour
//
// Every response of an endpoint, errors included, carries
// Allow: GET, HEAD, OPTIONS and X-Content-Type-Options: nosniff; the API
// endpoints add Accept to Vary, merged with any Vary the host already set.
// GET is a 200 with compact JSON (application/json, no charset); HEAD has
// exactly GET's headers, Content-Length included, and no body; OPTIONS is
// DRF's metadata document; any other method is a 405. The same path
// without its trailing slash is a 301 to the slash form, keeping the query
// (Django's APPEND_SLASH); other paths under New are a 404. Error bodies
// are DRF's: {"detail":"Not found."}.
//
// # Decisions
//
// Where the source document and DRF leave a point open, this package
// decides:
//
//   - The views are named as DRF names view classes: "Component Def
//     List", "Theme List" and "Theme Config"; their descriptions are the
//     source document's purposes.
//   - Negotiation happens before the method is looked at, as in DRF: a
//     ?format= other than json or api is a 404 and an unsatisfiable Accept
//     a 406 for any method. format, when present, decides alone (DRF would
//     also consult Accept and could answer 406 to ?format=json). An empty
//     format is no format; of several, the last counts.
//   - Accept is read with q-values (RFC 9110), which DRF ignores: each
//     rendering takes the q of the most specific range that matches it,
//     q=0 refuses it, the higher q wins, then the more specific match,
//     then JSON. So */* and no Accept get JSON, a browser's
//     "text/html,...,*/*;q=0.8" gets the browsable page, and
//     "application/json; indent=4" gets JSON indented by 4 (indent clamped
//     to 0..8, as DRF does). An empty Accept field counts as absent.
//   - 404-for-format and 406 bodies are always compact JSON; other error
//     bodies and OPTIONS follow the negotiated rendering, as in DRF.
//   - Every 200 JSON representation has a strong ETag: the first 16 bytes
//     of the SHA-256 of its body, in hex. If-None-Match (lists, W/ tags
//     and "*", compared weakly per RFC 9110) answers 304 with ETag,
//     Cache-Control and Vary and no body. The browsable page has its own
//     ETag, the hash of the page, which shows the request and so is
//     rendered per request.
//   - Cache-Control: the catalog and the theme list default to "no-cache"
//     (any cache may store them and revalidates with If-None-Match); the
//     theme for the user defaults to "private, no-cache" and adds the
//     request headers its user hook depends on to Vary (Cookie and
//     Authorization by default), so a shared cache never hands one user's
//     theme to another. Error responses carry "no-store".
//   - A Source error, a PreferredTheme error and a panic in either are
//     logged with the real cause (and the stack, for a panic) and answered
//     500 {"detail":"A server error occurred."}; the client never sees
//     the cause. When there is no theme at all the theme for the user is
//     a 404.
//   - The 301's Location is the path the client sent (the request line,
//     so it is right behind http.StripPrefix) plus "/", never a
//     scheme-relative "//host" reference. It carries Allow too.
//   - The browsable page (?format=api, or Accept preferring text/html)
//     shows the view's name and description, the request line, the status
//     and headers of the JSON response, and the JSON indented by 4 with
//     URLs as links, plus GET links and an OPTIONS link whose script sends
//     a real OPTIONS request and shows the answer (a form cannot send
//     OPTIONS; #options in the URL does the same on load). It is rendered with
//     html/template, so every value is escaped, and served with a
//     Content-Security-Policy that admits only its own style and script.
//   - Stylesheet serves the user's theme as CSS (theming's
//     ResolvedTheme.Stylesheet) outside the DRF API: no format parameter,
//     no browsable rendering, OPTIONS is a 204; it has the theme config's
//     cache policy, ETags and error bodies.
//
// # Cost per request
//
// Everything that depends only on the data is done once per snapshot (and
// media base): the compact bodies, their ETags and Content-Length values,
// and, on first use, each indented form and the page's marked-up JSON. An
// unchanged GET is a Source call, a pointer comparison, the header map
// writes (of shared, preallocated values) and one Write. The per-snapshot
// cache compares the last snapshot served by pointer and keeps the others
// in a map keyed by weak pointers, with runtime.AddCleanup removing an
// entry when its snapshot is reclaimed: a host whose Source alternates
// between tenants' snapshots never recomputes, and a dropped snapshot is
// never kept alive.
package httpadapter

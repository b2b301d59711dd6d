package httpadapter

import (
	"net/http"

	"github.com/themekit/themekit/theming"
)

// Stylesheet returns a handler that serves the requesting user's theme
// (as opts.PreferredTheme tells) as a CSS stylesheet of custom
// properties, for every request it receives:
//
//	<link rel="stylesheet" href="/theme.css">
//
// It is not part of New, and not of the DRF API: it has no browsable
// rendering and no format parameter. GET and HEAD get the sheet
// (text/css; charset=utf-8) with an ETag, answering If-None-Match with
// 304; OPTIONS gets 204 with Allow; other methods 405. Like the theme
// config it is per user: opts.UserCacheControl and opts.UserVary apply.
// Errors are answered as the JSON endpoints answer them. It panics if
// opts is misconfigured.
//
// The sheet is [theming.ResolvedTheme.Stylesheet]: after the light and
// dark blocks it carries the theme's high-contrast variant (WCAG 2 AAA)
// under @media (prefers-contrast: more) and :root[data-contrast="more"],
// and the variables mapped to CSS system colors under
// @media (forced-colors: active); all of it is rendered once per snapshot.
func Stylesheet(opts Options) http.Handler {
	c := newConfig(opts)
	h := &stylesheet{c: c}
	h.vary, h.varyJoined = c.varyOf("", true)
	h.cache = newWeakCache[theming.Snapshot](func(s *theming.Snapshot) (*themeTable[*rep], error) {
		return newThemeTable(s, func(t *theming.ResolvedTheme) (*rep, error) {
			return newRep([]byte(t.Stylesheet()), c.compress), nil
		})
	})
	return c.withCORS(h)
}

type stylesheet struct {
	c          *config
	vary       []string
	varyJoined []string
	cache      *weakCache[theming.Snapshot, *themeTable[*rep]]
}

func (e *stylesheet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.c.plainMethod(w, r, e.vary, e.varyJoined) {
		return
	}
	k := &e.c.k
	h := w.Header()
	rp, err := e.find(r)
	if err != nil {
		status, body := e.c.failure(w, r, "Stylesheet", err)
		h["Cache-Control"] = k.noStore
		writeRaw(w, r, status, k.json, body)
		return
	}
	h["Cache-Control"] = e.c.userCC
	rp.write(w, r, k.css)
}

func (e *stylesheet) find(r *http.Request) (*rep, error) {
	s, err := e.c.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	sheets, err := e.cache.get(s, s)
	if err != nil {
		return nil, err
	}
	return sheets.pick(e.c, r, s)
}

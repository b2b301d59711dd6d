package httpadapter

import (
	"net/http"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// stylesheet serves the requesting user's theme as CSS (see
// Adapter.Stylesheet).
type stylesheet struct {
	*endpointSpec
	headers
	c     *config
	cache *weakCache[theming.Snapshot, *themeTable[*httpwire.Rep]]
}

func newStylesheet(c *config, spec *endpointSpec) *stylesheet {
	e := &stylesheet{endpointSpec: spec, headers: c.headersOf(spec), c: c}
	e.cache = newWeakCache[theming.Snapshot](c.budget, func(s *theming.Snapshot, ch *charge) (*themeTable[*httpwire.Rep], error) {
		return newThemeTable(s, func(t *theming.ResolvedTheme) (*httpwire.Rep, error) {
			return httpwire.NewChargedRep([]byte(sheetOf(s, t)), c.compress, ch.fn()), nil
		})
	})
	return e
}

// sheetOf renders t's stylesheet, with the high-contrast variant it
// carries, from a copy of t resolved again (Snapshot.Preview), so that
// the sheet is kept by the cache, within Options.CacheBytes, and not by
// the snapshot: a ResolvedTheme keeps its stylesheet and its variant for
// its life once asked for them (259 KB a tenant of the default data, more
// than the rest of a tenant's snapshot eight times over). The copy is the
// same theme checked and resolved again, and renders the same bytes.
func sheetOf(s *theming.Snapshot, t *theming.ResolvedTheme) string {
	if p, err := s.Preview(t.Theme()); err == nil {
		if rt, ok := p.Theme(t.ID()); ok {
			return rt.Stylesheet()
		}
	}
	return t.Stylesheet() // cannot happen: t was checked when s was built
}

func (e *stylesheet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.c.plainMethod(w, r, e.vary, e.varyJoined) {
		return
	}
	k := &e.c.k
	h := w.Header()
	s, rp, err := e.find(r)
	if err != nil {
		status, body := e.c.failure(w, r, e.name, err)
		h["Cache-Control"] = k.noStore
		httpwire.WriteRaw(w, r, status, k.json, body)
		return
	}
	h["Cache-Control"] = e.cacheControl(s)
	rp.Write(w, r, k.css)
}

// find returns the snapshot the Source gives r and the sheet of r's
// theme in it.
func (e *stylesheet) find(r *http.Request) (*theming.Snapshot, *httpwire.Rep, error) {
	s, err := e.c.snapshot(r.Context())
	if err != nil {
		return nil, nil, err
	}
	sheets, err := e.cache.get(s, s)
	if err != nil {
		return nil, nil, err
	}
	rp, err := sheets.pick(e.c, r, s)
	return s, rp, err
}

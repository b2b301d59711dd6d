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
			return httpwire.NewChargedRep([]byte(t.Stylesheet()), c.compress, ch.fn()), nil
		})
	})
	return e
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

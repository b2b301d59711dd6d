package httpadapter

import (
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// stylesheet serves the requesting user's theme as CSS (see
// Adapter.Stylesheet).
type stylesheet struct {
	*endpointSpec
	headers
	c       *config
	engines engines
	cache   *weakCache[theming.Snapshot, *sheets]
	shared  *contentCache[*sheet] // a preview's sheets (see preview.go)
	built   atomic.Int64          // sheets rendered, each with its variant (for tests)
}

// sheets is what the stylesheet keeps of a snapshot: the contrast engine
// of its compiled catalog, which the sheets' variants come from, and each
// theme's sheet, rendered when it is first asked for.
type sheets struct {
	engine *fix.Engine
	table  *themeTable[*sheet]
}

// sheet is one theme's stylesheet as served, with its compressed forms,
// and as the string a host inlines (Adapter.StylesheetFor), made on
// first use.
type sheet struct {
	rep *httpwire.Rep
	str atomic.Pointer[string]
}

func (sh *sheet) String() string {
	if p := sh.str.Load(); p != nil {
		return *p
	}
	s := string(sh.rep.Body())
	sh.str.CompareAndSwap(nil, &s)
	return *sh.str.Load()
}

func newStylesheet(c *config, spec *endpointSpec) *stylesheet {
	e := &stylesheet{endpointSpec: spec, headers: c.headersOf(spec), c: c, shared: newContentCache[*sheet](c.budget)}
	e.cache = newWeakCache[theming.Snapshot](c.budget, func(s *theming.Snapshot, ch *charge) (*sheets, error) {
		eng := e.engines.get(s.CompiledCatalog())
		table, err := newThemeTable(s, func(t *theming.ResolvedTheme) (*sheet, error) {
			return e.newSheet(eng, t, ch), nil
		})
		return &sheets{engine: eng, table: table}, err
	})
	return e
}

// newSheet renders t's stylesheet (its light-dark() form with
// Options.LightDark), with its high-contrast variant that eng works out
// (the solver), charging its forms to ch.
func (e *stylesheet) newSheet(eng *fix.Engine, t *theming.ResolvedTheme, ch *charge) *sheet {
	e.built.Add(1)
	render := css.Stylesheet
	if e.c.lightDark {
		render = css.LightDark
	}
	return &sheet{rep: httpwire.NewChargedRep(render(t, eng.HighContrast(t)), e.c.compress, ch.fn())}
}

func (e *stylesheet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.c.plainMethod(w, r, e.vary, e.varyJoined) {
		return
	}
	k := &e.c.k
	h := w.Header()
	s, sh, err := e.find(r)
	if err != nil {
		status, body := e.c.failure(w, r, e.name, err)
		h["Cache-Control"] = k.noStore
		httpwire.WriteRaw(w, r, status, k.json, body)
		return
	}
	h["Cache-Control"] = e.cacheControl(s)
	sh.rep.Write(w, r, k.css)
}

// find returns the snapshot the Source gives r and the sheet of r's
// theme in it.
func (e *stylesheet) find(r *http.Request) (*theming.Snapshot, *sheet, error) {
	s, err := e.c.snapshot(r.Context())
	if err != nil {
		return nil, nil, err
	}
	if p, ok := e.c.previewed(s); ok {
		if _, err := e.c.preference(r); err != nil {
			return nil, nil, err // as pick answers it
		}
		sh, err := e.shared.get(p.key, func(ch *charge) (*sheet, error) {
			return e.newSheet(e.engines.get(s.CompiledCatalog()), p.rt, ch), nil
		})
		return s, sh, err
	}
	shs, err := e.cache.get(s, s)
	if err != nil {
		return nil, nil, err
	}
	sh, err := shs.table.pick(e.c, r, s)
	return s, sh, err
}

// engines keeps one contrast engine per compiled catalog, for every
// snapshot of it the stylesheet keeps. An engine refers to its catalog,
// so this map holds both by weak pointers: the engine lives while a
// snapshot's sheets (which hold it) do, the catalog while its snapshots
// do, and once the catalog is reclaimed its entry goes.
type engines struct {
	mu sync.Mutex
	m  map[weak.Pointer[theming.CompiledCatalog]]weak.Pointer[fix.Engine]
}

// get returns the engine of cc, made when no snapshot's sheets hold one.
func (es *engines) get(cc *theming.CompiledCatalog) *fix.Engine {
	if cc == nil {
		return fix.New(nil)
	}
	key := weak.Make(cc)
	es.mu.Lock()
	defer es.mu.Unlock()
	if e := es.m[key].Value(); e != nil {
		return e
	}
	if es.m == nil {
		es.m = map[weak.Pointer[theming.CompiledCatalog]]weak.Pointer[fix.Engine]{}
	}
	if _, ok := es.m[key]; !ok {
		runtime.AddCleanup(cc, es.forget, key)
	}
	e := fix.New(cc)
	es.m[key] = weak.Make(e)
	return e
}

// forget drops the entry of a reclaimed catalog.
func (es *engines) forget(key weak.Pointer[theming.CompiledCatalog]) {
	es.mu.Lock()
	delete(es.m, key)
	es.mu.Unlock()
}

// len returns the number of catalogs with an entry (for tests).
func (es *engines) len() int {
	es.mu.Lock()
	defer es.mu.Unlock()
	return len(es.m)
}

// StylesheetFor returns the stylesheet [Adapter.Stylesheet] serves r, as
// a string: a host inlines it into a page it renders (as
// [html/template.CSS]), so that the page and the stylesheet endpoint
// never disagree. It is the sheet the adapter keeps for the snapshot
// (rendered once per theme, with its high-contrast variant and
// forced-colors block, [css.Stylesheet]): after the first call for a
// theme a call costs no allocation. Its errors are [Adapter.ThemeFor]'s.
func (a *Adapter) StylesheetFor(r *http.Request) (string, error) {
	_, sh, err := a.sheets.find(r)
	if err != nil {
		return "", err
	}
	return sh.String(), nil
}

// Engine returns the contrast engine the adapter renders the stylesheets
// of s with: one per compiled catalog, shared by every snapshot of it,
// kept while the adapter keeps a snapshot of that catalog. A host's own
// pages that audit s or show its themes' variants ask it for theirs
// ([fix.Engine.Audit], [fix.Engine.HighContrastAudit]), so that the
// audits the engine keeps are kept once for the stylesheet and the pages
// alike. A nil s gives an engine of no catalog.
func (a *Adapter) Engine(s *theming.Snapshot) *fix.Engine {
	if s == nil {
		return fix.New(nil)
	}
	shs, err := a.sheets.cache.get(s, s)
	if err != nil { // cannot happen: a snapshot's table is made without building anything
		return a.sheets.engines.get(s.CompiledCatalog())
	}
	return shs.engine
}

package fix

import (
	"runtime"
	"sync"
	"weak"

	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// core is the engine's view of theming's internals: the compiled rules,
// a theme's references and resolution. It is reached through theming's
// guarded seam, which opens for this module's token alone.
var core = theming.Internal.Export(&kernel.AllowInternalUse)

// Engine is the contrast engine of one compiled catalog: it audits
// snapshots and themes, suggests and makes fixes, generates themes and
// works out each theme's high-contrast variant and the forced-colors
// roles. Build one per compiled catalog with [New] and share it: it is
// safe for concurrent use, and what it works out that depends only on
// the data it keeps, without keeping the data alive:
//
//   - the forced-colors roles, once per engine;
//   - each snapshot's audit under the default policy ([Engine.Audit])
//     and its variants' audit ([Engine.HighContrastAudit]), once per
//     snapshot.
//
// Those are keyed by weak pointers: an engine never keeps a snapshot or
// a resolved theme alive, and forgets what it kept for one once the
// garbage collector has reclaimed it. A snapshot or theme of another
// compiled catalog is worked out by an engine of its own catalog, made
// for the call and not kept: give each catalog its engine.
//
// The zero Engine is an engine of no catalog: its audits check nothing,
// and its fixes and generation return an error wrapping
// [theming.ErrNoCatalog].
type Engine struct {
	cc   *theming.CompiledCatalog
	k    *kernel.Catalog    // nil for no catalog
	cat  *theming.Catalog   // the compiled catalog's own copy, hidden components included
	vars []theming.Variable // the visible variables, in catalog order
	// derives holds, per visible variable, whether it derives anything
	// from its component's color ([theming.Variable.Derived]): pair
	// paints one that does not as the color is, [theming.Derive]'s
	// answer for it, without the call.
	derives []bool

	rolesOnce sync.Once
	roles     []string // per visible variable, its CSS system color under forced colors

	audits   memo[theming.Snapshot, *Report] // under the default policy
	hcAudits memo[theming.Snapshot, *Report]
}

// New returns the engine of cc. It costs little: what the engine works
// out, it works out when first asked. A nil cc gives an engine of no
// catalog, as the zero Engine is.
func New(cc *theming.CompiledCatalog) *Engine {
	e := &Engine{cc: cc}
	e.init()
	return e
}

// init reads the compiled catalog through the seam.
func (e *Engine) init() {
	e.k, e.cat, e.vars, _ = core.Catalog(e.cc)
	e.derives = make([]bool, len(e.vars))
	for v := range e.vars {
		e.derives[v] = e.vars[v].Derived()
	}
}

// ok reports whether e is the engine of a catalog.
func (e *Engine) ok() bool { return e.k != nil }

// of returns the engine that works on data of compiled catalog cc: e
// itself when cc is e's, else a new engine of cc, not kept.
func (e *Engine) of(cc *theming.CompiledCatalog) *Engine {
	if cc == e.cc {
		return e
	}
	return New(cc)
}

// memo keeps one value per key, worked out once, by a weak pointer to
// the key: it never keeps a key alive, and a key the garbage collector
// reclaims takes its value with it. A value must not refer to its key,
// or the key would never be reclaimed. The zero memo is ready to use.
type memo[K, V any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[K]]*memoSlot[V]
}

type memoSlot[V any] struct {
	once sync.Once
	v    V
}

// get returns key's value, working it out with make on first use;
// concurrent first calls wait for one.
func (m *memo[K, V]) get(key *K, build func() V) V {
	wk := weak.Make(key)
	m.mu.Lock()
	sl, ok := m.m[wk]
	if !ok {
		if m.m == nil {
			m.m = map[weak.Pointer[K]]*memoSlot[V]{}
		}
		sl = new(memoSlot[V])
		m.m[wk] = sl
		runtime.AddCleanup(key, m.forget, wk)
	}
	m.mu.Unlock()
	sl.once.Do(func() { sl.v = build() })
	return sl.v
}

// forget drops the value of a key the garbage collector reclaimed.
func (m *memo[K, V]) forget(key weak.Pointer[K]) {
	m.mu.Lock()
	delete(m.m, key)
	m.mu.Unlock()
}

// len returns how many keys m holds (for the tests).
func (m *memo[K, V]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}

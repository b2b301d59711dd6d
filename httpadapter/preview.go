package httpadapter

import (
	"crypto/sha256"
	"encoding/json"
	"sync"
	"weak"

	"github.com/themekit/themekit/theming"
)

// A preview snapshot ([theming.Snapshot.Previewing]) is made by the
// host's Source for one admin's draft, and made again whenever the Source
// drops it (revision.PreviewSource keeps revision.MaxPreviews of them, and
// builds them again at a rate bounded per tenant; a host's own Source may
// make one a request, or on every new live snapshot). What the handlers derive from a snapshot is kept per snapshot
// (weakCache), so each of those requests would work its draft's
// high-contrast variant out again (the solver: up to a second for a
// hostile draft), and compress its documents again. So what a preview
// serves is kept by its content instead, shared by every snapshot that
// previews the same theme on the same catalog: a draft's stylesheet,
// config and colors are made once per theme content and compiled catalog,
// its theme list once per list, within the adapter's budget
// (Options.CacheBytes), whatever snapshot asks for them. Without a budget
// (a negative CacheBytes) a preview's forms are kept per snapshot, as
// every other snapshot's are.

// contentKey names what a preview serves by its content: the compiled
// catalog it was resolved on (nil for none) and the SHA-256 of its source
// (the previewed theme's record as JSON, or a whole document's bytes).
type contentKey struct {
	cc  weak.Pointer[theming.CompiledCatalog]
	sum [sha256.Size]byte
}

// contentCache keeps values by their content key, each charged to the
// adapter's budget for the bytes it keeps, and dropped when the budget
// evicts it. Unlike a weakCache, its values outlive the snapshots that
// asked for them: a snapshot made again for the same content finds them.
type contentCache[V any] struct {
	budget *budget
	mu     sync.Mutex
	m      map[contentKey]*slot[V]
}

// newContentCache returns a cache charged to b; nil when b is nil (no
// bound), in which case callers keep their values per snapshot.
func newContentCache[V any](b *budget) *contentCache[V] {
	if b == nil {
		return nil
	}
	return &contentCache[V]{budget: b, m: map[contentKey]*slot[V]{}}
}

// get returns the value of key, made by build (which charges what it
// keeps to the charge it is given) on first use; concurrent first
// requests build once. A failed build is tried again by the next request.
func (c *contentCache[V]) get(key contentKey, build func(*charge) (V, error)) (V, error) {
	c.mu.Lock()
	sl := c.m[key]
	if sl == nil {
		sl = new(slot[V])
		sl.charge = c.budget.newCharge(func() { c.drop(key, sl) })
		c.m[key] = sl
	}
	c.mu.Unlock()
	sl.once.Do(func() { sl.val, sl.err = build(sl.charge) })
	if sl.err != nil {
		c.drop(key, sl)
		sl.charge.release()
		var zero V
		return zero, sl.err
	}
	sl.charge.touch()
	return sl.val, nil
}

// drop forgets key's entry, if it is still sl: evicted, or its build
// failed. A request that holds its value goes on with it.
func (c *contentCache[V]) drop(key contentKey, sl *slot[V]) {
	c.mu.Lock()
	if c.m[key] == sl {
		delete(c.m, key)
	}
	c.mu.Unlock()
}

// len returns the number of entries (for tests).
func (c *contentCache[V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// previewedTheme is what a preview snapshot previews: the theme and the
// content key of its record on the snapshot's catalog.
type previewedTheme struct {
	rt  *theming.ResolvedTheme
	key contentKey
}

// previewed returns the theme s previews and its content key, worked out
// once per snapshot; false for a snapshot that is no preview, and when the
// adapter has no budget to share a preview's forms in.
func (c *config) previewed(s *theming.Snapshot) (previewedTheme, bool) {
	if c.previews == nil {
		return previewedTheme{}, false
	}
	if _, ok := s.Previewing(); !ok {
		return previewedTheme{}, false
	}
	p, err := c.previews.get(s, s)
	return p, err == nil
}

// newPreviews returns the cache of the previewed theme of each preview
// snapshot, by weak pointer: an entry lives while its snapshot does, and
// is charged nothing (a pointer and a key).
func newPreviews() *weakCache[theming.Snapshot, previewedTheme] {
	return newWeakCache[theming.Snapshot](nil, func(s *theming.Snapshot, _ *charge) (previewedTheme, error) {
		id, _ := s.Previewing()
		rt, err := s.ChooseTheme(id)
		if err != nil {
			return previewedTheme{}, err
		}
		b, err := json.Marshal(rt.Theme())
		if err != nil {
			return previewedTheme{}, err
		}
		return previewedTheme{rt: rt, key: contentKeyOf(s.CompiledCatalog(), b)}, nil
	})
}

// contentKeyOf returns the content key of b on the catalog cc (nil: none).
func contentKeyOf(cc *theming.CompiledCatalog, b []byte) contentKey {
	k := contentKey{sum: sha256.Sum256(b)}
	if cc != nil {
		k.cc = weak.Make(cc)
	}
	return k
}

package httpadapter

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"html/template"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// doc is one JSON document in every form it is served in: compact, each
// indent a client asks for, and the browsable page, each with its
// compressed forms (see httpwire.Rep). The compact form is made with the
// doc; the others on first use, then kept. Two requests racing to make
// the same indented form may both do the work; one result is kept.
type doc struct {
	compact  *httpwire.Rep
	compress bool
	indent   [httpwire.MaxIndent]atomic.Pointer[httpwire.Rep]
	page     atomic.Pointer[template.HTML]
	pages    pageTable
}

// newDoc makes the doc of a compact JSON body as theming encodes it,
// served with <, > and & as themselves (see unescapeHTML).
func newDoc(compact []byte, compress bool) *doc {
	return &doc{compact: httpwire.NewRep(unescapeHTML(compact), compress), compress: compress}
}

// indented returns the document indented by n spaces (0: compact).
func (d *doc) indented(n int) *httpwire.Rep {
	if n <= 0 {
		return d.compact
	}
	if r := d.indent[n-1].Load(); r != nil {
		return r
	}
	var b bytes.Buffer
	if err := json.Indent(&b, d.compact.Body(), "", strings.Repeat(" ", n)); err != nil {
		return d.compact // cannot happen: the compact form came from encoding/json
	}
	d.indent[n-1].CompareAndSwap(nil, httpwire.NewRep(bytes.Clone(b.Bytes()), d.compress))
	return d.indent[n-1].Load()
}

// pageBody returns the document pretty-printed for the browsable page,
// with URLs as links.
func (d *doc) pageBody() template.HTML {
	if p := d.page.Load(); p != nil {
		return *p
	}
	p := markUp(d.indented(pageIndent).Body())
	d.page.CompareAndSwap(nil, &p)
	return *d.page.Load()
}

// Bounds of the browsable pages a doc keeps with their compressed forms.
const (
	// maxPages bounds the distinct pages a doc keeps.
	maxPages = 8
	// maxPageFrame bounds what a kept page adds to the document it
	// shows: the page's own markup, the request line and the response
	// headers shown (about 3.5 KB for a request to one of the API's
	// paths with a short query).
	maxPageFrame = 8 << 10
)

// pageTable keeps the browsable pages of a doc by their content. The page
// shows the request line and headers, so it is rendered per request; a
// page seen before (the same bytes: the same request target, method and
// response headers) is served from here with its compressed forms, made
// once. A page is kept only when its frame is at most maxPageFrame
// bytes, and only the first maxPages distinct pages: any other page is
// served as rendered, uncompressed, and then dropped. So a client
// varying its query string cannot make the server compress per request,
// and a long request target (net/http admits up to 1 MB of request
// line and headers) is never kept: what a doc keeps is bounded by the
// document's own size.
type pageTable struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]*httpwire.Rep
}

// rep returns the representation of a rendered page that shows a
// document of docLen bytes (marked up).
func (t *pageTable) rep(page []byte, docLen int, compress bool) *httpwire.Rep {
	if !compress || len(page)-docLen > maxPageFrame {
		return httpwire.NewRep(page, false)
	}
	sum := sha256.Sum256(page)
	t.mu.Lock()
	defer t.mu.Unlock()
	if rp, ok := t.m[sum]; ok {
		return rp
	}
	if len(t.m) >= maxPages {
		return httpwire.NewRep(page, false)
	}
	rp := httpwire.NewRep(bytes.Clone(page), true) // kept: no spare capacity
	if t.m == nil {
		t.m = make(map[[sha256.Size]byte]*httpwire.Rep)
	}
	t.m[sum] = rp
	return rp
}

// weakCache holds what an endpoint derives from each key it has served
// (a snapshot, or the compiled catalog snapshots share), so that the work
// is done once per key, not per request. Values are built from a snapshot
// of the key.
//
// The last key served is compared by pointer first: with a Store, every
// request between two reloads takes that path, which is one atomic load.
// Other keys (a host whose Source picks a tenant's snapshot per request)
// are found in a map keyed by weak pointers, so the cache never keeps a
// key alive: when the host drops one, the garbage collector reclaims it
// and a cleanup removes its entry. The only strong reference is to the
// last key served, which the host is serving anyway.
type weakCache[K, T any] struct {
	build func(*theming.Snapshot) (T, error)
	last  atomic.Pointer[lastEntry[K, T]]
	tab   *weakTable[K, T] // separate, so that the cleanups reach it but not last
}

type lastEntry[K, T any] struct {
	key *K
	val T
}

type weakTable[K, T any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[K]]*slot[T]
}

type slot[T any] struct {
	once sync.Once
	val  T
	err  error
}

func newWeakCache[K, T any](build func(*theming.Snapshot) (T, error)) *weakCache[K, T] {
	return &weakCache[K, T]{build: build, tab: &weakTable[K, T]{m: make(map[weak.Pointer[K]]*slot[T])}}
}

// get returns the value for key, building it from s (a snapshot that key
// belongs to) on first use; concurrent first requests build once. The
// value must not refer to key or s, or they would never be reclaimed. A
// failed build is tried again by the next request.
func (c *weakCache[K, T]) get(key *K, s *theming.Snapshot) (T, error) {
	if l := c.last.Load(); l != nil && l.key == key {
		return l.val, nil
	}
	return c.getSlow(key, s)
}

func (c *weakCache[K, T]) getSlow(key *K, s *theming.Snapshot) (T, error) {
	wk := weak.Make(key)
	t := c.tab
	t.mu.Lock()
	sl, ok := t.m[wk]
	if !ok {
		sl = new(slot[T])
		t.m[wk] = sl
		runtime.AddCleanup(key, t.remove, wk)
	}
	t.mu.Unlock()
	sl.once.Do(func() { sl.val, sl.err = c.build(s) })
	if sl.err != nil {
		t.mu.Lock()
		if t.m[wk] == sl {
			delete(t.m, wk) // try again next time
		}
		t.mu.Unlock()
		var zero T
		return zero, sl.err
	}
	c.last.Store(&lastEntry[K, T]{key: key, val: sl.val})
	return sl.val, nil
}

// remove forgets a reclaimed key.
func (t *weakTable[K, T]) remove(key weak.Pointer[K]) {
	t.mu.Lock()
	delete(t.m, key)
	t.mu.Unlock()
}

// len returns the number of keys in the table (for tests).
func (t *weakTable[K, T]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

// unescapeHTML returns compact JSON from encoding/json with the HTML
// escapes it writes (\u003c, \u003e and \u0026) turned back into <, >
// and &, as DRF's JSONRenderer writes them: JSON served as
// application/json with nosniff is never parsed as HTML. Other escapes,
// \u2028 and \u2029 among them (which DRF escapes too), stay. b is
// returned as is when it has none.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+6 <= len(b) {
			switch string(b[i+2 : i+6]) {
			case "003c":
				out = append(out, '<')
				i += 5
				continue
			case "003e":
				out = append(out, '>')
				i += 5
				continue
			case "0026":
				out = append(out, '&')
				i += 5
				continue
			}
		}
		out = append(out, b[i], b[i+1]) // an escape pair, \\ included
		i++
	}
	return out
}

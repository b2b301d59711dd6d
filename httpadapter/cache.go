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
	charge   *charge // the cache entry the doc's forms are charged to; nil for none
	indent   [httpwire.MaxIndent]atomic.Pointer[httpwire.Rep]
	page     atomic.Pointer[template.HTML]
	pages    pageTable
}

// newDoc makes the doc of a compact JSON body as theming encodes it,
// served with <, > and & as themselves (see unescapeHTML), its forms
// charged to ch as they are made.
func newDoc(compact []byte, compress bool, ch *charge) *doc {
	return &doc{compact: httpwire.NewChargedRep(unescapeHTML(compact), compress, ch.fn()), compress: compress, charge: ch}
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
	if rp := httpwire.NewChargedRep(bytes.Clone(b.Bytes()), d.compress, d.charge.fn()); !d.indent[n-1].CompareAndSwap(nil, rp) {
		d.charge.add(-httpwire.FormSize(rp.Body())) // another request's form is kept
	}
	return d.indent[n-1].Load()
}

// pageBody returns the document pretty-printed for the browsable page,
// with URLs as links.
func (d *doc) pageBody() template.HTML {
	if p := d.page.Load(); p != nil {
		return *p
	}
	p := markUp(d.indented(pageIndent).Body())
	if d.page.CompareAndSwap(nil, &p) {
		d.charge.add(len(p)) // the marked-up document, kept for the pages
	}
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
func (t *pageTable) rep(page []byte, docLen int, compress bool, ch *charge) *httpwire.Rep {
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
	rp := httpwire.NewChargedRep(bytes.Clone(page), true, ch.fn()) // kept: no spare capacity
	if t.m == nil {
		t.m = make(map[[sha256.Size]byte]*httpwire.Rep)
	}
	t.m[sum] = rp
	return rp
}

// weakCache holds what an endpoint derives from each key it has served
// (a snapshot, or the compiled catalog snapshots share), so that the work
// is done once per key, not per request. Values are built from a snapshot
// of the key, and charged to the adapter's budget (see budget) for the
// bytes they keep: past it, the entries used least lately are dropped, and
// built again when next asked for.
//
// The last key served is compared by pointer first: with a Store, every
// request between two reloads takes that path, which is one atomic load.
// Other keys (a host whose Source picks a tenant's snapshot per request)
// are found in a map keyed by weak pointers, so the cache never keeps a
// key alive: when the host drops one, the garbage collector reclaims it
// and a cleanup removes its entry. The only strong reference is to the
// last key served, which the host is serving anyway.
type weakCache[K, T any] struct {
	build  func(*theming.Snapshot, *charge) (T, error)
	budget *budget
	last   atomic.Pointer[lastEntry[K, T]]
	tab    *weakTable[K, T] // separate, so that the cleanups reach it but not last
}

type lastEntry[K, T any] struct {
	key *K
	sl  *slot[T]
}

type weakTable[K, T any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[K]]*slot[T]
}

type slot[T any] struct {
	once   sync.Once
	val    T
	err    error
	charge *charge
}

// newWeakCache returns a cache whose values build makes, charging the
// bytes they keep to the charge it is given; b is the budget they count
// against (nil: no bound).
func newWeakCache[K, T any](b *budget, build func(*theming.Snapshot, *charge) (T, error)) *weakCache[K, T] {
	return &weakCache[K, T]{build: build, budget: b, tab: &weakTable[K, T]{m: make(map[weak.Pointer[K]]*slot[T])}}
}

// get returns the value for key, building it from s (a snapshot that key
// belongs to) on first use; concurrent first requests build once. The
// value must not refer to key or s, or they would never be reclaimed. A
// failed build is tried again by the next request.
func (c *weakCache[K, T]) get(key *K, s *theming.Snapshot) (T, error) {
	if l := c.last.Load(); l != nil && l.key == key {
		l.sl.charge.touch()
		return l.sl.val, nil
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
		sl.charge = c.budget.newCharge(func() { c.drop(wk, sl) })
		t.m[wk] = sl
		runtime.AddCleanup(key, t.remove, wk)
	}
	t.mu.Unlock()
	sl.once.Do(func() { sl.val, sl.err = c.build(s, sl.charge) })
	if sl.err != nil {
		c.drop(wk, sl) // try again next time
		sl.charge.release()
		var zero T
		return zero, sl.err
	}
	sl.charge.touch()
	c.last.Store(&lastEntry[K, T]{key: key, sl: sl})
	return sl.val, nil
}

// drop forgets the entry sl of key wk, if it is still the one kept: when
// its build failed, or the budget evicted it. A request that holds its
// value goes on with it.
func (c *weakCache[K, T]) drop(wk weak.Pointer[K], sl *slot[T]) {
	t := c.tab
	t.mu.Lock()
	if t.m[wk] == sl {
		delete(t.m, wk)
	}
	t.mu.Unlock()
	if l := c.last.Load(); l != nil && l.sl == sl {
		c.last.CompareAndSwap(l, nil)
	}
}

// remove forgets a reclaimed key, and releases what its entry was charged.
func (t *weakTable[K, T]) remove(key weak.Pointer[K]) {
	t.mu.Lock()
	sl := t.m[key]
	delete(t.m, key)
	t.mu.Unlock()
	if sl != nil {
		sl.charge.release()
	}
}

// len returns the number of keys in the table (for tests).
func (t *weakTable[K, T]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

// budget bounds the bytes an adapter's caches keep, across every key and
// every handler: the bodies of documents, stylesheets and pages, identity
// and encoded, each charged to its cache entry as it is made. When a
// charge takes the total past max, entries are evicted in CLOCK order
// (the hand goes round the entries; one used since it last passed is
// spared once) until the total is back within max; an evicted entry is
// built again by its next request. The entry being charged is spared, so
// a single entry larger than the budget is kept while it is in use. A nil
// budget bounds nothing.
type budget struct {
	max     int64
	mu      sync.Mutex
	total   int64
	entries int     // in the ring
	ring    charge  // sentinel of the circular list of the charged entries
	hand    *charge // the next entry the clock looks at
}

// newBudget returns a budget of max bytes; nil when max is negative.
func newBudget(max int64) *budget {
	if max < 0 {
		return nil
	}
	b := &budget{max: max}
	b.ring.next, b.ring.prev = &b.ring, &b.ring
	b.hand = &b.ring
	return b
}

// charge is one cache entry's account in a budget: the bytes it keeps,
// whether it was used since the clock last passed it, and how to evict
// it. The zero charge and a nil one count nothing.
type charge struct {
	b          *budget
	evict      func()
	addFn      func(int) // add, made once for httpwire's representations
	used       atomic.Bool
	bytes      int64   // guarded by b.mu
	prev, next *charge // guarded by b.mu; nil while not in the ring
	gone       bool    // guarded by b.mu: evicted or released, charged no more
}

// newCharge returns the account of a new entry, evicted by evict; nil
// without a budget. A new entry counts as used: the clock passes it once
// before it may evict it.
func (b *budget) newCharge(evict func()) *charge {
	if b == nil {
		return nil
	}
	ch := &charge{b: b, evict: evict}
	ch.addFn = ch.add
	ch.used.Store(true)
	return ch
}

// fn returns ch.add as a function for httpwire's representations, or nil.
func (ch *charge) fn() func(int) {
	if ch == nil {
		return nil
	}
	return ch.addFn
}

// touch notes that the entry was used.
func (ch *charge) touch() {
	if ch != nil && !ch.used.Load() {
		ch.used.Store(true)
	}
}

// add charges n more bytes to the entry, and evicts others while the
// budget is exceeded.
func (ch *charge) add(n int) {
	if ch == nil {
		return
	}
	b := ch.b
	b.mu.Lock()
	if ch.gone {
		b.mu.Unlock()
		return
	}
	if ch.next == nil { // first charge: join the ring behind the hand
		ch.next, ch.prev = b.hand, b.hand.prev
		ch.prev.next, ch.next.prev = ch, ch
		b.entries++
	}
	ch.bytes += int64(n)
	b.total += int64(n)
	var victims []*charge
	for b.total > b.max {
		v := b.advance(ch)
		if v == nil {
			break
		}
		victims = append(victims, v)
	}
	b.mu.Unlock()
	for _, v := range victims {
		v.evict()
	}
}

// advance moves the hand to the next entry to evict, other than keep,
// and takes it out of the ring; nil when there is none. b.mu is held.
func (b *budget) advance(keep *charge) *charge {
	for range 2 * (b.entries + 1) { // twice round: every used mark cleared once
		c := b.hand
		b.hand = c.next
		if c == &b.ring || c == keep {
			continue
		}
		if c.used.Load() {
			c.used.Store(false)
			continue
		}
		b.unlink(c)
		return c
	}
	return nil
}

// unlink takes c out of the ring and the total, for good. b.mu is held.
func (b *budget) unlink(c *charge) {
	if c.next != nil {
		if b.hand == c {
			b.hand = c.next
		}
		c.prev.next, c.next.prev = c.next, c.prev
		c.next, c.prev = nil, nil
		b.entries--
	}
	b.total -= c.bytes
	c.bytes, c.gone = 0, true
}

// release gives back what the entry was charged: its key was reclaimed,
// or its build failed.
func (ch *charge) release() {
	if ch == nil {
		return
	}
	ch.b.mu.Lock()
	ch.b.unlink(ch)
	ch.b.mu.Unlock()
}

// charged returns the bytes charged in all (for tests).
func (b *budget) charged() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.total
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

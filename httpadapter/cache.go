package httpadapter

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/themekit/themekit/theming"
)

// rep is one representation, ready to write: its bytes, its strong
// entity tag and the header values that go with them.
type rep struct {
	body  []byte
	etag  string   // quoted
	hETag []string // {etag}
	hLen  []string // {len(body)}
}

func newRep(body []byte) *rep {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	return &rep{body: body, etag: etag, hETag: one(etag), hLen: one(strconv.Itoa(len(body)))}
}

// write answers r with the representation: 304 when If-None-Match
// matches its entity tag, else 200 with the body (none for HEAD). The
// caller has set every other header.
func (rp *rep) write(w http.ResponseWriter, r *http.Request, contentType []string) {
	h := w.Header()
	h["Etag"] = rp.hETag
	if noneMatch(r, rp.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = contentType
	h["Content-Length"] = rp.hLen
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(rp.body)
	}
}

// doc is one JSON document in every form it is served in: compact, each
// indent a client asks for, and the marked-up body of the browsable page.
// The compact form is made with the doc; the others on first use, then
// kept. Two requests racing to make the same form may both do the work;
// one result is kept.
type doc struct {
	compact *rep
	indent  [maxIndent]atomic.Pointer[rep]
	page    atomic.Pointer[template.HTML]
}

func newDoc(compact []byte) *doc { return &doc{compact: newRep(compact)} }

// indented returns the document indented by n spaces (0: compact).
func (d *doc) indented(n int) *rep {
	if n <= 0 {
		return d.compact
	}
	if r := d.indent[n-1].Load(); r != nil {
		return r
	}
	var b bytes.Buffer
	if err := json.Indent(&b, d.compact.body, "", strings.Repeat(" ", n)); err != nil {
		return d.compact // cannot happen: the compact form came from encoding/json
	}
	d.indent[n-1].CompareAndSwap(nil, newRep(b.Bytes()))
	return d.indent[n-1].Load()
}

// pageBody returns the document pretty-printed for the browsable page,
// with URLs as links.
func (d *doc) pageBody() template.HTML {
	if p := d.page.Load(); p != nil {
		return *p
	}
	p := markUp(d.indented(pageIndent).body)
	d.page.CompareAndSwap(nil, &p)
	return *d.page.Load()
}

// snapCache holds what an endpoint derives from each snapshot it has
// served, so that the work is done once per snapshot, not per request.
//
// The last snapshot served is compared by pointer first: with a Store,
// every request between two reloads takes that path, which is one atomic
// load. Other snapshots (a host whose Source picks a tenant's snapshot per
// request) are found in a map keyed by weak pointers, so the cache never
// keeps a snapshot alive: when the host drops one, the garbage collector
// reclaims it and a cleanup removes its entry. The only strong reference
// is to the last snapshot served, which the host is serving anyway.
type snapCache[T any] struct {
	build func(*theming.Snapshot) (T, error)
	last  atomic.Pointer[lastEntry[T]]
	tab   *snapTable[T] // separate, so that the cleanups reach it but not last
}

type lastEntry[T any] struct {
	snap *theming.Snapshot
	val  T
}

type snapTable[T any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[theming.Snapshot]]*slot[T]
}

type slot[T any] struct {
	once sync.Once
	val  T
	err  error
}

func newSnapCache[T any](build func(*theming.Snapshot) (T, error)) *snapCache[T] {
	return &snapCache[T]{build: build, tab: &snapTable[T]{m: make(map[weak.Pointer[theming.Snapshot]]*slot[T])}}
}

// get returns what build derives from s, building it on first use. The
// value must not refer to s, or s would never be reclaimed.
func (c *snapCache[T]) get(s *theming.Snapshot) (T, error) {
	if l := c.last.Load(); l != nil && l.snap == s {
		return l.val, nil
	}
	return c.getSlow(s)
}

func (c *snapCache[T]) getSlow(s *theming.Snapshot) (T, error) {
	key := weak.Make(s)
	t := c.tab
	t.mu.Lock()
	sl, ok := t.m[key]
	if !ok {
		sl = new(slot[T])
		t.m[key] = sl
		runtime.AddCleanup(s, t.remove, key)
	}
	t.mu.Unlock()
	sl.once.Do(func() { sl.val, sl.err = c.build(s) })
	if sl.err != nil {
		t.mu.Lock()
		if t.m[key] == sl {
			delete(t.m, key) // try again next time
		}
		t.mu.Unlock()
		var zero T
		return zero, sl.err
	}
	c.last.Store(&lastEntry[T]{snap: s, val: sl.val})
	return sl.val, nil
}

// remove forgets a reclaimed snapshot.
func (t *snapTable[T]) remove(key weak.Pointer[theming.Snapshot]) {
	t.mu.Lock()
	delete(t.m, key)
	t.mu.Unlock()
}

// len returns the number of snapshots in the table (for tests).
func (t *snapTable[T]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

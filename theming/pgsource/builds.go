package pgsource

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"math"
	"reflect"
	"slices"
	"sync"
	"weak"

	"github.com/themekit/themekit/theming"
)

// builds remembers, per tenant, the digest of the rows its last build
// read and the snapshot built from them, so that a re-check that reads
// the same rows returns the same *theming.Snapshot (and every document
// rendered from it stays cached). The snapshot is held weakly: one that
// the tenant source dropped is not kept alive, and its entry is swept.
type builds struct {
	mu      sync.Mutex
	m       map[string]*build
	sweepAt int // len(m) at which entries of dropped snapshots are swept
}

type build struct {
	sum     [sha256.Size]byte
	snap    weak.Pointer[theming.Snapshot]
	err     error // the build's problems, returned with snap
	changed bool  // the build replaced one of other rows, and no re-check has looked since
}

// reuse returns the snapshot built from rows that digest to sum, and the
// problems of that build, and notes that the rows were found unchanged;
// no snapshot when the tenant's last build read other rows or its
// snapshot is gone.
func (b *builds) reuse(tenant string, sum [sha256.Size]byte) (*theming.Snapshot, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.m[tenant]
	if e == nil || e.sum != sum {
		return nil, nil
	}
	snap := e.snap.Value()
	if snap == nil {
		return nil, nil
	}
	e.changed = false
	return snap, e.err
}

// put records that tenant's rows, digesting to sum, built snap with the
// problems err.
func (b *builds) put(tenant string, sum [sha256.Size]byte, snap *theming.Snapshot, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		b.m = map[string]*build{}
	}
	prev := b.m[tenant]
	b.m[tenant] = &build{sum: sum, snap: weak.Make(snap), err: err, changed: prev != nil && prev.sum != sum}
	if len(b.m) >= b.sweepAt {
		for name, e := range b.m {
			if e.snap.Value() == nil {
				delete(b.m, name)
			}
		}
		b.sweepAt = max(2*len(b.m), 1024)
	}
}

// forget drops what is known of tenant.
func (b *builds) forget(tenant string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, tenant)
}

// state says whether tenant has a snapshot built and still kept, and
// whether that build found the tenant's rows changed since the one before
// it (and no re-check has looked since).
func (b *builds) state(tenant string) (built, changed bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.m[tenant]; e != nil && e.snap.Value() != nil {
		return true, e.changed
	}
	return false, false
}

// same reports whether rows digesting to sum are those tenant's kept
// snapshot was built from, and if so notes that a re-check found them
// unchanged.
func (b *builds) same(tenant string, sum [sha256.Size]byte) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.m[tenant]
	if e == nil || e.sum != sum || e.snap.Value() == nil {
		return false
	}
	e.changed = false
	return true
}

// digest returns the SHA-256 of themes as read: every field of every
// theme, pointers followed (nil told apart from a pointer to ""), map
// entries in key order, each string and list preceded by its length. Two
// reads digest alike exactly when they hold the same values, whatever
// fields theming.Theme gains.
func digest(themes []theming.Theme) [sha256.Size]byte {
	d := digester{h: sha256.New()}
	d.value(reflect.ValueOf(themes))
	var sum [sha256.Size]byte
	copy(sum[:], d.h.Sum(nil))
	return sum
}

type digester struct {
	h   hash.Hash
	buf [binary.MaxVarintLen64]byte
}

func (d *digester) uint(n uint64) { d.h.Write(binary.AppendUvarint(d.buf[:0], n)) }

func (d *digester) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		d.uint(uint64(v.Len()))
		io.WriteString(d.h, v.String())
	case reflect.Bool:
		if v.Bool() {
			d.uint(1)
		} else {
			d.uint(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		d.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		d.uint(math.Float64bits(v.Float()))
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			d.uint(0)
			return
		}
		d.uint(1)
		d.value(v.Elem())
	case reflect.Slice, reflect.Array:
		d.uint(uint64(v.Len()))
		for i := range v.Len() {
			d.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			d.value(v.Field(i))
		}
	case reflect.Map:
		keys := v.MapKeys()
		text := func(k reflect.Value) string {
			if k.Kind() == reflect.String {
				return k.String()
			}
			return fmt.Sprint(k)
		}
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(text(a), text(b)) })
		d.uint(uint64(len(keys)))
		for _, k := range keys {
			d.value(k)
			d.value(v.MapIndex(k))
		}
	default: // a kind no row holds (func, chan, complex): its kind alone
		d.uint(uint64(v.Kind()))
	}
}

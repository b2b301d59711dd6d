package theming

import (
	"context"
	"sync/atomic"
)

// Store holds the current Snapshot behind an atomic pointer. Readers never
// lock and always see one whole snapshot. To reload, build the new
// snapshot first ([LoadFS], [Load] or [CompiledCatalog.Snapshot]) and
// [Store.Replace] the current one only when that succeeded: on an error the
// previous snapshot stays current. The zero Store is empty and ready to
// use.
type Store struct {
	cur atomic.Pointer[Snapshot]
}

var _ Source = (*Store)(nil)

// NewStore returns a Store holding s.
func NewStore(s *Snapshot) *Store {
	st := &Store{}
	st.cur.Store(s)
	return st
}

// Snapshot returns the current snapshot. It implements Source.
func (st *Store) Snapshot(context.Context) (*Snapshot, error) {
	if s := st.cur.Load(); s != nil {
		return s, nil
	}
	return nil, ErrNoSnapshot
}

// Current returns the current snapshot, or nil before the first load.
func (st *Store) Current() *Snapshot { return st.cur.Load() }

// Replace makes s the current snapshot and returns the previous one.
// A nil s is ignored.
func (st *Store) Replace(s *Snapshot) *Snapshot {
	if s == nil {
		return st.cur.Load()
	}
	return st.cur.Swap(s)
}

package theming

import (
	"context"
	"sync/atomic"
)

// Current holds the current Snapshot behind an atomic pointer: the
// [Source] of a program that loads its data itself. Readers never lock
// and always see one whole snapshot. To reload, build the new snapshot
// first ([LoadFS], [Load] or [CompiledCatalog.Snapshot]) and
// [Current.Replace] the current one only when that succeeded: on an error
// the previous snapshot stays current. The zero Current is empty and
// ready to use.
type Current struct {
	cur atomic.Pointer[Snapshot]
}

var _ Source = (*Current)(nil)

// NewCurrent returns a Current holding s.
func NewCurrent(s *Snapshot) *Current {
	st := &Current{}
	st.cur.Store(s)
	return st
}

// Snapshot returns the current snapshot. It implements Source.
func (st *Current) Snapshot(context.Context) (*Snapshot, error) {
	if s := st.cur.Load(); s != nil {
		return s, nil
	}
	return nil, ErrNoSnapshot
}

// Load returns the current snapshot, or nil before the first load.
func (st *Current) Load() *Snapshot { return st.cur.Load() }

// Replace makes s the current snapshot and returns the previous one.
// A nil s is ignored.
func (st *Current) Replace(s *Snapshot) *Snapshot {
	if s == nil {
		return st.cur.Load()
	}
	return st.cur.Swap(s)
}

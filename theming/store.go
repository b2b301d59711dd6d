package theming

import (
	"context"
	"io/fs"
	"sync/atomic"
)

// Store holds the current Snapshot behind an atomic pointer. Readers never
// lock and always see one whole snapshot; Reload replaces it only when the
// new data loads completely. The zero Store is empty and ready to use.
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

// Reload loads catalog.json and themes.json from fsys and, if they are
// valid, makes them current. On error the previous snapshot stays current
// and the error (a *ValidationError or an fs error) is returned.
func (st *Store) Reload(fsys fs.FS) error {
	s, err := LoadFS(fsys)
	if err != nil {
		return err
	}
	st.cur.Store(s)
	return nil
}

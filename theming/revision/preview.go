package revision

import (
	"container/list"
	"context"
	"sync"
	"weak"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// previewKey is the context key of WithPreview.
type previewKey struct{}

type preview struct{ themeID, n int }

// WithPreview returns a copy of ctx that asks for revision n of theme
// themeID in place of the live one: a source made by [Previewing] (the
// [Memory] store's, pgsource's) serves that request, through every
// endpoint, the theme's stylesheet and ThemeFor, the revision instead of
// the live theme, while every other request is served the live one. Who
// may preview is the host's decision: its middleware calls WithPreview
// for the requests of the admins it lets preview, as it calls tenant.With.
func WithPreview(ctx context.Context, themeID, n int) context.Context {
	return context.WithValue(ctx, previewKey{}, preview{themeID, n})
}

// PreviewFrom returns the preview [WithPreview] put in ctx.
func PreviewFrom(ctx context.Context) (themeID, n int, ok bool) {
	p, ok := ctx.Value(previewKey{}).(preview)
	return p.themeID, p.n, ok
}

// MaxPreviews bounds the preview snapshots a source made by [Previewing]
// keeps; past it, the least recently used is dropped, and built again
// on its next request.
const MaxPreviews = 64

// Previewing returns a [theming.Source] that serves the snapshot live
// gives, and to a request whose context carries a preview ([WithPreview])
// that snapshot with the previewed revision in place of its theme
// ([theming.Snapshot.Preview]): marked as a preview, so httpadapter
// serves it private, no-store, and the live snapshot, its documents and
// their ETags, untouched. find reads revision n of a tenant's theme,
// returning an error wrapping [ErrUnknownRevision] when there is none;
// tenantOf names a request's tenant (nil: [tenant.FromContext], "" when
// there is none), as live does.
//
// A preview's snapshot is built once per live snapshot and revision, and
// kept (at most [MaxPreviews] of them), so that repeated requests of the
// previewer share its rendered documents; when the live snapshot changes,
// the next preview request builds it again on the new one.
func Previewing(live theming.Source, tenantOf func(context.Context) (string, error),
	find func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error)) theming.Source {
	if tenantOf == nil {
		tenantOf = func(ctx context.Context) (string, error) {
			name, _ := tenant.FromContext(ctx)
			return name, nil
		}
	}
	return &previews{live: live, tenantOf: tenantOf, find: find, byKey: map[previewEntryKey]*list.Element{}}
}

type previews struct {
	live     theming.Source
	tenantOf func(context.Context) (string, error)
	find     func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error)

	mu    sync.Mutex
	lru   list.List // of *previewEntry, the most recently used first
	byKey map[previewEntryKey]*list.Element
}

type previewEntryKey struct {
	tenant     string
	themeID, n int
}

type previewEntry struct {
	key  previewEntryKey
	base weak.Pointer[theming.Snapshot] // the live snapshot snap was built on
	snap *theming.Snapshot
}

// Snapshot implements theming.Source.
func (p *previews) Snapshot(ctx context.Context) (*theming.Snapshot, error) {
	live, err := p.live.Snapshot(ctx)
	themeID, n, ok := PreviewFrom(ctx)
	if err != nil || !ok {
		return live, err
	}
	name, err := p.tenantOf(ctx)
	if err != nil {
		return nil, err
	}
	key := previewEntryKey{name, themeID, n}
	if snap := p.cached(key, live); snap != nil {
		return snap, nil
	}
	t, err := p.find(ctx, name, themeID, n)
	if err != nil {
		return nil, err
	}
	snap, err := live.Preview(t)
	if err != nil {
		return nil, err
	}
	p.put(key, live, snap)
	return snap, nil
}

// cached returns the preview of key built on live, or nil.
func (p *previews) cached(key previewEntryKey, live *theming.Snapshot) *theming.Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := p.byKey[key]
	if el == nil {
		return nil
	}
	e := el.Value.(*previewEntry)
	if e.base.Value() != live {
		return nil
	}
	p.lru.MoveToFront(el)
	return e.snap
}

// put keeps snap as the preview of key on live.
func (p *previews) put(key previewEntryKey, live, snap *theming.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := &previewEntry{key: key, base: weak.Make(live), snap: snap}
	if el := p.byKey[key]; el != nil {
		el.Value = e
		p.lru.MoveToFront(el)
		return
	}
	p.byKey[key] = p.lru.PushFront(e)
	for p.lru.Len() > MaxPreviews {
		old := p.lru.Back()
		delete(p.byKey, old.Value.(*previewEntry).key)
		p.lru.Remove(old)
	}
}

package revision

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"sync"
	"weak"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// previewKey is the context key of WithPreview.
type previewKey struct{}

// preview is what a request's context asks to preview. WithPreview's is
// strict: a revision that does not exist is the Source's error. The
// one of [PreviewMiddleware] carries the token's outcome (state): a
// preview that cannot be served is served live, and state says why.
type preview struct {
	themeID, n int
	active     bool          // false: the token was refused (state says why)
	state      *previewState // nil for WithPreview
}

// previewState is what became of a preview token: nil while it
// previews, else why the request is served live. The handlers of a
// request may ask the Source from several goroutines.
type previewState struct {
	mu  sync.Mutex
	err error
}

func (s *previewState) refuse(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

func (s *previewState) refused() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// WithPreview returns a copy of ctx that asks for revision n of theme
// themeID in place of the live one: a source made by [PreviewSource] (the
// [Memory] store's, pgsource's) serves that request, through every
// endpoint, the theme's stylesheet and ThemeFor, the revision instead of
// the live theme, while every other request is served the live one. A
// revision that does not exist is the source's error, wrapping
// [ErrUnknownRevision] (httpadapter's 404). Who may preview is the
// host's decision: its middleware calls WithPreview for the requests of
// the admins it lets preview, as it calls tenant.With, or leaves it to
// [PreviewMiddleware], which applies signed tokens and serves a preview
// that cannot be served as live.
func WithPreview(ctx context.Context, themeID, n int) context.Context {
	return context.WithValue(ctx, previewKey{}, preview{themeID: themeID, n: n, active: true})
}

// PreviewFrom returns the preview ctx asks for ([WithPreview], or a
// token [PreviewMiddleware] applied); false when it asks for none, or
// when its token was refused or its revision could not be served
// ([PreviewError] says why).
func PreviewFrom(ctx context.Context) (themeID, n int, ok bool) {
	p, ok := ctx.Value(previewKey{}).(preview)
	if !ok || !p.active || p.state.refused() != nil {
		return 0, 0, false
	}
	return p.themeID, p.n, true
}

// PreviewError returns why a request that carried a preview token is
// served the live theme: the token's *[TokenError], or, once the source
// was asked, the error of a revision it could not serve (one wrapping
// [ErrUnknownRevision], or the *theming.ValidationError of a revision
// today's catalog refuses). It is nil for a request that previews, and
// for one that carried no token. A host page asks for the theme first
// (httpadapter's ThemeFor), then shows PreviewError beside it.
func PreviewError(ctx context.Context) error {
	p, _ := ctx.Value(previewKey{}).(preview)
	return p.state.refused()
}

// MaxPreviews bounds the preview snapshots a source made by [PreviewSource]
// keeps; past it, the least recently used is dropped, and built again
// on its next request.
const MaxPreviews = 64

// PreviewSource returns a [theming.Source] that serves the snapshot live
// gives, and to a request whose context carries a preview ([WithPreview])
// that snapshot with the previewed revision in place of its theme
// ([theming.Snapshot.Preview]): marked as a preview, so httpadapter
// serves it private, no-store, and the live snapshot, its documents and
// their ETags, untouched. find reads revision n of a tenant's theme,
// returning an error wrapping [ErrUnknownRevision] when there is none;
// tenantOf names a request's tenant (nil: [tenant.FromContext], "" when
// there is none), as live does.
//
// A preview asked for by a token ([PreviewMiddleware]) that cannot be
// served, because find reports no such revision (ErrUnknownRevision) or
// today's catalog refuses the revision (a *theming.ValidationError), is
// served the live snapshot, and [PreviewError] says why; one asked for
// by [WithPreview] gets the error.
//
// A preview's snapshot is built once per live snapshot and revision, and
// kept (at most [MaxPreviews] of them), so that repeated requests of the
// previewer share its rendered documents; when the live snapshot changes,
// the next preview request builds it again on the new one. A snapshot
// built again for a revision (past MaxPreviews, or on a new live
// snapshot) costs a read of the revision and its resolution, not its
// stylesheet: httpadapter keeps what it serves a preview by the
// previewed theme's content, within its byte budget, so the variant the
// solver works out is worked out once per revision and catalog.
func PreviewSource(live theming.Source, tenantOf func(context.Context) (string, error),
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
	snap, err := p.build(ctx, live, key)
	if err != nil {
		// A token's preview that cannot be served is served live.
		var ve *theming.ValidationError
		st := ctx.Value(previewKey{}).(preview).state
		if st == nil || !(errors.Is(err, ErrUnknownRevision) || errors.As(err, &ve)) {
			return nil, err
		}
		st.refuse(err)
		return live, nil
	}
	p.put(key, live, snap)
	return snap, nil
}

// build returns the preview of key on live: the revision in place of its
// theme. A revision that today's catalog refuses is an error saying so,
// wrapping its *theming.ValidationError.
func (p *previews) build(ctx context.Context, live *theming.Snapshot, key previewEntryKey) (*theming.Snapshot, error) {
	t, err := p.find(ctx, key.tenant, key.themeID, key.n)
	if err != nil {
		return nil, err
	}
	snap, err := live.Preview(t)
	if err != nil {
		return nil, fmt.Errorf("revision: theme %d, revision %d no longer validates: %w", key.themeID, key.n, err)
	}
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

package revision

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
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
// [ErrUnknownRevision], the *theming.ValidationError of a revision
// today's catalog refuses, or one wrapping [ErrTooManyPreviews] when its
// tenant's requests built more previews than the source allows). It is
// nil for a request that previews, and for one that carried no token. A
// host page asks for the theme first (httpadapter's ThemeFor), then shows
// PreviewError beside it.
func PreviewError(ctx context.Context) error {
	p, _ := ctx.Value(previewKey{}).(preview)
	return p.state.refused()
}

// MaxPreviews bounds the preview snapshots a source made by [PreviewSource]
// keeps; past it, the least recently used is dropped, and built again
// on its next request. It is also the number of preview snapshots a
// tenant's requests may build at once: past it, one a second
// ([ErrTooManyPreviews]).
const MaxPreviews = 64

// previewBuildEvery is how often a tenant that has built [MaxPreviews]
// preview snapshots at once may build another.
const previewBuildEvery = time.Second

// ErrTooManyPreviews is wrapped by the error for a preview a source made
// by [PreviewSource] does not build, because its tenant's requests built
// [MaxPreviews] preview snapshots at once and then one a second. It
// wraps [theming.ErrNoSnapshot], so that httpadapter answers a
// [WithPreview] request refused so with 503 and Retry-After; a token's
// request is served the live theme instead ([PreviewError]).
var ErrTooManyPreviews error = tooManyPreviews{}

type tooManyPreviews struct{}

func (tooManyPreviews) Error() string { return "revision: too many previews built for the tenant" }
func (tooManyPreviews) Unwrap() error { return theming.ErrNoSnapshot }

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
// served, because find reports no such revision (ErrUnknownRevision),
// today's catalog refuses the revision (a *theming.ValidationError) or
// its tenant is over the bound below ([ErrTooManyPreviews]), is served
// the live snapshot, and [PreviewError] says why; one asked for by
// [WithPreview] gets the error.
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
//
// What a tenant's previews cost is bounded by their builds, not their
// requests: a tenant's requests may build MaxPreviews preview snapshots
// at once, and then one a second (a token bucket per tenant), whatever
// the number of drafts they cycle. A kept preview is served whatever
// the bound, so an admin who previews a few drafts at a time never meets
// it; a requester cycling more drafts than are kept is served the live
// theme for the drafts it would have built, and so costs what a live
// request costs, not a read and a resolution a request.
func PreviewSource(live theming.Source, tenantOf func(context.Context) (string, error),
	find func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error)) theming.Source {
	if tenantOf == nil {
		tenantOf = func(ctx context.Context) (string, error) {
			name, _ := tenant.FromContext(ctx)
			return name, nil
		}
	}
	return &previews{live: live, tenantOf: tenantOf, find: find, now: time.Now,
		byKey: map[previewEntryKey]*list.Element{}, builds: map[string]time.Time{}}
}

type previews struct {
	live     theming.Source
	tenantOf func(context.Context) (string, error)
	find     func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error)

	now func() time.Time // the clock the builds are bounded by

	mu    sync.Mutex
	lru   list.List // of *previewEntry, the most recently used first
	byKey map[previewEntryKey]*list.Element
	// builds bounds each tenant's builds (allow): the time at which its
	// bucket of MaxPreviews builds is full again, for the tenants whose
	// bucket is not full.
	builds  map[string]time.Time
	sweepAt int // the size of builds at which the full buckets are dropped
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
		if st == nil || !(errors.Is(err, ErrUnknownRevision) || errors.Is(err, ErrTooManyPreviews) || errors.As(err, &ve)) {
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
	if wait, ok := p.allow(key.tenant); !ok {
		return nil, fmt.Errorf("%w: theme %d, revision %d not built; the next build in %v", ErrTooManyPreviews, key.themeID, key.n, wait.Round(time.Millisecond))
	}
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

// allow takes one build from tenant's bucket of MaxPreviews builds,
// refilled one every previewBuildEvery (GCRA: the bucket is the time at
// which it is full again); false, and the time until the next build is
// allowed, when it is empty.
func (p *previews) allow(tenant string) (wait time.Duration, ok bool) {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	full := p.builds[tenant]
	if full.Before(now) {
		full = now
	}
	full = full.Add(previewBuildEvery)
	if over := full.Sub(now) - MaxPreviews*previewBuildEvery; over > 0 {
		return over, false
	}
	p.builds[tenant] = full
	if len(p.builds) >= p.sweepAt {
		// A full bucket is no bucket: dropped, so that the map holds the
		// tenants that built in the last minute, not every tenant ever.
		for name, t := range p.builds {
			if !t.After(now) {
				delete(p.builds, name)
			}
		}
		p.sweepAt = max(64, 2*len(p.builds))
	}
	return 0, true
}

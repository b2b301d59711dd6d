package revision

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// Memory is a [Store] in memory, and the [theming.Source] that serves
// each tenant's live revisions, and previews ([WithPreview]), to the
// requests whose context names the tenant ([tenant.With]): for tests, a
// single process, and a host's reference when it writes a store of its
// own. A tenant exists once a theme of it was saved; until one of its
// themes is published it is served the catalog's defaults
// ([tenant.DefaultTheme]). Revisions are kept as their JSON encoding, as
// a database would keep them, so what History and the source return
// shares no memory with what was saved.
//
// Use [NewMemory]. A Memory is safe for concurrent use.
type Memory struct {
	cc     *theming.CompiledCatalog
	policy contrast.Policy
	src    *tenant.Source
	serve  theming.Source // src with previews

	mu      sync.Mutex
	tenants map[string]map[int]*memTheme
}

// memTheme is one theme's revisions, oldest first, and the live one.
type memTheme struct {
	revs []memRevision
	live int
}

// memRevision is a revision with its theme encoded.
type memRevision struct {
	Revision // without Theme and Live
	theme    []byte
}

var (
	_ Store          = (*Memory)(nil)
	_ theming.Source = (*Memory)(nil)
)

// NewMemory returns an empty store whose revisions are checked against
// cc and published only when they pass the policy publish.
func NewMemory(cc *theming.CompiledCatalog, publish contrast.Policy) *Memory {
	m := &Memory{cc: cc, policy: publish, tenants: map[string]map[int]*memTheme{}}
	m.src = tenant.NewSource(tenant.Options{Load: m.load})
	m.serve = Previewing(m.src, nil, func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error) {
		r, err := m.Revision(ctx, tenant, themeID, n)
		return r.Theme, err
	})
	return m
}

// Snapshot implements [theming.Source]: the snapshot of the live
// revisions of the tenant [tenant.FromContext] names, or, for a request
// that previews a revision ([WithPreview]), that snapshot with the
// revision in place of its theme. An unknown tenant is an error wrapping
// theming.ErrUnknownTenant; a preview of a revision that does not exist
// one wrapping [ErrUnknownRevision].
func (m *Memory) Snapshot(ctx context.Context) (*theming.Snapshot, error) {
	return m.serve.Snapshot(ctx)
}

// load builds a tenant's snapshot from its live revisions.
func (m *Memory) load(_ context.Context, name string) (*theming.Snapshot, error) {
	m.mu.Lock()
	themes, ok := m.tenants[name]
	var live []theming.Theme
	for _, th := range themes {
		if th.live > 0 {
			live = append(live, decodeTheme(th.revs[th.live-1].theme))
		}
	}
	m.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("revision: no tenant %q: %w", name, theming.ErrUnknownTenant)
	}
	return m.cc.SnapshotLenient(live)
}

// Save implements [Store].
func (m *Memory) Save(_ context.Context, name string, t theming.Theme, base int, by Change) (Revision, error) {
	if name == "" {
		return Revision{}, fmt.Errorf("revision: no tenant named: %w", theming.ErrUnknownTenant)
	}
	if err := m.cc.CheckTheme(t); err != nil {
		return Revision{}, err
	}
	enc := encodeTheme(t)
	m.mu.Lock()
	themes, known := m.tenants[name]
	if !known {
		themes = map[int]*memTheme{}
		m.tenants[name] = themes
	}
	th := themes[t.ID]
	if th == nil {
		th = &memTheme{}
		themes[t.ID] = th
	}
	if newest := len(th.revs); base != newest {
		m.mu.Unlock()
		return Revision{}, &ConflictError{ThemeID: t.ID, Op: "save", From: base, Now: newest}
	}
	prev := theming.Theme{ID: t.ID}
	if base > 0 {
		prev = decodeTheme(th.revs[base-1].theme)
	}
	r := Revision{ThemeID: t.ID, Number: base + 1, Change: by, Saved: now(), Changes: Diff(prev, decodeTheme(enc))}
	th.revs = append(th.revs, memRevision{Revision: r, theme: enc})
	m.mu.Unlock()
	if !known {
		m.src.Invalidate(name) // forget that it was unknown
	}
	r.Theme = decodeTheme(enc)
	return r, nil
}

// Publish implements [Store]. The revision is judged outside the lock,
// and published only if live is still the live revision then.
func (m *Memory) Publish(ctx context.Context, name string, themeID, n, live int, by Change) error {
	r, err := m.Revision(ctx, name, themeID, n)
	if err != nil {
		return err
	}
	if err := m.checkLive(name, themeID, live); err != nil {
		return err
	}
	if err := CheckPublish(m.cc, m.policy, r.Theme, n); err != nil {
		return err
	}
	m.mu.Lock()
	if err := m.checkLiveLocked(name, themeID, live); err != nil {
		m.mu.Unlock()
		return err
	}
	th := m.tenants[name][themeID]
	th.live = n
	th.revs[n-1].Published, th.revs[n-1].PublishedBy = now(), by
	m.mu.Unlock()
	m.src.Invalidate(name)
	return nil
}

func (m *Memory) checkLive(name string, themeID, live int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.checkLiveLocked(name, themeID, live)
}

// checkLiveLocked returns the conflict when live is not the theme's live
// revision. m.mu must be held.
func (m *Memory) checkLiveLocked(name string, themeID, live int) error {
	if now := m.tenants[name][themeID].live; now != live {
		return &ConflictError{ThemeID: themeID, Op: "publish", From: live, Now: now}
	}
	return nil
}

// History implements [Store].
func (m *Memory) History(_ context.Context, name string, themeID int) ([]Revision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	th := m.tenants[name][themeID]
	if th == nil {
		return nil, nil
	}
	out := make([]Revision, 0, len(th.revs))
	for _, mr := range slices.Backward(th.revs) {
		out = append(out, th.revision(mr))
	}
	return out, nil
}

// Revision returns revision n of a tenant's theme; an error wrapping
// [ErrUnknownRevision] when there is none.
func (m *Memory) Revision(_ context.Context, name string, themeID, n int) (Revision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	th := m.tenants[name][themeID]
	if th == nil || n < 1 || n > len(th.revs) {
		return Revision{}, fmt.Errorf("%w: theme %d has no revision %d", ErrUnknownRevision, themeID, n)
	}
	return th.revision(th.revs[n-1]), nil
}

// revision returns mr as a Revision of th, its theme decoded.
func (th *memTheme) revision(mr memRevision) Revision {
	r := mr.Revision
	r.Theme = decodeTheme(mr.theme)
	r.Live = r.Number == th.live
	r.Changes = slices.Clone(r.Changes)
	return r
}

// LeftOut returns the themes the tenants' loads left out: none, since
// every revision was checked when it was saved, on the one catalog.
func (m *Memory) LeftOut() []tenant.LeftOut { return m.src.LeftOut() }

// encodeTheme and decodeTheme keep a theme as its JSON record, as a
// database keeps it: a Theme always encodes, and decodes from its own
// encoding.
func encodeTheme(t theming.Theme) []byte {
	b, _ := json.Marshal(t)
	return b
}

func decodeTheme(b []byte) theming.Theme {
	var t theming.Theme
	_ = json.Unmarshal(b, &t)
	return t
}

// now is the time of a save or a publish, at the microsecond a
// PostgreSQL timestamptz keeps, so the stores agree.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

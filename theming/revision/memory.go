package revision

import (
	"context"
	"encoding/json"
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
// own. A tenant exists once [Memory.CreateTenant] made it; until one of
// its themes is published it is served the catalog's defaults
// ([tenant.DefaultTheme]). Revisions are kept as their JSON encoding, as
// a database would keep them, so what History and the source return
// shares no memory with what was saved. Nothing changes what it serves
// but its own methods, so its Publish never finds a change made past it.
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

// memTheme is one theme's revisions, oldest first, the live one, and its
// log, oldest first.
type memTheme struct {
	revs    []memRevision
	live    int
	deleted bool
	log     []Publication
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

// NewMemory returns a store without tenants whose revisions are checked
// against cc and published only when they pass the policy publish.
func NewMemory(cc *theming.CompiledCatalog, publish contrast.Policy) *Memory {
	m := &Memory{cc: cc, policy: publish, tenants: map[string]map[int]*memTheme{}}
	m.src = tenant.NewSource(tenant.Options{Load: m.load})
	m.serve = PreviewSource(m.src, nil, func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error) {
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
		return nil, UnknownTenant(name)
	}
	return m.cc.SnapshotLenient(live)
}

// CreateTenant implements [Store].
func (m *Memory) CreateTenant(_ context.Context, name string) error {
	if err := CheckTenant(name); err != nil {
		return err
	}
	m.mu.Lock()
	_, exists := m.tenants[name]
	if !exists {
		m.tenants[name] = map[int]*memTheme{}
	}
	m.mu.Unlock()
	if exists {
		return TenantExists(name)
	}
	m.src.Invalidate(name) // forget that it was unknown
	return nil
}

// themes returns the tenant's themes, or the error for a tenant the
// store does not have. m.mu must be held.
func (m *Memory) themes(name string) (map[int]*memTheme, error) {
	themes, ok := m.tenants[name]
	if !ok {
		return nil, UnknownTenant(name)
	}
	return themes, nil
}

// saved returns the theme's revisions, or the error for a tenant the
// store does not have or a theme never saved. m.mu must be held.
func (m *Memory) saved(name string, themeID int) (*memTheme, error) {
	themes, err := m.themes(name)
	if err != nil {
		return nil, err
	}
	th := themes[themeID]
	if th == nil {
		return nil, UnknownRevision(themeID, 0)
	}
	return th, nil
}

// Save implements [Store].
func (m *Memory) Save(_ context.Context, name string, t theming.Theme, base int, by Change) (Revision, error) {
	if err := CheckSave(m.cc, t, by); err != nil {
		return Revision{}, err
	}
	enc := encodeTheme(t)
	m.mu.Lock()
	defer m.mu.Unlock()
	themes, err := m.themes(name)
	if err != nil {
		return Revision{}, err
	}
	th := themes[t.ID]
	if th == nil {
		th = &memTheme{}
	}
	if th.deleted {
		return Revision{}, Deleted(t.ID)
	}
	if newest := len(th.revs); base != newest {
		return Revision{}, &ConflictError{ThemeID: t.ID, Op: "save", From: base, Now: newest}
	}
	prev := theming.Theme{ID: t.ID}
	if base > 0 {
		prev = decodeTheme(th.revs[base-1].theme)
	}
	r := Revision{ThemeID: t.ID, Number: base + 1, Change: by, Saved: now(), Changes: Diff(prev, decodeTheme(enc))}
	th.revs = append(th.revs, memRevision{Revision: r, theme: enc})
	themes[t.ID] = th
	r.Theme = decodeTheme(enc)
	r.Changes = slices.Clone(r.Changes)
	return r, nil
}

// Publish implements [Store]. The revision is judged outside the lock,
// and published only if live is still the live revision then.
func (m *Memory) Publish(_ context.Context, name string, themeID, n, live int, by Change) error {
	if err := by.Check(); err != nil {
		return err
	}
	m.mu.Lock()
	th, err := m.saved(name, themeID)
	if err == nil && (n < 1 || n > len(th.revs)) {
		err = UnknownRevision(themeID, n)
	}
	if err == nil {
		err = th.changeable("publish", live)
	}
	if err != nil || n == th.live {
		m.mu.Unlock()
		return err // nil: n is live already
	}
	t := decodeTheme(th.revs[n-1].theme)
	m.mu.Unlock()

	if err := CheckPublish(m.cc, m.policy, t, n); err != nil {
		return err
	}
	m.mu.Lock()
	if err := th.changeable("publish", live); err != nil {
		m.mu.Unlock()
		return err
	}
	th.record(ActionPublish, n, by)
	m.mu.Unlock()
	m.src.Invalidate(name)
	return nil
}

// changeable returns the error of a change of th from the live revision
// live: its deletion, or a conflict. m.mu must be held.
func (th *memTheme) changeable(op string, live int) error {
	if th.deleted {
		return Deleted(th.themeID())
	}
	if live != th.live {
		return &ConflictError{ThemeID: th.themeID(), Op: op, From: live, Now: th.live}
	}
	return nil
}

func (th *memTheme) themeID() int { return th.revs[0].ThemeID }

// record makes revision to live (0: none) and logs it. m.mu must be
// held.
func (th *memTheme) record(a Action, to int, by Change) {
	th.log = append(th.log, Publication{ThemeID: th.themeID(), Seq: len(th.log) + 1, Action: a,
		From: th.live, To: to, Change: by, At: now()})
	th.live = to
	if a == ActionDelete {
		th.deleted = true
	}
}

// Archive implements [Store].
func (m *Memory) Archive(_ context.Context, name string, themeID, live int, by Change) error {
	return m.takeDown(name, themeID, live, by, ActionArchive)
}

// Delete implements [Store].
func (m *Memory) Delete(_ context.Context, name string, themeID, live int, by Change) error {
	return m.takeDown(name, themeID, live, by, ActionDelete)
}

// takeDown archives or deletes a theme.
func (m *Memory) takeDown(name string, themeID, live int, by Change, a Action) error {
	if err := by.Check(); err != nil {
		return err
	}
	m.mu.Lock()
	th, err := m.saved(name, themeID)
	if err == nil {
		err = th.changeable(string(a), live)
	}
	if err != nil || (a == ActionArchive && th.live == 0) {
		m.mu.Unlock()
		return err // nil: archived already
	}
	th.record(a, 0, by)
	m.mu.Unlock()
	m.src.Invalidate(name)
	return nil
}

// Head implements [Store].
func (m *Memory) Head(_ context.Context, name string, themeID int) (Head, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	themes, err := m.themes(name)
	if err != nil {
		return Head{}, err
	}
	th := themes[themeID]
	if th == nil {
		return Head{}, nil
	}
	return Head{Newest: len(th.revs), Live: th.live, Deleted: th.deleted}, nil
}

// Revision implements [Store].
func (m *Memory) Revision(_ context.Context, name string, themeID, n int) (Revision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	th, err := m.saved(name, themeID)
	if err != nil {
		return Revision{}, err
	}
	if n < 1 || n > len(th.revs) {
		return Revision{}, UnknownRevision(themeID, n)
	}
	return th.revision(th.revs[n-1]), nil
}

// History implements [Store].
func (m *Memory) History(_ context.Context, name string, themeID int, page Page) ([]Revision, error) {
	return listPage(m, name, themeID, page, func(th *memTheme) []memRevision { return th.revs }, (*memTheme).revision)
}

// Log implements [Store].
func (m *Memory) Log(_ context.Context, name string, themeID int, page Page) ([]Publication, error) {
	return listPage(m, name, themeID, page, func(th *memTheme) []Publication { return th.log },
		func(_ *memTheme, p Publication) Publication { return p })
}

// listPage returns page of the theme's entries (of gives them, numbered
// from 1 in order, oldest first), newest first, each as out makes it;
// none for a theme never saved.
func listPage[E, R any](m *Memory, name string, themeID int, page Page, of func(*memTheme) []E, out func(*memTheme, E) R) ([]R, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	themes, err := m.themes(name)
	if err != nil {
		return nil, err
	}
	th := themes[themeID]
	if th == nil {
		return nil, nil
	}
	all := of(th)
	below, limit := page.Range()
	end := min(len(all), below-1)
	var list []R
	for _, e := range slices.Backward(all[max(end-limit, 0):end]) {
		list = append(list, out(th, e))
	}
	return list, nil
}

// LiveAt implements [Store].
func (m *Memory) LiveAt(_ context.Context, name string, themeID int, at time.Time) (Publication, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	themes, err := m.themes(name)
	if err != nil {
		return Publication{}, err
	}
	if th := themes[themeID]; th != nil {
		for _, p := range slices.Backward(th.log) {
			if !p.At.After(at) {
				return p, nil
			}
		}
	}
	return Publication{}, nil
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

// Package revisiontest checks an implementation of [revision.Store], and
// the source that serves what it publishes, against their contract, as
// testing/fstest checks a file system: the module's own stores
// ([revision.Memory], pgsource's Revisions) pass it, and a host whose
// revisions live in storage of its own runs it in its tests:
//
//	func TestMyStore(t *testing.T) {
//		revisiontest.TestStore(t, func(t *testing.T) revisiontest.Env {
//			return revisiontest.Env{Store: ..., Source: ..., Tenant: ..., Catalog: cc}
//		})
//	}
//
// It covers saves, publishes and their conflicts (under concurrent
// goroutines too), the policy's refusal, Head, Revision, History and the
// log a bounded page at a time, LiveAt, rollback, previews, the bounds of
// a Change and of a theme, numbers and tenant names no theme, revision or
// tenant can have, the tenants' and themes' lifecycle (CreateTenant,
// Archive, Delete) and, for a store whose served data can be changed past
// it (Env.Outside), that such a change is found, recorded and never
// silently reverted. Each failure names the call and what it broke.
package revisiontest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// Env is one store under test and the source that serves what it
// publishes.
type Env struct {
	// Store is the store under test.
	Store revision.Store
	// Source serves the live revisions of the requests' tenant, and
	// previews ([revision.WithPreview]), as httpadapter will ask it.
	Source theming.Source
	// Tenant names a tenant the store does not have yet, and no other
	// Env of the run uses: TestStore creates it ([revision.Store.CreateTenant])
	// and saves themes 1 to 3 of it; the names Tenant+"-" followed by
	// letters are its too, created and looked up by the tenant
	// lifecycle's subtest.
	Tenant string
	// Catalog is the catalog the store checks themes against, and Policy
	// the one it publishes under.
	Catalog *theming.CompiledCatalog
	Policy  contrast.Policy
	// Context returns the context of a request for Tenant, derived from
	// ctx; nil means tenant.With(ctx, Tenant).
	Context func(ctx context.Context) context.Context
	// Settle is the longest the Source may take to serve what was
	// published (a database notification's delay); 0 means 5 s.
	Settle time.Duration
	// Outside, if set, changes what the Source serves of the tenant's
	// theme themeID past the store, as plain SQL changes a database's
	// rows: it writes t (the suite's themes set a name, a default flag
	// and colors only), or, when t is nil, deletes the theme. The
	// subtest of changes made past the store runs only with it; a store
	// whose served data only its own methods change leaves it nil.
	Outside func(ctx context.Context, tenant string, themeID int, t *theming.Theme) error
}

// TestStore checks the store and source that open returns against the
// contract of [revision.Store] and of previews, in subtests: each calls
// open for an Env of its own (a new tenant suffices). The themes it saves
// are built from Env.Catalog: its defaults, fixed under Env.Policy if they
// fail it, and a copy that makes one contrast rule compare a color with
// itself, which no policy passes.
func TestStore(t *testing.T, open func(t *testing.T) Env) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, s *suite)
	}{
		{"a save stores the next revision, not yet live", testSave},
		{"a theme CheckTheme refuses is not saved", testSaveInvalid},
		{"a theme that fails contrast is saved, and its publish refused with the audit", testRefused},
		{"a publish is served, marked live and logged once", testPublish},
		{"a save from a revision that is not the newest is a conflict", testSaveConflict},
		{"a publish made while another revision went live is a conflict, found before the policy", testPublishConflict},
		{"a stale publish of a revision the policy refuses is a conflict, not a refusal", testStaleRefused},
		{"of concurrent saves from one revision exactly one is stored", testConcurrentSaves},
		{"of concurrent publishes from one live revision exactly one is made", testConcurrentPublishes},
		{"history lists the revisions newest first with their authors and field changes", testHistory},
		{"rolling back publishes an older revision, and logs it", testRollback},
		{"a preview is seen by the previewing request alone", testPreview},
		{"a preview is private, no-store, and leaves the live ETags as they were", testPreviewHTTP},
		{"a revision that does not exist is neither published nor previewed", testUnknown},
		{"Head gives the newest and the live revision without reading them", testHead},
		{"Revision reads one revision as History lists it", testRevision},
		{"History and Log are read a bounded page at a time", testPages},
		{"the publish log keeps every publish, and LiveAt says what was live and who made it so", testLog},
		{"a Change over its bounds, not UTF-8 or with a NUL is refused by every method", testChangeBounds},
		{"a theme no store keeps as it is is refused at its field", testThemeBounds},
		{"numbers no theme or revision can have name none", testNumbers},
		{"a tenant is created once, and one never created is unknown to every method", testTenants},
		{"an archived theme is not served, keeps its history, and a publish serves it again", testArchive},
		{"a deleted theme is served by no one, live in no history, and takes no change", testDelete},
		{"a change made past the store is found by the next publish, recorded, and not reverted", testOutside},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.run(t, newSuite(t, open(t)))
		})
	}
}

// suite is one subtest's Env and the themes it saves.
type suite struct {
	Env
	good, bad theming.Theme // theme 1: passes the policy; fails it
	ctx       context.Context
}

func newSuite(t *testing.T, env Env) *suite {
	t.Helper()
	if env.Store == nil || env.Source == nil || env.Catalog == nil {
		t.Fatal("revisiontest: Env needs a Store, a Source and a Catalog")
	}
	if env.Context == nil {
		env.Context = func(ctx context.Context) context.Context { return tenant.With(ctx, env.Tenant) }
	}
	if env.Settle <= 0 {
		env.Settle = 5 * time.Second
	}
	s := &suite{Env: env, ctx: env.Context(context.Background())}
	if err := env.Store.CreateTenant(s.ctx, env.Tenant); err != nil {
		t.Fatalf("CreateTenant(%q): %v", env.Tenant, err)
	}
	s.good = theming.Theme{ID: 1, Name: "revisiontest good"}
	e := fix.New(env.Catalog)
	if rep, err := e.AuditTheme(s.good, env.Policy); err != nil {
		t.Fatalf("revisiontest: auditing the catalog's defaults: %v", err)
	} else if !rep.OK() {
		fixed, _, err := e.FixTheme(s.good, fix.FixOptions{Policy: env.Policy})
		if err != nil {
			t.Fatalf("revisiontest: the catalog's defaults fail the policy and cannot be fixed: %v", err)
		}
		s.good = fixed
	}
	s.bad = failing(t, env.Catalog, env.Policy, s.good)
	return s
}

// failing returns good with one contrast rule's component set to the
// color of its target, opaque, in the light scheme: a ratio of 1.
func failing(t *testing.T, cc *theming.CompiledCatalog, p contrast.Policy, good theming.Theme) theming.Theme {
	t.Helper()
	snap, err := cc.Snapshot([]theming.Theme{good})
	if err != nil {
		t.Fatalf("revisiontest: the passing theme does not validate: %v", err)
	}
	rt, _ := snap.Theme(good.ID)
	e := fix.New(cc)
	for _, comp := range cc.Catalog().Components {
		for _, tg := range comp.ContrastAgainst {
			c, ok := rt.Color(theming.Light, tg.Value)
			if comp.Hidden || tg.Type != theming.TargetComponent || !ok || !c.Opaque() {
				continue
			}
			bad := good
			bad.Name = "revisiontest failing"
			bad.Colors = maps.Clone(good.Colors)
			bad.SetOverride(comp.ID, theming.Light, c.String())
			if rep, err := e.AuditTheme(bad, p); err == nil && !rep.OK() {
				return bad
			}
		}
	}
	t.Fatal("revisiontest: the catalog has no contrast rule between two visible components that a theme can fail")
	return theming.Theme{}
}

var (
	alice = revision.Change{Author: "alice", Note: "first draft"}
	bob   = revision.Change{Author: "bob", Note: "a second look"}
)

// save saves th from base and fails the test on an error.
func (s *suite) save(t *testing.T, th theming.Theme, base int, by revision.Change) revision.Revision {
	t.Helper()
	r, err := s.Store.Save(s.ctx, s.Tenant, th, base, by)
	if err != nil {
		t.Fatalf("Save(theme %d, base %d): %v", th.ID, base, err)
	}
	if r.ThemeID != th.ID || r.Number != base+1 || r.Live || r.Change != by || r.Saved.IsZero() {
		t.Fatalf("Save(theme %d, base %d) = revision %d of theme %d, live %t, by %+v, saved %v; want revision %d, not live, by %+v, a save time",
			th.ID, base, r.Number, r.ThemeID, r.Live, r.Change, r.Saved, base+1, by)
	}
	return r
}

// publish publishes revision n over live and fails the test on an error.
func (s *suite) publish(t *testing.T, themeID, n, live int) {
	t.Helper()
	if err := s.Store.Publish(s.ctx, s.Tenant, themeID, n, live, bob); err != nil {
		t.Fatalf("Publish(theme %d, revision %d, live %d): %v", themeID, n, live, err)
	}
}

// history returns the theme's whole history (a page of MaxLimit
// revisions: the suite saves fewer, but in testPages) and fails the test
// on an error.
func (s *suite) history(t *testing.T, themeID int) []revision.Revision {
	t.Helper()
	h, err := s.Store.History(s.ctx, s.Tenant, themeID, revision.Page{Limit: revision.MaxLimit})
	if err != nil {
		t.Fatalf("History(theme %d): %v", themeID, err)
	}
	return h
}

// head returns the theme's Head and fails the test on an error.
func (s *suite) head(t *testing.T, themeID int) revision.Head {
	t.Helper()
	h, err := s.Store.Head(s.ctx, s.Tenant, themeID)
	if err != nil {
		t.Fatalf("Head(theme %d): %v", themeID, err)
	}
	return h
}

// log returns the theme's publish log, newest first, and fails the test
// on an error.
func (s *suite) log(t *testing.T, themeID int) []revision.Publication {
	t.Helper()
	l, err := s.Store.Log(s.ctx, s.Tenant, themeID, revision.Page{Limit: revision.MaxLimit})
	if err != nil {
		t.Fatalf("Log(theme %d): %v", themeID, err)
	}
	return l
}

// live returns the number of the revision History marks live, 0 for none,
// failing the test when more than one is, or when Head says another.
func (s *suite) live(t *testing.T, themeID int) int {
	t.Helper()
	n := 0
	for _, r := range s.history(t, themeID) {
		if r.Live {
			if n != 0 {
				t.Fatalf("History(theme %d) marks revisions %d and %d live", themeID, n, r.Number)
			}
			n = r.Number
		}
	}
	if h := s.head(t, themeID); h.Live != n {
		t.Fatalf("Head(theme %d).Live = %d, but History marks revision %d live", themeID, h.Live, n)
	}
	return n
}

// served returns the name of theme id in the snapshot the Source gives
// ctx, "" when it has none.
func (s *suite) served(t *testing.T, ctx context.Context, id int) string {
	t.Helper()
	snap, err := s.Source.Snapshot(ctx)
	if err != nil {
		if errors.Is(err, theming.ErrUnknownTenant) {
			return ""
		}
		t.Fatalf("Source.Snapshot: %v", err)
	}
	if rt, ok := snap.Theme(id); ok {
		return rt.Name()
	}
	return ""
}

// awaitServed waits, up to Settle, until the Source serves theme id under
// name.
func (s *suite) awaitServed(t *testing.T, id int, name string) {
	t.Helper()
	deadline := time.Now().Add(s.Settle)
	for {
		got := s.served(t, s.ctx, id)
		if got == name {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Source serves theme %d as %q %v after the publish; want %q", id, got, s.Settle, name)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// named returns th renamed.
func named(th theming.Theme, name string) theming.Theme {
	th.Name = name
	return th
}

func testSave(t *testing.T, s *suite) {
	r := s.save(t, s.good, 0, alice)
	if r.Theme.Name != s.good.Name {
		t.Errorf("Save returned theme %q; want the theme saved, %q", r.Theme.Name, s.good.Name)
	}
	if h := s.history(t, 1); len(h) != 1 || h[0].Number != 1 || h[0].Live {
		t.Errorf("History after one save = %d revisions; want revision 1, not live", len(h))
	}
	if got := s.served(t, s.ctx, 1); got == s.good.Name {
		t.Errorf("the Source serves a revision that was saved and never published")
	}
	if h := s.history(t, 2); len(h) != 0 {
		t.Errorf("History(theme never saved) = %d revisions; want none", len(h))
	}
	same := s.save(t, s.good, r.Number, alice)
	if h := s.history(t, 1); len(h) != 2 || len(h[0].Changes) != 0 || len(same.Changes) != 0 {
		t.Errorf("a save that changes nothing: History has %d revisions, the newest with changes %v; want 2, none", len(h), h[0].Changes)
	}
}

func testSaveInvalid(t *testing.T, s *suite) {
	bad := named(s.good, "revisiontest invalid")
	bad.Colors = map[string]theming.PerScheme{"no-such-component": {Light: "hsl(0, 0%, 0%)"}}
	_, err := s.Store.Save(s.ctx, s.Tenant, bad, 0, alice)
	var ve *theming.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Save(a theme naming an unknown component) = %v; want CheckTheme's *theming.ValidationError", err)
	}
	if want := s.Catalog.CheckTheme(bad).Error(); ve.Error() != want {
		t.Errorf("Save's error is %q; want CheckTheme's, %q", ve, want)
	}
	if h := s.history(t, 1); len(h) != 0 {
		t.Errorf("History after a refused save = %d revisions; want none", len(h))
	}
}

func testRefused(t *testing.T, s *suite) {
	r := s.save(t, s.bad, 0, alice)
	err := s.Store.Publish(s.ctx, s.Tenant, 1, r.Number, 0, bob)
	var re *revision.RefusedError
	if !errors.As(err, &re) || !errors.Is(err, revision.ErrRefused) {
		t.Fatalf("Publish(a revision failing the policy) = %v; want a *revision.RefusedError wrapping ErrRefused", err)
	}
	want, _ := fix.New(s.Catalog).AuditTheme(s.bad, s.Policy)
	if re.Report == nil || re.Report.Failed != want.Failed || re.ThemeID != 1 || re.Number != r.Number {
		t.Errorf("the refusal carries theme %d, revision %d, %v; want theme 1, revision %d and the audit with %d failures",
			re.ThemeID, re.Number, re.Report, r.Number, want.Failed)
	}
	if n := s.live(t, 1); n != 0 {
		t.Errorf("after a refused publish revision %d is live; want none", n)
	}
}

func testPublish(t *testing.T, s *suite) {
	r := s.save(t, s.good, 0, alice)
	s.publish(t, 1, r.Number, 0)
	s.awaitServed(t, 1, s.good.Name)
	h := s.history(t, 1)
	if len(h) != 1 || !h[0].Live {
		t.Errorf("History after the publish = %+v; want revision 1 live", h)
	}
	l := s.log(t, 1)
	if len(l) != 1 || l[0].Action != revision.ActionPublish || l[0].From != 0 || l[0].To != 1 || l[0].Change != bob || l[0].At.IsZero() || l[0].Seq != 1 {
		t.Fatalf("Log after the publish = %+v; want one entry, seq 1: publish from 0 to 1 by %+v, at a time", l, bob)
	}
	// Publishing the live revision again is a no-op: the log keeps the
	// publish that made it live.
	if err := s.Store.Publish(s.ctx, s.Tenant, 1, r.Number, r.Number, revision.Change{Author: "mallory", Note: "again"}); err != nil {
		t.Errorf("Publish(the live revision) = %v; want nil, a no-op", err)
	}
	if again := s.log(t, 1); len(again) != 1 || again[0] != l[0] {
		t.Errorf("Log after publishing the live revision again = %+v; want it unchanged, %+v", again, l)
	}
}

func testSaveConflict(t *testing.T, s *suite) {
	s.save(t, s.good, 0, alice)
	for _, base := range []int{0, 2, 7} {
		_, err := s.Store.Save(s.ctx, s.Tenant, named(s.good, "revisiontest late"), base, bob)
		var ce *revision.ConflictError
		if !errors.As(err, &ce) || !errors.Is(err, revision.ErrConflict) {
			t.Errorf("Save(base %d) when revision 1 is the newest = %v; want a *revision.ConflictError", base, err)
			continue
		}
		if ce.Op != "save" || ce.From != base || ce.Now != 1 || ce.ThemeID != 1 {
			t.Errorf("the conflict says %+v; want op save, theme 1, from %d, now 1", *ce, base)
		}
	}
	if h := s.history(t, 1); len(h) != 1 {
		t.Errorf("History after conflicting saves = %d revisions; want 1", len(h))
	}
}

func testPublishConflict(t *testing.T, s *suite) {
	r1 := s.save(t, s.good, 0, alice)
	r2 := s.save(t, named(s.good, "revisiontest second"), r1.Number, alice)
	s.publish(t, 1, r1.Number, 0)
	for _, live := range []int{0, 2} {
		err := s.Store.Publish(s.ctx, s.Tenant, 1, r2.Number, live, bob)
		var ce *revision.ConflictError
		if !errors.As(err, &ce) {
			t.Errorf("Publish(revision 2, live %d) when revision 1 is live = %v; want a *revision.ConflictError", live, err)
			continue
		}
		if ce.Op != "publish" || ce.From != live || ce.Now != 1 {
			t.Errorf("the conflict says %+v; want op publish, from %d, now 1", *ce, live)
		}
	}
	if n := s.live(t, 1); n != 1 {
		t.Errorf("after conflicting publishes revision %d is live; want 1", n)
	}
	// The conflict is found before the policy: a stale publish of a
	// revision that fails it is a conflict, not a refusal.
	r3 := s.save(t, s.bad, r2.Number, alice)
	err := s.Store.Publish(s.ctx, s.Tenant, 1, r3.Number, 0, bob)
	if !errors.Is(err, revision.ErrConflict) || errors.Is(err, revision.ErrRefused) {
		t.Errorf("Publish(a failing revision, from a stale live revision) = %v; want a conflict, before the policy's refusal", err)
	}
}

// race runs n calls of f at once and returns how many returned nil, and
// the errors of the others that do not wrap ErrConflict.
func race(n int, f func(i int) error) (won int, other []error) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = f(i)
		})
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, revision.ErrConflict):
			other = append(other, err)
		}
	}
	return won, other
}

const racers = 8

func testConcurrentSaves(t *testing.T, s *suite) {
	r := s.save(t, s.good, 0, alice)
	won, other := race(racers, func(i int) error {
		_, err := s.Store.Save(s.ctx, s.Tenant, named(s.good, fmt.Sprint("revisiontest racer ", i)), r.Number, bob)
		return err
	})
	if won != 1 || len(other) > 0 {
		t.Errorf("%d saves from revision 1 at once: %d stored, other errors %v; want 1 stored, the rest ErrConflict", racers, won, other)
	}
	if h := s.history(t, 1); len(h) != 2 {
		t.Errorf("History after the race = %d revisions; want 2", len(h))
	}
}

func testConcurrentPublishes(t *testing.T, s *suite) {
	base := 0
	for i := range racers {
		base = s.save(t, named(s.good, fmt.Sprint("revisiontest candidate ", i)), base, alice).Number
	}
	won, other := race(racers, func(i int) error {
		return s.Store.Publish(s.ctx, s.Tenant, 1, i+1, 0, bob)
	})
	if won != 1 || len(other) > 0 {
		t.Errorf("%d publishes over no live revision at once: %d made, other errors %v; want 1 made, the rest ErrConflict", racers, won, other)
	}
	n := s.live(t, 1)
	if n == 0 {
		t.Fatal("after the race no revision is live")
	}
	s.awaitServed(t, 1, fmt.Sprint("revisiontest candidate ", n-1))
}

func testHistory(t *testing.T, s *suite) {
	first := s.good
	logo := "themes/1/logo.png"
	second := named(first, "revisiontest renamed")
	second.Colors = maps.Clone(first.Colors) // SetField writes the map in place
	second.Logo = &logo
	second.LogoSite = &theming.ImagePair{Original: &logo}
	field, comp := colorField(t, s)
	before, _ := first.Field(field)
	if err := second.SetField(field, comp); err != nil {
		t.Fatal(err)
	}
	s.save(t, first, 0, alice)
	s.save(t, second, 1, bob)
	h := s.history(t, 1)
	if len(h) != 2 || h[0].Number != 2 || h[1].Number != 1 {
		t.Fatalf("History = %d revisions, numbers %v; want 2 then 1", len(h), numbers(h))
	}
	if h[0].Change != bob || h[1].Change != alice {
		t.Errorf("History's authors: %+v, %+v; want %+v, %+v", h[0].Change, h[1].Change, bob, alice)
	}
	if h[0].Theme.Name != second.Name || h[0].Theme.Logo == nil || *h[0].Theme.Logo != logo {
		t.Errorf("History's newest theme: name %q, logo %v; want the theme saved", h[0].Theme.Name, h[0].Theme.Logo)
	}
	want := []revision.FieldChange{
		{Field: field, From: before, To: comp},
		{Field: "name", From: first.Name, To: second.Name},
		{Field: "logo", From: "", To: logo},
		{Field: "logo_site.original", From: "", To: logo},
	}
	if got := h[0].Changes; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("revision 2's changes = %v; want %v", got, want)
	}
	if got := h[1].Changes; len(got) == 0 || !hasField(got, "name") {
		t.Errorf("revision 1's changes = %v; want every field it sets, the name among them", got)
	}
	if !h[1].Saved.After(time.Time{}) || h[0].Saved.Before(h[1].Saved) {
		t.Errorf("save times %v, %v; want the newest not before the older", h[0].Saved, h[1].Saved)
	}
}

// colorField returns a color field of a visible component, other than
// the page background, that the good theme does not override, and the
// component's own light fallback to set it to: a valid edit that changes
// no color.
func colorField(t *testing.T, s *suite) (field, to string) {
	t.Helper()
	cat := s.Catalog.Catalog()
	for _, c := range cat.Components {
		if _, set := s.good.Colors[c.ID]; !c.Hidden && !set && c.ID != cat.PageBackground {
			return theming.FieldName(c.ID, theming.Light), c.Fallback.Light
		}
	}
	t.Fatal("revisiontest: the catalog has no component the theme leaves alone")
	return "", ""
}

func numbers(h []revision.Revision) []int {
	var out []int
	for _, r := range h {
		out = append(out, r.Number)
	}
	return out
}

func hasField(cs []revision.FieldChange, field string) bool {
	for _, c := range cs {
		if c.Field == field {
			return true
		}
	}
	return false
}

func testRollback(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, "revisiontest v1"), 0, alice)
	r2 := s.save(t, named(s.good, "revisiontest v2"), r1.Number, alice)
	s.publish(t, 1, r1.Number, 0)
	s.publish(t, 1, r2.Number, r1.Number)
	s.awaitServed(t, 1, "revisiontest v2")
	s.publish(t, 1, r1.Number, r2.Number)
	s.awaitServed(t, 1, "revisiontest v1")
	if n := s.live(t, 1); n != r1.Number {
		t.Errorf("after the rollback revision %d is live; want %d", n, r1.Number)
	}
	if h := s.history(t, 1); len(h) != 2 {
		t.Errorf("a rollback added revisions: History has %d; want 2", len(h))
	}
	l := s.log(t, 1)
	want := [][2]int{{2, 1}, {1, 2}, {0, 1}}
	if len(l) != len(want) {
		t.Fatalf("Log after publish, publish, rollback = %+v; want 3 entries", l)
	}
	for i, w := range want {
		if l[i].Action != revision.ActionPublish || l[i].From != w[0] || l[i].To != w[1] || l[i].Seq != len(want)-i {
			t.Errorf("Log[%d] = %+v; want seq %d, a publish from %d to %d", i, l[i], len(want)-i, w[0], w[1])
		}
	}
}

func testPreview(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, "revisiontest live"), 0, alice)
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, "revisiontest live")
	r2 := s.save(t, named(s.bad, "revisiontest draft"), r1.Number, alice)
	previewing := revision.WithPreview(s.ctx, 1, r2.Number)
	if got := s.served(t, previewing, 1); got != "revisiontest draft" {
		t.Errorf("the previewing request is served theme 1 as %q; want the draft, revision %d", got, r2.Number)
	}
	snap, err := s.Source.Snapshot(previewing)
	if err != nil {
		t.Fatalf("Source.Snapshot(previewing): %v", err)
	}
	if rt, err := snap.ChooseTheme(0); err != nil || rt.ID() != 1 {
		t.Errorf("the preview chooses %v, %v for a user without a preference; want the previewed theme", rt, err)
	}
	if id, ok := snap.Previewing(); !ok || id != 1 {
		t.Errorf("the preview's snapshot is not marked as a preview of theme 1 (Previewing = %d, %t)", id, ok)
	}
	if got := s.served(t, s.ctx, 1); got != "revisiontest live" {
		t.Errorf("a request without the preview is served %q; want the live revision", got)
	}
	if n := s.live(t, 1); n != r1.Number {
		t.Errorf("after a preview revision %d is live; want %d", n, r1.Number)
	}
}

func testPreviewHTTP(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, "revisiontest live"), 0, alice)
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, "revisiontest live")
	r2 := s.save(t, named(s.good, "revisiontest draft"), r1.Number, alice)
	a := httpadapter.New(httpadapter.Options{Source: s.Source})
	get := func(h http.Handler, path string, preview bool) *httptest.ResponseRecorder {
		ctx := s.ctx
		if preview {
			ctx = revision.WithPreview(ctx, 1, r2.Number)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodGet, path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s (preview %t) = %d %s", path, preview, rec.Code, rec.Body)
		}
		return rec
	}
	for _, ep := range []struct {
		path string
		h    http.Handler
	}{{"/api/v2/theme/config/", a}, {"/api/v2/theme/colors/", a}, {"/api/v2/theme/", a}, {"/theme.css", a.Stylesheet()}} {
		live := get(ep.h, ep.path, false)
		prev := get(ep.h, ep.path, true)
		if cc := prev.Header().Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("GET %s previewing: Cache-Control %q; want private, no-store", ep.path, cc)
		}
		if !strings.Contains(prev.Body.String(), "revisiontest draft") || strings.Contains(live.Body.String(), "revisiontest draft") {
			t.Errorf("GET %s: the preview does not show the draft, or the live response does", ep.path)
		}
		again := get(ep.h, ep.path, false)
		if e1, e2 := live.Header().Get("ETag"), again.Header().Get("ETag"); e1 == "" || e1 != e2 || again.Body.String() != live.Body.String() {
			t.Errorf("GET %s: the live ETag went from %s to %s across a preview; want it unchanged", ep.path, e1, e2)
		}
	}
	req := httptest.NewRequestWithContext(revision.WithPreview(s.ctx, 1, r2.Number), http.MethodGet, "/", nil)
	if rt, err := a.ThemeFor(req); err != nil || rt.Name() != "revisiontest draft" {
		t.Errorf("ThemeFor(previewing) = %v, %v; want the draft", rt, err)
	}
}

func testUnknown(t *testing.T, s *suite) {
	r1 := s.save(t, s.good, 0, alice)
	for _, n := range []int{0, 2} {
		if err := s.Store.Publish(s.ctx, s.Tenant, 1, n, 0, bob); !errors.Is(err, revision.ErrUnknownRevision) {
			t.Errorf("Publish(theme 1, revision %d) with one revision saved = %v; want an error wrapping ErrUnknownRevision", n, err)
		}
	}
	if err := s.Store.Publish(s.ctx, s.Tenant, 3, 1, 0, bob); !errors.Is(err, revision.ErrUnknownRevision) {
		t.Errorf("Publish(a theme never saved) = %v; want an error wrapping ErrUnknownRevision", err)
	}
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, s.good.Name)
	_, err := s.Source.Snapshot(revision.WithPreview(s.ctx, 1, 9))
	if !errors.Is(err, revision.ErrUnknownRevision) || httpadapter.StatusFor(err) != http.StatusNotFound {
		t.Errorf("Source.Snapshot(a preview of revision 9) = %v; want an error wrapping ErrUnknownRevision (a 404)", err)
	}
}

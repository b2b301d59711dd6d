package revisiontest

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

func testTenants(t *testing.T, s *suite) {
	if err := s.Store.CreateTenant(s.ctx, s.Tenant); !errors.Is(err, revision.ErrTenantExists) {
		t.Errorf("CreateTenant(a tenant that exists) = %v; want ErrTenantExists", err)
	}
	fresh := s.Tenant + "-racer"
	won, other := race(racers, func(int) error { return s.Store.CreateTenant(s.ctx, fresh) })
	var exists int
	for _, err := range other {
		if errors.Is(err, revision.ErrTenantExists) {
			exists++
		}
	}
	if won != 1 || exists != racers-1 {
		t.Errorf("%d creations of one tenant at once: %d made, errors %v; want 1 made, the rest ErrTenantExists", racers, won, other)
	}
	if _, err := s.Store.Save(s.ctx, fresh, s.good, 0, alice); err != nil {
		t.Errorf("Save(a theme of the tenant just created) = %v", err)
	}

	for _, name := range []string{"", "ac\x00me", "\xffacme", strings.Repeat("a", tenant.MaxNameLen+1)} {
		err := s.Store.CreateTenant(s.ctx, name)
		var ie *revision.InputError
		if !errors.As(err, &ie) || ie.Field != "tenant" || err.Error() != revision.CheckTenant(name).Error() {
			t.Errorf("CreateTenant(%.20q) = %v; want CheckTenant's *revision.InputError", name, err)
		}
	}

	// A tenant never created, and names no tenant can have, are unknown
	// to every method, and the Source.
	for _, name := range []string{s.Tenant + "-never", "", "ac\x00me", "\xffacme", strings.Repeat("a", tenant.MaxNameLen+1)} {
		for _, call := range unknownCalls(s, name) {
			if err := call.call(); !errors.Is(err, theming.ErrUnknownTenant) {
				t.Errorf("%s of the tenant %.20q = %v; want an error wrapping theming.ErrUnknownTenant", call.name, name, err)
			}
		}
	}
	if _, err := s.Source.Snapshot(tenant.With(context.Background(), s.Tenant+"-never")); !errors.Is(err, theming.ErrUnknownTenant) {
		t.Errorf("Source.Snapshot(a tenant never created) = %v; want theming.ErrUnknownTenant", err)
	}
}

type call struct {
	name string
	call func() error
}

// unknownCalls are a call of every method for the tenant name.
func unknownCalls(s *suite, name string) []call {
	ctx := s.ctx
	return []call{
		{"Save", func() error { _, err := s.Store.Save(ctx, name, s.good, 0, alice); return err }},
		{"Publish", func() error { return s.Store.Publish(ctx, name, 1, 1, 0, alice) }},
		{"Archive", func() error { return s.Store.Archive(ctx, name, 1, 0, alice) }},
		{"Delete", func() error { return s.Store.Delete(ctx, name, 1, 0, alice) }},
		{"Head", func() error { _, err := s.Store.Head(ctx, name, 1); return err }},
		{"Revision", func() error { _, err := s.Store.Revision(ctx, name, 1, 1); return err }},
		{"History", func() error { _, err := s.Store.History(ctx, name, 1, revision.Page{}); return err }},
		{"Log", func() error { _, err := s.Store.Log(ctx, name, 1, revision.Page{}); return err }},
		{"LiveAt", func() error { _, err := s.Store.LiveAt(ctx, name, 1, time.Now()); return err }},
	}
}

// servedName is the name under which testArchive and testDelete serve theme
// 1 before they take it down: a name the catalog's default theme
// (served to a tenant without themes) does not have.
const servedName = "revisiontest served"

// awaitGone waits, up to Settle, until the Source no longer serves theme
// id under name.
func (s *suite) awaitGone(t *testing.T, id int, name string) {
	t.Helper()
	deadline := time.Now().Add(s.Settle)
	for s.served(t, s.ctx, id) == name {
		if time.Now().After(deadline) {
			t.Fatalf("the Source still serves theme %d as %q %v after it was taken down", id, name, s.Settle)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func testArchive(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, servedName), 0, alice)
	r2 := s.save(t, named(s.good, "revisiontest draft"), r1.Number, alice)
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, servedName)

	var ce *revision.ConflictError
	if err := s.Store.Archive(s.ctx, s.Tenant, 1, 0, bob); !errors.As(err, &ce) || ce.Op != "archive" || ce.Now != r1.Number {
		t.Errorf("Archive(from a stale live revision) = %v; want an archive conflict, now %d", err, r1.Number)
	}
	carol := revision.Change{Author: "carol", Note: "season over"}
	if err := s.Store.Archive(s.ctx, s.Tenant, 1, r1.Number, carol); err != nil {
		t.Fatalf("Archive: %v", err)
	}
	s.awaitGone(t, 1, servedName)
	if h := s.head(t, 1); h != (revision.Head{Newest: r2.Number}) {
		t.Errorf("Head after the archive = %+v; want newest %d, none live", h, r2.Number)
	}
	if n := s.live(t, 1); n != 0 || len(s.history(t, 1)) != 2 {
		t.Errorf("History after the archive: revision %d live of %d; want none live of 2", n, len(s.history(t, 1)))
	}
	l := s.log(t, 1)
	if len(l) != 2 || l[0].Action != revision.ActionArchive || l[0].From != r1.Number || l[0].To != 0 || l[0].Change != carol {
		t.Fatalf("Log after the archive = %+v; want the archive from %d by carol on the publish", l, r1.Number)
	}
	if err := s.Store.Archive(s.ctx, s.Tenant, 1, 0, carol); err != nil || len(s.log(t, 1)) != 2 {
		t.Errorf("Archive(an archived theme) = %v, with %d log entries; want a no-op, 2", err, len(s.log(t, 1)))
	}
	// A draft may be saved while archived; a publish serves it again.
	r3 := s.save(t, named(s.good, "revisiontest back"), r2.Number, alice)
	s.publish(t, 1, r3.Number, 0)
	s.awaitServed(t, 1, "revisiontest back")
	if l := s.log(t, 1); len(l) != 3 || l[0].Action != revision.ActionPublish || l[0].From != 0 || l[0].To != r3.Number {
		t.Errorf("Log after the publish that restored it = %+v; want a publish from 0 to %d", l, r3.Number)
	}
}

func testDelete(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, servedName), 0, alice)
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, servedName)
	r2 := s.save(t, named(s.good, "revisiontest draft"), r1.Number, alice)

	var ce *revision.ConflictError
	if err := s.Store.Delete(s.ctx, s.Tenant, 1, r2.Number, bob); !errors.As(err, &ce) || ce.Op != "delete" || ce.From != r2.Number || ce.Now != r1.Number {
		t.Errorf("Delete(from a stale live revision) = %v; want a delete conflict from %d, now %d", err, r2.Number, r1.Number)
	}
	dave := revision.Change{Author: "dave", Note: "brand retired"}
	if err := s.Store.Delete(s.ctx, s.Tenant, 1, r1.Number, dave); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	s.awaitGone(t, 1, servedName)
	if h := s.head(t, 1); h != (revision.Head{Newest: r2.Number, Deleted: true}) {
		t.Errorf("Head after the delete = %+v; want newest %d, none live, deleted", h, r2.Number)
	}
	h := s.history(t, 1)
	if len(h) != 2 {
		t.Errorf("History after the delete = %d revisions; want the 2 saved, kept", len(h))
	}
	if n := s.live(t, 1); n != 0 {
		t.Errorf("History after the delete marks revision %d live; want none", n)
	}
	l := s.log(t, 1)
	if len(l) != 2 || l[0].Action != revision.ActionDelete || l[0].From != r1.Number || l[0].To != 0 || l[0].Change != dave {
		t.Errorf("Log after the delete = %+v; want the delete from %d by dave on the publish", l, r1.Number)
	}
	if p, err := s.Store.LiveAt(s.ctx, s.Tenant, 1, time.Now().Add(time.Hour)); err != nil || p.To != 0 || p.Action != revision.ActionDelete {
		t.Errorf("LiveAt(after the delete) = %+v, %v; want the delete: nothing live", p, err)
	}
	if r, err := s.Store.Revision(s.ctx, s.Tenant, 1, r1.Number); err != nil || r.Live {
		t.Errorf("Revision(%d) of the deleted theme = live %t, %v; want it kept, not live", r1.Number, r.Live, err)
	}
	for _, c := range []call{
		{"Save", func() error { _, err := s.Store.Save(s.ctx, s.Tenant, s.good, r2.Number, alice); return err }},
		{"Publish", func() error { return s.Store.Publish(s.ctx, s.Tenant, 1, r1.Number, 0, alice) }},
		{"Archive", func() error { return s.Store.Archive(s.ctx, s.Tenant, 1, 0, alice) }},
		{"Delete", func() error { return s.Store.Delete(s.ctx, s.Tenant, 1, 0, alice) }},
	} {
		if err := c.call(); !errors.Is(err, revision.ErrDeleted) {
			t.Errorf("%s of a deleted theme = %v; want ErrDeleted", c.name, err)
		}
	}
	if got := s.served(t, s.ctx, 1); got == servedName {
		t.Errorf("the Source serves the deleted theme")
	}
	// A theme never published may be deleted too.
	th2 := named(s.good, "revisiontest never published")
	th2.ID = 2
	s.save(t, th2, 0, alice)
	if err := s.Store.Delete(s.ctx, s.Tenant, 2, 0, dave); err != nil {
		t.Errorf("Delete(a theme never published) = %v", err)
	}
	if l := s.log(t, 2); len(l) != 1 || l[0].Action != revision.ActionDelete || l[0].From != 0 {
		t.Errorf("Log of a theme deleted before it was published = %+v; want the delete", l)
	}
}

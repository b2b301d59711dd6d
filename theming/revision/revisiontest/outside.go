package revisiontest

import (
	"errors"
	"testing"

	"github.com/themekit/themekit/theming/revision"
)

// outsideConflict publishes revision n over live, expecting the conflict
// of a change made past the store, and returns it.
func (s *suite) outsideConflict(t *testing.T, n, live int) *revision.ConflictError {
	t.Helper()
	err := s.Store.Publish(s.ctx, s.Tenant, 1, n, live, bob)
	var ce *revision.ConflictError
	if !errors.As(err, &ce) || !errors.Is(err, revision.ErrConflict) || !ce.Outside {
		t.Fatalf("Publish(%d over %d) after a change made past the store = %v; want a *revision.ConflictError with Outside set", n, live, err)
	}
	if ce.Op != "publish" || ce.ThemeID != 1 || ce.From != live {
		t.Errorf("the conflict says %+v; want a publish of theme 1 from %d", *ce, live)
	}
	return ce
}

func testOutside(t *testing.T, s *suite) {
	if s.Outside == nil {
		t.Skip("Env.Outside is nil: nothing changes what the Source serves past this store")
	}
	r1 := s.save(t, named(s.good, "revisiontest v1"), 0, alice)
	s.publish(t, 1, r1.Number, 0)
	s.awaitServed(t, 1, "revisiontest v1")
	r2 := s.save(t, named(s.good, "revisiontest v2"), r1.Number, alice)

	// A change that validates is served as soon as it is made; the next
	// publish finds it, records it as the live revision, and changes
	// nothing served.
	outside := named(s.good, "revisiontest outside")
	if err := s.Outside(s.ctx, s.Tenant, 1, &outside); err != nil {
		t.Fatalf("Outside: %v", err)
	}
	s.awaitServed(t, 1, outside.Name)
	ce := s.outsideConflict(t, r2.Number, r1.Number)
	want := []revision.FieldChange{{Field: "name", From: "revisiontest v1", To: outside.Name}}
	if ce.Recorded != 3 || ce.Now != 3 || len(ce.Drift) != 1 || ce.Drift[0] != want[0] {
		t.Errorf("the conflict records revision %d, now live %d, drift %v; want revision 3, live, drift %v", ce.Recorded, ce.Now, ce.Drift, want)
	}
	if h := s.head(t, 1); h != (revision.Head{Newest: 3, Live: 3}) {
		t.Errorf("Head after the conflict = %+v; want newest 3, live 3", h)
	}
	h := s.history(t, 1)
	if len(h) != 3 || !h[0].Outside || !h[0].Live || h[0].Theme.Name != outside.Name || h[0].Author != "" || h[1].Outside {
		t.Fatalf("History after the conflict = %+v; want revision 3 marked Outside, live, holding what was found", h)
	}
	l := s.log(t, 1)
	if len(l) != 2 || l[0].Action != revision.ActionOutside || l[0].From != r1.Number || l[0].To != 3 {
		t.Errorf("Log after the conflict = %+v; want an outside change from %d to 3", l, r1.Number)
	}
	if got := s.served(t, s.ctx, 1); got != outside.Name {
		t.Errorf("after the conflict the Source serves %q; want the change made past the store, %q: nothing reverted", got, outside.Name)
	}
	// Publishing over it is a second call, made knowing it.
	s.publish(t, 1, r2.Number, 3)
	s.awaitServed(t, 1, "revisiontest v2")

	// A change that does not validate is not served (the live revision
	// is); it is recorded, not live, and the publish after the conflict
	// goes through.
	blank := named(s.good, " ")
	if err := s.Outside(s.ctx, s.Tenant, 1, &blank); err != nil {
		t.Fatalf("Outside: %v", err)
	}
	ce = s.outsideConflict(t, r1.Number, r2.Number)
	if ce.Recorded != 4 || ce.Now != r2.Number {
		t.Errorf("the conflict records revision %d, live %d; want revision 4, not live, revision %d still live", ce.Recorded, ce.Now, r2.Number)
	}
	if h := s.head(t, 1); h != (revision.Head{Newest: 4, Live: r2.Number}) {
		t.Errorf("Head after the conflict = %+v; want newest 4, live %d", h, r2.Number)
	}
	if h := s.history(t, 1); !h[0].Outside || h[0].Live || h[0].Theme.Name != " " {
		t.Errorf("History's newest = %+v; want the blank name recorded, marked Outside, not live", h[0])
	}
	if l := s.log(t, 1); len(l) != 3 {
		t.Errorf("Log after a change that was never served has %d entries; want 3, no entry for it", len(l))
	}
	s.publish(t, 1, r1.Number, r2.Number)
	s.awaitServed(t, 1, "revisiontest v1")

	// A theme deleted past the store: the publish finds nothing served.
	if err := s.Outside(s.ctx, s.Tenant, 1, nil); err != nil {
		t.Fatalf("Outside: %v", err)
	}
	ce = s.outsideConflict(t, r2.Number, r1.Number)
	if ce.Recorded != 0 || ce.Now != 0 {
		t.Errorf("the conflict records revision %d, live %d; want none, none live", ce.Recorded, ce.Now)
	}
	if l := s.log(t, 1); l[0].Action != revision.ActionOutside || l[0].From != r1.Number || l[0].To != 0 {
		t.Errorf("Log after the theme was deleted past the store = %+v; want an outside change from %d to none", l[0], r1.Number)
	}
	s.publish(t, 1, r2.Number, 0)
	s.awaitServed(t, 1, "revisiontest v2")
	if h := s.head(t, 1); h != (revision.Head{Newest: 4, Live: r2.Number}) {
		t.Errorf("Head at the end = %+v; want newest 4, live %d", h, r2.Number)
	}
}

package revisiontest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/themekit/themekit/theming/revision"
)

func testHead(t *testing.T, s *suite) {
	if h := s.head(t, 1); h != (revision.Head{}) {
		t.Errorf("Head(a theme never saved) = %+v; want the zero Head", h)
	}
	r1 := s.save(t, named(s.good, "revisiontest head 1"), 0, alice)
	if h := s.head(t, 1); h != (revision.Head{Newest: 1}) {
		t.Errorf("Head after a save = %+v; want newest 1, none live", h)
	}
	s.publish(t, 1, r1.Number, 0)
	r2 := s.save(t, named(s.good, "revisiontest head 2"), r1.Number, alice)
	if h := s.head(t, 1); h != (revision.Head{Newest: r2.Number, Live: r1.Number}) {
		t.Errorf("Head after a publish and a save = %+v; want newest %d, live %d", h, r2.Number, r1.Number)
	}
	// What Head says is what a save and a publish take.
	h := s.head(t, 1)
	r3 := s.save(t, named(s.good, "revisiontest head 3"), h.Newest, bob)
	s.publish(t, 1, r3.Number, h.Live)
	if h := s.head(t, 1); h != (revision.Head{Newest: 3, Live: 3}) {
		t.Errorf("Head after saving and publishing from the last Head = %+v; want newest 3, live 3", h)
	}
	s.live(t, 1) // History agrees
}

func testRevision(t *testing.T, s *suite) {
	base := 0
	for i := range 3 {
		base = s.save(t, named(s.good, fmt.Sprint("revisiontest revision ", i+1)), base, alice).Number
	}
	s.publish(t, 1, 2, 0)
	for _, want := range s.history(t, 1) {
		got, err := s.Store.Revision(s.ctx, s.Tenant, 1, want.Number)
		if err != nil {
			t.Fatalf("Revision(%d): %v", want.Number, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Revision(%d) = %+v; want it as History lists it, %+v", want.Number, got, want)
		}
	}
	if r, _ := s.Store.Revision(s.ctx, s.Tenant, 1, 2); !r.Live || r.Theme.Name != "revisiontest revision 2" {
		t.Errorf("Revision(2) = %q, live %t; want the live revision 2", r.Theme.Name, r.Live)
	}
}

// testPages saves MaxLimit+5 revisions (the one test that saves more
// than a handful) and reads them in pages.
func testPages(t *testing.T, s *suite) {
	const total = revision.MaxLimit + 5
	base := 0
	for i := range total {
		base = s.save(t, named(s.good, fmt.Sprint("revisiontest page ", i+1)), base, alice).Number
	}
	for _, n := range []int{1, 3, 2} { // three publishes: a log of three
		s.publish(t, 1, n, s.head(t, 1).Live)
	}
	span := func(from, to int) []int { // from down to to
		var out []int
		for n := from; n >= to; n-- {
			out = append(out, n)
		}
		return out
	}
	for _, tt := range []struct {
		page revision.Page
		want []int
	}{
		{revision.Page{}, span(total, total-revision.DefaultLimit+1)},
		{revision.Page{Limit: 3}, span(total, total-2)},
		{revision.Page{Before: 6}, span(5, 1)},
		{revision.Page{Before: 6, Limit: 2}, span(5, 4)},
		{revision.Page{Before: 1}, nil},
		{revision.Page{Limit: revision.MaxLimit + 1000}, span(total, total-revision.MaxLimit+1)},
		{revision.Page{Before: -4, Limit: -1}, span(total, total-revision.DefaultLimit+1)},
		{revision.Page{Before: revision.MaxNumber, Limit: 1}, span(total, total)},
		{revision.Page{Before: 1 << 40, Limit: 1}, span(total, total)},
	} {
		h, err := s.Store.History(s.ctx, s.Tenant, 1, tt.page)
		if err != nil {
			t.Fatalf("History(%+v): %v", tt.page, err)
		}
		if got := numbers(h); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("History(%+v) = revisions %v; want %v", tt.page, got, tt.want)
		}
	}
	// The pages, one after another, are the history.
	var all []int
	for page := (revision.Page{Limit: 7}); ; {
		h, err := s.Store.History(s.ctx, s.Tenant, 1, page)
		if err != nil {
			t.Fatal(err)
		}
		if len(h) == 0 {
			break
		}
		if len(h) > page.Limit || (page.Before > 0 && h[0].Number >= page.Before) {
			t.Fatalf("History(%+v) = revisions %v; want at most %d, below %d", page, numbers(h), page.Limit, page.Before)
		}
		all = append(all, numbers(h)...)
		page.Before = h[len(h)-1].Number
	}
	if !reflect.DeepEqual(all, span(total, 1)) {
		t.Errorf("History read by pages of 7 = %v; want %d revisions, newest first", all, total)
	}
	l, err := s.Store.Log(s.ctx, s.Tenant, 1, revision.Page{Before: 3, Limit: 1})
	if err != nil || len(l) != 1 || l[0].Seq != 2 || l[0].To != 3 {
		t.Errorf("Log(before 3, limit 1) = %+v, %v; want entry 2, the publish of revision 3", l, err)
	}
}

func testLog(t *testing.T, s *suite) {
	r1 := s.save(t, named(s.good, "revisiontest log 1"), 0, alice)
	r2 := s.save(t, named(s.good, "revisiontest log 2"), r1.Number, alice)
	carol := revision.Change{Author: "carol", Note: "back to the first"}
	steps := []struct {
		n, live int
		by      revision.Change
	}{{r1.Number, 0, alice}, {r2.Number, r1.Number, bob}, {r1.Number, r2.Number, carol}}
	for _, st := range steps {
		time.Sleep(2 * time.Millisecond) // each at a time of its own
		if err := s.Store.Publish(s.ctx, s.Tenant, 1, st.n, st.live, st.by); err != nil {
			t.Fatalf("Publish(%d over %d): %v", st.n, st.live, err)
		}
	}
	l := s.log(t, 1)
	if len(l) != len(steps) {
		t.Fatalf("Log = %+v; want %d entries", l, len(steps))
	}
	for i, st := range steps {
		e := l[len(l)-1-i]
		if e.ThemeID != 1 || e.Seq != i+1 || e.Action != revision.ActionPublish || e.From != st.live || e.To != st.n || e.Change != st.by {
			t.Errorf("log entry %d = %+v; want a publish of %d over %d by %+v", i+1, e, st.n, st.live, st.by)
		}
		if i > 0 && !e.At.After(l[len(l)-i].At) {
			t.Errorf("log entry %d at %v, not after entry %d at %v", i+1, e.At, i, l[len(l)-i].At)
		}
	}
	liveAt := func(at time.Time) revision.Publication {
		t.Helper()
		p, err := s.Store.LiveAt(s.ctx, s.Tenant, 1, at)
		if err != nil {
			t.Fatalf("LiveAt(%v): %v", at, err)
		}
		return p
	}
	first := l[len(l)-1]
	if p := liveAt(first.At.Add(-time.Microsecond)); p != (revision.Publication{}) {
		t.Errorf("LiveAt(before the first publish) = %+v; want the zero Publication: nothing was live", p)
	}
	for _, e := range l {
		if p := liveAt(e.At); p != e {
			t.Errorf("LiveAt(%v) = %+v; want the entry made then, %+v", e.At, p, e)
		}
		if p := liveAt(e.At.Add(time.Microsecond / 2)); p != e {
			t.Errorf("LiveAt(half a microsecond after %v) = %+v; want %+v", e.At, p, e)
		}
	}
	if p := liveAt(time.Now().Add(time.Hour)); p != l[0] || p.To != r1.Number || p.Author != "carol" {
		t.Errorf("LiveAt(later) = %+v; want the rollback to %d by carol", p, r1.Number)
	}
}

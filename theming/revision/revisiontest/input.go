package revisiontest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// badText are texts no Change keeps, by the field they go in.
var badText = []struct {
	name, author, note, field string
}{
	{"an author one byte over MaxAuthorLen", strings.Repeat("a", revision.MaxAuthorLen+1), "", "author"},
	{"a note one byte over MaxNoteLen", "", strings.Repeat("n", revision.MaxNoteLen+1), "note"},
	{"an author that is not UTF-8", "al\xffice", "", "author"},
	{"a note that is not UTF-8", "", "half a rune \xe2\x82", "note"},
	{"an author with a NUL byte", "al\x00ice", "", "author"},
	{"a note with a NUL byte", "", "a\x00b", "note"},
}

func testChangeBounds(t *testing.T, s *suite) {
	atBound := revision.Change{Author: strings.Repeat("é", revision.MaxAuthorLen/2), Note: strings.Repeat("ü", revision.MaxNoteLen/2)}
	r1 := s.save(t, s.good, 0, atBound)
	if got, _ := s.Store.Revision(s.ctx, s.Tenant, 1, r1.Number); got.Change != atBound {
		t.Errorf("a Change at its bounds reads back as %d and %d bytes; want it as saved", len(got.Author), len(got.Note))
	}
	s.publish(t, 1, r1.Number, 0)
	before := s.head(t, 1)
	beforeLog := s.log(t, 1)
	r2 := s.save(t, named(s.good, "revisiontest bounds"), r1.Number, alice)
	before.Newest = r2.Number
	for _, bt := range badText {
		by := revision.Change{Author: bt.author, Note: bt.note}
		calls := []struct {
			name string
			call func() error
		}{
			{"Save", func() error {
				_, err := s.Store.Save(s.ctx, s.Tenant, named(s.good, "revisiontest never"), r2.Number, by)
				return err
			}},
			{"Publish", func() error { return s.Store.Publish(s.ctx, s.Tenant, 1, r2.Number, r1.Number, by) }},
			{"Archive", func() error { return s.Store.Archive(s.ctx, s.Tenant, 1, r1.Number, by) }},
			{"Delete", func() error { return s.Store.Delete(s.ctx, s.Tenant, 1, r1.Number, by) }},
		}
		for _, c := range calls {
			err := c.call()
			var ie *revision.InputError
			if !errors.As(err, &ie) || !errors.Is(err, revision.ErrInput) || ie.Field != bt.field {
				t.Errorf("%s with %s = %v; want a *revision.InputError for the %s", c.name, bt.name, err, bt.field)
			} else if want := (revision.Change{Author: bt.author, Note: bt.note}).Check(); err.Error() != want.Error() {
				t.Errorf("%s with %s: %q; want Change.Check's error, %q", c.name, bt.name, err, want)
			}
		}
	}
	if h := s.head(t, 1); h != before {
		t.Errorf("Head after the refused calls = %+v; want it as it was, %+v", h, before)
	}
	if l := s.log(t, 1); len(l) != len(beforeLog) {
		t.Errorf("Log after the refused calls has %d entries; want %d", len(l), len(beforeLog))
	}
}

func testThemeBounds(t *testing.T, s *suite) {
	big := revision.MaxNumber
	big++
	long := strings.Repeat("x", revision.MaxThemeLen)
	for _, tt := range []struct {
		name, path string
		edit       func(th *theming.Theme)
	}{
		{"a name that is not UTF-8", "name", func(th *theming.Theme) { th.Name = "Har\xffbor" }},
		{"a name with a NUL byte", "name", func(th *theming.Theme) { th.Name = "Har\x00bor" }},
		{"an id over MaxNumber", "id", func(th *theming.Theme) { th.ID = big }},
		{"a logo height over MaxNumber", "logo_height", func(th *theming.Theme) { th.LogoHeight = big }},
		{"a compact logo size over MaxNumber", "compact_logo_size", func(th *theming.Theme) { th.CompactLogoSize = big }},
		{"an encoding over MaxThemeLen", "", func(th *theming.Theme) { th.Name = long }},
	} {
		th := s.good
		tt.edit(&th)
		_, err := s.Store.Save(s.ctx, s.Tenant, th, 0, alice)
		var ve *theming.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("Save(%s) = %v; want a *theming.ValidationError", tt.name, err)
			continue
		}
		if want := revision.CheckSave(s.Catalog, th, alice); err.Error() != want.Error() {
			t.Errorf("Save(%s): %q; want CheckSave's error, %q", tt.name, err, want)
		}
		if p := ve.Problems[len(ve.Problems)-1]; p.Path != tt.path {
			t.Errorf("Save(%s): the problem is at %q; want %q", tt.name, p.Path, tt.path)
		}
	}
	if h := s.history(t, 1); len(h) != 0 {
		t.Errorf("History after the refused saves = %d revisions; want none", len(h))
	}
}

func testNumbers(t *testing.T, s *suite) {
	r1 := s.save(t, s.good, 0, alice)
	s.publish(t, 1, r1.Number, 0)
	big := revision.MaxNumber
	big++
	bad := []int{0, -1, big, big * 4}
	for _, id := range bad {
		if h, err := s.Store.Head(s.ctx, s.Tenant, id); err != nil || h != (revision.Head{}) {
			t.Errorf("Head(theme %d) = %+v, %v; want the zero Head, as for a theme never saved", id, h, err)
		}
		if h, err := s.Store.History(s.ctx, s.Tenant, id, revision.Page{}); err != nil || len(h) != 0 {
			t.Errorf("History(theme %d) = %d revisions, %v; want none", id, len(h), err)
		}
		if l, err := s.Store.Log(s.ctx, s.Tenant, id, revision.Page{}); err != nil || len(l) != 0 {
			t.Errorf("Log(theme %d) = %d entries, %v; want none", id, len(l), err)
		}
		if p, err := s.Store.LiveAt(s.ctx, s.Tenant, id, time.Now()); err != nil || p != (revision.Publication{}) {
			t.Errorf("LiveAt(theme %d) = %+v, %v; want the zero Publication", id, p, err)
		}
		if _, err := s.Store.Revision(s.ctx, s.Tenant, id, 1); !errors.Is(err, revision.ErrUnknownRevision) {
			t.Errorf("Revision(theme %d, 1) = %v; want ErrUnknownRevision", id, err)
		}
		for _, call := range []struct {
			name string
			err  error
		}{
			{"Publish", s.Store.Publish(s.ctx, s.Tenant, id, 1, 0, bob)},
			{"Archive", s.Store.Archive(s.ctx, s.Tenant, id, 0, bob)},
			{"Delete", s.Store.Delete(s.ctx, s.Tenant, id, 0, bob)},
		} {
			if !errors.Is(call.err, revision.ErrUnknownRevision) {
				t.Errorf("%s(theme %d) = %v; want ErrUnknownRevision", call.name, id, call.err)
			}
		}
		th := s.good
		th.ID = id
		_, err := s.Store.Save(s.ctx, s.Tenant, th, 0, alice)
		var ve *theming.ValidationError
		if !errors.As(err, &ve) || ve.Problems[0].Path != "id" {
			t.Errorf("Save(theme %d) = %v; want a *theming.ValidationError at the id", id, err)
		}
	}
	for _, n := range bad {
		if _, err := s.Store.Revision(s.ctx, s.Tenant, 1, n); !errors.Is(err, revision.ErrUnknownRevision) {
			t.Errorf("Revision(theme 1, %d) = %v; want ErrUnknownRevision", n, err)
		}
		if err := s.Store.Publish(s.ctx, s.Tenant, 1, n, r1.Number, bob); !errors.Is(err, revision.ErrUnknownRevision) {
			t.Errorf("Publish(theme 1, revision %d) = %v; want ErrUnknownRevision", n, err)
		}
		var ce *revision.ConflictError
		newest := s.head(t, 1).Newest
		_, err := s.Store.Save(s.ctx, s.Tenant, named(s.good, "revisiontest never"), n, alice)
		if !errors.As(err, &ce) || ce.From != n || ce.Now != newest {
			t.Errorf("Save(base %d) = %v; want a conflict from %d, now %d", n, err, n, newest)
		}
		if n == 0 {
			continue // a live of 0 is a theme with none live
		}
		r := s.save(t, named(s.good, "revisiontest numbers"), s.head(t, 1).Newest, alice)
		for _, call := range []struct {
			name string
			err  error
		}{
			{"Publish", s.Store.Publish(s.ctx, s.Tenant, 1, r.Number, n, bob)},
			{"Archive", s.Store.Archive(s.ctx, s.Tenant, 1, n, bob)},
			{"Delete", s.Store.Delete(s.ctx, s.Tenant, 1, n, bob)},
		} {
			if !errors.As(call.err, &ce) || ce.From != n || ce.Now != r1.Number {
				t.Errorf("%s(theme 1, live %d) = %v; want a conflict from %d, now %d", call.name, n, call.err, n, r1.Number)
			}
		}
	}
	if n := s.live(t, 1); n != r1.Number {
		t.Errorf("after the calls with bad numbers revision %d is live; want %d", n, r1.Number)
	}
}

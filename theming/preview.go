package theming

import (
	"cmp"
	"slices"
)

// Preview returns a snapshot that serves t in place of s's theme with
// t's id (beside s's themes when s has none with that id), marked as a
// preview of t ([Snapshot.Previewing]): what the requests of an admin who
// previews a draft are served, while everyone else is served s. Its
// [Snapshot.ChooseTheme] chooses t whatever the user prefers, so the
// theme for the user, its colors, its stylesheet and a host's own pages
// show the draft. s's other themes are shared, not resolved again; s is
// unchanged.
//
// t is checked as [CompiledCatalog.CheckTheme] checks it, and its
// *ValidationError returned; contrast is not judged. The rules between
// themes are not applied: a preview of a theme marked is_default beside
// another default serves both as written. The zero Snapshot gives an
// error wrapping [ErrNoCatalog].
func (s *Snapshot) Preview(t Theme) (*Snapshot, error) {
	if s == nil || !s.cat.ok() {
		return nil, ErrNoCatalog
	}
	res, err := s.cat.checkOne(&t)
	if err != nil {
		return nil, err
	}
	draft := s.cat.build([]checkedTheme{{theme: t.clone(), res: res}}).themes[0]
	themes := make([]*ResolvedTheme, 0, len(s.themes)+1)
	for _, rt := range s.themes {
		if rt.theme.ID != t.ID {
			themes = append(themes, rt)
		}
	}
	themes = append(themes, draft)
	slices.SortFunc(themes, func(a, b *ResolvedTheme) int { return cmp.Compare(a.theme.ID, b.theme.ID) })
	return &Snapshot{cat: s.cat, themes: themes, preview: t.ID}, nil
}

// Previewing returns the id of the theme that a snapshot made by
// [Snapshot.Preview] previews, and false for any other snapshot (a nil
// one included). httpadapter serves a preview's every response with
// Cache-Control: private, no-store, so that no cache keeps what only its
// requester may see.
func (s *Snapshot) Previewing() (themeID int, ok bool) {
	if s == nil || s.preview == 0 {
		return 0, false
	}
	return s.preview, true
}

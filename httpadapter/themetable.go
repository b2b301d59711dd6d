package httpadapter

import (
	"net/http"

	"github.com/themekit/themekit/theming"
)

// themeTable is what a theme-for-user endpoint serves for each theme of a
// snapshot, built once per snapshot, with the answer for a user without a
// preference (the snapshot's ChooseTheme(0)) looked up then too: most
// requests, anonymous ones, take it without choosing again.
type themeTable[T any] struct {
	byID    map[int]T
	none    T    // the value of ChooseTheme(0)'s theme
	hasNone bool // false when the snapshot has no themes
}

// newThemeTable builds the table of s with one value per theme.
func newThemeTable[T any](s *theming.Snapshot, build func(*theming.ResolvedTheme) (T, error)) (*themeTable[T], error) {
	tt := &themeTable[T]{byID: make(map[int]T, len(s.Themes()))}
	for _, t := range s.Themes() {
		v, err := build(t)
		if err != nil {
			return nil, err
		}
		tt.byID[t.ID()] = v
	}
	if t, err := s.ChooseTheme(0); err == nil {
		tt.none, tt.hasNone = tt.byID[t.ID()], true
	}
	return tt, nil
}

// pick returns the value of the theme chooseTheme gives r, s being the
// snapshot the table was built from.
func (tt *themeTable[T]) pick(c *config, r *http.Request, s *theming.Snapshot) (T, error) {
	var zero T
	pref, err := c.preference(r)
	if err != nil {
		return zero, err
	}
	if pref == 0 && tt.hasNone {
		return tt.none, nil
	}
	t, err := s.ChooseTheme(pref)
	if err != nil {
		return zero, err
	}
	if v, ok := tt.byID[t.ID()]; ok {
		return v, nil
	}
	return zero, errorf("theme %d has no encoded form", t.ID())
}

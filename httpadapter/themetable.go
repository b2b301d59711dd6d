package httpadapter

import (
	"net/http"
	"sync"

	"github.com/themekit/themekit/theming"
)

// themeTable is what a theme-for-user endpoint serves for each theme of a
// snapshot, each theme's value built when it is first asked for and kept
// for the snapshot's life, and the theme for a user without a preference
// (the snapshot's ChooseTheme(0)) looked up once: most requests,
// anonymous ones, take it without choosing again. A snapshot's first
// request builds one theme's value, not every theme's: a stylesheet
// carries its theme's high-contrast variant, which the solver works out,
// and ten hostile themes would otherwise hold the first request for all
// of them (issue 30, item 13).
type themeTable[T any] struct {
	build func(*theming.ResolvedTheme) (T, error)
	byID  map[int]*lazyValue[T]
	none  *lazyValue[T] // ChooseTheme(0)'s theme; nil when the snapshot has no themes
}

// lazyValue is one theme's value, built on first use.
type lazyValue[T any] struct {
	once sync.Once
	rt   *theming.ResolvedTheme
	v    T
	err  error
}

// newThemeTable returns the table of s, each value to be built by build
// when first asked for. It builds nothing; the error is for the callers
// of a table that builds at once, and is always nil.
func newThemeTable[T any](s *theming.Snapshot, build func(*theming.ResolvedTheme) (T, error)) (*themeTable[T], error) {
	themes := s.Themes()
	tt := &themeTable[T]{build: build, byID: make(map[int]*lazyValue[T], len(themes))}
	for _, t := range themes {
		tt.byID[t.ID()] = &lazyValue[T]{rt: t}
	}
	if t, err := s.ChooseTheme(0); err == nil {
		tt.none = tt.byID[t.ID()]
	}
	return tt, nil
}

// get returns the value of lv, building it on the first call; concurrent
// first calls wait for one build.
func (tt *themeTable[T]) get(lv *lazyValue[T]) (T, error) {
	lv.once.Do(func() { lv.v, lv.err = tt.build(lv.rt) })
	return lv.v, lv.err
}

// pick returns the value of the theme chooseTheme gives r, s being the
// snapshot the table was built from.
func (tt *themeTable[T]) pick(c *config, r *http.Request, s *theming.Snapshot) (T, error) {
	var zero T
	pref, err := c.preference(r)
	if err != nil {
		return zero, err
	}
	if pref == 0 && tt.none != nil {
		return tt.get(tt.none)
	}
	t, err := s.ChooseTheme(pref)
	if err != nil {
		return zero, err
	}
	if lv, ok := tt.byID[t.ID()]; ok {
		return tt.get(lv)
	}
	return zero, errorf("theme %d has no encoded form", t.ID())
}

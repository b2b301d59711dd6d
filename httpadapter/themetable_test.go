package httpadapter

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// TestAThemeTableBuildsAThemesValueWhenFirstAskedFor (issue 30, item
// 13): a snapshot's first request builds the value of the theme it asks
// for (a stylesheet with its high-contrast variant), not every theme's;
// each value is built once, however many requests ask at once.
func TestAThemeTableBuildsAThemesValueWhenFirstAskedFor(t *testing.T) {
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	require.Len(t, themes, 4)
	var mu sync.Mutex
	built := map[int]int{}
	tt, err := newThemeTable(snap, func(rt *theming.ResolvedTheme) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		built[rt.ID()]++
		return rt.Name(), nil
	})
	require.NoError(t, err)
	assert.Empty(t, built, "nothing is built with the table")

	// The values a request picks: the anonymous user's, and a theme's.
	ask := func(id int) string {
		lv := tt.none
		if id != 0 {
			lv = tt.byID[id]
		}
		v, err := tt.get(lv)
		require.NoError(t, err)
		return v
	}
	def, err := snap.ChooseTheme(0)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { assert.Equal(t, def.Name(), ask(0)) })
	}
	wg.Wait()
	assert.Equal(t, map[int]int{def.ID(): 1}, built, "an anonymous request builds the default theme's value, once")
	assert.Equal(t, "Ember", ask(2))
	assert.Equal(t, "Ember", ask(2))
	assert.Equal(t, map[int]int{def.ID(): 1, 2: 1}, built, "a user's theme is built when first asked for")
}

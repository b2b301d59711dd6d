package theming_test

import (
	"context"
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestCurrent(t *testing.T) {
	t.Run("the zero Current has no snapshot", func(t *testing.T) {
		var st theming.Current
		_, err := st.Snapshot(context.Background())
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
		assert.Nil(t, st.Load())
	})
	t.Run("a failed reload keeps the previous snapshot and returns the error", func(t *testing.T) {
		first := loadBase(t)
		st := theming.NewCurrent(first)
		err := reload(st, fstest.MapFS{
			"catalog.json": {Data: []byte(`{"components": [`)},
			"themes.json":  {Data: []byte(baseThemes)},
		})
		assert.ErrorIs(t, err, theming.ErrJSON)
		got, err := st.Snapshot(context.Background())
		require.NoError(t, err)
		assert.Same(t, first, got)
	})
	t.Run("a good reload replaces the snapshot", func(t *testing.T) {
		st := theming.NewCurrent(loadBase(t))
		themes := edit(t, baseThemes, func(m map[string]any) { theme(m, 1)["name"] = "Renamed" })
		require.NoError(t, reload(st, fstest.MapFS{
			"catalog.json": {Data: []byte(baseCatalog)},
			"themes.json":  {Data: themes},
		}))
		rt, _ := st.Load().Theme(2)
		assert.Equal(t, "Renamed", rt.Name())
	})
	t.Run("Replace ignores nil", func(t *testing.T) {
		s := loadBase(t)
		st := theming.NewCurrent(s)
		st.Replace(nil)
		assert.Same(t, s, st.Load())
	})
}

// TestCurrentConcurrentReloads runs readers against alternating good and bad
// reloads; under -race it also proves readers need no lock. Every snapshot
// a reader sees is one of the two valid ones, whole.
func TestCurrentConcurrentReloads(t *testing.T) {
	good := []fstest.MapFS{
		{"catalog.json": {Data: []byte(baseCatalog)}, "themes.json": {Data: []byte(baseThemes)}},
		{"catalog.json": {Data: []byte(baseCatalog)}, "themes.json": {Data: edit(t, baseThemes, func(m map[string]any) { theme(m, 1)["name"] = "Second" })}},
	}
	bad := fstest.MapFS{"catalog.json": {Data: []byte(baseCatalog)}, "themes.json": {Data: []byte(`{"themes": [{"id": -1}]}`)}}
	st := theming.NewCurrent(loadBase(t))
	wantDefs := len(loadBase(t).ComponentDefsJSON()) // the catalog is the same in every good version
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				s, err := st.Snapshot(context.Background())
				if !assert.NoError(t, err) {
					return
				}
				rt, ok := s.Theme(2)
				if !assert.True(t, ok) {
					return
				}
				assert.Contains(t, []string{"Plain", "Second"}, rt.Name())
				assert.Len(t, s.ComponentDefsJSON(), wantDefs)
			}
		})
	}
	failures := 0
	for i := range 200 {
		if i%2 == 1 {
			if reload(st, bad) != nil {
				failures++
			}
			continue
		}
		require.NoError(t, reload(st, good[(i/2)%2]))
	}
	close(stop)
	wg.Wait()
	assert.Equal(t, 100, failures, "every bad reload reports its error")
}

// reload loads fsys and, if it is valid, makes it st's current snapshot,
// as a host reloads: on an error the previous snapshot stays current.
func reload(st *theming.Current, fsys fs.FS) error {
	s, err := theming.LoadFS(fsys)
	if err != nil {
		return err
	}
	st.Replace(s)
	return nil
}

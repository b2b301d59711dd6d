package httpadapter

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestEnginesAreKeptPerCatalogWithoutKeepingTheCatalog(t *testing.T) {
	t.Run("snapshots of one catalog share its engine while one is held", func(t *testing.T) {
		var es engines
		snap := loadDefault(t)
		cc := snap.CompiledCatalog()
		e := es.get(cc)
		assert.Same(t, e, es.get(cc))
		other := loadDefault(t)
		assert.NotSame(t, e, es.get(other.CompiledCatalog()))
		runtime.KeepAlive(e)
		runtime.KeepAlive(snap)
	})
	t.Run("a dropped catalog and its engine are reclaimed, and forgotten", func(t *testing.T) {
		var es engines
		var reclaimed atomic.Bool
		func() {
			snap := loadDefault(t)
			runtime.AddCleanup(snap.CompiledCatalog(), func(b *atomic.Bool) { b.Store(true) }, &reclaimed)
			e := es.get(snap.CompiledCatalog())
			rt, _ := snap.Theme(1)
			e.HighContrast(rt) // the engine keeps the variant, without keeping the theme
			require.Equal(t, 1, es.len())
		}()
		deadline := time.Now().Add(10 * time.Second)
		for (!reclaimed.Load() || es.len() != 0) && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		assert.True(t, reclaimed.Load(), "the catalog was reclaimed although an engine of it was made")
		assert.Zero(t, es.len(), "its entry is gone")
	})
	t.Run("a catalog whose engine was reclaimed gets a new one", func(t *testing.T) {
		var es engines
		snap := loadDefault(t)
		cc := snap.CompiledCatalog()
		var gone atomic.Bool
		func() {
			e := es.get(cc)
			runtime.AddCleanup(e, func(b *atomic.Bool) { b.Store(true) }, &gone)
		}()
		deadline := time.Now().Add(10 * time.Second)
		for !gone.Load() && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		require.True(t, gone.Load(), "an engine no sheet holds is reclaimed")
		assert.NotNil(t, es.get(cc), "and made again")
		assert.Equal(t, 1, es.len())
		runtime.KeepAlive(snap)
	})
	t.Run("a snapshot's sheets hold its engine", func(t *testing.T) {
		a := New(Options{Source: theming.NewCurrent(loadDefault(t))})
		snap, err := a.c.snapshot(t.Context())
		require.NoError(t, err)
		var gone atomic.Bool
		runtime.AddCleanup(a.Engine(snap), func(b *atomic.Bool) { b.Store(true) }, &gone)
		for range 5 {
			runtime.GC()
		}
		assert.False(t, gone.Load(), "the engine lives as long as the snapshot's sheets")
		runtime.KeepAlive(snap)
	})
}

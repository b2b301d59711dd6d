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

func loadDefault(t *testing.T) *theming.Snapshot {
	t.Helper()
	s, err := theming.LoadDefault()
	require.NoError(t, err, "loading the default data")
	return s
}

func TestWeakCache(t *testing.T) {
	t.Run("alternating snapshots are built once each", func(t *testing.T) {
		var builds atomic.Int32
		c := newWeakCache[theming.Snapshot](func(s *theming.Snapshot) (int, error) {
			builds.Add(1)
			return len(s.Themes()), nil
		})
		a, b := loadDefault(t), loadDefault(t)
		for range 10 {
			for _, s := range []*theming.Snapshot{a, b} {
				v, err := c.get(s, s)
				require.NoError(t, err)
				assert.Equal(t, 4, v, "the value built for the snapshot")
			}
		}
		assert.Equal(t, int32(2), builds.Load(), "builds for 2 snapshots asked for 10 times each")
		runtime.KeepAlive(a)
		runtime.KeepAlive(b)
	})

	t.Run("a dropped snapshot is reclaimed and forgotten", func(t *testing.T) {
		c := newWeakCache[theming.Snapshot](func(s *theming.Snapshot) ([]byte, error) { return s.ComponentDefsJSON(), nil })
		var reclaimed atomic.Bool
		func() {
			old := loadDefault(t)
			runtime.AddCleanup(old, func(b *atomic.Bool) { b.Store(true) }, &reclaimed)
			_, err := c.get(old, old)
			require.NoError(t, err)
		}()
		cur := loadDefault(t)
		_, err := c.get(cur, cur) // the last-served reference moves to cur
		require.NoError(t, err)
		require.Equal(t, 2, c.tab.len(), "entries before collection")

		deadline := time.Now().Add(10 * time.Second)
		for (!reclaimed.Load() || c.tab.len() != 1) && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		assert.True(t, reclaimed.Load(), "the dropped snapshot was reclaimed although the cache had served it")
		assert.Equal(t, 1, c.tab.len(), "entries after the dropped snapshot was reclaimed")
		runtime.KeepAlive(cur)
	})
}

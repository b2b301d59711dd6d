package httpadapter

import (
	"encoding/json"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func loadDefault(t *testing.T) *theming.Snapshot {
	t.Helper()
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err, "loading the default data")
	return s
}

func TestWeakCache(t *testing.T) {
	t.Run("alternating snapshots are built once each", func(t *testing.T) {
		var builds atomic.Int32
		c := newWeakCache[theming.Snapshot](nil, func(s *theming.Snapshot, _ *charge) (int, error) {
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
		c := newWeakCache[theming.Snapshot](nil, func(s *theming.Snapshot, _ *charge) ([]byte, error) { return s.ComponentDefsJSON(), nil })
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

func TestTheCatalogIsSharedByTheSnapshotsOfOneCompiledCatalog(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	acme, err := cc.Snapshot(themes)
	require.NoError(t, err)
	globex, err := cc.Snapshot(themes[1:3])
	require.NoError(t, err)
	loaded := loadDefault(t)

	find := componentDefDocs(newConfig(Options{Source: theming.NewCurrent(acme)}))
	docs := map[string]*doc{}
	for name, s := range map[string]*theming.Snapshot{"acme": acme, "globex": globex, "loaded": loaded} {
		d, err := find(nil, s)
		require.NoError(t, err, name)
		docs[name] = d
	}
	assert.Same(t, docs["acme"], docs["globex"], "two tenants' snapshots of one compiled catalog share the catalog's forms")
	assert.NotSame(t, docs["acme"], docs["loaded"], "a snapshot from Load has its own")
	assert.Equal(t, docs["acme"].compact.Body(), docs["loaded"].compact.Body(), "the same catalog either way")
}

func TestUnescapeHTML(t *testing.T) {
	tests := []struct {
		name, give, want string
	}{
		{"nothing to unescape", `{"a":"b"}`, `{"a":"b"}`},
		{"the three HTML escapes", `"\u003cb\u003e \u0026"`, `"<b> &"`},
		{"an escaped backslash before u003c stays", `"\\u003c"`, `"\\u003c"`},
		{"an escaped backslash and then an escape", `"\\\u003c"`, `"\\<"`},
		{"other escapes stay", `"\u2028\u00e9\n\""`, `"\u2028\u00e9\n\""`},
		{"upper-case hex is not what encoding/json writes and stays", `"\u003C"`, `"\u003C"`},
		{"a truncated escape at the end stays", `"\u00`, `"\u00`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(unescapeHTML([]byte(tt.give))))
		})
	}
}

// FuzzUnescapeHTML checks that unescaping encoding/json's output keeps
// the value: the result decodes to the string encoded, and has no HTML
// escapes left (unless the string itself has a backslash).
func FuzzUnescapeHTML(f *testing.F) {
	for _, s := range []string{"", "<b>", `\u003c`, `a\\b&<>`, "\u2028", "\xff<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := json.Marshal(map[string]string{"k": s})
		require.NoError(t, err)
		out := unescapeHTML(b)
		var got, want map[string]string
		require.NoError(t, json.Unmarshal(b, &want))
		require.NoError(t, json.Unmarshal(out, &got), "%s", out)
		assert.Equal(t, want, got)
		if !strings.Contains(s, `\`) {
			for _, esc := range []string{`\u003c`, `\u003e`, `\u0026`} {
				assert.NotContains(t, string(out), esc)
			}
		}
	})
}

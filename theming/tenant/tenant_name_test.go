package tenant_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

func TestSourceChecksNamesBeforeAnyLookup(t *testing.T) {
	refused := []struct{ why, name string }{
		{"a name one byte over MaxNameLen", strings.Repeat("a", tenant.MaxNameLen+1)},
		{"a 1 MB name", strings.Repeat("a", 1<<20)},
		{"a name that is not UTF-8", "\xff"},
		{"a name whose UTF-8 is cut short", "acme\xe2\x82"},
		{"a name with a NUL byte", "ac\x00me"},
		{"a NUL byte alone", "\x00"},
	}
	for _, tt := range refused {
		t.Run(tt.why+" is unknown without a Load, every time", func(t *testing.T) {
			cl := newCountingLoad(t)
			ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
			for range 100 {
				_, err := get(ts, tt.name)
				require.ErrorIs(t, err, theming.ErrUnknownTenant)
				assert.LessOrEqual(t, len(err.Error()), 100, "the error does not quote the name")
			}
			assert.Zero(t, cl.calls.Load(), "Load calls")
			ts.Invalidate(tt.name) // a notification naming it is harmless
			_, err := get(ts, "acme")
			require.NoError(t, err, "the other tenants are served")
		})
	}
	t.Run("a name of MaxNameLen bytes, any UTF-8 without NUL, is looked up", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load})
		for _, name := range []string{strings.Repeat("é", tenant.MaxNameLen/2), "\x01\t \u2028ü"} {
			_, err := get(ts, name)
			require.ErrorIs(t, err, theming.ErrUnknownTenant)
			assert.Equal(t, 1, cl.loadsOf(name))
		}
	})
}

// heapAfterGC returns the live heap.
func heapAfterGC() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestRememberedMissesTakeBoundedMemory measures the live heap that misses
// hold, with runtime.MemStats. The finding: each miss kept its name twice
// (the key, and quoted in Load's error) with no bound on its length, 2 MiB
// per 1 MB name, up to MaxMisses of them.
func TestRememberedMissesTakeBoundedMemory(t *testing.T) {
	ask := func(ts *tenant.Source, name string) {
		_, err := ts.Snapshot(tenant.With(context.Background(), name))
		require.ErrorIs(t, err, theming.ErrUnknownTenant)
	}
	t.Run("64 names of 1 MB each hold nothing", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
		before := heapAfterGC()
		for i := range 64 {
			ask(ts, fmt.Sprintf("%07d", i)+strings.Repeat("a", 1<<20))
		}
		grew := int64(heapAfterGC()) - int64(before)
		t.Logf("64 misses of 1 MB names: the heap grew by %d bytes", grew)
		assert.Less(t, grew, int64(1<<20))
		runtime.KeepAlive(ts)
	})
	t.Run("MaxMisses names of MaxNameLen bytes, each quoted at four times its length, hold under 1 KiB each", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
		before := heapAfterGC()
		for i := range tenant.DefaultMaxMisses {
			ask(ts, fmt.Sprintf("%07d", i)+strings.Repeat("\x01", tenant.MaxNameLen-7))
		}
		per := (int64(heapAfterGC()) - int64(before)) / tenant.DefaultMaxMisses
		t.Logf("%d misses of %d-byte names: %d bytes each", tenant.DefaultMaxMisses, tenant.MaxNameLen, per)
		assert.Less(t, per, int64(1024))
		ask(ts, fmt.Sprintf("%07d", 0)+strings.Repeat("\x01", tenant.MaxNameLen-7))
		assert.Equal(t, 1, cl.loadsOf(fmt.Sprintf("%07d", 0)+strings.Repeat("\x01", tenant.MaxNameLen-7)), "premise: the misses are remembered")
		runtime.KeepAlive(ts)
	})
	t.Run("a remembered miss names its tenant and wraps ErrUnknownTenant", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
		ask(ts, "initech")
		_, err := ts.Snapshot(tenant.With(context.Background(), "initech"))
		require.ErrorIs(t, err, theming.ErrUnknownTenant)
		assert.Equal(t, `tenant: "initech": theming: unknown tenant`, err.Error())
		assert.Equal(t, 1, cl.loadsOf("initech"))
	})
}

package tenant_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// countingLoad is a Load that knows the name "acme" only and counts
// its calls per tenant.
type countingLoad struct {
	snap  *theming.Snapshot
	calls atomic.Int64
	mu    sync.Mutex
	known map[string]bool
	per   map[string]int
}

func newCountingLoad(t *testing.T) *countingLoad {
	return &countingLoad{snap: tenantSnapshots(t, 1)[0], known: map[string]bool{"acme": true}, per: map[string]int{}}
}

func (cl *countingLoad) load(_ context.Context, name string) (*theming.Snapshot, error) {
	cl.calls.Add(1)
	cl.mu.Lock()
	defer cl.mu.Unlock()
	cl.per[name]++
	if !cl.known[name] {
		return nil, fmt.Errorf("test host: no name %q: %w", name, theming.ErrUnknownTenant)
	}
	return cl.snap, nil
}

func (cl *countingLoad) loadsOf(name string) int {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.per[name]
}

func (cl *countingLoad) add(name string) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	cl.known[name] = true
}

func TestSourceRemembersMisses(t *testing.T) {
	ask := func(ts *tenant.Source, name string) error {
		_, err := ts.Snapshot(tenant.With(context.Background(), name))
		return err
	}
	t.Run("random name names at a high rate cost one Load per name", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
		names := make([]string, 200)
		for i := range names {
			names[i] = fmt.Sprintf("rnd%08x", rand.Uint32())
		}
		var requests atomic.Int64
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				rnd := rand.New(rand.NewPCG(uint64(w), 2))
				for range 2000 {
					err := ask(ts, names[rnd.IntN(len(names))])
					if !assert.ErrorIs(t, err, theming.ErrUnknownTenant) {
						return
					}
					requests.Add(1)
				}
			})
		}
		wg.Wait()
		require.EqualValues(t, 32000, requests.Load())
		assert.LessOrEqual(t, cl.calls.Load(), int64(len(names)), "Load calls for %d requests", requests.Load())
	})
	t.Run("memory is bounded: past MaxMisses the oldest miss is forgotten", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute, MaxMisses: 100})
		for i := range 1000 {
			require.ErrorIs(t, ask(ts, fmt.Sprint("n", i)), theming.ErrUnknownTenant)
		}
		require.ErrorIs(t, ask(ts, "n0"), theming.ErrUnknownTenant)
		assert.Equal(t, 2, cl.loadsOf("n0"), "the first name was forgotten")
		require.ErrorIs(t, ask(ts, "n999"), theming.ErrUnknownTenant)
		assert.Equal(t, 1, cl.loadsOf("n999"), "the last name is remembered")
	})
	t.Run("a miss is forgotten after MissTTL", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: 30 * time.Millisecond})
		require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant)
		require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant)
		require.Equal(t, 1, cl.loadsOf("initech"), "remembered")
		time.Sleep(50 * time.Millisecond)
		require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant)
		assert.Equal(t, 2, cl.loadsOf("initech"))
	})
	t.Run("a negative MissTTL remembers nothing", func(t *testing.T) {
		cl := newCountingLoad(t)
		ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: -1})
		for range 3 {
			require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant)
		}
		assert.Equal(t, 3, cl.loadsOf("initech"))
	})
	for _, how := range []string{"Invalidate", "InvalidateAll"} {
		t.Run("a name created and notified with "+how+" is served at once", func(t *testing.T) {
			cl := newCountingLoad(t)
			ts := tenant.NewSource(tenant.Options{Load: cl.load, MissTTL: time.Minute})
			require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant)
			cl.add("initech")
			require.ErrorIs(t, ask(ts, "initech"), theming.ErrUnknownTenant, "premise: the miss is remembered")
			if how == "Invalidate" {
				ts.Invalidate("initech")
			} else {
				ts.InvalidateAll()
			}
			assert.NoError(t, ask(ts, "initech"))
		})
	}
	t.Run("a notification during the load that found no name is not lost", func(t *testing.T) {
		cl := newCountingLoad(t)
		started, release := make(chan struct{}), make(chan struct{})
		var once sync.Once
		ts := tenant.NewSource(tenant.Options{MissTTL: time.Minute, Load: func(ctx context.Context, name string) (*theming.Snapshot, error) {
			s, err := cl.load(ctx, name) // reads the data before the change
			once.Do(func() { close(started); <-release })
			return s, err
		}})
		done := make(chan error)
		go func() { done <- ask(ts, "initech") }()
		<-started
		cl.add("initech")
		ts.Invalidate("initech") // the change, notified while the stale load runs
		close(release)
		require.ErrorIs(t, <-done, theming.ErrUnknownTenant, "the load read the data before the change")
		assert.NoError(t, ask(ts, "initech"), "the miss was not remembered")
	})
}

// syncBuffer is a log destination the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestSourceSlowReload(t *testing.T) {
	snaps := tenantSnapshots(t, 2)
	ctx := tenant.With(context.Background(), "acme")
	// setup returns a source whose Load returns snaps[0] at first and
	// then, once gate is closed, snaps[1].
	setup := func(opts tenant.Options) (ts *tenant.Source, gate chan struct{}, logs *syncBuffer) {
		gate, logs = make(chan struct{}), &syncBuffer{}
		var n atomic.Int32
		opts.Load = func(ctx context.Context, _ string) (*theming.Snapshot, error) {
			if n.Add(1) == 1 {
				return snaps[0], nil
			}
			select {
			case <-gate:
				return snaps[1], nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
		ts = tenant.NewSource(opts)
		s, err := ts.Snapshot(ctx)
		require.NoError(t, err)
		require.Same(t, snaps[0], s)
		return ts, gate, logs
	}
	t.Run("a reload that outlasts ReloadWait serves the last snapshot and logs it once", func(t *testing.T) {
		ts, gate, logs := setup(tenant.Options{ReloadWait: 50 * time.Millisecond})
		ts.Invalidate("acme")
		start := time.Now()
		s, err := ts.Snapshot(ctx)
		waited := time.Since(start)
		require.NoError(t, err)
		assert.Same(t, snaps[0], s, "the last good snapshot")
		assert.GreaterOrEqual(t, waited, 50*time.Millisecond)
		assert.Less(t, waited, time.Second, "not the load timeout")

		start = time.Now()
		for range 10 {
			s, err = ts.Snapshot(ctx)
			require.NoError(t, err)
			assert.Same(t, snaps[0], s)
		}
		// Waiting out ReloadWait each would take 500 ms; half of it leaves
		// room for a loaded machine.
		assert.Less(t, time.Since(start), 250*time.Millisecond, "later requests do not wait while the slow reload runs")
		assert.Equal(t, 1, strings.Count(logs.String(), "tenant: reload is slow; serving the last snapshot"), logs.String())
		assert.Contains(t, logs.String(), "tenant=acme")

		close(gate)
		assert.Eventually(t, func() bool {
			s, err := ts.Snapshot(ctx)
			return err == nil && s == snaps[1]
		}, time.Second, time.Millisecond, "the reload's snapshot once it ends")
	})
	t.Run("a host that sets ReloadWait to LoadTimeout waits for the reload", func(t *testing.T) {
		ts, gate, logs := setup(tenant.Options{ReloadWait: 2 * time.Second, LoadTimeout: 2 * time.Second})
		ts.Invalidate("acme")
		time.AfterFunc(150*time.Millisecond, func() { close(gate) })
		s, err := ts.Snapshot(ctx)
		require.NoError(t, err)
		assert.Same(t, snaps[1], s, "the new data, after waiting")
		assert.NotContains(t, logs.String(), "slow")
	})
	t.Run("a reload within ReloadWait is waited for", func(t *testing.T) {
		ts, gate, _ := setup(tenant.Options{ReloadWait: time.Second})
		ts.Invalidate("acme")
		time.AfterFunc(20*time.Millisecond, func() { close(gate) })
		s, err := ts.Snapshot(ctx)
		require.NoError(t, err)
		assert.Same(t, snaps[1], s)
	})
	t.Run("a name's first load is waited for however slow", func(t *testing.T) {
		release := make(chan struct{})
		ts := tenant.NewSource(tenant.Options{ReloadWait: 10 * time.Millisecond, Load: func(context.Context, string) (*theming.Snapshot, error) {
			<-release
			return snaps[0], nil
		}})
		time.AfterFunc(100*time.Millisecond, func() { close(release) })
		s, err := ts.Snapshot(ctx)
		require.NoError(t, err)
		assert.Same(t, snaps[0], s)
	})
}

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

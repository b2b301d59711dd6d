package tenant_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// tenantSnapshots returns n distinct snapshots of the default data; the
// tests tell them apart by pointer.
func tenantSnapshots(t testing.TB, n int) []*theming.Snapshot {
	t.Helper()
	out := make([]*theming.Snapshot, n)
	for i := range out {
		s, err := theming.LoadFS(theming.DefaultFS())
		require.NoError(t, err)
		out[i] = s
	}
	return out
}

// versions is a host's data for the tests: each tenant's current snapshot,
// and how many times Load ran for it.
type versions struct {
	mu    sync.Mutex
	snap  map[string]*theming.Snapshot
	err   map[string]error
	loads map[string]int
}

func newVersions() *versions {
	return &versions{snap: map[string]*theming.Snapshot{}, err: map[string]error{}, loads: map[string]int{}}
}

func (v *versions) set(tenant string, s *theming.Snapshot, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.snap[tenant], v.err[tenant] = s, err
}

func (v *versions) load(_ context.Context, tenant string) (*theming.Snapshot, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.loads[tenant]++
	s, ok := v.snap[tenant]
	if !ok {
		return nil, fmt.Errorf("test host: no tenant %q: %w", tenant, theming.ErrUnknownTenant)
	}
	return s, v.err[tenant]
}

func (v *versions) loadsOf(tenant string) int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.loads[tenant]
}

func get(ts *tenant.Source, name string) (*theming.Snapshot, error) {
	return ts.Snapshot(tenant.With(context.Background(), name))
}

// receive returns the next value from ch, failing the test after 5s
// rather than hanging it.
func receive[T any](t *testing.T, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(5 * time.Second):
		t.Fatal("nothing received in 5s")
		panic("unreachable")
	}
}

// within waits for ch to be closed, failing the test after 5s.
func within(t *testing.T, ch <-chan struct{}) {
	t.Helper()
	receive(t, ch)
}

func TestSource(t *testing.T) {
	snaps := tenantSnapshots(t, 3)
	a1, a2, b1 := snaps[0], snaps[1], snaps[2]

	t.Run("builds a tenant on its first request and keeps it", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load})
		for range 3 {
			s, err := get(ts, "acme")
			require.NoError(t, err)
			assert.Same(t, a1, s)
		}
		assert.Equal(t, 1, v.loadsOf("acme"))
		assert.Equal(t, 1, ts.Len())
	})

	t.Run("serves each tenant its own snapshot", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		v.set("globex", b1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load})
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a1, s)
		s, err = get(ts, "globex")
		require.NoError(t, err)
		assert.Same(t, b1, s)
	})

	t.Run("reloads an invalidated tenant on its next request only", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		v.set("globex", b1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load})
		_, err := get(ts, "acme")
		require.NoError(t, err)
		_, err = get(ts, "globex")
		require.NoError(t, err)

		v.set("acme", a2, nil)
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a1, s, "before Invalidate the built snapshot is served")

		ts.Invalidate("acme")
		assert.Equal(t, 1, v.loadsOf("acme"), "Invalidate is lazy")
		s, err = get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a2, s)
		assert.Equal(t, 2, v.loadsOf("acme"))
		_, err = get(ts, "globex")
		require.NoError(t, err)
		assert.Equal(t, 1, v.loadsOf("globex"), "other tenants are not reloaded")

		ts.Invalidate("initech") // not built: nothing to do
		assert.Equal(t, 0, v.loadsOf("initech"))
	})

	t.Run("InvalidateAll reloads every built tenant on its next request", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		v.set("globex", b1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load})
		for _, tenant := range []string{"acme", "globex"} {
			_, err := get(ts, tenant)
			require.NoError(t, err)
		}
		ts.InvalidateAll()
		for _, tenant := range []string{"acme", "globex", "acme"} {
			_, err := get(ts, tenant)
			require.NoError(t, err)
		}
		assert.Equal(t, 2, v.loadsOf("acme"))
		assert.Equal(t, 2, v.loadsOf("globex"))
	})

	t.Run("a change during a load is not missed", func(t *testing.T) {
		// The load reads a1, then the data changes to a2 and Invalidate
		// is called before the load returns: a1 is served to the
		// requests that waited for it, but the next request reloads.
		inLoad, release := make(chan struct{}), make(chan struct{})
		var calls atomic.Int32
		ts := tenant.NewSource(tenant.Options{Load: func(context.Context, string) (*theming.Snapshot, error) {
			if calls.Add(1) == 1 {
				close(inLoad)
				<-release
				return a1, nil
			}
			return a2, nil
		}})
		first := make(chan *theming.Snapshot, 1)
		go func() {
			s, _ := get(ts, "acme")
			first <- s
		}()
		within(t, inLoad)
		ts.Invalidate("acme")
		close(release)
		assert.Same(t, a1, receive(t, first))
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a2, s)
		assert.EqualValues(t, 2, calls.Load())
	})

	t.Run("a request after Invalidate does not get the data of a load that started before it", func(t *testing.T) {
		inLoad, release := make(chan struct{}), make(chan struct{})
		var calls atomic.Int32
		ts := tenant.NewSource(tenant.Options{Load: func(context.Context, string) (*theming.Snapshot, error) {
			switch calls.Add(1) {
			case 1:
				return a1, nil
			case 2:
				close(inLoad)
				<-release
				return a1, nil // read before the change
			}
			return a2, nil
		}})
		_, err := get(ts, "acme")
		require.NoError(t, err)
		ts.Invalidate("acme")
		older := make(chan *theming.Snapshot, 1)
		go func() { // starts load 2
			s, _ := get(ts, "acme")
			older <- s
		}()
		within(t, inLoad)
		ts.Invalidate("acme") // the change load 2 may have missed
		done := make(chan *theming.Snapshot, 1)
		go func() {
			s, _ := get(ts, "acme")
			done <- s
		}()
		assert.Same(t, a2, receive(t, done), "answered by a load started after the second Invalidate")
		close(release)
		assert.Same(t, a2, receive(t, older), "the request waiting for the older load gets the newer data")
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a2, s, "the older load finishing later does not replace newer data")
		assert.EqualValues(t, 3, calls.Load(), "nor makes the tenant load again")
	})

	t.Run("concurrent first requests for one tenant share one load", func(t *testing.T) {
		var calls atomic.Int32
		release := make(chan struct{})
		ts := tenant.NewSource(tenant.Options{Load: func(context.Context, string) (*theming.Snapshot, error) {
			calls.Add(1)
			<-release
			return a1, nil
		}})
		const n = 64
		var started, done sync.WaitGroup
		started.Add(n)
		done.Add(n)
		got := make([]*theming.Snapshot, n)
		for i := range n {
			go func() {
				defer done.Done()
				started.Done()
				got[i], _ = get(ts, "acme")
			}()
		}
		started.Wait()
		time.Sleep(20 * time.Millisecond) // let them reach the wait
		close(release)
		done.Wait()
		assert.EqualValues(t, 1, calls.Load())
		for _, s := range got {
			assert.Same(t, a1, s)
		}
	})

	t.Run("keeps at most MaxTenants built, dropping the least recently used", func(t *testing.T) {
		v := newVersions()
		for _, tenant := range []string{"a", "b", "c"} {
			v.set(tenant, a1, nil)
		}
		ts := tenant.NewSource(tenant.Options{Load: v.load, MaxTenants: 2})
		for _, tenant := range []string{"a", "b", "a", "c"} { // b is now the least recently used
			_, err := get(ts, tenant)
			require.NoError(t, err)
		}
		assert.Equal(t, 2, ts.Len())
		for _, tenant := range []string{"a", "c", "b"} {
			_, err := get(ts, tenant)
			require.NoError(t, err)
		}
		assert.Equal(t, 1, v.loadsOf("a"), "a was used recently and stayed built")
		assert.Equal(t, 1, v.loadsOf("c"))
		assert.Equal(t, 2, v.loadsOf("b"), "b was dropped and built again")
		assert.Equal(t, 2, ts.Len())
	})

	t.Run("requests for unknown tenants do not push built tenants out", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load, MaxTenants: 1})
		_, err := get(ts, "acme")
		require.NoError(t, err)
		for i := range 5 {
			_, err := get(ts, fmt.Sprint("nosuch", i))
			require.ErrorIs(t, err, theming.ErrUnknownTenant)
		}
		_, err = get(ts, "acme")
		require.NoError(t, err)
		assert.Equal(t, 1, v.loadsOf("acme"))
		assert.Equal(t, 1, ts.Len())
	})

	t.Run("a negative MaxTenants keeps every tenant built", func(t *testing.T) {
		v := newVersions()
		for i := range tenant.DefaultMaxTenants + 1 {
			v.set(fmt.Sprint("t", i), a1, nil)
		}
		ts := tenant.NewSource(tenant.Options{Load: v.load, MaxTenants: -1})
		for i := range tenant.DefaultMaxTenants + 1 {
			_, err := get(ts, fmt.Sprint("t", i))
			require.NoError(t, err)
		}
		assert.Equal(t, tenant.DefaultMaxTenants+1, ts.Len())
		_, err := get(ts, "t0")
		require.NoError(t, err)
		assert.Equal(t, 1, v.loadsOf("t0"))
	})

	t.Run("a failed reload keeps the last snapshot and reports the error", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		var reported []error
		var mu sync.Mutex
		ts := tenant.NewSource(tenant.Options{
			Load:          v.load,
			RetryInterval: time.Hour,
			OnError: func(tenant string, err error) {
				mu.Lock()
				defer mu.Unlock()
				assert.Equal(t, "acme", tenant)
				reported = append(reported, err)
			},
		})
		_, err := get(ts, "acme")
		require.NoError(t, err)

		dbDown := errors.New("connection refused")
		v.set("acme", nil, dbDown)
		ts.Invalidate("acme")
		for range 3 {
			s, err := get(ts, "acme")
			require.NoError(t, err)
			assert.Same(t, a1, s)
		}
		assert.Equal(t, 2, v.loadsOf("acme"), "no retry before RetryInterval")
		mu.Lock()
		require.Len(t, reported, 1)
		assert.ErrorIs(t, reported[0], dbDown)
		mu.Unlock()

		v.set("acme", a2, nil)
		ts.Invalidate("acme") // a new change: the next request waits for a reload again
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a2, s)
	})

	t.Run("after a failed reload, retries run in the background while the last snapshot is served", func(t *testing.T) {
		var calls atomic.Int32
		retrying, release := make(chan struct{}), make(chan struct{})
		ts := tenant.NewSource(tenant.Options{
			RetryInterval: time.Millisecond,
			Load: func(context.Context, string) (*theming.Snapshot, error) {
				switch calls.Add(1) {
				case 1:
					return a1, nil
				case 2:
					return nil, errors.New("connection refused")
				}
				close(retrying)
				<-release
				return a2, nil
			},
		})
		_, err := get(ts, "acme")
		require.NoError(t, err)
		ts.Invalidate("acme")
		s, err := get(ts, "acme") // waits for the reload, which fails
		require.NoError(t, err)
		assert.Same(t, a1, s)
		time.Sleep(5 * time.Millisecond)
		s, err = get(ts, "acme") // starts the retry, does not wait for it
		require.NoError(t, err)
		assert.Same(t, a1, s)
		within(t, retrying)
		close(release)
		require.Eventually(t, func() bool {
			s, err := get(ts, "acme")
			return err == nil && s == a2
		}, 5*time.Second, time.Millisecond)
	})

	t.Run("a snapshot returned with an error is served and the error reported", func(t *testing.T) {
		problems := errors.New("theme 3: colors.nav-bar.light: not a color")
		v := newVersions()
		v.set("acme", a1, problems)
		reported := make(chan error, 1)
		ts := tenant.NewSource(tenant.Options{
			Load:    v.load,
			OnError: func(_ string, err error) { reported <- err },
		})
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a1, s)
		assert.Equal(t, problems, receive(t, reported))
	})

	t.Run("a first load that fails is a missing snapshot, tried again on the next request", func(t *testing.T) {
		dbDown := errors.New("connection refused")
		v := newVersions()
		v.set("acme", nil, dbDown)
		reported := make(chan error, 1)
		ts := tenant.NewSource(tenant.Options{Load: v.load, OnError: func(_ string, err error) { reported <- err }})
		_, err := get(ts, "acme")
		assert.ErrorIs(t, receive(t, reported), dbDown, "the cause reaches OnError")
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
		assert.ErrorIs(t, err, dbDown)
		assert.NotErrorIs(t, err, theming.ErrUnknownTenant)
		assert.Contains(t, err.Error(), `"acme"`)
		assert.Equal(t, 0, ts.Len())

		v.set("acme", a1, nil)
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a1, s)
	})

	t.Run("an unknown tenant is an ErrUnknownTenant and is not kept", func(t *testing.T) {
		v := newVersions()
		ts := tenant.NewSource(tenant.Options{Load: v.load, OnError: func(_ string, err error) {
			t.Errorf("an unknown tenant is not reported: %v", err)
		}})
		_, err := get(ts, "initech")
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
		assert.NotErrorIs(t, err, theming.ErrNoSnapshot)
		assert.Equal(t, 0, ts.Len())
	})

	t.Run("a built tenant that the host no longer knows is dropped, not served", func(t *testing.T) {
		v := newVersions()
		v.set("acme", a1, nil)
		ts := tenant.NewSource(tenant.Options{Load: v.load})
		_, err := get(ts, "acme")
		require.NoError(t, err)
		v.mu.Lock()
		delete(v.snap, "acme")
		v.mu.Unlock()
		ts.Invalidate("acme")
		_, err = get(ts, "acme")
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
		assert.Equal(t, 0, ts.Len())
	})

	t.Run("the tenant comes from the Tenant function", func(t *testing.T) {
		type key struct{}
		v := newVersions()
		v.set("acme", a1, nil)
		ts := tenant.NewSource(tenant.Options{
			Load: v.load,
			Tenant: func(ctx context.Context) (string, error) {
				if t, ok := ctx.Value(key{}).(string); ok {
					return t, nil
				}
				return "", fmt.Errorf("no host name: %w", theming.ErrUnknownTenant)
			},
		})
		s, err := ts.Snapshot(context.WithValue(context.Background(), key{}, "acme"))
		require.NoError(t, err)
		assert.Same(t, a1, s)
		_, err = ts.Snapshot(context.Background())
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
	})

	t.Run("a context without a tenant is an error that is neither 404 nor 503", func(t *testing.T) {
		ts := tenant.NewSource(tenant.Options{Load: newVersions().load})
		_, err := ts.Snapshot(context.Background())
		require.Error(t, err)
		assert.NotErrorIs(t, err, theming.ErrUnknownTenant)
		assert.NotErrorIs(t, err, theming.ErrNoSnapshot)
		assert.Contains(t, err.Error(), "tenant.With")
	})

	t.Run("a panic or a nil result in Load is an error", func(t *testing.T) {
		tests := []struct {
			name string
			give func(context.Context, string) (*theming.Snapshot, error)
			want string
		}{
			{"panic", func(context.Context, string) (*theming.Snapshot, error) { panic("boom") }, "Load panicked: boom\ngoroutine"},
			{"nil, nil", func(context.Context, string) (*theming.Snapshot, error) { return nil, nil }, "no snapshot and no error"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ts := tenant.NewSource(tenant.Options{Load: tt.give})
				_, err := get(ts, "acme")
				assert.ErrorIs(t, err, theming.ErrNoSnapshot)
				assert.ErrorContains(t, err, tt.want)
			})
		}
	})

	t.Run("a request that gives up does not fail the load others wait for", func(t *testing.T) {
		release := make(chan struct{})
		var gotCtxErr atomic.Value
		ts := tenant.NewSource(tenant.Options{Load: func(ctx context.Context, _ string) (*theming.Snapshot, error) {
			<-release
			gotCtxErr.Store(fmt.Sprint(ctx.Err()))
			return a1, nil
		}})
		ctx, cancel := context.WithCancel(tenant.With(context.Background(), "acme"))
		errc := make(chan error)
		go func() {
			_, err := ts.Snapshot(ctx)
			errc <- err
		}()
		time.Sleep(10 * time.Millisecond)
		cancel()
		assert.ErrorIs(t, receive(t, errc), context.Canceled)
		close(release)
		s, err := get(ts, "acme")
		require.NoError(t, err)
		assert.Same(t, a1, s)
		assert.Equal(t, "<nil>", gotCtxErr.Load(), "Load's context is not cancelled with the request")
	})

	t.Run("Load is bounded by LoadTimeout", func(t *testing.T) {
		ts := tenant.NewSource(tenant.Options{
			LoadTimeout: 10 * time.Millisecond,
			Load: func(ctx context.Context, _ string) (*theming.Snapshot, error) {
				<-ctx.Done()
				return nil, ctx.Err()
			},
		})
		_, err := get(ts, "acme")
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	})

	t.Run("a Load that ignores its context is abandoned after LoadTimeout", func(t *testing.T) {
		stuck := make(chan struct{})
		defer close(stuck)
		var calls atomic.Int32
		ts := tenant.NewSource(tenant.Options{
			LoadTimeout:   20 * time.Millisecond,
			RetryInterval: time.Millisecond,
			Load: func(context.Context, string) (*theming.Snapshot, error) {
				if calls.Add(1) == 1 {
					<-stuck // a driver call that never looks at ctx
				}
				return a1, nil
			},
		})
		start := time.Now()
		// The request's own deadline is far past LoadTimeout: it only
		// keeps a broken Source from hanging the test.
		ctx, cancel := context.WithTimeout(tenant.With(context.Background(), "acme"), 3*time.Second)
		defer cancel()
		_, err := ts.Snapshot(ctx)
		assert.ErrorIs(t, err, theming.ErrNoSnapshot, "a first load that timed out is a 503")
		assert.ErrorIs(t, err, context.DeadlineExceeded)
		assert.Less(t, time.Since(start), 2*time.Second, "the request is answered at LoadTimeout, not when Load returns or the request gives up")
		require.Eventually(t, func() bool {
			s, err := get(ts, "acme")
			return err == nil && s == a1
		}, 5*time.Second, 5*time.Millisecond, "the tenant is not stuck behind the abandoned Load")
	})

	t.Run("a panic in OnError does not take the process down", func(t *testing.T) {
		ts := tenant.NewSource(tenant.Options{
			Load:    func(context.Context, string) (*theming.Snapshot, error) { return nil, errors.New("db down") },
			OnError: func(string, error) { panic("hook bug") },
		})
		_, err := get(ts, "acme")
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
		assert.ErrorContains(t, err, "db down")
	})
}

func TestSourceZeroValue(t *testing.T) {
	var ts tenant.Source
	_, err := get(&ts, "acme")
	assert.ErrorIs(t, err, theming.ErrNoSnapshot)
	ts.Invalidate("acme")
	ts.InvalidateAll()
	assert.Equal(t, 0, ts.Len())
}

func TestNewSourcePanicsWithoutLoad(t *testing.T) {
	assert.PanicsWithValue(t, "tenant: Options.Load is nil", func() {
		tenant.NewSource(tenant.Options{})
	})
}

// TestSourceRace has many goroutines fetch many tenants while
// others invalidate them, with fewer tenants allowed than are asked for;
// every answer must be a snapshot of the tenant asked for. Run it with
// -race.
func TestSourceRace(t *testing.T) {
	const tenants = 16
	owner := map[*theming.Snapshot]string{}
	var mu sync.Mutex
	loads := 0
	ts := tenant.NewSource(tenant.Options{
		MaxTenants:    tenants / 2,
		RetryInterval: time.Millisecond,
		Load: func(_ context.Context, tenant string) (*theming.Snapshot, error) {
			// Each load makes a fresh snapshot owned by tenant; every
			// fifth one fails.
			s := &theming.Snapshot{}
			mu.Lock()
			defer mu.Unlock()
			if loads++; loads%5 == 0 {
				return nil, errors.New("flaky backend")
			}
			owner[s] = tenant
			return s, nil
		},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				tenant := fmt.Sprint("t", (i*7+w)%tenants)
				s, err := get(ts, tenant)
				if err != nil {
					assert.ErrorIs(t, err, theming.ErrNoSnapshot)
					continue
				}
				mu.Lock()
				got := owner[s]
				mu.Unlock()
				if !assert.Equal(t, tenant, got) {
					return
				}
			}
		})
	}
	wg.Go(func() {
		for i := 0; ctx.Err() == nil; i++ {
			if i%10 == 0 {
				ts.InvalidateAll()
			} else {
				ts.Invalidate(fmt.Sprint("t", i%tenants))
			}
			time.Sleep(100 * time.Microsecond)
		}
	})
	wg.Wait()
	assert.LessOrEqual(t, ts.Len(), tenants/2)
}

// A host serving many tenants from its database: each tenant's themes are
// built on first use on one compiled catalog, leniently, so that a bad
// theme is left out and reported rather than taking its tenant down.
func ExampleSource() {
	defaultCatalog, err := theming.DefaultCatalog()
	if err != nil {
		panic(err)
	}
	cat, err := theming.CompileCatalog(defaultCatalog)
	if err != nil {
		panic(err)
	}
	themes, err := theming.DefaultThemes()
	if err != nil {
		panic(err)
	}
	// The host's data, as its database code would return it. globex has
	// themes 2 and 3, and a row of theme 3 was written past the admin's
	// checks.
	globex := []theming.Theme{themes[1], themes[2]}
	globex[1].Colors = map[string]theming.PerScheme{"nav-bar": {Light: "#1a73e8f"}}
	data := map[string][]theming.Theme{"acme": themes, "globex": globex}

	src := tenant.NewSource(tenant.Options{
		Load: func(ctx context.Context, tenant string) (*theming.Snapshot, error) {
			themes, ok := data[tenant]
			if !ok {
				return nil, fmt.Errorf("no tenant %q: %w", tenant, theming.ErrUnknownTenant)
			}
			return cat.SnapshotLenient(themes)
		},
		OnError: func(tenant string, err error) {
			var ve *theming.ValidationError
			if errors.As(err, &ve) {
				for _, p := range ve.Problems {
					fmt.Printf("%s: left out theme %d (%s)\n", tenant, p.ThemeID, p.ComponentID)
				}
			}
		},
	})

	// A middleware puts the tenant in the request's context; httpadapter
	// asks src for the snapshot with that context.
	for _, name := range []string{"acme", "globex", "initech"} {
		s, err := src.Snapshot(tenant.With(context.Background(), name))
		if err != nil {
			fmt.Printf("%s: %v (404: %t)\n", name, err, errors.Is(err, theming.ErrUnknownTenant))
			continue
		}
		var ids []int
		for _, t := range s.Themes() {
			ids = append(ids, t.ID())
		}
		fmt.Printf("%s: themes %v\n", name, ids)
	}

	// After the host's data changed (a database notification), the next
	// request rebuilds the tenant.
	data["globex"] = themes[1:3]
	src.Invalidate("globex")
	s, _ := src.Snapshot(tenant.With(context.Background(), "globex"))
	fmt.Println("globex after the fix:", len(s.Themes()), "themes")
	// Output:
	// acme: themes [1 2 3 4]
	// globex: left out theme 3 (nav-bar)
	// globex: themes [2]
	// initech: no tenant "initech": theming: unknown tenant (404: true)
	// globex after the fix: 2 themes
}

// While the host's database is down, tenants that were built keep serving
// their last snapshot, and a tenant never built is a missing snapshot
// (httpadapter answers 503 with Retry-After).
func ExampleSource_lastKnownGood() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		panic(err)
	}
	dbDown := false
	src := tenant.NewSource(tenant.Options{
		Load: func(ctx context.Context, tenant string) (*theming.Snapshot, error) {
			if dbDown {
				return nil, errors.New("dial tcp 10.0.0.5:5432: connection refused")
			}
			return snap, nil
		},
		OnError: func(tenant string, err error) { fmt.Println("OnError:", err) },
	})
	acme := tenant.With(context.Background(), "acme")
	if _, err := src.Snapshot(acme); err != nil {
		panic(err)
	}

	dbDown = true
	src.Invalidate("acme") // a change was notified, but the reload fails
	s, err := src.Snapshot(acme)
	fmt.Println("acme:", s == snap, err)

	_, err = src.Snapshot(tenant.With(context.Background(), "globex"))
	fmt.Println("globex is a 503:", errors.Is(err, theming.ErrNoSnapshot))
	// Output:
	// OnError: tenant: "acme": reload failed, serving the last snapshot: dial tcp 10.0.0.5:5432: connection refused
	// acme: true <nil>
	// OnError: tenant: "globex": load failed: dial tcp 10.0.0.5:5432: connection refused
	// globex is a 503: true
}

package httpadapter

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// TestTheBudgetEvictsWhatWasUsedLeastLately: entries charged past the
// budget are evicted in CLOCK order, the total never stays over it, an
// entry used since the hand passed is spared once, and what an evicted,
// released or failed entry was charged is given back.
func TestTheBudgetEvictsWhatWasUsedLeastLately(t *testing.T) {
	b := newBudget(1000)
	evicted := map[string]bool{}
	var mu sync.Mutex
	entry := func(name string) *charge {
		return b.newCharge(func() { mu.Lock(); evicted[name] = true; mu.Unlock() })
	}
	a, c, d := entry("a"), entry("c"), entry("d")
	a.add(400)
	c.add(400)
	assert.Equal(t, int64(800), b.charged())
	assert.Empty(t, evicted, "within the budget")

	a.touch() // a is used again; c is not
	c.used.Store(false)
	d.add(400)
	assert.Equal(t, map[string]bool{"c": true}, evicted, "the entry not used since the hand passed goes first")
	assert.Equal(t, int64(800), b.charged())
	c.add(100)
	assert.Equal(t, int64(800), b.charged(), "an evicted entry is charged no more")

	big := entry("big")
	big.add(5000)
	assert.True(t, evicted["a"] && evicted["d"], "everything else goes to make room")
	assert.False(t, evicted["big"], "the entry being charged is spared, however large")
	assert.Equal(t, int64(5000), b.charged())
	big.release()
	assert.Zero(t, b.charged(), "a released entry gives back its bytes")
	big.add(10)
	assert.Zero(t, b.charged(), "and is charged no more")

	var none *budget
	assert.Nil(t, none.newCharge(nil))
	var nc *charge
	nc.add(1 << 40) // a nil charge counts nothing, and does not panic
	nc.touch()
	nc.release()
	assert.Nil(t, newBudget(-1), "a negative budget bounds nothing")
}

// TestTheBudgetHoldsUnderConcurrentUse charges, touches and releases
// entries from many goroutines (run it with -race): the total ends equal
// to what the entries still in the ring hold, and within the budget.
func TestTheBudgetHoldsUnderConcurrentUse(t *testing.T) {
	b := newBudget(10_000)
	var evictions atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 500 {
				ch := b.newCharge(func() { evictions.Add(1) })
				ch.add(100 + g)
				ch.touch()
				if i%7 == 0 {
					ch.release()
				}
			}
		})
	}
	wg.Wait()
	b.mu.Lock()
	var sum int64
	n := 0
	for c := b.ring.next; c != &b.ring; c = c.next {
		sum += c.bytes
		n++
	}
	b.mu.Unlock()
	assert.Equal(t, sum, b.charged(), "the total is what the entries hold")
	assert.Equal(t, n, b.entries)
	assert.LessOrEqual(t, b.charged(), int64(10_000))
	assert.Positive(t, evictions.Load())
}

// tenantsSource serves each tenant (named by the X-Tenant header) its own
// snapshot of the default catalog's themes, theme 1 renamed after the
// tenant, so that no two tenants' documents are alike.
func tenantsSource(t testing.TB, n int) (theming.Source, []*theming.Snapshot) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	snaps := make([]*theming.Snapshot, n)
	for i := range snaps {
		themes[0].Name = "Harbor of tenant " + strconv.Itoa(i)
		snaps[i], err = cc.Snapshot(themes)
		require.NoError(t, err)
	}
	return theming.SourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		i, err := strconv.Atoi(tenantFrom(ctx))
		if err != nil || i < 0 || i >= len(snaps) {
			return nil, theming.ErrUnknownTenant
		}
		return snaps[i], nil
	}), snaps
}

// tenantKey is the context key of tenantsSource's tenant.
type tenantKey struct{}

func tenantFrom(ctx context.Context) string {
	s, _ := ctx.Value(tenantKey{}).(string)
	return s
}

// heapInUse returns the live heap after two collections.
func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestTheCachesOfManyTenantsAreBoundedByBytes: every document, user and
// content coding asked of each of n tenants, at n and 4n tenants (4 and
// 16; under the race detector, 2 and 8, in identity and gzip only). The
// finding: a tenant cost 1.5 MB of RSS in examples/postgres once a client
// asked it for everything, because each snapshot's forms were kept for the
// snapshot's life (about 440 KB of the adapter's per tenant of the
// default data, and 259 KB more that each snapshot's themes kept: their
// stylesheets and high-contrast variants). Now what serving adds to the
// heap is bounded by Options.CacheBytes, however many tenants asked: the
// adapter keeps its forms within the budget, and the stylesheets it
// renders, not the snapshots.
func TestTheCachesOfManyTenantsAreBoundedByBytes(t *testing.T) {
	const budget = 1 << 20
	paths := []string{"/api/v2/theme/", "/api/v2/theme/component-defs/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/theme.css"}
	users := []string{"", "1", "2", "3", "4"}
	codings := []string{"identity", "gzip", "br", "zstd"}
	sizes := []int{4, 16}
	if raceEnabled { // the race detector compresses ten times slower
		codings, sizes = codings[:2], []int{2, 8}
	}
	held := map[int]int64{}
	for _, n := range sizes {
		src, snaps := tenantsSource(t, n)
		a := New(Options{Source: src, CacheBytes: budget, PreferredTheme: func(r *http.Request) (int, error) {
			id, _ := strconv.Atoi(r.Header.Get("X-User"))
			return id, nil
		}})
		mux := http.NewServeMux()
		mux.Handle("/api/v2/theme/", a)
		mux.Handle("/theme.css", a.Stylesheet())
		before := heapInUse()
		for i := range n {
			for _, path := range paths {
				for _, user := range users {
					for _, coding := range codings {
						req := httptest.NewRequest(http.MethodGet, path, nil)
						req = req.WithContext(context.WithValue(req.Context(), tenantKey{}, strconv.Itoa(i)))
						req.Header.Set("X-User", user)
						req.Header.Set("Accept-Encoding", coding)
						rec := httptest.NewRecorder()
						mux.ServeHTTP(rec, req)
						require.Equal(t, http.StatusOK, rec.Code, "%s for tenant %d", path, i)
					}
				}
			}
		}
		held[n] = heapInUse() - before
		charged := a.c.budget.charged()
		t.Logf("%d tenants, every document, user and coding: serving them added %d KB of live heap (%d KB a tenant), %d KB charged to the budget of %d KB",
			n, held[n]>>10, held[n]/int64(n)>>10, charged>>10, budget>>10)
		assert.LessOrEqual(t, charged, int64(budget), "the charges stay within the budget")
		assert.LessOrEqual(t, held[n], int64(budget+budget/2), "the live heap serving adds stays within the budget and a half")
		runtime.KeepAlive(snaps)
		runtime.KeepAlive(a)
	}
}

package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// TestScale measures a replica over many tenants: THEMEKIT_PG_SCALE=10000
// puts that many tenants in the database, each with a copy of acme's four
// themes and their colors (seedCopies), and reports the replica's startup time, the
// latency of each tenant's first (cold) request and of a warm one, and the
// heap with every tenant built, per tenant, against the heap of a
// snapshot loaded from files (theming.LoadFS(theming.DefaultFS())) measured in the same
// run, and of the snapshots alone. Without the variable it runs with 200
// tenants, a few seconds, so that every run checks the path; the figures
// in BENCHMARKS.md are for 10,000, which takes about a minute:
//
//	THEMEKIT_PG_SCALE=10000 go test -run TestScale -v ./examples/postgres
func TestScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("THEMEKIT_PG_SCALE"))
	if n <= 0 {
		n = 200
	}
	db, pool := startDB(t)
	ctx := context.Background()
	start := time.Now()
	seedCopies(t, pool, n)
	t.Logf("database: %d tenants x 4 themes written in %v", n, time.Since(start).Round(time.Millisecond))

	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}

	// Baseline: the retained heap of a snapshot loaded from files.
	const baseN = 200
	h0 := heap()
	kept := make([]*theming.Snapshot, baseN)
	for i := range kept {
		s, err := theming.LoadFS(theming.DefaultFS())
		require.NoError(t, err)
		kept[i] = s
	}
	perLoad := float64(heap()-h0) / baseN
	runtime.KeepAlive(kept)
	kept = nil

	start = time.Now()
	r := startReplica(t, db.DSN, config{MaxTenants: n}, nil)
	startup := time.Since(start)

	h1 := heap()
	cold := make([]time.Duration, n)
	start = time.Now()
	for i := range n {
		t0 := time.Now()
		status, _ := r.get(t, fmt.Sprint("t", i+1), "/api/v2/theme/", "")
		cold[i] = time.Since(t0)
		require.Equal(t, 200, status)
	}
	coldTotal := time.Since(start)
	require.Equal(t, n, r.source.Len())
	built := heap() - h1
	perTenant := float64(built) / float64(n)

	warm := make([]time.Duration, 0, min(n, 2000))
	for i := range cap(warm) {
		t0 := time.Now()
		status, _ := r.get(t, fmt.Sprint("t", i+1), "/api/v2/theme/", "")
		warm = append(warm, time.Since(t0))
		require.Equal(t, 200, status)
	}
	// The same tenants built again by a tenant.Source of their own, with
	// no HTTP: the heap of the snapshots alone, without the adapter's
	// encoded bodies.
	defaultCatalog, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cat, err := theming.CompileCatalog(defaultCatalog)
	require.NoError(t, err)
	bare := tenant.NewSource(tenant.Options{MaxTenants: n, Load: func(ctx context.Context, tenant string) (*theming.Snapshot, error) {
		themes, err := loadThemes(ctx, r.pool, tenant)
		if err != nil {
			return nil, err
		}
		return cat.SnapshotLenient(themes)
	}})
	h2 := heap()
	for i := range n {
		_, err := bare.Snapshot(tenant.With(ctx, fmt.Sprint("t", i+1)))
		require.NoError(t, err)
	}
	perSnapshot := float64(heap()-h2) / float64(n)
	runtime.KeepAlive(bare)

	pct := func(d []time.Duration, q float64) time.Duration {
		d = slices.Clone(d)
		slices.Sort(d)
		return d[int(q*float64(len(d)-1))].Round(time.Microsecond)
	}
	t.Logf("replica startup (pool, compiled catalog, listener listening): %v", startup.Round(time.Microsecond))
	t.Logf("cold first request, %d tenants in sequence: p50 %v, p99 %v, total %v", n, pct(cold, .5), pct(cold, .99), coldTotal.Round(time.Millisecond))
	t.Logf("warm request (same endpoint, %d tenants): p50 %v, p99 %v; cold/warm p50 ratio %.1f",
		len(warm), pct(warm, .5), pct(warm, .99), float64(pct(cold, .5))/float64(pct(warm, .5)))
	t.Logf("heap with %d tenants built: %.1f MB, %.1f KB per tenant; a snapshot from theming.LoadFS(DefaultFS()) retains %.1f KB (ratio %.2f)",
		n, float64(built)/(1<<20), perTenant/1024, perLoad/1024, perTenant/perLoad)
	t.Logf("of which the snapshots alone (the same tenants built again by a bare tenant.Source, no HTTP): %.1f KB per tenant; the rest is the adapter's encoded bodies for the one endpoint fetched", perSnapshot/1024)
}

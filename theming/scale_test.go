package theming_test

import (
	"fmt"
	"io/fs"
	"runtime"
	"testing"
	"time"

	"github.com/themekit/themekit/theming"
)

// defaultFiles returns the embedded catalog.json and themes.json.
func defaultFiles(tb testing.TB) (catalog, themes []byte) {
	tb.Helper()
	var err error
	if catalog, err = fs.ReadFile(theming.DefaultFS(), theming.CatalogFile); err != nil {
		tb.Fatal(err)
	}
	if themes, err = fs.ReadFile(theming.DefaultFS(), theming.ThemesFile); err != nil {
		tb.Fatal(err)
	}
	return catalog, themes
}

// defaultValues returns the default data as Go values and compiled.
func defaultValues(tb testing.TB) (*theming.CompiledCatalog, []theming.Theme) {
	tb.Helper()
	cat, err := theming.DefaultCatalog()
	if err != nil {
		tb.Fatal(err)
	}
	themes, err := theming.DefaultThemes()
	if err != nil {
		tb.Fatal(err)
	}
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		tb.Fatal(err)
	}
	return cc, themes
}

// BenchmarkDefaultData measures what one tenant costs on the default
// catalog and its four themes: Load of the two files (what a host did
// before), and CompiledCatalog.Snapshot of the same themes as Go values
// from a catalog compiled once.
//
//	go test -run '^$' -bench 'DefaultData|RetainedHeap' -benchmem ./theming
func BenchmarkDefaultData(b *testing.B) {
	catJSON, themesJSON := defaultFiles(b)
	b.Run("Load", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := theming.Load(catJSON, themesJSON); err != nil {
				b.Fatal(err)
			}
		}
	})
	cc, themes := defaultValues(b)
	b.Run("CompiledCatalog.Snapshot", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cc.Snapshot(themes); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRetainedHeap reports the heap each snapshot of the default
// data keeps alive (retained-B/snapshot): the heap in use after a GC with
// 2,000 snapshots held, less the heap before, over 2,000.
func BenchmarkRetainedHeap(b *testing.B) {
	const n = 2_000
	catJSON, themesJSON := defaultFiles(b)
	cc, themes := defaultValues(b)
	for _, tt := range []struct {
		name  string
		build func() (*theming.Snapshot, error)
	}{
		{"Load", func() (*theming.Snapshot, error) { return theming.Load(catJSON, themesJSON) }},
		{"CompiledCatalog.Snapshot", func() (*theming.Snapshot, error) { return cc.Snapshot(themes) }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			var per float64
			for b.Loop() {
				per = retained(b, n, tt.build)
			}
			b.ReportMetric(per, "retained-B/snapshot")
		})
	}
}

// retained builds n snapshots, keeps them alive, and returns the heap
// they retain per snapshot.
func retained(tb testing.TB, n int, build func() (*theming.Snapshot, error)) float64 {
	keep := make([]*theming.Snapshot, n)
	before := heapInUse()
	for i := range keep {
		s, err := build()
		if err != nil {
			tb.Fatal(err)
		}
		keep[i] = s
	}
	after := heapInUse()
	runtime.KeepAlive(keep)
	return float64(after-before) / float64(n)
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkTenants builds one snapshot per tenant from one compiled
// default catalog, each tenant with one theme of three overrides of its
// own, and keeps them all alive, as a multi-tenant host's process would.
// It reports the total time (s/build-all) and the heap they hold
// (heap-MB). Run it once:
//
//	go test -run '^$' -bench 'Tenants/tenants=100000' -benchtime 1x -benchmem ./theming
func BenchmarkTenants(b *testing.B) {
	cc, themes := defaultValues(b)
	for _, n := range []int{1_000, 100_000} {
		b.Run(fmt.Sprintf("tenants=%d", n), func(b *testing.B) {
			for b.Loop() {
				before := heapInUse()
				start := time.Now()
				snaps := make([]*theming.Snapshot, n)
				for i := range snaps {
					t := themes[i%len(themes)]
					t.ID = 1
					t.Colors = map[string]theming.PerScheme{
						"primary":         {Light: fmt.Sprintf("hsl(%d, 60%%, 40%%)", i%360), Dark: fmt.Sprintf("hsl(%d, 60%%, 70%%)", i%360)},
						"secondary":       {Light: "hsl(200, 30%, 45%)"},
						"page-background": {Dark: "hsl(220, 15%, 9%)"},
					}
					s, err := cc.Snapshot([]theming.Theme{t})
					if err != nil {
						b.Fatal(err)
					}
					snaps[i] = s
				}
				elapsed := time.Since(start)
				heap := heapInUse() - before
				runtime.KeepAlive(snaps)
				b.ReportMetric(elapsed.Seconds(), "s/build-all")
				b.ReportMetric(float64(heap)/(1<<20), "heap-MB")
				b.ReportMetric(float64(heap)/float64(n), "heap-B/tenant")
			}
		})
	}
}

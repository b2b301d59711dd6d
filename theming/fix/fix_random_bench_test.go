package fix

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/themekit/themekit/theming"
)

// randomValidThemes returns n seeded random themes of the default catalog
// that validate (randomTheme: one to six overrides, a sixth of them
// another component's id, a quarter of the colors translucent): issue
// 30's "random valid themes", which cost FixTheme and HighContrast up
// to 232 and 327 ms on the base tree.
func randomValidThemes(tb testing.TB, snap *theming.Snapshot, n int) []theming.Theme {
	rng := rand.New(rand.NewPCG(30, 13))
	vis, cc := visibleOf(snap), snap.CompiledCatalog()
	var out []theming.Theme
	for i := 0; len(out) < n; i++ {
		if th := randomTheme(rng, vis, i); cc.CheckTheme(th) == nil {
			out = append(out, th)
		}
	}
	return out
}

// benchmarkRandom fixes each of 300 random valid themes under o per
// iteration, and reports the median and the 99th percentile of the time
// one theme takes (ms/theme-p50, ms/theme-p99) and the slowest.
func benchmarkRandom(b *testing.B, o FixOptions) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	e := New(snap.CompiledCatalog())
	themes := randomValidThemes(b, snap, 300)
	var each []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		for _, th := range themes {
			t0 := time.Now()
			e.FixTheme(th, o) //nolint:errcheck // many cannot pass: the time is what is measured
			each = append(each, time.Since(t0))
		}
	}
	slices.Sort(each)
	q := func(p float64) float64 { return float64(each[int(float64(len(each)-1)*p)]) / 1e6 }
	b.ReportMetric(q(0.5), "ms/theme-p50")
	b.ReportMetric(q(0.99), "ms/theme-p99")
	b.ReportMetric(q(1), "ms/theme-max")
}

func BenchmarkFixThemeRandom(b *testing.B)     { benchmarkRandom(b, FixOptions{}) }
func BenchmarkHighContrastRandom(b *testing.B) { benchmarkRandom(b, highContrastOptions()) }

// BenchmarkHighContrastHostile fixes the hill-climbed theme of
// testdata/hostile-theme.json at AAA, as its variant is made: the bound
// stops it.
func BenchmarkHighContrastHostile(b *testing.B) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	e := New(snap.CompiledCatalog())
	th, _ := readHostileTheme(b)
	b.ReportAllocs()
	for b.Loop() {
		e.FixTheme(th, highContrastOptions()) //nolint:errcheck // the bound stops it: measured, not checked
	}
}

package validation_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/validation"
)

// cost is what one call took: its best time over a few runs, and the
// allocations and bytes of one run.
type cost struct {
	time           time.Duration
	allocs, nbytes uint64
}

// measure runs each of fs five times, the functions in turn so that a
// change in the machine's load falls on all of them, and returns the
// cost of each.
func measure(fs ...func()) []cost {
	c := make([]cost, len(fs))
	for round := range 5 {
		for k, f := range fs {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			f()
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if round == 0 || took < c[k].time {
				c[k].time = took
			}
			c[k].allocs, c[k].nbytes = after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
		}
	}
	return c
}

// hostileTheme is a theme whose every override is under a key that is
// no component: n keys, a third of them holding "]", "[" or "." as a
// form's field names can, each of them a problem.
func hostileTheme(n int) theming.Theme {
	th := theming.Theme{ID: 1, Name: "Hostile", Colors: make(map[string]theming.PerScheme, n)}
	for i := range n {
		key := fmt.Sprintf("nosuch-%d", i)
		switch i % 6 {
		case 1:
			key = fmt.Sprintf("a]%d", i)
		case 3:
			key = fmt.Sprintf("b][%d].light", i)
		}
		th.Colors[key] = theming.PerScheme{Light: "hsl(1, 2%, 3%)", Dark: "(" + key}
	}
	return th
}

// TestToThemingIsLinear: restating the errors of a theme with N bad keys,
// and with 4N, costs about 4 times as much, where a cost per failure
// that grows with the map (the finding: every failure scanned every key,
// 10 s for a 358 KB form) costs 16 times as much. The allocations are
// counted exactly; the time is the best of five runs of each size, run
// in turn, and its bound is loose, for a shared machine.
func TestToThemingIsLinear(t *testing.T) {
	v, cc := setup(t)
	const n = 1000
	restate := func(n int) func() {
		th := hostileTheme(n)
		err := v.Struct(th)
		var ve *theming.ValidationError
		require.ErrorAs(t, validation.ToTheming(err, cc, th), &ve)
		require.Len(t, ve.Problems, n, "one problem per key")
		return func() { _ = validation.ToTheming(err, cc, th) }
	}
	costs := measure(restate(n), restate(4*n))
	small, large := costs[0], costs[1]
	t.Logf("N=%d: %v, %d allocations, %d bytes; 4N: %v, %d allocations, %d bytes",
		n, small.time, small.allocs, small.nbytes, large.time, large.allocs, large.nbytes)
	assert.Less(t, float64(large.allocs)/float64(small.allocs), 5.0, "allocations at 4N over N")
	assert.Less(t, float64(large.nbytes)/float64(small.nbytes), 5.0, "bytes at 4N over N")
	assert.Less(t, float64(large.time)/float64(small.time), 10.0, "time at 4N over N")
}

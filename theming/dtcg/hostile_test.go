package dtcg_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

// The findings of the second adversarial probe of the token import
// (issue 30): each test feeds Import an input at a size n and at 4n and
// bounds the growth of its time and of the bytes it allocates, so that a
// quadratic (16×) or cubic (64×) return shows against the linear 4×; or
// bounds the memory an input may take.

// cost runs f and returns its time and the bytes it allocated. The time
// is the process's CPU time (user and system, getrusage), not the time
// that passed: a loaded machine stretches that by whatever share of the
// cores it leaves the test (a ratio of 16.5 against the bound of 12 once,
// for an input whose bytes grew 3.8 times), while CPU time moves only
// with the caches. A run repeats f reps times, so that a fast f is timed
// over many milliseconds, above the clock's tick.
func cost(f func(), reps int) (time.Duration, uint64) {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			panic(err) // RUSAGE_SELF cannot fail
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	best := time.Duration(1 << 62)
	var bytes uint64
	for range 1 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := cpu()
		for range reps {
			f()
		}
		best = min(best, (cpu()-start)/time.Duration(reps))
		runtime.ReadMemStats(&after)
		bytes = (after.TotalAlloc - before.TotalAlloc) / uint64(reps)
	}
	return best, bytes
}

// repsFor is how many times to repeat f for a run of about 50 ms.
func repsFor(f func()) int {
	start := time.Now()
	f()
	return max(1, int(50*time.Millisecond/max(time.Since(start), time.Microsecond)))
}

// assertLinear imports the files build makes for n and for 4n and bounds
// the growth of the import's allocations to 8× and of its time to 12×
// (linear is 4×, quadratic 16×). The two sizes are timed in turn, three
// times each, so that a change in the machine's load falls on both.
func assertLinear(t *testing.T, build func(n int) (fstest.MapFS, []string), n int) {
	t.Helper()
	var fs [2]func()
	for k, size := range []int{n, 4 * n} {
		fsys, names := build(size)
		fs[k] = func() { _, _ = dtcg.Import(fsys, names...) }
	}
	reps := repsFor(fs[0])
	d := [2]time.Duration{1 << 62, 1 << 62}
	var b [2]uint64
	for range 3 {
		for k := range 2 {
			dk, bk := cost(fs[k], max(1, reps>>(2*k)))
			d[k], b[k] = min(d[k], dk), bk
		}
	}
	t.Logf("n=%d: %v, %d bytes; 4n: %v, %d bytes: ×%.1f time, ×%.1f bytes", n, d[0], b[0], d[1], b[1],
		float64(d[1])/float64(d[0]), float64(b[1])/float64(b[0]))
	assert.Less(t, float64(b[1])/float64(b[0]), 8.0, "bytes allocated grow at most linearly")
	assert.Less(t, float64(d[1])/float64(d[0]), 12.0, "CPU time grows at most linearly")
}

// plain is a light and a dark file, the light one given.
func plain(light string) (fstest.MapFS, []string) {
	return fstest.MapFS{"light.json": {Data: []byte(light)}, "dark.json": {Data: []byte(darkFile)}}, []string{"light.json", "dark.json"}
}

const hsl0 = `{"colorSpace": "hsl", "components": [0, 0, 0], "alpha": 1}`

// chain writes a token file whose page-background aliases the first of
// n tokens, each aliasing the next, the last a color.
func chain(n int) string {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color", "page-background": {"$value": "{chain.c0}"}, "text": {"$value": ` + hsl0 + `}},` + "\n")
	b.WriteString(`"chain": {"$type": "color"`)
	for i := range n - 1 {
		fmt.Fprintf(&b, ",\n"+`"c%d": {"$value": "{chain.c%d}"}`, i, i+1)
	}
	fmt.Fprintf(&b, ",\n"+`"c%d": {"$value": %s}}}`, n-1, hsl0)
	return b.String()
}

func TestAliasChainsAreResolvedInLinearTime(t *testing.T) {
	im, err := importPlain(chain(10))
	require.NoError(t, err)
	assert.Equal(t, "hsl(0, 0%, 0%)", im.Catalog.Components[0].Fallback.Light, "the chain resolved")
	assertLinear(t, func(n int) (fstest.MapFS, []string) { return plain(chain(n)) }, 1000)
}

// cycle writes a token file whose n chain tokens alias each other in a
// ring.
func cycle(n int) string {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color", "page-background": {"$value": "{chain.c0}"}, "text": {"$value": ` + hsl0 + `}},` + "\n")
	b.WriteString(`"chain": {"$type": "color"`)
	for i := range n {
		fmt.Fprintf(&b, ",\n"+`"c%d": {"$value": "{chain.c%d}"}`, i, (i+1)%n)
	}
	b.WriteString("}}")
	return b.String()
}

func TestACycleIsReportedOnceWithItsMembers(t *testing.T) {
	_, err := importPlain(cycle(3))
	var ie *dtcg.ImportError
	require.ErrorAs(t, err, &ie)
	var cycles []*dtcg.Problem
	for _, p := range ie.Problems {
		if errors.Is(p, dtcg.ErrAliasCycle) {
			cycles = append(cycles, p)
		}
	}
	require.Len(t, cycles, 1, "once, though each scheme's resolution and each member meets it: %v", ie)
	assert.Equal(t, "light.json:3:18: /chain/c0/$value: alias cycle of 3 tokens: {chain.c0} -> {chain.c1} -> {chain.c2} -> {chain.c0}", cycles[0].Error())
	assertLinear(t, func(n int) (fstest.MapFS, []string) { return plain(cycle(n)) }, 1000)
}

// duplicates writes a token file with n duplicate keys.
func duplicates(n int) string {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color", "page-background": {"$value": ` + hsl0 + `}, "text": {"$value": ` + hsl0 + `}},` + "\n")
	b.WriteString(`"x": {"a": 1`)
	for range n {
		b.WriteString(",\n" + `"a": 1`)
	}
	b.WriteString("}}")
	return b.String()
}

// dollarNames writes a token file with n names the format reserves.
func dollarNames(n int) string {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color", "page-background": {"$value": ` + hsl0 + `}, "text": {"$value": ` + hsl0 + `}`)
	for i := range n {
		fmt.Fprintf(&b, ",\n"+`"$x%d": 1`, i)
	}
	b.WriteString("}}")
	return b.String()
}

func TestProblemsArePlacedFromOneLineIndexAfterTheyAreCapped(t *testing.T) {
	t.Run("duplicate keys", func(t *testing.T) {
		_, err := importPlain(duplicates(theming.MaxProblems + 5))
		var ie *dtcg.ImportError
		require.ErrorAs(t, err, &ie)
		require.Len(t, ie.Problems, theming.MaxProblems+1)
		assert.Equal(t, [2]int{3, 1}, [2]int{ie.Problems[0].Line, ie.Problems[0].Column}, "the first duplicate")
		assert.Equal(t, "and 5 more problems not listed", ie.Problems[theming.MaxProblems].Msg)
		assertLinear(t, func(n int) (fstest.MapFS, []string) { return plain(duplicates(n)) }, 20_000)
	})
	t.Run("names the format reserves", func(t *testing.T) {
		_, err := importPlain(dollarNames(10))
		require.ErrorIs(t, err, dtcg.ErrName)
		assertLinear(t, func(n int) (fstest.MapFS, []string) { return plain(dollarNames(n)) }, 20_000)
	})
}

// fanOut writes a token file with n components that alias one token
// whose extension holds a string of size bytes.
func fanOut(n, size int) string {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color", "page-background": {"$value": ` + hsl0 + `}`)
	for i := range n {
		fmt.Fprintf(&b, ",\n"+`"c%d": {"$value": "{base.big}"}`, i)
	}
	b.WriteString("},\n" + `"base": {"$type": "color", "big": {"$value": ` + hsl0 +
		`, "$extensions": {"dev.themekit": {"source": "` + strings.Repeat("x", size) + `"}}}}}`)
	return b.String()
}

func TestAnExtensionIsDecodedOnceHoweverManyAliasesReachIt(t *testing.T) {
	const size = 256 << 10
	var d [2]time.Duration
	for k, n := range []int{1, 400} {
		light := fanOut(n, size)
		fsys := fstest.MapFS{"light.json": {Data: []byte(light)}, "dark.json": {Data: []byte(light)}}
		d[k] = time.Duration(1 << 62)
		for range 3 {
			dk, _ := cost(func() { _, _ = dtcg.Import(fsys, "light.json", "dark.json") }, 1)
			d[k] = min(d[k], dk)
		}
	}
	t.Logf("1 alias: %v; 400 aliases: %v", d[0], d[1])
	assert.Less(t, float64(d[1])/float64(d[0]), 10.0, "400 aliases cost about what one does: the extension dominates, decoded once")
}

// sets writes a resolver whose resolution order references n sets.
func sets(n int) (fstest.MapFS, []string) {
	var defs, order strings.Builder
	for i := range n {
		fmt.Fprintf(&defs, `"s%d": {"sources": []}, `, i)
		fmt.Fprintf(&order, `{"$ref": "#/sets/s%d"}, `, i)
	}
	r := `{"version": "2025.10", "sets": {` + defs.String() + `"t": {"sources": [{"$ref": "light.json"}]}},
 "modifiers": {"scheme": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}}},
 "resolutionOrder": [` + order.String() + `{"$ref": "#/sets/t"}, {"$ref": "#/modifiers/scheme"}]}`
	fsys, _ := plain(`{"color": {"$type": "color", "page-background": {"$value": ` + hsl0 + `}, "text": {"$value": ` + hsl0 + `}}}`)
	fsys["r.json"] = &fstest.MapFile{Data: []byte(r)}
	return fsys, []string{"r.json"}
}

func TestResolverReferencesAreLookedUpByName(t *testing.T) {
	fsys, names := sets(3)
	_, err := dtcg.Import(fsys, names...)
	require.NoError(t, err)
	assertLinear(t, sets, 2000)
}

// zeros writes a token file of about size bytes whose one value is an
// array of zeros: two bytes a value.
func zeros(size int) []byte {
	b := make([]byte, 0, size+64)
	b = append(b, `{"color": {"big": {"$value": [0`...)
	for len(b) < size-8 {
		b = append(b, ",0"...)
	}
	return append(b, "]}}}"...)
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestTheMemoryOfAnImportIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 32 MB of zeros")
	}
	big := zeros(dtcg.MaxFileSize - 1)
	t.Run("a file of zeros stops at MaxValues", func(t *testing.T) {
		fsys := fstest.MapFS{"light.json": {Data: big}, "dark.json": {Data: []byte(darkFile)}}
		var err error
		n := allocated(func() { _, err = dtcg.Import(fsys, "light.json", "dark.json") })
		require.ErrorIs(t, err, dtcg.ErrTooLarge)
		assert.Contains(t, err.Error(), "light.json:1:")
		assert.Contains(t, err.Error(), "more than 1048576 JSON values (MaxValues)")
		t.Logf("%d MB allocated for %d MB of zeros", n>>20, len(big)>>20)
		assert.Less(t, n, uint64(300<<20), "bytes allocated, all told")
	})
	t.Run("files named by one resolver stop at MaxImportSize", func(t *testing.T) {
		fsys := fstest.MapFS{"r.json": {Data: []byte(`{"version": "2025.10",
 "sets": {"a": {"sources": [{"$ref": "a.json"}, {"$ref": "b.json"}, {"$ref": "c.json"}, {"$ref": "d.json"}]}},
 "modifiers": {"scheme": {"contexts": {"light": [], "dark": []}}},
 "resolutionOrder": [{"$ref": "#/sets/a"}, {"$ref": "#/modifiers/scheme"}]}`)}}
		for _, name := range []string{"a.json", "b.json", "c.json", "d.json"} {
			fsys[name] = &fstest.MapFile{Data: big}
		}
		var err error
		n := allocated(func() { _, err = dtcg.Import(fsys, "r.json") })
		var ie *dtcg.ImportError
		require.ErrorAs(t, err, &ie)
		require.ErrorIs(t, err, dtcg.ErrTooLarge)
		assert.Contains(t, err.Error(), "r.json:2:58: /sets/a/sources/1/$ref: cannot read b.json: the files of this import are larger than 33554432 bytes in all (MaxImportSize)")
		t.Logf("%d MB allocated for 4 × %d MB named by one resolver", n>>20, len(big)>>20)
		assert.Less(t, n, uint64(350<<20), "bytes allocated, all told")
	})
}

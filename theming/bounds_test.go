package theming_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// boundedTheme is a valid theme of the default catalog with every string
// field set, for the bound tests to make one of them too long.
func boundedTheme() theming.Theme {
	s := func(v string) *string { return &v }
	return theming.Theme{ID: 7, Name: "Seven", Logo: s("themes/7/logo.svg"),
		LogoSite: &theming.ImagePair{Thumbnail: s("https://cdn.example.com/site.png")},
		Colors:   map[string]theming.PerScheme{"primary": {Light: "hsl(30, 80%, 40%)", Dark: "text-primary"}}}
}

// TestTheStringsOfAThemeAreBounded: each string a theme carries has a
// bound, the same from Go values (CheckTheme, Snapshot, and so every
// store and source that checks through them) and from themes.json; a
// value at its bound passes, one unit over is a problem wrapping
// ErrTooLarge that names the theme and the field and does not quote the
// value.
func TestTheStringsOfAThemeAreBounded(t *testing.T) {
	cc := defaultCatalog(t)
	tests := []struct {
		name  string
		set   func(th *theming.Theme, n int) // makes the field n units long
		bound int
		path  string
		msg   string // the problem's message one unit over the bound
	}{
		{"a name, in characters", func(th *theming.Theme, n int) { th.Name = strings.Repeat("é", n) },
			theming.MaxNameChars, "name", "is 201 characters long; the limit is 200"},
		{"an image, in bytes", func(th *theming.Theme, n int) { v := "themes/" + strings.Repeat("a", n-7); th.Logo = &v },
			theming.MaxImageLen, "logo", "is 2049 bytes long; the limit is 2048"},
		{"an image of a pair", func(th *theming.Theme, n int) {
			v := "https://cdn.example.com/" + strings.Repeat("a", n-24)
			th.LogoSite.Thumbnail = &v
		}, theming.MaxImageLen, "logo_site.thumbnail", "is 2049 bytes long; the limit is 2048"},
		{"a color override", func(th *theming.Theme, n int) {
			th.Colors["primary"] = theming.PerScheme{Light: "hsl(30, 80%, 4" + strings.Repeat("0", n-16) + "%)"}
		}, 128, "colors.primary.light", "is 129 bytes long; the limit is 128"},
		{"a key of the overrides", func(th *theming.Theme, n int) {
			th.Colors = map[string]theming.PerScheme{strings.Repeat("k", n): {Light: "hsl(0, 0%, 0%)"}}
		}, 128, "colors", "has a key of 129 bytes; a component id is at most 128"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" at its bound passes", func(t *testing.T) {
			th := boundedTheme()
			tt.set(&th, tt.bound)
			if tt.path == "colors" {
				// No component has a 128-byte id: the key is unknown,
				// not too large.
				assert.NotErrorIs(t, cc.CheckTheme(th), theming.ErrTooLarge)
				return
			}
			assert.NoError(t, cc.CheckTheme(th))
		})
		t.Run(tt.name+" over its bound is refused with ErrTooLarge, by theme and field", func(t *testing.T) {
			th := boundedTheme()
			tt.set(&th, tt.bound+1)
			probs := validationProblems(t, cc.CheckTheme(th))
			require.Len(t, probs, 1, "one problem")
			p := probs[0]
			assert.ErrorIs(t, p, theming.ErrTooLarge)
			assert.Equal(t, 7, p.ThemeID)
			assert.Equal(t, tt.path, p.Path)
			assert.Equal(t, "theme 7: "+tt.path+": "+tt.msg, p.Error())

			s, err := cc.SnapshotLenient([]theming.Theme{th})
			require.NotNil(t, s)
			assert.ErrorIs(t, err, theming.ErrTooLarge)
			assert.Empty(t, s.Themes(), "a lenient snapshot leaves the theme out")
		})
		t.Run(tt.name+" over its bound in themes.json is refused as it is decoded, with its place", func(t *testing.T) {
			th := boundedTheme()
			tt.set(&th, tt.bound+1)
			doc, err := json.Marshal(map[string]any{"themes": []theming.Theme{th}})
			require.NoError(t, err)
			_, err = theming.Load(defaultCatalogJSON(t), doc)
			probs := validationProblems(t, err)
			require.Len(t, probs, 1, "one problem: %v", err)
			p := probs[0]
			assert.ErrorIs(t, p, theming.ErrTooLarge)
			assert.Equal(t, "themes[0]."+tt.path, p.Path)
			assert.Equal(t, 7, p.ThemeID, "named by its theme")
			assert.Equal(t, tt.msg, p.Msg)
			assert.Positive(t, p.Line, "placed in the file")
		})
	}
}

// defaultCatalogJSON is the embedded catalog.json.
func defaultCatalogJSON(t testing.TB) []byte {
	t.Helper()
	b, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	return b
}

// allocatedBy returns the bytes f allocates, from runtime.MemStats.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestATenantOfLongNamesCostsWhatItsThemesWouldWithout: the finding was
// a theme name without a bound. With 1 MiB names, 25 -> 100 themes took a
// tenant's first snapshot from 0.42 to 3.8 s and its theme list from 26
// to 105 MB, in the replica every tenant shares. Now each such theme is
// left out of a lenient snapshot (and refused by CheckTheme), and
// neither the snapshot nor its theme list grows with the names: at n and
// 4n themes, the bytes allocated stay within those of the same themes
// with short names.
func TestATenantOfLongNamesCostsWhatItsThemesWouldWithout(t *testing.T) {
	cc := defaultCatalog(t)
	name := strings.Repeat("n", 1<<20)
	themes := func(n int, name string) []theming.Theme {
		out := make([]theming.Theme, n)
		for i := range out {
			out[i] = theming.Theme{ID: i + 1, Name: name}
		}
		return out
	}
	measure := func(ths []theming.Theme) (bytes uint64, list int) {
		bytes = allocatedBy(func() {
			s, _ := cc.SnapshotLenient(ths)
			b, err := s.ThemesJSON("")
			require.NoError(t, err)
			list = len(b)
		})
		return bytes, list
	}
	for _, n := range []int{25, 100} {
		long, longList := measure(themes(n, name))
		short, shortList := measure(themes(n, "Short"))
		t.Logf("%d themes with 1 MiB names: %d bytes allocated, a theme list of %d bytes; with short names: %d bytes, %d bytes",
			n, long, longList, short, shortList)
		assert.LessOrEqual(t, longList, shortList, "the theme list carries none of the long names")
		assert.Less(t, long, uint64(n)<<20, "the snapshot and its theme list copy no name of 1 MiB")
	}
}

// TestDecodingRefusesAListOverItsBoundBeforeItIsBuilt: the finding was an
// array of {} components decoded whole before MaxComponents applied: a
// 12 MB catalog.json reached 403 MB peak RSS in 4.1 s. The test decodes
// 3 MB and 12 MB of {} components in a child process of its own (this
// test binary, run again), which says what Load allocated, and reads the
// child's peak RSS from its rusage: both under 64 MB, and the file refused
// with the count of components. Under the race detector, whose shadow
// memory multiplies a process's and which decodes ten times slower, only
// the 3 MB file, and only its allocation.
func TestDecodingRefusesAListOverItsBoundBeforeItIsBuilt(t *testing.T) {
	if mb := os.Getenv("THEMEKIT_DECODE_EMPTY_COMPONENTS_MB"); mb != "" {
		n, _ := strconv.Atoi(mb)
		decodeEmptyComponents(n << 20)
		return
	}
	if testing.Short() {
		t.Skip("skipped under -short: runs this test binary again, twice")
	}
	sizes := []int{3, 12}
	if raceEnabled {
		sizes = sizes[:1] // the race detector decodes ten times slower
	}
	for _, mb := range sizes {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestDecodingRefusesAListOverItsBoundBeforeItIsBuilt$")
		cmd.Env = append(os.Environ(), "THEMEKIT_DECODE_EMPTY_COMPONENTS_MB="+strconv.Itoa(mb))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Contains(t, string(out), "problems: 1\n", "the one problem: what was found in the components is not reported")
		refusal := childLine(string(out), "first problem: ")
		assert.Regexp(t, `^catalog.json:1:`+strconv.Itoa(len(emptyComponentsHead))+`: components: \d+ components; the limit is 100000$`, refusal,
			"refused at the components, with their count")
		allocated, err := strconv.ParseInt(childLine(string(out), "allocated: "), 10, 64)
		require.NoError(t, err)
		peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KB on Linux
		t.Logf("%d MB of {} components: Load allocated %d MB, peak RSS %d MB; %s", mb, allocated>>20, peak, refusal)
		assert.Less(t, allocated, int64(64<<20), "bytes Load allocated")
		if !raceEnabled { // the race detector's shadow memory is no part of the decoder's
			assert.Less(t, peak, int64(64), "peak RSS, MB")
		}
	}
}

// emptyComponentsHead is what comes before the {} components.
const emptyComponentsHead = `{"page_background": "page", "palette_preview": [], "components": [`

// decodeEmptyComponents loads a catalog.json of size bytes of {}
// components and prints its first problem after "first problem: ".
func decodeEmptyComponents(size int) {
	b := make([]byte, 0, size+8)
	b = append(b, emptyComponentsHead...)
	for len(b) < size {
		b = append(b, "{},"...)
	}
	b = append(b, "{}]}"...)
	var err error
	allocated := allocatedBy(func() { _, err = theming.Load(b, []byte(`{"themes": []}`)) })
	var ve *theming.ValidationError
	if errors.As(err, &ve) {
		fmt.Println("first problem: " + ve.Problems[0].Error())
		fmt.Println("problems:", len(ve.Problems))
	}
	fmt.Println("allocated:", allocated)
}

// childLine returns what follows prefix on the line of out that starts
// with it: what decodeEmptyComponents printed.
func childLine(out, prefix string) string {
	for line := range strings.Lines(out) {
		if p, ok := strings.CutPrefix(line, prefix); ok {
			return strings.TrimSpace(p)
		}
	}
	return ""
}

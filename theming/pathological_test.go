package theming_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// Pathological inputs: what each must do (load, or be refused with a
// clear error). Their cost is measured by BenchmarkPathological and
// written down in RELIABILITY.md; the tests assert no times.
// The 100,000-long chain and the 100,000-member cycle are tested in
// resolve_test.go, and the small refusals in load_test.go.

// tenMBComponents is how many generated components make a catalog of
// about 10 MB (generatedCatalog writes about 316 bytes each).
const tenMBComponents = 32_000

// replaceEach replaces every old in data by new, insisting there is one.
func replaceEach(t testing.TB, data []byte, old, new string) []byte {
	t.Helper()
	require.True(t, bytes.Contains(data, []byte(old)), "%q is in the document", old)
	return bytes.ReplaceAll(data, []byte(old), []byte(new))
}

// validationProblems returns the problems of a *ValidationError.
func validationProblems(t *testing.T, err error) []*theming.Problem {
	t.Helper()
	var verr *theming.ValidationError
	require.ErrorAs(t, err, &verr, "want a *theming.ValidationError")
	return verr.Problems
}

func TestATenMegabyteCatalogLoads(t *testing.T) {
	cat := generatedCatalog(tenMBComponents)
	require.GreaterOrEqual(t, len(cat), 10_000_000, "the catalog's size")
	s, err := theming.Load(cat, generatedThemes(tenMBComponents))
	require.NoError(t, err, "loading a catalog of %d bytes", len(cat))
	assert.Len(t, s.Components(), tenMBComponents, "components served")
	require.Len(t, s.Themes(), 3, "themes")
	th, _ := s.Theme(2)
	// c1 roots the first chain, which theme 2 overrides; c49 falls back
	// to it through 48 others.
	c, ok := th.Color(theming.Light, fmt.Sprintf("c%d", 49))
	require.True(t, ok, "c49 is resolved")
	assert.Equal(t, "hsl(80, 50%, 25%)", c.String(), "c49 under theme 2 in light")
}

func TestPathologicalInputsAreRefusedWithAClearProblem(t *testing.T) {
	themes := generatedThemes(10)
	tenMB := generatedCatalog(tenMBComponents)
	tests := []struct {
		name     string
		catalog  []byte
		wantN    int // problems: the last is the one that stops the scan
		wantPath string
		wantErr  error
		wantMsg  string
	}{
		{"ten million open brackets stop at the first level too deep",
			append([]byte(`{"components": `), bytes.Repeat([]byte("["), 10_000_000)...), 2,
			"components" + strings.Repeat("[0]", theming.MaxDepth-1), theming.ErrTooLarge, "JSON nested deeper than 32 levels"},
		{"one level beyond MaxDepth is too deep",
			[]byte(`{"components": ` + strings.Repeat("[", theming.MaxDepth) + strings.Repeat("]", theming.MaxDepth) + `}`), 2,
			"components" + strings.Repeat("[0]", theming.MaxDepth-1), theming.ErrTooLarge, "JSON nested deeper than 32 levels"},
		{"a byte that is not UTF-8 at the end of a 10 MB catalog is found at its offset",
			append(tenMB[:len(tenMB):len(tenMB)], '\xff'), 1,
			"", theming.ErrJSON, fmt.Sprintf("invalid UTF-8 at byte offset %d", len(tenMB))},
		{"a catalog of exactly MaxInputSize+1 bytes",
			append(generatedCatalog(10), bytes.Repeat([]byte(" "), theming.MaxInputSize+1-len(generatedCatalog(10)))...), 1,
			"", theming.ErrTooLarge, fmt.Sprintf("the file is %d bytes; the limit is %d", theming.MaxInputSize+1, theming.MaxInputSize)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := theming.Load(tt.catalog, themes)
			probs := validationProblems(t, err)
			require.Len(t, probs, tt.wantN, "problems of a %d-byte catalog", len(tt.catalog))
			p := probs[len(probs)-1]
			assert.Equal(t, "catalog.json", p.File, "file of the problem")
			if tt.wantPath != "" {
				assert.Equal(t, tt.wantPath, p.Path, "path of the problem")
			}
			assert.ErrorIs(t, p, tt.wantErr, "the problem %v", p)
			assert.Contains(t, p.Msg, tt.wantMsg, "the problem %v", p)
		})
	}
}

func TestNestingAtMaxDepthIsNotRefusedForItsDepth(t *testing.T) {
	// The document itself is one level; MaxDepth-1 arrays inside it.
	cat := []byte(`{"components": ` + strings.Repeat("[", theming.MaxDepth-1) + strings.Repeat("]", theming.MaxDepth-1) + `}`)
	_, err := theming.Load(cat, generatedThemes(10))
	for _, p := range validationProblems(t, err) {
		assert.NotErrorIs(t, p, theming.ErrTooLarge, "%d levels: %v", theming.MaxDepth, p)
	}
}

func TestACatalogOfExactlyMaxInputSizeIsNotRefusedForItsSize(t *testing.T) {
	// Its first byte is not UTF-8, so that the check after the size
	// check stops at once: a refusal for its size would say so instead.
	cat := make([]byte, theming.MaxInputSize)
	cat[0] = 0xff
	_, err := theming.Load(cat, generatedThemes(10))
	probs := validationProblems(t, err)
	require.Len(t, probs, 1, "problems: %v", err)
	assert.ErrorIs(t, probs[0], theming.ErrJSON, "the problem %v", probs[0])
	assert.Contains(t, probs[0].Msg, "invalid UTF-8 at byte offset 0", "the problem %v", probs[0])
}

// endless is a data directory whose catalog.json never ends; it counts
// what is read from it. (What it reads is whatever the buffer held: the
// size check refuses it before anything looks at the bytes.)
type endless struct{ read int64 }

func (e *endless) Open(name string) (fs.File, error) {
	if name == theming.ThemesFile {
		return fstest.MapFS{name: {Data: generatedThemes(10)}}.Open(name)
	}
	return endlessFile{e}, nil
}

type endlessFile struct{ e *endless }

func (f endlessFile) Read(p []byte) (int, error) {
	f.e.read += int64(len(p))
	return len(p), nil
}
func (endlessFile) Stat() (fs.FileInfo, error) { return nil, errors.ErrUnsupported }
func (endlessFile) Close() error               { return nil }

func TestAnEndlessFileIsReadNoFurtherThanTheLimit(t *testing.T) {
	fsys := &endless{}
	_, err := theming.LoadFS(fsys) // reading it all would never end
	probs := validationProblems(t, err)
	require.Len(t, probs, 1, "problems: %v", err)
	assert.ErrorIs(t, probs[0], theming.ErrTooLarge, "the problem %v", probs[0])
	assert.LessOrEqual(t, fsys.read, int64(theming.MaxInputSize)+1, "bytes read from an endless catalog.json")
}

func TestDuplicateKeysAreReportedUpToTheLimit(t *testing.T) {
	const n = 10_000
	cat := replaceEach(t, generatedCatalog(10), `"name": "Page",`, `"name": "Page",`+strings.Repeat(` "name": "Page",`, n))
	probs := validationProblems(t, func() error { _, err := theming.Load(cat, generatedThemes(10)); return err }())
	require.Len(t, probs, theming.MaxProblems+1, "MaxProblems duplicates listed, then one problem counting the rest")
	last := probs[theming.MaxProblems]
	assert.ErrorIs(t, last, theming.ErrTooManyProblems)
	assert.Equal(t, fmt.Sprintf("and %d more problems not listed", n-theming.MaxProblems), last.Msg)
	for _, p := range probs[:theming.MaxProblems] {
		require.ErrorIs(t, p, theming.ErrDuplicate, "the problem %v", p)
		require.Equal(t, "components[0].name", p.Path, "the problem %v", p)
	}
}

// TestEveryWrongTypeIsReported checks that a catalog with a wrong JSON
// type in every component reports each, once, up to MaxProblems.
func TestEveryWrongTypeIsReported(t *testing.T) {
	const n = 2_000
	cat := replaceEach(t, generatedCatalog(n), `"name": "Component `, `"name": 5, "label": "Component `)
	probs := validationProblems(t, func() error { _, err := theming.Load(cat, generatedThemes(n)); return err }())
	// 2*(n-1) problems: a wrong type and an unknown field per generated
	// component. The first MaxProblems are listed; one more counts the rest.
	require.Len(t, probs, theming.MaxProblems+1, "the listed problems and the count of the rest")
	last := probs[theming.MaxProblems]
	assert.ErrorIs(t, last, theming.ErrTooManyProblems)
	assert.Equal(t, fmt.Sprintf("and %d more problems not listed", 2*(n-1)-theming.MaxProblems), last.Msg)
	for i, p := range probs[:theming.MaxProblems] {
		want := fmt.Sprintf("components[%d].label", i/2+1) // problems are sorted by path
		if i%2 == 1 {
			want = fmt.Sprintf("components[%d].name", i/2+1)
		}
		require.Equal(t, want, p.Path, "problem %d: %v", i, p)
	}
}

// pathologicalCase is an input BenchmarkPathological measures: it makes
// its catalog and themes. Run one at a time (-bench 'Pathological/name')
// under /usr/bin/time -v for its peak memory.
type pathologicalCase struct {
	name            string
	catalog, themes func() []byte
}

func pathologicalCases(tb testing.TB) []pathologicalCase {
	noColors := func() []byte { return edit(tb, baseThemes, func(m map[string]any) { delete(theme(m, 0), "colors") }) }
	empty := func() []byte { return []byte(`{"themes": []}`) }
	ten := func() []byte { return generatedThemes(tenMBComponents) }
	cases := []pathologicalCase{
		{"chain=100000", func() []byte { return chainCatalog(100_000, false) }, noColors},
		{"cycle=100000", func() []byte { return chainCatalog(100_000, true) }, empty},
		{"catalog=10MB", func() []byte { return generatedCatalog(tenMBComponents) }, ten},
		{"nested=10M-brackets", func() []byte {
			return append([]byte(`{"components": `), bytes.Repeat([]byte("["), 10_000_000)...)
		}, empty},
		{"duplicate-keys=10MB", func() []byte {
			return bytes.Replace(generatedCatalog(10), []byte(`"name": "Page",`), []byte(`"name": "Page",`+strings.Repeat(` "name": "Page",`, 650_000)), 1)
		}, empty},
		{"non-utf8=10MB", func() []byte { return append(generatedCatalog(tenMBComponents), '\xff') }, ten},
		{"over-max-input-size", func() []byte { return make([]byte, theming.MaxInputSize+1) }, empty},
		{"broken-references=10MB", func() []byte {
			return bytes.ReplaceAll(generatedCatalog(tenMBComponents), []byte(`"light": "c`), []byte(`"light": "missing-c`))
		}, ten},
	}
	for _, n := range []int{4_000, 8_000, 16_000, tenMBComponents} {
		cases = append(cases, pathologicalCase{fmt.Sprintf("wrong-types=%d", n), func() []byte {
			return bytes.ReplaceAll(generatedCatalog(n), []byte(`"name": "Component `), []byte(`"name": 5, "label": "Component `))
		}, empty})
	}
	return cases
}

// BenchmarkPathological measures Load on each pathological input: time,
// bytes and allocations per load (the input is made before the timer),
// and reports the input size, the problems and the error's length.
//
//	go test -run '^$' -bench Pathological -benchtime 1x -benchmem ./theming
func BenchmarkPathological(b *testing.B) {
	for _, pc := range pathologicalCases(b) {
		b.Run(pc.name, func(b *testing.B) {
			cat, themes := pc.catalog(), pc.themes()
			b.ReportAllocs()
			b.ResetTimer()
			var err error
			for b.Loop() {
				_, err = theming.Load(cat, themes)
			}
			b.ReportMetric(float64(len(cat)), "input-bytes")
			var verr *theming.ValidationError
			if errors.As(err, &verr) {
				b.ReportMetric(float64(len(verr.Problems)), "problems")
				b.ReportMetric(float64(len(err.Error())), "error-bytes")
			}
		})
	}
}

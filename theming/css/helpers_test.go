package css_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The small catalog of theming's tests, whose resolution can be checked
// by hand (../testdata/base/catalog.json, described in theming's
// helpers_test.go), and its two themes: theme 1 overrides primary in the
// light scheme only; theme 2 is the default and overrides nothing.
var (
	baseCatalog = readTestdata("base/catalog.json")
	baseThemes  = readTestdata("base/themes.json")
)

// readTestdata returns a file under theming's testdata; a missing file is
// a bug in the tests, so it panics.
func readTestdata(name string) string {
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// edit decodes doc, lets change modify it, and encodes it again.
func edit(t testing.TB, doc string, change func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &m), "decoding base document")
	change(m)
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

// theme returns theme i of a decoded themes document.
func theme(m map[string]any, i int) map[string]any {
	return m["themes"].([]any)[i].(map[string]any)
}

// loadBase loads the base catalog and themes.
func loadBase(t testing.TB) *theming.Snapshot {
	t.Helper()
	s, err := theming.Load([]byte(baseCatalog), []byte(baseThemes))
	require.NoError(t, err)
	return s
}

// defaultSnapshot loads the embedded default data.
func defaultSnapshot(tb testing.TB) *theming.Snapshot {
	tb.Helper()
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(tb, err)
	return s
}

// served returns the sheet httpadapter serves for theme id of s: with
// the theme's variant, from an engine of s's catalog.
func served(t testing.TB, s *theming.Snapshot, id int) (*theming.ResolvedTheme, string) {
	t.Helper()
	rt, ok := s.Theme(id)
	require.True(t, ok, "theme %d", id)
	return rt, string(css.Stylesheet(rt, fix.New(s.CompiledCatalog()).HighContrast(rt)))
}

// sheetBlocks finds each of heads in sheet, in order, and returns the text
// that follows each up to the next "}": the declarations of each block.
// It fails the test when a head is missing or out of order.
func sheetBlocks(t testing.TB, sheet string, heads ...string) []string {
	t.Helper()
	at := 0
	var out []string
	for n, h := range heads {
		i := strings.Index(sheet[at:], h)
		require.GreaterOrEqual(t, i, 0, "block %d, %q, in order", n, h)
		at += i + len(h)
		end := strings.Index(sheet[at:], "}")
		out = append(out, sheet[at:at+end])
	}
	return out
}

var declPattern = regexp.MustCompile(`(--[a-z0-9-]+): ([^;]+);`)

// declarations returns a block's custom properties and their values.
func declarations(block string) map[string]string {
	m := map[string]string{}
	for _, d := range declPattern.FindAllStringSubmatch(block, -1) {
		m[d[1]] = d[2]
	}
	return m
}

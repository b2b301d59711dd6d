package theming_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// A small catalog whose resolution can be checked by hand, in
// testdata/base/catalog.json (the htmlreport tests read it too).
//
//	page (light hsl(0,0%,100%), dark hsl(0,0%,10%))
//	primary (hsl(210,50%,40%) / hsl(210,50%,70%))
//	button -> primary (both schemes)
//	button-focus -> button -> primary (a chain three deep)
//	text (hsl(0,0%,10%) / hsl(0,0%,95%)), checked against page as text
//	scrim: an overlay, hsla(0,0%,0%,0.5) in both schemes
//	old: hidden, falls back to primary
var baseCatalog = readTestdata("base/catalog.json")

// Two themes, in testdata/base/themes.json: theme 1 overrides primary in the light scheme only; theme 2
// is the default and overrides nothing.
var baseThemes = readTestdata("base/themes.json")

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

// comp returns component i of a decoded catalog.
func comp(m map[string]any, i int) map[string]any {
	return m["components"].([]any)[i].(map[string]any)
}

// theme returns theme i of a decoded themes document.
func theme(m map[string]any, i int) map[string]any {
	return m["themes"].([]any)[i].(map[string]any)
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// readTestdata returns a file under testdata; a missing file is a bug in
// the tests, so it panics.
func readTestdata(name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// defaultSnapshot loads the embedded default data.
func defaultSnapshot(tb testing.TB) *theming.Snapshot {
	tb.Helper()
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(tb, err)
	return snap
}

// defaultCatalog is the default data's compiled catalog.
func defaultCatalog(tb testing.TB) *theming.CompiledCatalog {
	tb.Helper()
	return defaultSnapshot(tb).CompiledCatalog()
}

// audit returns s's audit under the default policy, by the contrast
// engine: what a host reports of a snapshot, which the core's data
// decides (each side's color and the theme field that decided it).
func audit(tb testing.TB, s *theming.Snapshot) *fix.Report {
	tb.Helper()
	rep, err := fix.New(s.CompiledCatalog()).Audit(s, contrast.Policy{})
	require.NoError(tb, err)
	return rep
}

// sheet returns the stylesheet a host serves for rt, a theme of s.
func sheet(s *theming.Snapshot, rt *theming.ResolvedTheme) string {
	return string(css.Stylesheet(rt, fix.New(s.CompiledCatalog()).HighContrast(rt)))
}

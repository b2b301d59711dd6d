package dtcg_test

import (
	"testing"
	"testing/fstest"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

// FuzzImport feeds Import arbitrary resolvers and token files: it must
// return data or an error, never panic, and data it returns exports and
// imports back as the same data. The seeds are small (an export
// of a two-component catalog, a few hundred bytes each), so that the
// fuzzer spends its time mutating, not minimizing:
//
//	go test -run '^$' -fuzz FuzzImport -fuzztime 120s -fuzzminimizetime 100x ./theming/dtcg
func FuzzImport(f *testing.F) {
	cat := theming.Catalog{PageBackground: "page", PalettePreview: []string{}, Components: []theming.Component{
		{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 5%)"},
			Variables: []theming.Variable{{CSSVariable: "--page"}, {CSSVariable: "--page-soft", Opacity: ptr(0.5)}}},
		{ID: "text", Name: "Text", Fallback: theming.PerScheme{Light: "hsla(0, 0%, 10%, 0.9)", Dark: "page"},
			Variables: []theming.Variable{{CSSVariable: "--text"}}},
	}}
	files, err := dtcg.Export(cat, []theming.Theme{{ID: 1, Name: "One", Colors: map[string]theming.PerScheme{"text": {Light: "page"}}}}, dtcg.ExportOptions{})
	if err != nil {
		f.Fatal(err)
	}
	byName := map[string][]byte{}
	for _, fl := range files {
		byName[fl.Name] = fl.Data
	}
	f.Add(byName[dtcg.ResolverFile], byName[dtcg.CatalogFile], byName[dtcg.ThemeFile(1)])
	f.Add([]byte(`{"version":"2025.10","sets":{"c":{"sources":[{"$ref":"catalog.tokens.json"},{"$ref":"theme-1.tokens.json"}]}},"modifiers":{"scheme":{"contexts":{"light":[],"dark":[{"$ref":"scheme-light.tokens.json"}]}}},"resolutionOrder":[{"$ref":"#/sets/c"},{"$ref":"#/modifiers/scheme"}]}`),
		[]byte(`{"color":{"$type":"color","page":{"$value":{"colorSpace":"hsl","components":[0,0,100]}},"text":{"$value":"{color.page}"}}}`),
		[]byte(`{"color":{"text":{"$value":{"colorSpace":"oklch","components":[0.5,0.1,30],"alpha":0.5}}}}`))
	f.Add([]byte(`{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}`), []byte(`{}`), []byte(`{}`))
	f.Add([]byte(`{"version": "2025.10", "modifiers": {"scheme": {"contexts": {"light": [{"$ref": "catalog.tokens.json"}], "dark": [{"a": {"$type": "color", "$value": "{a}"}}]}}}, "resolutionOrder": [{"$ref": "#/modifiers/scheme"}]}`), []byte(`{"color": {"x": {"$value": "{color.x}"}}}`), []byte(`[]`))
	f.Fuzz(func(t *testing.T, resolver, catalog, theme []byte) {
		fsys := fstest.MapFS{
			dtcg.ResolverFile:          {Data: resolver},
			dtcg.CatalogFile:           {Data: catalog},
			dtcg.ThemeFile(1):          {Data: theme},
			dtcg.ThemeFile(2):          {Data: theme},
			dtcg.ThemeFile(7):          {Data: theme},
			"scheme-light.tokens.json": {Data: catalog},
		}
		im, err := dtcg.Import(fsys, dtcg.ResolverFile)
		if err == nil && (im == nil || im.Snapshot == nil) {
			t.Fatal("no data and no error")
		}
		if err == nil {
			// What was imported exports and imports back unchanged.
			files, err := dtcg.ExportSnapshot(im.Snapshot, dtcg.ExportOptions{})
			if err != nil {
				t.Fatalf("the import's snapshot does not export: %v", err)
			}
			back := fstest.MapFS{}
			for _, f := range files {
				back[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			again, err := dtcg.Import(back, dtcg.ResolverFile)
			if err != nil {
				t.Fatalf("the export of an import does not import: %v", err)
			}
			if again.Snapshot.Version() != im.Snapshot.Version() {
				t.Fatalf("the export of an import imports as other data:\n%+v\n%+v", im.Catalog, again.Catalog)
			}
		}
		_, _ = dtcg.Import(fsys, dtcg.CatalogFile, dtcg.ThemeFile(1))
	})
}

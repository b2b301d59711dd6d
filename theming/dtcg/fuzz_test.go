package dtcg_test

import (
	"testing"
	"testing/fstest"

	"github.com/themekit/themekit/theming/dtcg"
)

// FuzzImport feeds Import arbitrary resolvers and token files: it must
// return data or an error, never panic.
func FuzzImport(f *testing.F) {
	cat, themes := richCatalog()
	files, err := dtcg.Export(cat, themes, dtcg.ExportOptions{})
	if err != nil {
		f.Fatal(err)
	}
	var theme []byte
	for _, fl := range files {
		if fl.Name == dtcg.ThemeFile(1) {
			theme = fl.Data
		}
	}
	f.Add(files[0].Data, files[1].Data, theme)
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
		if err == nil && im == nil {
			t.Fatal("no data and no error")
		}
		_, _ = dtcg.Import(fsys, dtcg.CatalogFile, dtcg.ThemeFile(1))
	})
}

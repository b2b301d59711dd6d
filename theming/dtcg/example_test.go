package dtcg_test

import (
	"errors"
	"fmt"
	"log"
	"testing/fstest"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

// Export the embedded default data: the resolver document first, then the
// token files it references.
func ExampleExport() {
	cat, err := theming.DefaultCatalog()
	if err != nil {
		log.Fatal(err)
	}
	themes, err := theming.DefaultThemes()
	if err != nil {
		log.Fatal(err)
	}
	files, err := dtcg.Export(cat, themes, dtcg.ExportOptions{})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(f.Name)
	}
	// Output:
	// themes.resolver.json
	// catalog.tokens.json
	// theme-1.tokens.json
	// theme-2.tokens.json
	// theme-3.tokens.json
	// theme-4.tokens.json
	// scheme-light.tokens.json
	// scheme-dark.tokens.json
	// contrast-normal.tokens.json
	// contrast-more.tokens.json
}

// Data that does not validate is not exported: the error is theming's.
func ExampleExport_invalid() {
	cat := theming.Catalog{PageBackground: "page", PalettePreview: []string{}, Components: []theming.Component{
		{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "missing"}, Variables: []theming.Variable{{CSSVariable: "--page"}}},
	}}
	_, err := dtcg.Export(cat, []theming.Theme{{ID: 1, Name: "One"}}, dtcg.ExportOptions{})
	var verr *theming.ValidationError
	fmt.Println(errors.As(err, &verr))
	// Output:
	// true
}

// Export, import: the same data, so the same version.
func ExampleImport() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		log.Fatal(err)
	}
	files, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	im, err := dtcg.Import(fsys, dtcg.ResolverFile)
	if err != nil {
		log.Fatal(err)
	}
	// The snapshot the import compiled: nothing to compile again.
	fmt.Println(len(im.Themes), im.Snapshot.Version() == snap.Version())
	// Output:
	// 4 true
}

// A token name may not contain a dot: the problem names the file, the
// place and the JSON pointer.
func ExampleImport_problem() {
	fsys := fstest.MapFS{
		"light.json": {Data: []byte(`{"color": {"$type": "color", "page.bg": {"$value": {"colorSpace": "hsl", "components": [0, 0, 100]}}}}`)},
		"dark.json":  {Data: []byte(`{"color": {"$type": "color", "page-bg": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}}}`)},
	}
	_, err := dtcg.Import(fsys, "light.json", "dark.json")
	var ie *dtcg.ImportError
	if errors.As(err, &ie) {
		fmt.Println(ie.Problems[0], errors.Is(err, dtcg.ErrName))
	}
	// Output:
	// light.json:1:30: /color/page.bg: name "page.bg" contains "{", "}" or "." true
}

package dtcg_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/theming/dtcg"
)

// maxFuzzInput bounds each of FuzzImport's three inputs. Go's minimizer
// tries removing every range of an input's bytes, so minimizing one
// input costs executions in proportion to the square of its length: at
// 9 KB (the seeds this target had before, an export) one finding took
// the whole of -fuzzminimizetime's minute, and the fuzzer ran 7 inputs
// in 60 s. Inputs over the bound are not imported; Import's own bounds
// on large files are tested by TestTheMemoryOfAnImportIsBounded and the
// growth tests in hostile_test.go.
const maxFuzzInput = 512

// The documents FuzzImport's seeds are made of: a catalog of two
// components, one an alias of the other, and one theme's override of
// text, in another color space.
const (
	seedCatalog = `{"color":{"$type":"color","page":{"$value":{"colorSpace":"hsl","components":[0,0,100]}},"text":{"$value":"{color.page}"}}}`
	seedTheme   = `{"color":{"text":{"$type":"color","$value":{"colorSpace":"oklch","components":[0.5,0.1,30],"alpha":0.5}}}}`
)

// fuzzSeeds are FuzzImport's seeds, each document under maxFuzzInput;
// the first four import (TestTheFuzzSeedsDoWhatTheyAreFor).
var fuzzSeeds = []struct{ resolver, catalog, theme string }{
	{ // imports: a set of the catalog and the theme, and a scheme modifier
		`{"version":"2025.10","sets":{"c":{"sources":[{"$ref":"c"},{"$ref":"t"}]}},"modifiers":{"scheme":{"contexts":{"light":[],"dark":[{"$ref":"c"}]}}},"resolutionOrder":[{"$ref":"#/sets/c"},{"$ref":"#/modifiers/scheme"}]}`,
		seedCatalog, seedTheme,
	},
	{ // imports: a theme modifier naming themes 1 and 7, and a contrast modifier
		`{"version":"2025.10","sets":{"c":{"sources":[{"$ref":"c"}]}},"modifiers":{"theme":{"contexts":{"1":[{"$ref":"t"}],"7":[{"$ref":"t"}]}},"scheme":{"contexts":{"light":[],"dark":[]}},"contrast":{"contexts":{"normal":[],"more":[]}}},"resolutionOrder":[{"$ref":"#/sets/c"},{"$ref":"#/modifiers/theme"},{"$ref":"#/modifiers/scheme"},{"$ref":"#/modifiers/contrast"}]}`,
		seedCatalog, seedTheme,
	},
	{ // a theme record in the themekit extension, and a derived variable
		`{"version":"2025.10","sets":{"c":{"sources":[{"$ref":"c"},{"$ref":"t"}]}},"modifiers":{"scheme":{"contexts":{"light":[],"dark":[]}}},"resolutionOrder":[{"$ref":"#/sets/c"},{"$ref":"#/modifiers/scheme"}]}`,
		`{"color":{"$type":"color","page":{"$value":"#fff","$extensions":{"dev.themekit":{"css_variable":"--page","fallback":{"light":"hsl(0, 0%, 100%)","dark":"hsl(0, 0%, 5%)"},"variables":["--page"]}}}}}`,
		`{"themekit":{"$extensions":{"dev.themekit":{"theme":{"id":1,"name":"One","colors":{}}}}}}`,
	},
	{ // no resolver: a light and a dark file
		"", seedCatalog, `{"color":{"$type":"color","page":{"$value":{"colorSpace":"hsl","components":[0,0,5]}},"text":{"$value":"#eee"}}}`,
	},
	{ // a set that includes itself
		`{"version":"2025.10","sets":{"a":{"sources":[{"$ref":"#/sets/a"}]}},"resolutionOrder":[{"$ref":"#/sets/a"}]}`, `{}`, `{}`,
	},
	{ // an alias cycle, in a context given inline
		`{"version":"2025.10","modifiers":{"scheme":{"contexts":{"light":[{"$ref":"c"}],"dark":[{"a":{"$type":"color","$value":"{a}"}}]}}},"resolutionOrder":[{"$ref":"#/modifiers/scheme"}]}`,
		`{"color":{"x":{"$value":"{color.x}"}}}`, `[]`,
	},
}

// fuzzFS is the file system of one of FuzzImport's inputs: the resolver,
// and the catalog and the theme under short names a resolver refers to
// ("c" and "t", which the fuzzer finds more easily than long ones) and
// under the names of a two-file import.
func fuzzFS(resolver, catalog, theme []byte) fstest.MapFS {
	return fstest.MapFS{
		dtcg.ResolverFile: {Data: resolver},
		"c":               {Data: catalog},
		"t":               {Data: theme},
		dtcg.CatalogFile:  {Data: catalog},
		dtcg.ThemeFile(1): {Data: theme},
	}
}

// FuzzImport feeds Import arbitrary resolvers and token files: it must
// return data or an error, never panic, and data it returns exports and
// imports back as the same data; without a resolver, the catalog and the
// theme are imported as the light and the dark file. The seeds are small
// hand-written documents, so that the fuzzer spends its time mutating,
// not minimizing, and a finding is minimized within -fuzzminimizetime's
// 10 s:
//
//	go test -run '^$' -fuzz '^FuzzImport$' -fuzztime 60s -fuzzminimizetime 10s -parallel 1 ./theming/dtcg
func FuzzImport(f *testing.F) {
	for _, seed := range fuzzSeeds {
		f.Add([]byte(seed.resolver), []byte(seed.catalog), []byte(seed.theme))
	}
	f.Fuzz(func(t *testing.T, resolver, catalog, theme []byte) {
		if len(resolver) > maxFuzzInput || len(catalog) > maxFuzzInput || len(theme) > maxFuzzInput {
			return
		}
		fsys := fuzzFS(resolver, catalog, theme)
		if len(resolver) == 0 {
			// The two-file import, light then dark: only without a
			// resolver, so that minimizing a resolver does not import
			// the same two files again with every candidate.
			_, _ = dtcg.Import(fsys, dtcg.CatalogFile, dtcg.ThemeFile(1))
			return
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
	})
}

// TestTheFuzzSeedsDoWhatTheyAreFor: FuzzImport's seeds are small enough
// for the fuzzer to mutate rather than minimize, and reach what they are
// there for: the first four import (so that the fuzzer starts from
// inputs that take the export and the round trip, and the two-file
// import), the last two are refused.
func TestTheFuzzSeedsDoWhatTheyAreFor(t *testing.T) {
	for i, seed := range fuzzSeeds {
		for _, doc := range []string{seed.resolver, seed.catalog, seed.theme} {
			assert.LessOrEqual(t, len(doc), maxFuzzInput, "seed %d", i)
		}
		fsys := fuzzFS([]byte(seed.resolver), []byte(seed.catalog), []byte(seed.theme))
		var err error
		if seed.resolver == "" {
			_, err = dtcg.Import(fsys, dtcg.CatalogFile, dtcg.ThemeFile(1))
		} else {
			_, err = dtcg.Import(fsys, dtcg.ResolverFile)
		}
		if i < 4 {
			assert.NoError(t, err, "seed %d imports", i)
		} else {
			assert.Error(t, err, "seed %d is refused", i)
		}
	}
}

package dtcg_test

import (
	"testing"
	"testing/fstest"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
	"github.com/themekit/themekit/theming/fix"
)

// BenchmarkLoadFS is the baseline: loading the default data, the work a
// host does once per data version anyway.
func BenchmarkLoadFS(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := theming.LoadFS(theming.DefaultFS()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExportSnapshot exports the default data's snapshot; the
// high-contrast variants are the engine's, worked out on the first
// iteration and shared afterwards, as a host shares them with the served
// stylesheets by passing the engine it serves them with.
func BenchmarkExportSnapshot(b *testing.B) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	opts := dtcg.ExportOptions{Engine: fix.New(snap.CompiledCatalog())}
	if _, err := dtcg.ExportSnapshot(snap, opts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dtcg.ExportSnapshot(snap, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImport reads the default data's export back.
func BenchmarkImport(b *testing.B) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	files, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{})
	if err != nil {
		b.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dtcg.Import(fsys, dtcg.ResolverFile); err != nil {
			b.Fatal(err)
		}
	}
}

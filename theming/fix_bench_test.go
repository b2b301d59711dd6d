package theming_test

import (
	"fmt"
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
)

// The solver on the default catalog, as an admin form calls it on save:
// FixTheme of a theme whose brand color is too light for its buttons and
// links (AA, both methods), the high-contrast variant of the default
// data's first theme (FixTheme at AAA), and Generate from one brand color.
func BenchmarkFixTheme(b *testing.B) {
	cc := defaultCatalog(b)
	th := theming.Theme{ID: 9, Name: "Light brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 60%)", Dark: "hsl(214, 82%, 40%)"}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := cc.FixTheme(th, theming.FixOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHighContrast(b *testing.B) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		b.Fatal(err)
	}
	th := snap.Themes()[0].Theme()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := snap.CompiledCatalog().FixTheme(th, theming.FixOptions{Policy: theming.HighContrastPolicy(), Alpha: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	cc := defaultCatalog(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cc.Generate(colorref.HSL(160, 70, 50), theming.GenerateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func defaultCatalog(tb testing.TB) *theming.CompiledCatalog {
	tb.Helper()
	return defaultSnapshot(tb).CompiledCatalog()
}

// BenchmarkFixThemeScale fixes a theme of the generated scale data (see
// internal/gendata) whose every seventh component is overridden with a
// mid blue that fails about half the rules.
func BenchmarkFixThemeScale(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		s, err := theming.Load(generatedCatalog(n), generatedThemes(n))
		if err != nil {
			b.Fatal(err)
		}
		rt := s.Themes()[0]
		th := rt.Theme()
		th.Colors = map[string]theming.PerScheme{}
		k := 0
		for id := range rt.Colors(theming.Light) {
			if k++; k%7 == 0 {
				th.Colors[id] = theming.PerScheme{Light: "hsl(200, 50%, 60%)", Dark: "hsl(200, 50%, 40%)"}
			}
		}
		b.Run(fmt.Sprintf("components=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := s.CompiledCatalog().FixTheme(th, theming.FixOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

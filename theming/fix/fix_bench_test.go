package fix_test

import (
	"fmt"
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/testkit/gendata"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The solver on the default catalog, as an admin form calls it on save:
// FixTheme of a theme whose brand color is too light for its buttons and
// links (AA, both methods), the high-contrast variant of the default
// data's first theme (FixTheme at AAA), and Generate from one brand color.
// Each runs on one engine, made once, as a host keeps one per catalog.
func BenchmarkFixTheme(b *testing.B) {
	e := fix.New(defaultCatalog(b))
	th := theming.Theme{ID: 9, Name: "Light brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 60%)", Dark: "hsl(214, 82%, 40%)"}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.FixTheme(th, fix.FixOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHighContrast(b *testing.B) {
	snap := defaultSnapshot(b)
	e := fix.New(snap.CompiledCatalog())
	th := snap.Themes()[0].Theme()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.FixTheme(th, fix.FixOptions{Policy: fix.HighContrastPolicy(), Alpha: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	e := fix.New(defaultCatalog(b))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Generate(colorref.HSL(160, 70, 50), fix.GenerateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFixThemeScale fixes a theme of the generated scale data (see
// internal/testkit/gendata) whose every seventh component is overridden with a
// mid blue that fails about half the rules.
func BenchmarkFixThemeScale(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		s, err := theming.Load(gendata.Catalog(n), gendata.Themes(n))
		if err != nil {
			b.Fatal(err)
		}
		e := fix.New(s.CompiledCatalog())
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
				if _, _, err := e.FixTheme(th, fix.FixOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var benchSizes = []int{1_000, 10_000, 100_000}

// BenchmarkAudit measures the contrast audit of a snapshot of the
// generated scale data (see internal/testkit/gendata): n rules × 3 themes × 2
// schemes. Each iteration loads a fresh snapshot outside the timer, and
// audits it with a new engine, since an engine keeps a snapshot's audit.
func BenchmarkAudit(b *testing.B) {
	for _, n := range benchSizes {
		cat, themes := gendata.Catalog(n), gendata.Themes(n)
		b.Run(fmt.Sprintf("components=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				s, err := theming.Load(cat, themes)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if rep, err := fix.New(s.CompiledCatalog()).Audit(s, contrast.Policy{}); err != nil || rep.Checked != (n-1)*6 {
					b.Fatalf("checked %d rules, %v", rep.Checked, err)
				}
			}
		})
	}
}

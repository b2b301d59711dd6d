package theming_test

import (
	"fmt"
	"testing"

	"github.com/themekit/themekit/internal/testkit/gendata"
	"github.com/themekit/themekit/theming"
)

// generatedCatalog and generatedThemes are the shared scale data (see
// internal/testkit/gendata): chains up to 50 deep, two variables and one contrast
// rule per component, three themes.
func generatedCatalog(n int) []byte { return gendata.Catalog(n) }

func generatedThemes(n int) []byte { return gendata.Themes(n) }

var benchSizes = []int{1_000, 10_000, 100_000}

// BenchmarkLoad measures load + validate + resolve (every theme, both
// schemes, all derived variables) and the encoded catalog.
func BenchmarkLoad(b *testing.B) {
	for _, n := range benchSizes {
		cat, themes := generatedCatalog(n), generatedThemes(n)
		b.Run(fmt.Sprintf("components=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(cat) + len(themes)))
			for b.Loop() {
				if _, err := theming.Load(cat, themes); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestGeneratedCatalogLoads(t *testing.T) {
	s, err := theming.Load(generatedCatalog(1000), generatedThemes(1000))
	if err != nil {
		t.Fatal(err)
	}
	rt, _ := s.Theme(2)
	// c49 falls back through c48 ... to c1, which theme 2 overrides in light.
	c, _ := rt.Color(theming.Light, "c49")
	if c.String() != "hsl(80, 50%, 25%)" {
		t.Fatalf("c49 = %v, want the override of c1", c)
	}
}

// BenchmarkServedThemes measures what a host's adapter does once per
// snapshot for the theme endpoints: the theme list, each theme's record,
// and the snapshot's Version, on the default data (four themes) and on a
// snapshot of 100 themes. Each iteration builds a fresh snapshot outside
// the timer, since Version is computed once per snapshot.
func BenchmarkServedThemes(b *testing.B) {
	defaults, err := theming.DefaultThemes()
	if err != nil {
		b.Fatal(err)
	}
	cat, err := theming.DefaultCatalog()
	if err != nil {
		b.Fatal(err)
	}
	compiled, err := theming.CompileCatalog(cat)
	if err != nil {
		b.Fatal(err)
	}
	many := make([]theming.Theme, 100)
	for i := range many {
		many[i] = defaults[i%len(defaults)]
		many[i].ID, many[i].IsDefault = i+1, i == 0
	}
	for _, tc := range []struct {
		name   string
		themes []theming.Theme
	}{{"themes=4", defaults}, {"themes=100", many}} {
		for _, base := range []string{"", "https://cdn.example.com/media/"} {
			b.Run(fmt.Sprintf("%s/base=%q", tc.name, base), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					s, err := compiled.Snapshot(tc.themes)
					if err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if _, err := s.ThemesJSON(base); err != nil {
						b.Fatal(err)
					}
					for _, t := range s.Themes() {
						if _, err := s.ThemeJSON(t.ID(), base); err != nil {
							b.Fatal(err)
						}
					}
					_ = s.Version()
				}
			})
		}
	}
}

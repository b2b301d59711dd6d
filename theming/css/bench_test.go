package css_test

import (
	"testing"

	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// BenchmarkStylesheetRender renders the sheet httpadapter serves for the
// default data's default theme, its variant worked out beforehand: what
// rendering costs once per theme of a snapshot (the adapter keeps the
// bytes; see httpadapter's BenchmarkHostInlinesTheSheet for the call a
// host makes per page).
func BenchmarkStylesheetRender(b *testing.B) {
	s := defaultSnapshot(b)
	rt, err := s.ChooseTheme(0)
	if err != nil {
		b.Fatal(err)
	}
	v := fix.New(s.CompiledCatalog()).HighContrast(rt)
	b.ReportAllocs()
	for b.Loop() {
		_ = css.Stylesheet(rt, v)
	}
}

// BenchmarkLightDarkRender renders the light-dark() sheet of the same
// theme with the same variant: its cost beside BenchmarkStylesheetRender's.
func BenchmarkLightDarkRender(b *testing.B) {
	s := defaultSnapshot(b)
	rt, err := s.ChooseTheme(0)
	if err != nil {
		b.Fatal(err)
	}
	v := fix.New(s.CompiledCatalog()).HighContrast(rt)
	b.ReportAllocs()
	for b.Loop() {
		_ = css.LightDark(rt, v)
	}
}

package colorref_test

import (
	"testing"

	"github.com/themekit/themekit/colorref"
)

var benchInputs = []struct{ name, in string }{
	{"legacy", "hsl(210, 50%, 40%)"},
	{"legacy-alpha", "hsla(210, 50%, 40%, 0.5)"},
	{"modern-alpha", "hsl(0.5turn 50% 40% / 25%)"},
}

func BenchmarkParseColor(b *testing.B) {
	for _, bb := range benchInputs {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := colorref.ParseColor(bb.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseRef(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := colorref.ParseRef("primary-button-focus-ring"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendText(b *testing.B) {
	c := colorref.HSLA(210.5, 50, 40, 0.5)
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = c.AppendText(buf[:0])
	}
}

package contrast_test

import (
	"testing"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

var (
	benchFG     = colorref.HSLA(221, 72, 45, 0.9)
	benchBG     = colorref.HSL(0, 0, 98)
	benchOpaque = colorref.HSL(221, 72, 45)
	benchSink   float64
)

func BenchmarkRatio(b *testing.B) {
	b.Run("opaque", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			benchSink = contrast.Ratio(benchOpaque, benchBG)
		}
	})
	b.Run("translucent", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			benchSink = contrast.Ratio(benchFG, benchBG)
		}
	})
}

func BenchmarkAPCA(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink = contrast.APCA(benchOpaque, benchBG)
	}
}

func BenchmarkCheck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		r, _ := contrast.Check(benchOpaque, benchBG, contrast.Text, contrast.AA)
		benchSink = r.Ratio
	}
}

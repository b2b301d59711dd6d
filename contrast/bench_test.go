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
		r, _ := contrast.Policy{Level: contrast.AA}.Check(benchOpaque, benchBG, benchBG, contrast.Text)
		benchSink = r.Ratio
	}
}

// BenchmarkMethods measures the three methods side by side in one run:
// the exact ratio (six math.Pow calls), the rendered ratio (8-bit
// channels, a 256-entry table) and Threshold.Passes under Both, which computes both.
func BenchmarkMethods(b *testing.B) {
	backdrop := colorref.HSL(0, 0, 100)
	pairs := []struct {
		name   string
		fg, bg colorref.Color
	}{
		{"opaque", benchOpaque, benchBG},
		{"translucent", benchFG, benchBG.WithAlpha(0.8)},
	}
	for _, p := range pairs {
		b.Run("exact/"+p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				benchSink = contrast.RatioOver(p.fg, p.bg, backdrop)
			}
		})
		b.Run("rendered/"+p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				benchSink = contrast.RatioRendered(p.fg, p.bg, backdrop)
			}
		})
		b.Run("both/"+p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if contrast.Both.Threshold(contrast.TextAA).Passes(p.fg, p.bg, backdrop) {
					benchSink++
				}
			}
		})
	}
}

// BenchmarkPolicies measures a whole check under each policy in one run:
// the exact method (it also reports the rendered ratio), Both (Check), and
// Both with APCA.
func BenchmarkPolicies(b *testing.B) {
	backdrop := colorref.HSL(0, 0, 100)
	for _, p := range []struct {
		name   string
		policy contrast.Policy
	}{
		{"exact", contrast.Policy{Method: contrast.Exact}},
		{"both", contrast.Policy{}},
		{"both+apca", contrast.Policy{APCA: true}},
	} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, _ := p.policy.Check(benchOpaque, benchBG, backdrop, contrast.Text)
				benchSink = r.Ratio
			}
		})
	}
}

// BenchmarkSuggestFor measures a foreground fix under the exact method
// and under Both, and a background fix under Both, in one run.
func BenchmarkSuggestFor(b *testing.B) {
	fg, bg, backdrop := colorref.HSL(221, 72, 60), colorref.HSL(0, 0, 98), colorref.HSL(0, 0, 100)
	for _, c := range []struct {
		name string
		m    contrast.Method
		side contrast.Side
	}{
		{"exact/foreground", contrast.Exact, contrast.Foreground},
		{"both/foreground", contrast.Both, contrast.Foreground},
		{"both/background", contrast.Both, contrast.Background},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				contrast.SuggestFor(fg, bg, backdrop, contrast.TextAA, c.m, c.side)
			}
		})
	}
}

// BenchmarkAuditStep measures what theming's audit does per finding:
// the exact ratio and the APCA Lc ("exact"), and the same plus the
// rendered ratio, which an audit under Both adds ("both").
func BenchmarkAuditStep(b *testing.B) {
	backdrop := colorref.HSL(0, 0, 100)
	b.Run("exact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			benchSink = contrast.RatioOver(benchOpaque, benchBG, backdrop) + contrast.APCAOver(benchOpaque, benchBG, backdrop)
		}
	})
	b.Run("both", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			benchSink = contrast.RatioOver(benchOpaque, benchBG, backdrop) + contrast.APCAOver(benchOpaque, benchBG, backdrop) + contrast.RatioRendered(benchOpaque, benchBG, backdrop)
		}
	})
}

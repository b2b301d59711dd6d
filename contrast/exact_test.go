package contrast

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

// The reference: the exact ratio as the WCAG formula writes it, evaluated
// with math.Pow, which is how RatioOver computed it before linear. It is
// written out again here, apart from the library's fallback, so that a
// change to either shows.

func refLinear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func refLuminance(c [3]float64) float64 {
	return 0.2126*refLinear(c[0]) + 0.7152*refLinear(c[1]) + 0.0722*refLinear(c[2])
}

func refRatioOver(fg, bg, backdrop colorref.Color) float64 {
	f, b := pair(fg, bg, backdrop)
	l1, l2 := refLuminance(f), refLuminance(b)
	if l1 < l2 {
		l1, l2 = l2, l1
	}
	return (l1 + 0.05) / (l2 + 0.05)
}

// refVerdict is the verdict under m on the reference ratio exact and the
// rendered ratio, with the comparisons the package documentation states.
func refVerdict(exact, rendered, required float64, m Method) bool {
	switch m {
	case Exact:
		return exact >= required
	case Rendered:
		return rendered > required
	}
	return exact >= required && rendered > required
}

// unguardedRatio is the ratio of linear without ratioFor's fallback: what
// the verdicts would rest on if nothing guarded the thresholds.
func unguardedRatio(fg, bg, backdrop colorref.Color) float64 {
	f, b := pair(fg, bg, backdrop)
	return wcagRatio(luminance(f[0], f[1], f[2]), luminance(b[0], b[1], b[2]))
}

// linearTolerance and exactTolerance are what the tests below require of
// linear and of the unguarded ratio, relative to the reference: a tenth of
// ratioTolerance, the band where ratioFor falls back on math.Pow, so the
// band is ten times wider than any difference the tests let pass.
const (
	linearTolerance = ratioTolerance / 10
	exactTolerance  = ratioTolerance / 10
)

func relDiff(got, want float64) float64 {
	if got == want {
		return 0
	}
	return math.Abs(got-want) / math.Abs(want)
}

// TestLinearMatchesPow compares linear with the formula evaluated with
// math.Pow: on every float64 for a hundred steps either side of each
// segment and octave boundary, of the 0.04045 knee and of 1; on a grid of
// a million steps across (0.04045, 1]; and on a million seeded random
// channels. It also checks the bound of the precision argument in
// linear's comment.
func TestLinearMatchesPow(t *testing.T) {
	require.LessOrEqual(t, ratioTolerance, 1e-12, "issue 28 allows 1e-12 relative")
	worst, at := 0.0, 0.0
	check := func(v float64) {
		if d := relDiff(linear(v), refLinear(v)); d > worst || math.IsNaN(d) {
			worst, at = d, v
		}
	}
	around := func(v float64) {
		x := v
		for range 100 {
			x = math.Nextafter(x, 0)
		}
		for range 201 {
			check(x)
			x = math.Nextafter(x, 2)
		}
	}
	around(0.04045)
	around(1)
	for e := -4; e <= 0; e++ {
		for j := range linearSteps + 1 {
			if v := math.Ldexp(1+float64(j)/linearSteps, e) - 0.055; v > 0.04045 && v < 1.5 {
				around(v)
			}
		}
	}
	for k := range 1_000_000 {
		check(0.04045 + float64(k+1)*(1-0.04045)/1_000_000)
	}
	rng := rand.New(rand.NewPCG(28, 2401))
	for range 1_000_000 {
		check(rng.Float64())
	}
	t.Logf("largest relative difference %.3g (%.1f × 2⁻⁵³) at %v", worst, worst/0x1p-53, at)
	assert.LessOrEqual(t, worst, linearTolerance, "linear(%v) = %v, math.Pow gives %v", at, linear(at), refLinear(at))
	// The series' cut, the first neglected term bounded by the geometric
	// sum: |C(2.4, 7)|·ρ^7/(1−ρ) with ρ = 1/129.
	rho := 1.0 / 129
	assert.Less(t, 0.00239616*math.Pow(rho, 7)/(1-rho), 5e-18)
	for j := range linearCentres {
		lo, hi := 1+float64(j)/linearSteps, 1+float64(j+1)/linearSteps
		c := linearCentres[j].c
		assert.LessOrEqual(t, max(c-lo, hi-c)/c, rho, "segment %d: |u| ≤ 1/129", j)
	}
	assert.True(t, math.IsNaN(linear(math.NaN())), "NaN stays NaN")
	assert.Equal(t, refLinear(5), linear(5), "beyond the table, the formula")
}

// TestLuminancePathsAgree requires luminance's shortcuts, for greys and
// for three channels above the knee, to give the sum of linear's three
// values bit for bit, on seeded channels above and below the knee.
func TestLuminancePathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2126))
	channel := func() float64 {
		if rng.IntN(4) == 0 {
			return rng.Float64() * 0.05 // around and below the knee
		}
		return rng.Float64()
	}
	for range 200_000 {
		r, g, b := channel(), channel(), channel()
		if rng.IntN(4) == 0 {
			g, b = r, r
		}
		want := 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
		if got := luminance(r, g, b); got != want {
			t.Fatalf("luminance(%v, %v, %v) = %v, the sum of linear's values is %v", r, g, b, got, want)
		}
	}
}

// exactCase is a pair of the held-out vectors or of the seeded sample.
type exactCase struct{ fg, bg, backdrop colorref.Color }

// heldOutPairs reads the pairs of the three vector files in testdata.
func heldOutPairs(t *testing.T) []exactCase {
	white := colorref.HSL(0, 0, 100)
	parse := func(s string) colorref.Color {
		c, err := colorref.ParseColor(s)
		require.NoError(t, err, "ParseColor(%q)", s)
		return c
	}
	var out []exactCase
	for _, path := range []string{"testdata/contrast-vectors.json", "testdata/w3c-examples.json", "testdata/axe-vectors.json"} {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		var file struct {
			Pairs, Examples []struct{ FG, BG, Backdrop string }
		}
		require.NoError(t, json.Unmarshal(b, &file), path)
		for _, p := range append(file.Pairs, file.Examples...) {
			bd := white
			if p.Backdrop != "" {
				bd = parse(p.Backdrop)
			}
			out = append(out, exactCase{parse(p.FG), parse(p.BG), bd})
		}
	}
	require.Greater(t, len(out), 400, "pairs in the three vector files")
	return out
}

// randomPair draws a seeded pair, one color in eight a grey (luminance's
// path for greys); translucent makes both the foreground and the
// background translucent, over a random backdrop.
func randomPair(rng *rand.Rand, translucent bool) exactCase {
	c := func(a float64) colorref.Color {
		s := rng.Float64() * 100
		if rng.IntN(8) == 0 {
			s = 0
		}
		return colorref.HSLA(rng.Float64()*360, s, rng.Float64()*100, a)
	}
	if !translucent {
		return exactCase{c(1), c(1), c(1)}
	}
	return exactCase{c(rng.Float64()), c(rng.Float64()), c(1)}
}

// thresholdPairs returns, for count seeded pairs, the foregrounds whose
// lightnesses are the float64 values either side of where the reference
// ratio crosses target, and the eight float64 values beyond each: pairs
// whose exact ratio is as close to the minimum as float64 allows.
func thresholdPairs(rng *rand.Rand, target float64, count int, translucent bool) []exactCase {
	var out []exactCase
	for len(out) < count*18 {
		p := randomPair(rng, translucent)
		at := func(l float64) colorref.Color { return p.fg.WithLightness(l) }
		passes := func(l float64) bool { return refRatioOver(at(l), p.bg, p.backdrop) >= target }
		lo, hi := 0.0, 100.0 // passes(lo), !passes(hi)
		if rng.IntN(2) == 0 {
			lo, hi = hi, lo
		}
		if !passes(lo) || passes(hi) {
			continue
		}
		for {
			mid := (lo + hi) / 2
			if mid == lo || mid == hi {
				break
			}
			if passes(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		for range 8 {
			lo, hi = math.Nextafter(lo, 2*lo-hi), math.Nextafter(hi, 2*hi-lo)
		}
		for l := lo; ; l = math.Nextafter(l, hi) {
			out = append(out, exactCase{at(l), p.bg, p.backdrop})
			if l == hi {
				break
			}
		}
	}
	return out
}

// verdictSample is how many seeded pairs of each kind (opaque,
// translucent) TestExactVerdictsMatchPow draws: two million in all, fewer
// in -short and under the race detector, which makes the run ten times
// slower.
func verdictSample() int {
	if testing.Short() || raceEnabled {
		return 1 << 13
	}
	return 1 << 20
}

// TestExactVerdictsMatchPow compares the exact ratio with the reference
// (the formula evaluated with math.Pow) over the held-out vectors, two
// million seeded pairs, opaque and translucent, and 32,000 pairs placed at
// 3, 4.5 and 7 to the last float64: RatioOver within exactTolerance
// relative, and the verdicts of Threshold.Passes at 3, 4.5 and 7 under Both, Exact
// and Rendered the reference's; Policy.Check's verdicts, at AA and AAA
// for text and non-text under each method, and its ratios too, on every
// pair but seven random pairs in eight. The sample must hold pairs whose ratio
// without ratioFor's fallback is on the other side of the minimum, so
// that the fallback is shown to be needed and to work.
func TestExactVerdictsMatchPow(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 4507))
	cases := heldOutPairs(t)
	for _, translucent := range []bool{false, true} {
		for _, target := range []float64{LargeTextAA, TextAA, TextAAA} {
			cases = append(cases, thresholdPairs(rng, target, 300, translucent)...)
		}
	}
	placed := len(cases)
	for _, translucent := range []bool{false, true} {
		for range verdictSample() {
			cases = append(cases, randomPair(rng, translucent))
		}
	}
	worst, flipsWithoutFallback := 0.0, 0
	for i, c := range cases {
		want := refRatioOver(c.fg, c.bg, c.backdrop)
		got := RatioOver(c.fg, c.bg, c.backdrop)
		worst = max(worst, relDiff(got, want))
		if relDiff(got, want) > exactTolerance {
			t.Fatalf("RatioOver(%v, %v, %v) = %v, math.Pow gives %v", c.fg, c.bg, c.backdrop, got, want)
		}
		fast := unguardedRatio(c.fg, c.bg, c.backdrop)
		rendered := RatioRendered(c.fg, c.bg, c.backdrop)
		for _, req := range []float64{LargeTextAA, TextAA, TextAAA} {
			if (fast >= req) != (want >= req) {
				flipsWithoutFallback++
			}
			for _, m := range []Method{Both, Exact, Rendered} {
				if w, g := refVerdict(want, rendered, req, m), m.Threshold(req).Passes(c.fg, c.bg, c.backdrop); g != w {
					t.Fatalf("%v.Threshold(%v).Passes(%v, %v, %v) = %v, want %v: exact %v (math.Pow %v), rendered %v", m, req, c.fg, c.bg, c.backdrop, g, w, got, want, rendered)
				}
			}
		}
		if i < placed || i%8 == 0 {
			checksMatch(t, c, want, rendered)
		}
	}
	t.Logf("%d pairs: largest relative difference %.3g; %d verdicts the ratio without fallback would change", len(cases), worst, flipsWithoutFallback)
	assert.Greater(t, flipsWithoutFallback, 10, "the sample reaches the band where the fallback decides")
}

// checksMatch checks Policy.Check's verdicts and ratios on c, at each
// level under each method for text and non-text, against the reference
// ratio want.
func checksMatch(t *testing.T, c exactCase, want, rendered float64) {
	for _, m := range []Method{Both, Exact, Rendered} {
		for _, l := range []Level{AA, AAA} {
			for _, typ := range []Type{Text, NonText} {
				res, err := Policy{Level: l, Method: m}.Check(c.fg, c.bg, c.backdrop, typ)
				require.NoError(t, err)
				wantPass := refVerdict(want, rendered, res.Required, m)
				if res.Pass != wantPass || res.WCAGPass != wantPass || relDiff(res.Exact, want) > exactTolerance || res.Rendered != rendered {
					t.Fatalf("Policy{%v, %v}.Check(%v, %v, %v, %v) = %v (exact %v, rendered %v); math.Pow gives %v, so pass = %v, rendered %v",
						l, m, c.fg, c.bg, c.backdrop, typ, res, res.Exact, res.Rendered, want, wantPass, rendered)
				}
			}
		}
	}
}

// powCheck is Policy.Check as it was before linear, on the reference
// ratio: the baseline BenchmarkDefaultCheck measures beside it.
func powCheck(p Policy, fg, bg, backdrop colorref.Color, t Type) (Result, error) {
	req, err := Required(t, p.Level)
	if err != nil {
		return Result{}, err
	}
	if err := methodNames.check(p.Method); err != nil {
		return Result{}, err
	}
	exact := refRatioOver(fg, bg, backdrop)
	rendered := RatioRendered(fg, bg, backdrop)
	res := Result{
		Ratio: p.Method.Ratio(exact, rendered), Required: req, Type: t, Level: p.Level, Method: p.Method,
		Exact: exact, Rendered: rendered, WCAGPass: p.Method.Judge(exact, rendered, req), APCA: p.APCA,
	}
	res.Pass = res.WCAGPass
	return res, nil
}

// powPasses is Threshold.Passes under Both as it was: the rendered ratio first,
// then the reference ratio.
func powPasses(fg, bg, backdrop colorref.Color, required float64) bool {
	r := RatioRendered(fg, bg, backdrop)
	return r > required && refRatioOver(fg, bg, backdrop) >= required
}

var benchSink float64

// BenchmarkDefaultCheck measures the default check, the zero Policy's
// Check and Threshold.Passes under Both, per opaque and per translucent pair, with
// the exact ratio from linear ("fast") and, in the same run, from
// math.Pow as before ("pow"). The pair near the minimum is one whose
// rendered channels leave the exact verdict in doubt, so that Threshold.Passes
// computes the exact ratio. Compare with
//
//	benchstat -col /impl
func BenchmarkDefaultCheck(b *testing.B) {
	backdrop := colorref.HSL(0, 0, 100)
	for _, p := range []struct {
		name   string
		fg, bg colorref.Color
	}{
		{"opaque", colorref.HSL(221, 72, 45), colorref.HSL(0, 0, 98)},
		{"opaque-tinted", colorref.HSL(221, 72, 45), colorref.HSL(45, 100, 96)},
		{"opaque-near-minimum", colorref.HSL(0, 0, 46.47), colorref.HSL(0, 0, 100)}, // exact 4.510, rendered 4.542
		{"translucent", colorref.HSLA(221, 72, 45, 0.9), colorref.HSLA(0, 0, 98, 0.8)},
	} {
		b.Run("pair="+p.name+"/call=Check/impl=pow", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, _ := powCheck(Policy{}, p.fg, p.bg, backdrop, Text)
				benchSink = r.Ratio
			}
		})
		b.Run("pair="+p.name+"/call=Check/impl=fast", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, _ := Policy{}.Check(p.fg, p.bg, backdrop, Text)
				benchSink = r.Ratio
			}
		})
		b.Run("pair="+p.name+"/call=Passes/impl=pow", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if powPasses(p.fg, p.bg, backdrop, TextAA) {
					benchSink++
				}
			}
		})
		b.Run("pair="+p.name+"/call=Passes/impl=fast", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Both.Threshold(TextAA).Passes(p.fg, p.bg, backdrop) {
					benchSink++
				}
			}
		})
	}
}

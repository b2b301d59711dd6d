package colorref

import (
	"math"
	"math/rand/v2"
	"testing"
)

// legacy8Float64 is legacy8 as the RGBA8 documentation states it, scaled
// and rounded in float64: (v + 1e-7) in float32, times 255 rounded to
// float32, rounded half away from zero and clamped to [0, 255].
func legacy8Float64(v float32) uint8 {
	x := float64(float32(float64(float32(v+1e-7)) * 255))
	return uint8(math.Max(0, math.Min(255, math.Round(x))))
}

// TestLegacy8ScalesAndRoundsInFloat32 compares legacy8, which stays in
// float32, with the float64 statement of the rule on every float32 within
// 4096 steps of each half step k+0.5 (where rounding decides), of 0, of 1
// and of the 0.5 below which the result is 0, and on a million random
// channels in [-0.001, 1.001].
func TestLegacy8ScalesAndRoundsInFloat32(t *testing.T) {
	check := func(v float32) bool {
		t.Helper()
		if got, want := legacy8(v), legacy8Float64(v); got != want {
			t.Errorf("legacy8(%v) = %d, the float64 rule gives %d", v, got, want)
			return false
		}
		return true
	}
	around := func(centre float32) bool {
		b := math.Float32bits(centre)
		for d := uint32(0); d <= 4096; d++ {
			if !check(math.Float32frombits(b+d)) || b >= d && !check(math.Float32frombits(b-d)) {
				return false
			}
		}
		return true
	}
	centres := []float32{0, 1, 0.5/255 - 1e-7}
	for k := range 256 {
		centres = append(centres, float32((float64(k)+0.5)/255-1e-7))
	}
	for _, c := range centres {
		if !around(c) || !check(-c) {
			return
		}
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for range 1_000_000 {
		if !check(float32(rng.Float64()*1.002 - 0.001)) {
			return
		}
	}
}

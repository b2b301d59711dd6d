package colorref_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

func TestRounded(t *testing.T) {
	tests := []struct {
		name string
		in   colorref.Color
		want colorref.Color
	}{
		{"every component is rounded to two decimals", colorref.HSLA(214.123, 82.456, 44.104, 0.333), colorref.HSLA(214.12, 82.46, 44.1, 0.33)},
		{"a hue that rounds to 360 wraps to 0", colorref.HSL(359.996, 50, 50), colorref.HSL(0, 50, 50)},
		{"an alpha that rounds to 1 is opaque", colorref.HSLA(0, 0, 50, 0.996), colorref.HSL(0, 0, 50)},
		{"a color on the grid is unchanged", colorref.HSL(210, 50, 40), colorref.HSL(210, 50, 40)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.in.Rounded())
		})
	}
}

// Rounded is documented as ParseColor(c.String()) without the text.
func TestRoundedIsTheParsedCanonicalForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		c := colorref.HSLA(rng.Float64()*360, rng.Float64()*100, rng.Float64()*100, rng.Float64())
		p, err := colorref.ParseColor(c.String())
		require.NoError(t, err, "ParseColor(%q)", c.String())
		if !assert.Equal(t, p, c.Rounded(), "%#v", c) {
			return
		}
		assert.Equal(t, c.String(), c.Rounded().String())
	}
}

package scale_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/scale"
)

// TestNewPlacesEveryStep checks, on the 30 keys, what New promises
// without a browser: 12 steps per page in the order of the ratios, each
// an oklch() color in canonical form inside sRGB with the key's hue
// (to the two decimals printed) and a chroma no higher than the key's,
// passing its ratio under Both with a rendered ratio within Tolerance,
// and darker than the light page and lighter than the dark one.
func TestNewPlacesEveryStep(t *testing.T) {
	lowered, below90, lowest, steps := 0, 0, 1.0, 0
	defer func() {
		t.Logf("%d of %d steps take a chroma below the key's brought into sRGB (to land within the tolerance), %d of them below 90%% of it; the lowest %.0f%%",
			lowered, steps, below90, lowest*100)
	}()
	for _, key := range keys(t) {
		s, err := scale.New(key, scale.Options{})
		require.NoError(t, err, "key %s", key)
		kc := key.In(colorref.NotationOKLCh).Components()
		for _, r := range []scale.Ramp{s.Light, s.Dark} {
			require.Len(t, r.Steps, 12)
			pageL := r.Page.In(colorref.NotationOKLCh).Components()[0]
			for i, st := range r.Steps {
				c := st.Color
				x := c.Components()
				assert.Equal(t, colorref.NotationOKLCh, c.Notation())
				assert.Equal(t, c.Rounded(), c, "canonical")
				assert.True(t, c.InSRGB(), "%s inside sRGB", c)
				if x[1] > 0 {
					assert.InDelta(t, math.Round(kc[2]*100)/100, x[2], 1e-9, "%s keeps the hue of %s", c, key)
				}
				assert.LessOrEqual(t, x[1], kc[1]+1e-4, "%s: chroma at most the key's", c)
				steps++
				if full := key.In(colorref.NotationOKLCh).WithLightness(x[0] * 100).Components()[1]; x[1] < full-1.5e-4 {
					lowered++
					lowest = min(lowest, x[1]/full)
					if x[1] < 0.9*full {
						below90++
					}
				}
				assert.Equal(t, scale.DefaultRatios()[i], st.Ratio)
				assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}[i], st.Name)
				assert.True(t, contrast.Both.Threshold(st.Ratio).Passes(c, r.Page, r.Page), "%s %s passes %g", r.Scheme, c, st.Ratio)
				assert.Equal(t, contrast.RatioRendered(c, r.Page, r.Page), st.Rendered)
				assert.Equal(t, contrast.RatioOver(c, r.Page, r.Page), st.Exact)
				assert.LessOrEqual(t, st.Rendered-st.Ratio, scale.Tolerance+1e-12, "%s %s", r.Scheme, c)
				if r.Scheme == scale.Light {
					assert.Less(t, x[0], pageL, "a light page's steps are darker")
				} else {
					assert.Greater(t, x[0], pageL, "a dark page's steps are lighter")
				}
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	key := colorref.HSL(210, 80, 50)
	tests := []struct {
		name    string
		o       scale.Options
		wantErr error
		wantMsg string
	}{
		{"a ratio below 1", scale.Options{Ratios: []float64{3, 0.5}}, scale.ErrRatio, "light step 2: 0.5 is not a contrast ratio"},
		{"a ratio that is not a number", scale.Options{Ratios: []float64{math.NaN()}}, scale.ErrRatio, "light step 1: NaN"},
		{"an infinite ratio", scale.Options{Ratios: []float64{math.Inf(1)}}, scale.ErrRatio, "+Inf"},
		{"a ratio past black on the page", scale.Options{Ratios: []float64{22}}, scale.ErrUnreachable, "light step 1: 22:1 is out of reach"},
		{"a ratio a middle page cannot give", scale.Options{Ratios: []float64{8}, DarkPage: colorref.HSL(0, 0, 45)}, scale.ErrUnreachable, "dark step 1: 8:1"},
		{"a translucent page", scale.Options{LightPage: colorref.HSLA(0, 0, 100, 0.5)}, scale.ErrTranslucentPage, "translucent: light page hsla(0, 0%, 100%, 0.5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := scale.New(key, tt.o)
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.wantErr)
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Equal(t, scale.Scale{}, s)
			var se *scale.StepError
			if errors.Is(err, scale.ErrRatio) || errors.Is(err, scale.ErrUnreachable) {
				require.True(t, errors.As(err, &se))
			}
		})
	}
}

func TestNewOptions(t *testing.T) {
	key := colorref.HSL(150, 60, 40)
	t.Run("the zero Options is DefaultRatios against the default pages", func(t *testing.T) {
		s, err := scale.New(key, scale.Options{})
		require.NoError(t, err)
		d, err := scale.New(key, scale.Options{Ratios: scale.DefaultRatios(), LightPage: scale.DefaultLightPage(), DarkPage: scale.DefaultDarkPage()})
		require.NoError(t, err)
		assert.Equal(t, d, s)
		assert.Equal(t, key, s.Key)
		assert.Equal(t, scale.DefaultLightPage(), s.Light.Page)
		assert.Equal(t, scale.DefaultDarkPage(), s.Dark.Page)
	})
	t.Run("DefaultRatios is a fresh slice", func(t *testing.T) {
		r := scale.DefaultRatios()
		r[0] = 99
		assert.Equal(t, 1.05, scale.DefaultRatios()[0])
	})
	t.Run("a page of any notation; a grey key makes grey steps", func(t *testing.T) {
		page, err := colorref.Parse("#000")
		require.NoError(t, err)
		s, err := scale.New(colorref.HSL(0, 0, 50), scale.Options{Ratios: []float64{4.5}, DarkPage: page})
		require.NoError(t, err)
		assert.Equal(t, 0.0, s.Dark.Steps[0].Color.Components()[1])
	})
	t.Run("a key outside sRGB has its chroma brought in", func(t *testing.T) {
		s, err := scale.New(colorref.DisplayP3(0, 1, 0, 1), scale.Options{Ratios: []float64{3}})
		require.NoError(t, err)
		assert.True(t, s.Light.Steps[0].Color.InSRGB())
	})
}

func TestAppendCSSAndTokens(t *testing.T) {
	s, err := scale.New(colorref.HSL(210, 80, 50), scale.Options{Ratios: []float64{1.1, 4.5}})
	require.NoError(t, err)
	css, err := s.AppendCSS([]byte("/* brand */\n"), "brand")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(css)), "\n")
	require.Len(t, lines, 11)
	assert.Equal(t, "/* brand */", lines[0])
	assert.Equal(t, ":root {", lines[1])
	assert.Equal(t, "  --brand-1: "+s.Light.Steps[0].Color.String()+"; /* 1.1:1 */", lines[2])
	assert.Equal(t, "  --brand-2: "+s.Light.Steps[1].Color.String()+"; /* 4.5:1 */", lines[3])
	assert.Equal(t, "@media (prefers-color-scheme: dark) {", lines[5])
	assert.Equal(t, "  --brand-2: "+s.Dark.Steps[1].Color.String()+"; /* 4.5:1 */", lines[8])

	toks, err := s.Tokens("brand")
	require.NoError(t, err)
	require.Len(t, toks, 4)
	assert.Equal(t, []string{"brand", "dark", "2"}, toks[3].Path)
	assert.Equal(t, "--brand-2", toks[3].Variable)
	assert.Equal(t, "oklch", toks[3].ColorSpace)
	assert.Equal(t, s.Dark.Steps[1].Color.Components(), toks[3].Components)
	assert.Equal(t, 1.0, toks[3].Alpha)
	assert.Equal(t, 4.5, toks[3].Ratio)
	back, err := colorref.Parse(toks[3].Color.String())
	require.NoError(t, err)
	assert.Equal(t, toks[3].Color, back, "the token's value is the served color")

	for _, bad := range []string{"", "brand color", "brand:1"} {
		b, err := s.AppendCSS([]byte("x"), bad)
		assert.ErrorIs(t, err, colorref.ErrSyntax, "%q", bad)
		assert.Equal(t, "x", string(b), "unchanged on error")
		_, err = s.Tokens(bad)
		assert.ErrorIs(t, err, colorref.ErrSyntax, "%q", bad)
	}
}

func BenchmarkNew(b *testing.B) {
	key := colorref.HSL(214, 89, 52)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scale.New(key, scale.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

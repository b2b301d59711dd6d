package theming_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
)

func loadBase(t testing.TB) *theming.Snapshot {
	t.Helper()
	s, err := theming.Load([]byte(baseCatalog), []byte(baseThemes))
	require.NoError(t, err)
	return s
}

// The expected values follow from the base data by hand: theme 1 overrides
// primary in the light scheme only, and button and button-focus fall back
// (through one and two steps) to primary.
func TestResolve(t *testing.T) {
	s := loadBase(t)
	tests := []struct {
		name   string
		theme  int
		scheme theming.Scheme
		id     string
		want   string
	}{
		{"an override replaces the fallback", 1, theming.Light, "primary", "hsl(120, 40%, 30%)"},
		{"an override reaches a component that falls back to it", 1, theming.Light, "button", "hsl(120, 40%, 30%)"},
		{"an override reaches the end of a chain", 1, theming.Light, "button-focus", "hsl(120, 40%, 30%)"},
		{"an override for one scheme leaves the other alone", 1, theming.Dark, "button-focus", "hsl(210, 50%, 70%)"},
		{"without overrides the fallback applies", 2, theming.Light, "button", "hsl(210, 50%, 40%)"},
		{"a translucent fallback keeps its alpha", 2, theming.Dark, "scrim", "hsla(0, 0%, 0%, 0.5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, ok := s.Theme(tt.theme)
			require.True(t, ok, "theme %d", tt.theme)
			c, ok := rt.Color(tt.scheme, tt.id)
			require.True(t, ok, "color of %s", tt.id)
			assert.Equal(t, tt.want, c.String(), "%s in %s under theme %d", tt.id, tt.scheme, tt.theme)
		})
	}
}

func TestHiddenComponentsAreNotResolved(t *testing.T) {
	rt, _ := loadBase(t).Theme(1)
	_, ok := rt.Color(theming.Light, "old")
	assert.False(t, ok, "a hidden component has no served color")
	_, ok = rt.Variable(theming.Light, "--old")
	assert.False(t, ok, "a hidden component's variable is not served")
	_, ok = rt.Color(theming.Light, "nope")
	assert.False(t, ok)
}

// Derived values by hand: --primary-hover is L−10; --button-soft sets L to
// 90 and halves alpha; --button-focus multiplies alpha by 0.4.
func TestDerivedVariables(t *testing.T) {
	s := loadBase(t)
	tests := []struct {
		name   string
		theme  int
		scheme theming.Scheme
		give   string
		want   string
	}{
		{"a variable with no adjustment carries the component color", 1, theming.Light, "--button", "hsl(120, 40%, 30%)"},
		{"a lightness offset is added to the resolved lightness", 1, theming.Light, "--primary-hover", "hsl(120, 40%, 20%)"},
		{"a lightness offset applies in the dark scheme too", 2, theming.Dark, "--primary-hover", "hsl(210, 50%, 60%)"},
		{"lightness sets L and opacity multiplies alpha", 2, theming.Light, "--button-soft", "hsla(210, 50%, 90%, 0.5)"},
		{"opacity applies to a component reached through a chain", 1, theming.Light, "--button-focus", "hsla(120, 40%, 30%, 0.4)"},
		{"opacity multiplies an existing alpha", 2, theming.Light, "--scrim", "hsla(0, 0%, 0%, 0.5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, _ := s.Theme(tt.theme)
			c, ok := rt.Variable(tt.scheme, tt.give)
			require.True(t, ok, "variable %s", tt.give)
			assert.Equal(t, tt.want, c.String(), "%s in %s under theme %d", tt.give, tt.scheme, tt.theme)
		})
	}
}

func TestDerive(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	base := colorref.HSLA(30, 60, 50, 0.8)
	tests := []struct {
		name string
		give theming.Variable
		sc   theming.Scheme
		want string
	}{
		{"no adjustment", theming.Variable{}, theming.Light, "hsla(30, 60%, 50%, 0.8)"},
		{"lightness first, then the offset", theming.Variable{Lightness: f(90), LightnessOffset: f(-10)}, theming.Light, "hsla(30, 60%, 80%, 0.8)"},
		{"an offset above 100 clamps to 100", theming.Variable{LightnessOffset: f(70)}, theming.Light, "hsla(30, 60%, 100%, 0.8)"},
		{"an offset below 0 clamps to 0", theming.Variable{LightnessOffset: f(-70)}, theming.Light, "hsla(30, 60%, 0%, 0.8)"},
		{"opacity multiplies alpha", theming.Variable{Opacity: f(0.5)}, theming.Light, "hsla(30, 60%, 50%, 0.4)"},
		{"an opacity of 0 is a value, not unset", theming.Variable{Opacity: f(0)}, theming.Light, "hsla(30, 60%, 50%, 0)"},
		{"a lightness of 0 is a value, not unset", theming.Variable{Lightness: f(0)}, theming.Light, "hsla(30, 60%, 0%, 0.8)"},
		{"one offset applies in the dark scheme too", theming.Variable{LightnessOffset: f(-10)}, theming.Dark, "hsla(30, 60%, 40%, 0.8)"},
		{"the dark offset replaces the offset in the dark scheme", theming.Variable{LightnessOffset: f(-10), LightnessOffsetDark: f(12)}, theming.Dark, "hsla(30, 60%, 62%, 0.8)"},
		{"the dark offset leaves the light scheme alone", theming.Variable{LightnessOffset: f(-10), LightnessOffsetDark: f(12)}, theming.Light, "hsla(30, 60%, 40%, 0.8)"},
		{"a dark offset alone moves the dark scheme only", theming.Variable{LightnessOffsetDark: f(12)}, theming.Light, "hsla(30, 60%, 50%, 0.8)"},
		{"a dark offset alone in the dark scheme", theming.Variable{LightnessOffsetDark: f(12)}, theming.Dark, "hsla(30, 60%, 62%, 0.8)"},
		{"a scheme that is neither takes no offset", theming.Variable{LightnessOffset: f(-10)}, theming.Scheme("dim"), "hsla(30, 60%, 50%, 0.8)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, theming.Derive(base, tt.give, tt.sc).String())
		})
	}
}

func TestChooseTheme(t *testing.T) {
	s := loadBase(t)
	tests := []struct {
		name      string
		preferred int
		want      int
	}{
		{"the preferred theme when it exists", 1, 1},
		{"the default theme when the preferred one does not exist", 99, 2},
		{"the default theme without a preference", 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, err := s.ChooseTheme(tt.preferred)
			require.NoError(t, err)
			assert.Equal(t, tt.want, rt.ID(), "ChooseTheme(%d)", tt.preferred)
		})
	}
	t.Run("the lowest id when no theme is the default", func(t *testing.T) {
		themes := edit(t, baseThemes, func(m map[string]any) { theme(m, 1)["is_default"] = false })
		s, err := theming.Load([]byte(baseCatalog), themes)
		require.NoError(t, err)
		rt, err := s.ChooseTheme(0)
		require.NoError(t, err)
		assert.Equal(t, 1, rt.ID())
	})
	t.Run("no themes is an error callers can detect", func(t *testing.T) {
		s, err := theming.Load([]byte(baseCatalog), []byte(`{"themes": []}`))
		require.NoError(t, err)
		_, err = s.ChooseTheme(1)
		assert.ErrorIs(t, err, theming.ErrNoThemes)
	})
}

// A chain of n components, each falling back to the next, the last to a
// color; with cycle set, the last falls back to the first instead.
func chainCatalog(n int, cycle bool) []byte {
	var b strings.Builder
	b.WriteString(`{"page_background": "c0", "palette_preview": [], "components": [`)
	for i := range n {
		next := fmt.Sprintf("c%d", i+1)
		if i == n-1 {
			next = "hsl(200, 50%, 50%)"
			if cycle {
				next = "c0"
			}
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"component_id": "c%d", "name": "C%d", "fallback": {"light": %q, "dark": %q}, "variables": []}`, i, i, next, next)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

func TestLongChainsDoNotOverflowTheStack(t *testing.T) {
	const n = 100_000
	t.Run("a 100,000-long chain resolves to its end", func(t *testing.T) {
		// The base themes without theme 1's override of primary, which this catalog lacks.
		themes := edit(t, baseThemes, func(m map[string]any) { delete(theme(m, 0), "colors") })
		s, err := theming.Load(chainCatalog(n, false), themes)
		require.NoError(t, err)
		rt, _ := s.Theme(2)
		c, ok := rt.Color(theming.Dark, "c0")
		require.True(t, ok)
		assert.Equal(t, "hsl(200, 50%, 50%)", c.String())
	})
	t.Run("a 100,000-member cycle is reported once, shortened", func(t *testing.T) {
		_, err := theming.Load(chainCatalog(n, true), []byte(`{"themes": []}`))
		var verr *theming.ValidationError
		require.ErrorAs(t, err, &verr)
		require.Len(t, verr.Problems, 2, "one cycle per scheme: %v", err)
		assert.ErrorIs(t, verr.Problems[0], theming.ErrCycle)
		assert.ElementsMatch(t, []string{"components[0].fallback.light", "components[0].fallback.dark"},
			[]string{verr.Problems[0].Path, verr.Problems[1].Path})
		assert.Contains(t, verr.Problems[0].Msg, "c0 -> c1 -> c2")
		assert.Contains(t, verr.Problems[0].Msg, "(100000 components in the cycle) -> c0")
		assert.Less(t, len(verr.Problems[0].Msg), 200)
	})
}

func TestPalettePreview(t *testing.T) {
	s := loadBase(t)
	rt, _ := s.Theme(1)
	// primary under theme 1 in light, and the 50% black scrim composited
	// over the white page: a 0.5 grey.
	assert.Equal(t, []string{"hsl(120,40%,30%)", "hsl(0,0%,50%)"}, rt.PalettePreview())
}

// A scheme that is neither light nor dark has no colors: Color and
// Variable answer false and the iterators yield nothing, rather than the
// light scheme's values.
func TestAnUnknownSchemeHasNoColors(t *testing.T) {
	rt, ok := loadBase(t).Theme(1)
	require.True(t, ok)
	_, ok = rt.Color(theming.Light, "primary")
	require.True(t, ok, "the component and the light scheme exist")
	_, ok = rt.Variable(theming.Dark, "--primary")
	require.True(t, ok, "the variable and the dark scheme exist")

	for _, sc := range []theming.Scheme{"purple", "", "Light", "DARK"} {
		t.Run("scheme "+strconv.Quote(string(sc)), func(t *testing.T) {
			c, ok := rt.Color(sc, "primary")
			assert.False(t, ok, "Color")
			assert.Equal(t, colorref.Color{}, c, "Color")
			v, ok := rt.Variable(sc, "--primary")
			assert.False(t, ok, "Variable")
			assert.Equal(t, colorref.Color{}, v, "Variable")
			for id := range rt.Colors(sc) {
				t.Errorf("Colors yields %s", id)
			}
			for name := range rt.Variables(sc) {
				t.Errorf("Variables yields %s", name)
			}
		})
	}
}

package colorref_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

func TestParseRefClassifies(t *testing.T) {
	tests := []struct {
		name     string
		give     string
		wantKind colorref.Kind
		wantName string
		wantStr  string
	}{
		{"an hsl string is a color", "hsl(210, 50%, 40%)", colorref.KindColor, "", "hsl(210, 50%, 40%)"},
		{"a modern hsla string is a color in canonical form", "hsla(210 50% 40% / 50%)", colorref.KindColor, "", "hsla(210, 50%, 40%, 0.5)"},
		{"hyphenated words are a component id", "primary-button", colorref.KindComponent, "primary-button", "primary-button"},
		{"one word is a component id", "primary", colorref.KindComponent, "primary", "primary"},
		{"digits may stand in an id", "heading-2", colorref.KindComponent, "heading-2", "heading-2"},
		{"a hex color is a color in its own notation", "#1877F2", colorref.KindColor, "", "#1877f2"},
		{"an rgb string is a color in its own notation", "rgb(24 119 242 / 50%)", colorref.KindColor, "", "rgba(24, 119, 242, 0.5)"},
		{"an oklch string is a color in its own notation", "oklch(0.628 0.2577 29.23)", colorref.KindColor, "", "oklch(62.8% 0.2577 29.23)"},
		{"an oklab string is a color in its own notation", "oklab(62.8% 0.22487 0.12583)", colorref.KindColor, "", "oklab(62.8% 0.2249 0.1258)"},
		{"a display-p3 string is a color in its own notation", "color(display-p3 0.91754 0.2 0.1)", colorref.KindColor, "", "color(display-p3 0.9175 0.2 0.1)"},
		{"a double-dash name is a variable", "--button-text", colorref.KindVariable, "--button-text", "--button-text"},
		{"variables may use capitals and underscores", "--Button_Text-2", colorref.KindVariable, "--Button_Text-2", "--Button_Text-2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := colorref.ParseRef(tt.give)
			require.NoError(t, err, "ParseRef(%q)", tt.give)
			assert.Equal(t, tt.wantKind, r.Kind(), "Kind of %q", tt.give)
			assert.Equal(t, tt.wantName, r.Name(), "Name of %q", tt.give)
			assert.Equal(t, tt.wantStr, r.String(), "String of %q", tt.give)
			_, isColor := r.Color()
			assert.Equal(t, tt.wantKind == colorref.KindColor, isColor, "Color() of %q", tt.give)
		})
	}
}

func TestParseRefRejects(t *testing.T) {
	tests := []struct {
		name       string
		give       string
		wantOffset int
	}{
		{"the empty string", "", 0},
		{"an upper-case id", "Primary", 0},
		{"an id with a leading hyphen", "-primary", 0},
		{"an id with a trailing hyphen", "primary-", 7},
		{"an id with a double hyphen", "primary--button", 8},
		{"an id with an underscore", "primary_button", 7},
		{"an id with a space", "primary button", 7},
		{"an id with a dot", "nav.bg", 3},
		{"a non-ASCII id", "naïve", 2},
		{"a bare double dash", "--", 2},
		{"a variable with a space", "--button text", 8},
		{"a variable with a colon", "--a:b", 3},
		{"a broken color is reported as a color error", "hsl(210, 50, 40%)", 9},
		{"a color function colorref does not read", "lab(50% 20 30)", 0},
		{"a broken hex color is reported as a color error", "#12345", 6},
		{"a broken oklch color is reported as a color error", "oklch(50%, 0.1, 200)", 9},
		{"a color space other than display-p3", "color(rec2020 1 0 0)", 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := colorref.ParseRef(tt.give)
			require.Error(t, err, "ParseRef(%q) must fail", tt.give)
			assert.Equal(t, colorref.Ref{}, r, "ParseRef(%q) returns the zero Ref on error", tt.give)
			assert.ErrorIs(t, err, colorref.ErrSyntax, "ParseRef(%q)", tt.give)
			var pe *colorref.ParseError
			require.ErrorAs(t, err, &pe, "ParseRef(%q)", tt.give)
			assert.Equal(t, tt.wantOffset, pe.Offset, "offset for %q: %v", tt.give, err)
		})
	}
}

func TestCheckVariableNeedsTheDoubleDash(t *testing.T) {
	assert.ErrorIs(t, colorref.CheckVariable("button-text"), colorref.ErrSyntax, "a name without -- is not a variable")
	assert.NoError(t, colorref.CheckVariable("--button-text"))
}

func TestZeroRef(t *testing.T) {
	var r colorref.Ref
	assert.Equal(t, colorref.KindNone, r.Kind())
	assert.Equal(t, "", r.String())
	assert.Equal(t, "none", r.Kind().String())
	_, ok := r.Color()
	assert.False(t, ok)
}

func TestColorRef(t *testing.T) {
	r := colorref.ColorRef(colorref.HSL(1, 2, 3))
	c, ok := r.Color()
	require.True(t, ok)
	assert.Equal(t, colorref.HSL(1, 2, 3), c)
	assert.Equal(t, "color", r.Kind().String())
}

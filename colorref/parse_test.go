package colorref_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

// hsla is the expected decomposition of a parsed color. Every value below
// was worked out by hand from the CSS Color 4 grammar and this package's
// documented clamping rules.
type hsla struct{ h, s, l, a float64 }

func TestParseColorAccepts(t *testing.T) {
	tests := []struct {
		name string
		give string
		want hsla
	}{
		{"legacy hsl is read with commas", "hsl(210, 50%, 40%)", hsla{210, 50, 40, 1}},
		{"legacy hsla carries alpha", "hsla(210, 50%, 40%, 0.5)", hsla{210, 50, 40, 0.5}},
		{"hsl is an alias that takes alpha too", "hsl(210, 50%, 40%, 0.5)", hsla{210, 50, 40, 0.5}},
		{"hsla is an alias that may omit alpha", "hsla(210, 50%, 40%)", hsla{210, 50, 40, 1}},
		{"legacy alpha may be a percentage", "hsla(210,50%,40%,50%)", hsla{210, 50, 40, 0.5}},
		{"legacy allows whitespace around every comma", "hsl( 210 ,\t50% ,\n40%\r\n)", hsla{210, 50, 40, 1}},
		{"function name is case-insensitive", "HSL(210, 50%, 40%)", hsla{210, 50, 40, 1}},
		{"mixed-case hsla is accepted", "HsLa(210 50% 40% / .25)", hsla{210, 50, 40, 0.25}},
		{"modern syntax separates with spaces", "hsl(210 50% 40%)", hsla{210, 50, 40, 1}},
		{"modern syntax allows plain numbers for s and l", "hsl(210 50 40)", hsla{210, 50, 40, 1}},
		{"modern alpha follows a slash", "hsl(210 50% 40% / 0.5)", hsla{210, 50, 40, 0.5}},
		{"modern alpha may be a percentage", "hsl(210 50% 40% / 25%)", hsla{210, 50, 40, 0.25}},
		{"modern slash needs no whitespace", "hsl(210 50% 40%/0.5)", hsla{210, 50, 40, 0.5}},
		{"two percentages need no whitespace between them", "hsl(210 50%40%)", hsla{210, 50, 40, 1}},
		{"modern syntax allows newlines and tabs", "hsl(\n\t210\n50%\t40%\n/\n1\n)", hsla{210, 50, 40, 1}},
		{"deg is degrees", "hsl(90deg 50% 50%)", hsla{90, 50, 50, 1}},
		{"grad is 400 to the turn", "hsl(100grad 50% 50%)", hsla{90, 50, 50, 1}},
		{"turn is 360 degrees", "hsl(0.25turn 50% 50%)", hsla{90, 50, 50, 1}},
		{"rad is 180/pi degrees", "hsl(1rad 50% 50%)", hsla{180 / math.Pi, 50, 50, 1}},
		{"angle units are case-insensitive", "hsl(0.5TURN, 50%, 50%)", hsla{180, 50, 50, 1}},
		{"legacy hue may be an angle", "hsl(90DeG, 50%, 50%)", hsla{90, 50, 50, 1}},
		{"negative hue wraps to the positive range", "hsl(-30, 50%, 50%)", hsla{330, 50, 50, 1}},
		{"a hue of two turns wraps to 0", "hsl(720 50% 50%)", hsla{0, 50, 50, 1}},
		{"fractional hue above 360 wraps", "hsl(390.5 50% 50%)", hsla{30.5, 50, 50, 1}},
		{"large negative fractional hue wraps", "hsl(-720.5 50% 50%)", hsla{359.5, 50, 50, 1}},
		{"negative turn wraps", "hsl(-0.25turn 50% 50%)", hsla{270, 50, 50, 1}},
		{"number may start with a dot", "hsl(.5 50% 50%)", hsla{0.5, 50, 50, 1}},
		{"number may carry a plus sign", "hsl(+1 +50% +50%)", hsla{1, 50, 50, 1}},
		{"number may carry an exponent", "hsl(1e2 1E1% 5e+1%)", hsla{100, 10, 50, 1}},
		{"negative exponent", "hsl(1e-1 50% 50%)", hsla{0.1, 50, 50, 1}},
		{"negative zero is zero", "hsl(-0 -0% -0%)", hsla{0, 0, 0, 1}},
		{"exponent on an angle", "hsl(1e2deg 50% 50%)", hsla{100, 50, 50, 1}},
		{"black", "hsl(0, 0%, 0%)", hsla{0, 0, 0, 1}},
		{"white", "hsl(0, 0%, 100%)", hsla{0, 0, 100, 1}},
		{"alpha above 1 clamps to 1", "hsla(0, 0%, 0%, 1.5)", hsla{0, 0, 0, 1}},
		{"alpha percentage above 100 clamps to 1", "hsla(0, 0%, 0%, 150%)", hsla{0, 0, 0, 1}},
		{"negative alpha clamps to 0", "hsl(0 0% 0% / -0.5)", hsla{0, 0, 0, 0}},
		{"alpha of zero is kept", "hsla(0, 0%, 0%, 0)", hsla{0, 0, 0, 0}},
		{"negative saturation clamps to 0", "hsl(0 -10% 50%)", hsla{0, 0, 50, 1}},
		{"saturation above 100 clamps to 100", "hsl(0 150% 50%)", hsla{0, 100, 50, 1}},
		{"lightness above 100 clamps to 100", "hsl(0, 50%, 120%)", hsla{0, 50, 100, 1}},
		{"negative lightness clamps to 0", "hsl(0 50% -5%)", hsla{0, 50, 0, 1}},
		{"none hue counts as 0", "hsl(none 50% 40%)", hsla{0, 50, 40, 1}},
		{"none saturation counts as 0", "hsl(210 none 40%)", hsla{210, 0, 40, 1}},
		{"none lightness counts as 0", "hsl(210 50% NONE)", hsla{210, 50, 0, 1}},
		{"none alpha counts as 0", "hsl(210 50% 40% / none)", hsla{210, 50, 40, 0}},
		{"a sign after a number starts the next component", "hsl(1-2% 3%)", hsla{1, 0, 3, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.ParseColor(tt.give)
			require.NoError(t, err, "ParseColor(%q)", tt.give)
			h, s, l, a := c.HSLA()
			assert.InDelta(t, tt.want.h, h, 1e-9, "hue of %q", tt.give)
			assert.InDelta(t, tt.want.s, s, 1e-9, "saturation of %q", tt.give)
			assert.InDelta(t, tt.want.l, l, 1e-9, "lightness of %q", tt.give)
			assert.InDelta(t, tt.want.a, a, 1e-9, "alpha of %q", tt.give)
		})
	}
}

func TestParseColorRejects(t *testing.T) {
	tests := []struct {
		name       string
		give       string
		wantOffset int
	}{
		{"the empty string", "", 0},
		{"a bare function name", "hsl", 0},
		{"an open parenthesis alone", "hsl(", 4},
		{"empty arguments", "hsl()", 4},
		{"a single argument", "hsl(210)", 7},
		{"two legacy arguments", "hsl(210, 50%)", 12},
		{"two modern arguments", "hsl(210 50%)", 11},
		{"a missing closing parenthesis", "hsl(210, 50%, 40%", 17},
		{"legacy saturation without a percent sign", "hsl(210, 50, 40%)", 9},
		{"legacy lightness without a percent sign", "hsl(210, 50%, 40)", 14},
		{"commas then spaces", "hsl(210, 50% 40%)", 13},
		{"spaces then commas", "hsl(210 50%, 40%)", 11},
		{"a slash in the legacy syntax", "hsl(210, 50%, 40% / 0.5)", 18},
		{"a comma before modern alpha", "hsl(210 50% 40%, 0.5)", 15},
		{"modern alpha without a slash", "hsl(210 50% 40% 0.5)", 16},
		{"five legacy arguments", "hsl(210, 50%, 40%, 0.5, 1)", 22},
		{"two modern alphas", "hsl(210 50% 40% / 0.5 / 1)", 22},
		{"a slash with no alpha", "hsl(210 50% 40% /)", 17},
		{"a trailing comma", "hsl(210, 50%, 40%,)", 18},
		{"a doubled comma", "hsl(210,,50%,40%)", 8},
		{"a leading comma", "hsl(,210,50%,40%)", 4},
		{"none as a legacy hue", "hsl(none, 50%, 40%)", 4},
		{"none as legacy saturation", "hsl(210, none, 40%)", 9},
		{"none as legacy alpha", "hsla(210, 50%, 40%, none)", 20},
		{"trailing garbage", "hsl(210, 50%, 40%)x", 18},
		{"trailing whitespace", "hsl(210, 50%, 40%) ", 18},
		{"a trailing semicolon", "hsl(210,50%,40%);", 16},
		{"leading whitespace", " hsl(210, 50%, 40%)", 0},
		{"a space before the parenthesis", "hsl (210, 50%, 40%)", 0},
		{"another function name", "hsv(210, 50%, 40%)", 0},
		{"an rgb color", "rgb(1, 2, 3)", 0},
		{"a hex color", "#336699", 0},
		{"a named color", "red", 0},
		{"a percentage hue", "hsl(210%, 50%, 40%)", 4},
		{"an unknown angle unit", "hsl(210px 50% 40%)", 4},
		{"an angle as saturation", "hsl(210 50deg 40%)", 8},
		{"an angle as alpha", "hsl(210 50% 40% / 1deg)", 18},
		{"a number ending in a dot", "hsl(1., 2%, 3%)", 5},
		{"an exponent without digits before it", "hsl(.e1, 2%, 3%)", 4},
		{"an exponent without digits after it", "hsl(1e, 2%, 3%)", 4},
		{"a number beyond float64", "hsl(1e999, 2%, 3%)", 4},
		{"calc", "hsl(calc(1), 2%, 3%)", 4},
		{"a comment", "hsl(/**/210 50% 40%)", 4},
		{"an escape in a unit", `hsl(210de\67 50% 40%)`, 4},
		{"full-width digits", "hsl(２１０ 50% 40%)", 4},
		{"a full-width percent sign", "hsl(210 50％ 40%)", 10},
		{"a doubled minus sign", "hsl(--1 2% 3%)", 4},
		{"a sign and a space", "hsl(- 1 2% 3%)", 4},
		{"two signs", "hsl(+-1 2% 3%)", 4},
		{"a doubled percent sign", "hsl(210 50%% 40%)", 11},
		{"a hexadecimal number", "hsl(0x10 2% 3%)", 4},
		{"Infinity", "hsl(Infinity 2% 3%)", 4},
		{"NaN", "hsl(NaN 2% 3%)", 4},
		{"an underscore in a number", "hsl(1_0 2% 3%)", 4},
		{"a closing parenthesis twice", "hsl(210 50% 40%))", 16},
		{"a NUL byte", "hsl(210 50% 40%\x00)", 15},
		{"invalid UTF-8", "hsl(210 50% 40%\xff)", 15},
	}
	require.GreaterOrEqual(t, len(tests), 40, "the issue asks for at least 40 rejected strings")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.ParseColor(tt.give)
			require.Error(t, err, "ParseColor(%q) must fail", tt.give)
			assert.Equal(t, colorref.Color{}, c, "ParseColor(%q) must return the zero Color on error", tt.give)
			assert.ErrorIs(t, err, colorref.ErrSyntax, "ParseColor(%q)", tt.give)
			var pe *colorref.ParseError
			require.ErrorAs(t, err, &pe, "ParseColor(%q)", tt.give)
			assert.Equal(t, tt.give, pe.Input, "ParseError.Input for %q", tt.give)
			assert.Equal(t, tt.wantOffset, pe.Offset, "ParseError.Offset for %q: %v", tt.give, err)
			assert.Contains(t, err.Error(), "colorref: ", "message of %q", tt.give)
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := colorref.ParseColor("hsl(210, 50, 40%)")
	require.Error(t, err)
	assert.Equal(t,
		`colorref: saturation must be a percentage in the legacy comma syntax at offset 9 of "hsl(210, 50, 40%)"`,
		err.Error())
}

func TestParseErrorShortensLongInputInMessage(t *testing.T) {
	long := "hsl(" + strings.Repeat("9", 1000) + "x)"
	_, err := colorref.ParseColor(long)
	var pe *colorref.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, long, pe.Input, "the error keeps the whole input")
	assert.Less(t, len(err.Error()), 200, "the message quotes only a prefix of a long input")
	assert.Contains(t, err.Error(), `..."`)
}

func TestErrSyntaxIsNotMatchedByOtherErrors(t *testing.T) {
	assert.NotErrorIs(t, errors.New("colorref: invalid syntax"), colorref.ErrSyntax,
		"a different error with the same text is not ErrSyntax")
}

func TestUnmarshalText(t *testing.T) {
	t.Run("valid text sets the color", func(t *testing.T) {
		var c colorref.Color
		require.NoError(t, c.UnmarshalText([]byte("hsl(10 20% 30%)")))
		assert.Equal(t, colorref.HSL(10, 20, 30), c)
	})
	t.Run("invalid text leaves the color unchanged", func(t *testing.T) {
		c := colorref.HSL(1, 2, 3)
		require.ErrorIs(t, c.UnmarshalText([]byte("hsl(10 20% 30%")), colorref.ErrSyntax)
		assert.Equal(t, colorref.HSL(1, 2, 3), c)
	})
	t.Run("MarshalText gives the canonical form", func(t *testing.T) {
		b, err := colorref.HSLA(10, 20, 30, 0.4).MarshalText()
		require.NoError(t, err)
		assert.Equal(t, "hsla(10, 20%, 30%, 0.4)", string(b))
	})
}

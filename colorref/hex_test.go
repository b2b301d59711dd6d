package colorref_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

func TestParseHex(t *testing.T) {
	tests := []struct {
		name string
		give string
		want [4]uint8
	}{
		{"six digits", "#336699", [4]uint8{0x33, 0x66, 0x99, 255}},
		{"upper-case digits", "#ABCDEF", [4]uint8{0xab, 0xcd, 0xef, 255}},
		{"mixed case", "#aBcDeF", [4]uint8{0xab, 0xcd, 0xef, 255}},
		{"three digits repeat each digit", "#f80", [4]uint8{0xff, 0x88, 0x00, 255}},
		{"four digits carry alpha", "#f808", [4]uint8{0xff, 0x88, 0x00, 0x88}},
		{"eight digits carry alpha", "#00000080", [4]uint8{0, 0, 0, 0x80}},
		{"fully transparent", "#ffffff00", [4]uint8{255, 255, 255, 0}},
		{"black", "#000", [4]uint8{0, 0, 0, 255}},
		{"white", "#FFFFFF", [4]uint8{255, 255, 255, 255}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.ParseHex(tt.give)
			require.NoError(t, err)
			r, g, b, a := c.RGBA8()
			assert.Equal(t, tt.want, [4]uint8{r, g, b, a})
		})
	}
}

func TestParseHexRejects(t *testing.T) {
	tests := []struct {
		name       string
		give       string
		wantOffset int
		wantMsg    string
	}{
		{"the empty string", "", 0, `expected "#"`},
		{"no hash", "336699", 0, `expected "#"`},
		{"a bare hash", "#", 1, "3, 4, 6 or 8 digits, not 0"},
		{"two digits", "#12", 3, "not 2"},
		{"five digits", "#12345", 6, "not 5"},
		{"seven digits", "#1234567", 8, "not 7"},
		{"nine digits", "#123456789", 10, "not 9"},
		{"a non-hex letter", "#12g456", 3, "expected a hex digit"},
		{"leading whitespace", " #123", 0, `expected "#"`},
		{"trailing whitespace", "#123 ", 4, "expected a hex digit"},
		{"a 0x prefix", "#0x1234", 2, "expected a hex digit"},
		{"a named color", "red", 0, `expected "#"`},
		{"non-ASCII", "#12é", 3, "expected a hex digit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := colorref.ParseHex(tt.give)
			require.Error(t, err)
			assert.Equal(t, colorref.Color{}, c, "a failed parse returns the zero Color")
			assert.ErrorIs(t, err, colorref.ErrSyntax)
			var pe *colorref.ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, tt.wantOffset, pe.Offset)
			assert.Equal(t, tt.give, pe.Input)
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Contains(t, err.Error(), "colorref: ")
		})
	}
}

// TestHexRoundTrip walks every 8-bit color with a stride prime to 2^24 (a
// sixteenth of them, all channel values included) and checks that ParseHex
// then Hex gives the same digits back, with and without alpha.
func TestHexRoundTrip(t *testing.T) {
	const digits = "0123456789abcdef"
	hex := func(v uint32, n int) string {
		b := make([]byte, 1+n)
		b[0] = '#'
		for i := n; i >= 1; i-- {
			b[i] = digits[v&15]
			v >>= 4
		}
		return string(b)
	}
	for v := uint32(0); v < 1<<24; v += 15 {
		s := hex(v, 6)
		c, err := colorref.ParseHex(s)
		require.NoError(t, err)
		if got := c.Hex(); got != s {
			t.Fatalf("ParseHex(%q).Hex() = %q", s, got)
		}
		// The alpha byte walks its own values alongside.
		a := v % 255 // 255 would print as six digits
		s8 := hex(v<<8|a, 8)
		c, err = colorref.ParseHex(s8)
		require.NoError(t, err)
		if got := c.Hex(); got != s8 {
			t.Fatalf("ParseHex(%q).Hex() = %q", s8, got)
		}
	}
}

func TestHex(t *testing.T) {
	tests := []struct {
		name string
		give colorref.Color
		want string
	}{
		// Chromium's getComputedStyle reports rgb(0, 77, 0) for
		// hsl(120, 100%, 15%): the exact green is 76.5 and rounds up.
		{"a channel exactly halfway rounds up, as Chromium reports it", colorref.HSL(120, 100, 15), "#004d00"},
		{"a grey halfway between two steps rounds up", colorref.HSL(0, 0, 50), "#808080"},
		{"an opaque color has six digits", colorref.HSL(210, 50, 40), "#336699"},
		{"a translucent color has eight digits", colorref.HSLA(210, 50, 40, 0.5), "#33669980"},
		{"an alpha that rounds to 255 prints six digits", colorref.HSLA(0, 0, 0, 0.999), "#000000"},
		{"the zero Color is transparent black", colorref.Color{}, "#00000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.give.Hex())
		})
	}
}

func TestHexToCatalogForm(t *testing.T) {
	c, err := colorref.ParseHex("#336699")
	require.NoError(t, err)
	assert.Equal(t, "hsl(210, 50%, 40%)", c.String())
	back, err := colorref.ParseColor(c.String())
	require.NoError(t, err)
	assert.Equal(t, "#336699", back.Hex(), "the catalog form gives the same hex back")
}

package colorref_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/themekit/themekit/colorref"
)

// hueDistance is the distance between two hues on the circle.
func hueDistance(a, b float64) float64 {
	d := math.Abs(a - b)
	return math.Min(d, 360-d)
}

// checkInvariants fails t when c is outside the ranges Color promises.
func checkInvariants(t *testing.T, in string, c colorref.Color) {
	t.Helper()
	h, s, l, a := c.HSLA()
	if !(h >= 0 && h < 360) || !(s >= 0 && s <= 100) || !(l >= 0 && l <= 100) || !(a >= 0 && a <= 1) {
		t.Fatalf("ParseColor(%q) = %#v: component out of range", in, c)
	}
}

// FuzzParseColor checks that ParseColor never panics, that a failure is a
// *ParseError wrapping ErrSyntax with the zero Color, and that every
// accepted input round-trips through String and Compact: the reparsed color
// is within the two-decimal rounding of the original and prints the same.
func FuzzParseColor(f *testing.F) {
	for _, s := range []string{
		"hsl(210, 50%, 40%)", "hsla(210, 50%, 40%, 0.5)", "hsl(210 50% 40% / 25%)",
		"hsl(0.5turn 50 40)", "hsl(-30, 100%, 50%)", "hsl(none 50% 40% / none)",
		"hsl(1e2deg 1E1% 5e+1%)", "hsl(100grad, 50%, 50%)", "hsl(1rad 50% 50%)",
		"hsl(210, 50, 40%)", "hsl(210 50%, 40%)", "hsl(", "", "hsl(359.999 0% 0%)",
		"hsla(0, 0%, 0%, 0.999)", "hsl(.5 +1% -0%)", "hsl(1-2% 3%)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := colorref.ParseColor(in)
		if err != nil {
			var pe *colorref.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, colorref.ErrSyntax) {
				t.Fatalf("ParseColor(%q) error %v is not a *ParseError wrapping ErrSyntax", in, err)
			}
			if pe.Offset < 0 || pe.Offset > len(in) || pe.Input != in {
				t.Fatalf("ParseColor(%q): bad error position %d", in, pe.Offset)
			}
			if c != (colorref.Color{}) {
				t.Fatalf("ParseColor(%q) returned %v with an error", in, c)
			}
			return
		}
		checkInvariants(t, in, c)
		for _, out := range []string{c.String(), c.Compact()} {
			back, err := colorref.ParseColor(out)
			if err != nil {
				t.Fatalf("ParseColor(%q) = %v, whose form %q does not parse: %v", in, c, out, err)
			}
			if back.String() != c.String() {
				t.Fatalf("%q: %q reparses to %q", in, c.String(), back.String())
			}
			h1, s1, l1, a1 := c.HSLA()
			h2, s2, l2, a2 := back.HSLA()
			const tol = 0.005 + 1e-9
			if hueDistance(h1, h2) > tol || math.Abs(s1-s2) > tol || math.Abs(l1-l2) > tol || math.Abs(a1-a2) > tol {
				t.Fatalf("%q: %v reparses from %q to %#v, more than rounding away", in, c, out, back)
			}
		}
	})
}

// FuzzParseRef checks that ParseRef never panics, reports failures as
// *ParseError, and that an accepted reference reparses from its String to
// the same kind and value.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"primary-button", "--button-text", "hsl(0 0% 100%)", "Primary", "--", "a--b", "-a", "x-1",
		"#1877F2", "rgb(24 119 242 / 50%)", "oklch(62.8% 0.2577 29.23)", "oklab(0.6 -0.1 0.1)", "color(display-p3 1 0 0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, err := colorref.ParseRef(in)
		if err != nil {
			var pe *colorref.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, colorref.ErrSyntax) || pe.Offset < 0 || pe.Offset > len(in) {
				t.Fatalf("ParseRef(%q): error %v", in, err)
			}
			if r != (colorref.Ref{}) {
				t.Fatalf("ParseRef(%q) returned %v with an error", in, r)
			}
			return
		}
		back, err := colorref.ParseRef(r.String())
		if err != nil {
			t.Fatalf("ParseRef(%q) = %q, which does not reparse: %v", in, r.String(), err)
		}
		if back.Kind() != r.Kind() || back.String() != r.String() {
			t.Fatalf("ParseRef(%q) = %s %q, reparsed as %s %q", in, r.Kind(), r, back.Kind(), back)
		}
		if r.Kind() != colorref.KindColor && r.Name() != in {
			t.Fatalf("ParseRef(%q) changed the name to %q", in, r.Name())
		}
	})
}

// FuzzParseHex checks that ParseHex never panics, that a failure is a
// *ParseError wrapping ErrSyntax with the zero Color and an offset inside
// the input, and that an accepted color prints through Hex as the input's
// digits, expanded to the long form and in lower case.
func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"#336699", "#ABC", "#abcd", "#00000080", "#", "", "#12345", "#12g", "336699", "#ffffffff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := colorref.ParseHex(in)
		if err != nil {
			var pe *colorref.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, colorref.ErrSyntax) || pe.Offset < 0 || pe.Offset > len(in) || pe.Input != in {
				t.Fatalf("ParseHex(%q): error %v", in, err)
			}
			if c != (colorref.Color{}) {
				t.Fatalf("ParseHex(%q) returned %v with an error", in, c)
			}
			return
		}
		checkInvariants(t, in, c)
		want := strings.ToLower(in[1:])
		if len(want) <= 4 {
			var b strings.Builder
			for i := range len(want) {
				b.WriteByte(want[i])
				b.WriteByte(want[i])
			}
			want = b.String()
		}
		if strings.HasSuffix(want, "ff") && len(want) == 8 {
			want = want[:6]
		}
		if got := c.Hex(); got != "#"+want {
			t.Fatalf("ParseHex(%q).Hex() = %q, want %q", in, got, "#"+want)
		}
	})
}

// FuzzParse checks that Parse never panics; that a failure is a
// *ParseError wrapping ErrSyntax at an offset inside the input, with the
// zero Color; that it reads hsl() exactly as ParseColor does; and that an
// accepted color paints inside sRGB (finite channels in [0, 1]) and
// round-trips through its canonical forms: String and Compact parse back
// to Rounded, which prints the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"#1877f2", "#F80", "#33669980", "rgb(24, 119, 242)", "rgba(10%, 20%, 30%, 0.5)", "rgb(1 2 none / 50%)",
		"oklch(62% 0.19 260)", "oklch(120% -0.1 370 / 0.5)", "oklch(50% 50% 1turn)", "oklch(none none none)",
		"oklab(62.8% 0.2249 0.1258)", "oklab(50% 100% -100%)", "color(display-p3 1 0 0)",
		"color(Display-P3 1.2 -0.1 50% / 40%)", "color(srgb 1 0 0)", "hsl(210 50% 40%)", "oklch(1e300 1e300 1e300)",
		"color(display-p3 1e308 -1e308 0)", "rgb(1, 2, 3", "oklch(50%0.1 200)", "color(display-p3.5 0 0)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := colorref.Parse(in)
		if hc, herr := colorref.ParseColor(in); herr == nil && (err != nil || hc != c) {
			t.Fatalf("Parse(%q) = %v, %v; ParseColor reads %v", in, c, err, hc)
		}
		if err != nil {
			var pe *colorref.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, colorref.ErrSyntax) || pe.Offset < 0 || pe.Offset > len(in) || pe.Input != in {
				t.Fatalf("Parse(%q): error %v", in, err)
			}
			if c != (colorref.Color{}) {
				t.Fatalf("Parse(%q) returned %v with an error", in, c)
			}
			return
		}
		r, g, b, a := c.SRGB()
		for _, v := range []float64{r, g, b, a} {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("Parse(%q) = %v paints %v %v %v %v, outside [0, 1]", in, c, r, g, b, a)
			}
		}
		c.RGBA8()
		c.InSRGB()
		want := c.Rounded()
		for _, out := range []string{c.String(), c.Compact()} {
			back, err := colorref.Parse(out)
			if err != nil {
				t.Fatalf("Parse(%q) = %v, whose form %q does not parse: %v", in, c, out, err)
			}
			if back != want || back.String() != c.String() {
				t.Fatalf("%q: %q reparses to %#v (%q), Rounded is %#v", in, out, back, back.String(), want)
			}
		}
	})
}

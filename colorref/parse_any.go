package colorref

import (
	"strconv"
	"strings"
)

// Parse parses a CSS color in any notation this package reads, strictly
// as CSS Color 4 defines it, into a Color that keeps the notation
// ([Color.Notation]) and writes it back canonically ([Color.String]):
//
//	#rgb  #rgba  #rrggbb  #rrggbbaa                     hex digits in either case
//	hsl(H, S%, L%[, A])       hsl(H S L[ / A])          hsla() is an alias
//	rgb(R, G, B[, A])         rgb(R G B[ / A])          rgba() is an alias
//	oklch(L C H[ / A])
//	oklab(L a b[ / A])
//	color(display-p3 R G B[ / A])
//
// hsl() and hsla() are read as [ParseColor] reads them. The rest, as
// CSS Color 4 says:
//
//   - rgb(): in the legacy comma syntax the three channels are all numbers
//     (0–255) or all percentages, and none is not allowed; in the modern
//     space syntax each is a number, a percentage or none. Channels are
//     clamped to [0, 255] (100% is 255).
//   - oklch(): L is a number (0–1) or a percentage (100% is 1), clamped to
//     [0, 1]; C a number or a percentage (100% is 0.4), a negative one
//     clamped to 0; H a number (degrees) or an angle (deg, grad, rad,
//     turn), wrapped into [0, 360).
//   - oklab(): L as for oklch(); a and b numbers or percentages (100% is
//     0.4), not clamped.
//   - color(display-p3 …): the space name is ASCII case-insensitive and
//     the only one read (srgb, rec2020 and the others are refused); each
//     channel is a number or a percentage (100% is 1), not clamped: a
//     channel outside [0, 1] lies outside Display-P3.
//   - oklch(), oklab() and color() have only the modern syntax; in every
//     modern syntax a component may be none, which counts as 0.
//   - A is a number or a percentage, clamped to [0, 1]; 1 when absent.
//
// Function names, units and none are ASCII case-insensitive; numbers,
// whitespace and the input's bounds follow ParseColor's rules (no
// surrounding whitespace, comments, escapes or calc(); lab(), lch(),
// hwb() and named colors are refused).
//
// On failure Parse returns the zero Color and a *[ParseError] that wraps
// [ErrSyntax] and names the byte offset where the input went wrong.
func Parse(s string) (Color, error) {
	if strings.HasPrefix(s, "#") {
		ch, err := hexDigits(s)
		if err != nil {
			return Color{}, err
		}
		return pack(NotationHex, float64(ch[0]), float64(ch[1]), float64(ch[2]), float64(ch[3])/255), nil
	}
	p := parser{s: s}
	c, err := p.anyColor()
	if err != nil {
		return Color{}, err
	}
	return c, nil
}

// The grammar of each notation's modern components: their names and how
// a percentage scales (0: a percentage is refused).
var componentNames = [...][3]string{
	NotationRGB:       {"red", "green", "blue"},
	NotationOKLCh:     {"lightness", "chroma", "hue"},
	NotationOKLab:     {"lightness", "a", "b"},
	NotationDisplayP3: {"red", "green", "blue"},
}

var percentFull = [...][3]float64{ // what 100% is
	NotationRGB:       {255, 255, 255},
	NotationOKLCh:     {1, 0.4, 0},
	NotationOKLab:     {1, 0.4, 0.4},
	NotationDisplayP3: {1, 1, 1},
}

const expectColor = "expected a color: #hex, hsl(), hsla(), rgb(), rgba(), oklch(), oklab() or color(display-p3 …)"

// anyColor reads a color function by its name.
func (p *parser) anyColor() (Color, error) {
	for p.i < len(p.s) && (isNameStart(p.s[p.i]) || p.s[p.i] == '-') {
		p.i++
	}
	name := p.s[:p.i]
	if p.peek() != '(' || name == "" {
		p.i = 0
		return Color{}, p.fail(expectColor)
	}
	p.i++
	switch {
	case strings.EqualFold(name, "hsl") || strings.EqualFold(name, "hsla"):
		return p.hsl()
	case strings.EqualFold(name, "rgb") || strings.EqualFold(name, "rgba"):
		return p.rgb()
	case strings.EqualFold(name, "oklch"):
		return p.modernColor(NotationOKLCh)
	case strings.EqualFold(name, "oklab"):
		return p.modernColor(NotationOKLab)
	case strings.EqualFold(name, "color"):
		p.space()
		start := p.i
		if p.i < len(p.s) && (isNameStart(p.s[p.i]) || p.s[p.i] == '-') {
			for p.i < len(p.s) && isName(p.s[p.i]) {
				p.i++
			}
		}
		switch id := p.s[start:p.i]; {
		case id == "":
			return Color{}, p.fail("expected a color space name after \"color(\"")
		case !strings.EqualFold(id, "display-p3"):
			return Color{}, p.failAt(start, "color space "+strconv.Quote(id)+" is not supported in color(); this package reads display-p3")
		}
		return p.modernColor(NotationDisplayP3)
	}
	return Color{}, p.failAt(0, "unsupported color function "+strconv.Quote(name+"(")+"; "+expectColor)
}

// rgb parses the arguments of rgb() or rgba(); the cursor is after "(".
func (p *parser) rgb() (Color, error) {
	p.space()
	first, err := p.token()
	if err != nil {
		return Color{}, err
	}
	p.space()
	if p.peek() != ',' {
		return p.modernRest(NotationRGB, first)
	}
	if first.kind == tokNone {
		return Color{}, p.failAt(first.start, "none is not allowed in the legacy comma syntax")
	}
	if first.kind == tokDimension {
		return Color{}, p.failAt(first.start, "red must be a number or a percentage")
	}
	kind := map[bool]string{true: "percentage", false: "number"}[first.kind == tokPercent]
	rest, err := p.legacyRest("green", "blue", first.kind, func(what string) string {
		return what + " must be a " + kind + " like red: the legacy comma syntax takes three numbers or three percentages"
	})
	if err != nil {
		return Color{}, err
	}
	v := [4]float64{first.num, rest[0], rest[1], rest[2]}
	if first.kind == tokPercent {
		v[0], v[1], v[2] = v[0]*255/100, v[1]*255/100, v[2]*255/100
	}
	return RGB(v[0], v[1], v[2], v[3]), nil
}

// modernColor parses the space-separated arguments of oklch(), oklab()
// or, after its space name, color(); the cursor is after "(" or the name.
func (p *parser) modernColor(n Notation) (Color, error) {
	p.space()
	if p.peek() == ')' || p.i == len(p.s) {
		return Color{}, p.fail("missing " + componentNames[n][0] + ": " + n.String() + " takes three components before the optional alpha")
	}
	first, err := p.token()
	if err != nil {
		return Color{}, err
	}
	p.space()
	return p.modernRest(n, first)
}

// modernRest parses the components after the first of the modern
// syntax of notation n, the alpha and the closing parenthesis, and
// builds the color.
func (p *parser) modernRest(n Notation, first token) (Color, error) {
	var v [3]float64
	for i := range v {
		t := first
		if i > 0 {
			if p.peek() == ',' {
				return Color{}, p.fail("unexpected \",\": the modern syntax separates components with spaces only")
			}
			if p.peek() == ')' || p.peek() == '/' || p.i == len(p.s) {
				return Color{}, p.fail("missing " + componentNames[n][i] + ": " + n.String() + " takes three components before the optional alpha")
			}
			var err error
			if t, err = p.token(); err != nil {
				return Color{}, err
			}
			p.space()
		}
		var err error
		if v[i], err = p.component(n, i, t); err != nil {
			return Color{}, err
		}
	}
	a, err := p.modernAlpha()
	if err != nil {
		return Color{}, err
	}
	switch n {
	case NotationRGB:
		return RGB(v[0], v[1], v[2], a), nil
	case NotationOKLCh:
		return OKLCh(v[0], v[1], v[2], a), nil
	case NotationOKLab:
		return OKLab(v[0], v[1], v[2], a), nil
	}
	return DisplayP3(v[0], v[1], v[2], a), nil
}

// component converts component i of notation n's modern syntax to the
// notation's units.
func (p *parser) component(n Notation, i int, t token) (float64, error) {
	if n == NotationOKLCh && i == 2 {
		return p.hue(t, true)
	}
	switch t.kind {
	case tokPercent:
		return t.num * percentFull[n][i] / 100, nil
	case tokDimension:
		return 0, p.failAt(t.start, componentNames[n][i]+" must be a number or a percentage, not a "+strconv.Quote(t.unit)+" dimension")
	}
	return t.num, nil // a number, or none as 0
}

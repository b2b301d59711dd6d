package colorref

import (
	"math"
	"strconv"
	"strings"
)

// ParseColor parses a CSS Color 4 hsl() or hsla() color. The two function
// names are aliases and both accept either grammar:
//
//	legacy:  hsl(H, S%, L%)       hsl(H, S%, L%, A)
//	modern:  hsl(H S L)           hsl(H S L / A)
//
// H is a number (degrees) or an angle with a unit deg, grad, rad or turn;
// it wraps modulo 360. In the legacy syntax S and L must be percentages
// and none is not allowed; in the modern syntax S and L may be percentages
// or plain numbers (50 means 50%) and any component may be none, which
// counts as 0. A is a number or a percentage, clamped to [0, 1]; it is 1
// when absent. Saturation and lightness are clamped to [0, 100]: a negative
// saturation becomes 0, as CSS Color 4 requires, and this package also
// clamps saturation above 100% and lightness outside 0–100%, so that every
// Color lies inside the sRGB gamut (browsers may instead keep such values
// and map them into the gamut when painting).
//
// Function names and units are ASCII case-insensitive. Numbers take every
// CSS form (.5, +1, 1e2). Whitespace (space, tab, newline, carriage return,
// form feed) may stand after "(", before ")", around commas and "/", and
// between modern components, where it is needed only to separate two plain
// numbers. The input must be the function and nothing else: leading or
// trailing whitespace, comments, escapes, calc() and any other color syntax
// are rejected.
//
// On failure ParseColor returns the zero Color and a *ParseError that
// wraps ErrSyntax and names the byte offset where the input went wrong.
func ParseColor(s string) (Color, error) {
	p := parser{s: s}
	if err := p.function(); err != nil {
		return Color{}, err
	}
	c, err := p.hsl()
	if err != nil {
		return Color{}, err
	}
	return c, nil
}

// parser is a cursor over a color string. It reads CSS tokens the way the
// CSS Syntax Level 3 tokenizer would, restricted to what hsl() can hold.
type parser struct {
	s string
	i int
}

type tokenKind uint8

const (
	tokNumber tokenKind = iota
	tokPercent
	tokDimension
	tokNone
)

type token struct {
	kind  tokenKind
	start int     // offset of the token's first byte
	num   float64 // the numeric value; 0 for none
	unit  string  // the unit of a dimension
}

func (p *parser) fail(msg string) error { return syntaxError(p.s, p.i, msg) }

func (p *parser) failAt(at int, msg string) error { return syntaxError(p.s, at, msg) }

// hsl parses the arguments of hsl() or hsla() and the closing
// parenthesis; the cursor is after "(".
func (p *parser) hsl() (Color, error) {
	p.space()
	hue, err := p.token()
	if err != nil {
		return Color{}, err
	}
	p.space()
	if p.peek() == ',' {
		return p.legacy(hue)
	}
	return p.modern(hue)
}

// function consumes "hsl(" or "hsla(", in any ASCII case.
func (p *parser) function() error {
	switch {
	case len(p.s) >= 5 && strings.EqualFold(p.s[:5], "hsla("):
		p.i = 5
	case len(p.s) >= 4 && strings.EqualFold(p.s[:4], "hsl("):
		p.i = 4
	default:
		return p.fail(`expected "hsl(" or "hsla("`)
	}
	return nil
}

// legacy parses the rest of hsl(H, S%, L%[, A]) after the hue; the cursor
// is on the first comma.
func (p *parser) legacy(hue token) (Color, error) {
	h, err := p.hue(hue, false)
	if err != nil {
		return Color{}, err
	}
	v, err := p.legacyRest("saturation", "lightness", tokPercent, func(what string) string {
		return what + " must be a percentage in the legacy comma syntax"
	})
	if err != nil {
		return Color{}, err
	}
	return HSLA(h, v[0], v[1], v[2]), nil
}

// legacyRest parses the rest of a legacy comma syntax after its first
// component, ", B, C[, A])": B and C (named b and c) must be tokens of
// kind, else the error says mismatch(name); A is a number or a
// percentage, 1 when absent. It returns B, C and A; none is refused.
func (p *parser) legacyRest(b, c string, kind tokenKind, mismatch func(string) string) ([3]float64, error) {
	var v [3]float64
	v[2] = 1
	for n, what := range [...]string{b, c, "alpha"} {
		if !p.comma() {
			if n == 2 {
				break
			}
			return v, p.fail(`expected "," before ` + what + ` (the legacy syntax separates every component with commas)`)
		}
		p.space()
		t, err := p.token()
		if err != nil {
			return v, err
		}
		switch {
		case t.kind == tokNone:
			return v, p.failAt(t.start, "none is not allowed in the legacy comma syntax")
		case n < 2 && t.kind != kind:
			return v, p.failAt(t.start, mismatch(what))
		case n == 2 && t.kind == tokDimension:
			return v, p.failAt(t.start, "alpha must be a number or a percentage")
		}
		v[n] = t.num
		if n == 2 && t.kind == tokPercent {
			v[n] /= 100
		}
		p.space()
	}
	return v, p.end()
}

// modern parses the rest of hsl(H S L [/ A]) after the hue.
func (p *parser) modern(hue token) (Color, error) {
	h, err := p.hue(hue, true)
	if err != nil {
		return Color{}, err
	}
	var v [2]float64 // saturation, lightness
	for n, what := range [...]string{"saturation", "lightness"} {
		if p.peek() == ',' {
			return Color{}, p.fail("unexpected \",\": the modern syntax separates components with spaces only")
		}
		if p.peek() == ')' || p.peek() == '/' || p.i == len(p.s) {
			return Color{}, p.fail("missing " + what + ": hsl() takes three components before the optional alpha")
		}
		t, err := p.token()
		if err != nil {
			return Color{}, err
		}
		if t.kind == tokDimension {
			return Color{}, p.failAt(t.start, what+" must be a number or a percentage, not a "+strconv.Quote(t.unit)+" dimension")
		}
		v[n] = t.num
		p.space()
	}
	a, err := p.modernAlpha()
	if err != nil {
		return Color{}, err
	}
	return HSLA(h, v[0], v[1], a), nil
}

// modernAlpha parses the optional "/ A" of the modern syntax and the
// closing parenthesis, and returns the alpha (1 when absent; none is 0).
func (p *parser) modernAlpha() (float64, error) {
	a := 1.0
	switch p.peek() {
	case '/':
		p.i++
		p.space()
		t, err := p.token()
		if err != nil {
			return 0, err
		}
		switch t.kind {
		case tokDimension:
			return 0, p.failAt(t.start, "alpha must be a number or a percentage")
		case tokPercent:
			a = t.num / 100
		default:
			a = t.num
		}
		p.space()
	case ',':
		return 0, p.fail("unexpected \",\": the modern syntax separates components with spaces only")
	}
	return a, p.end()
}

// hue converts a hue token to degrees.
func (p *parser) hue(t token, noneOK bool) (float64, error) {
	switch t.kind {
	case tokNumber:
		return t.num, nil
	case tokNone:
		if !noneOK {
			return 0, p.failAt(t.start, "none is not allowed in the legacy comma syntax")
		}
		return 0, nil
	case tokDimension:
		switch {
		case strings.EqualFold(t.unit, "deg"):
			return t.num, nil
		case strings.EqualFold(t.unit, "grad"):
			return t.num * 360 / 400, nil
		case strings.EqualFold(t.unit, "rad"):
			return t.num * 180 / math.Pi, nil
		case strings.EqualFold(t.unit, "turn"):
			return t.num * 360, nil
		}
		return 0, p.failAt(t.start, "unknown angle unit "+strconv.Quote(t.unit)+" (want deg, grad, rad or turn)")
	}
	return 0, p.failAt(t.start, "hue must be a number or an angle, not a percentage")
}

// end consumes the closing parenthesis, which must be the last byte.
func (p *parser) end() error {
	if p.peek() != ')' {
		if p.i == len(p.s) {
			return p.fail(`missing ")"`)
		}
		return p.fail(`expected ")"`)
	}
	p.i++
	if p.i != len(p.s) {
		return p.fail(`unexpected text after ")"`)
	}
	return nil
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) comma() bool {
	if p.peek() == ',' {
		p.i++
		return true
	}
	return false
}

// space skips CSS whitespace.
func (p *parser) space() {
	for p.i < len(p.s) && isSpace(p.s[p.i]) {
		p.i++
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isName(c byte) bool { return isNameStart(c) || isDigit(c) || c == '-' }

// token reads one component value: a number, a percentage, a dimension or
// the keyword none.
func (p *parser) token() (token, error) {
	start := p.i
	if p.i == len(p.s) {
		return token{}, p.fail("unexpected end of input")
	}
	if isNameStart(p.s[p.i]) {
		for p.i < len(p.s) && isName(p.s[p.i]) {
			p.i++
		}
		if strings.EqualFold(p.s[start:p.i], "none") {
			return token{kind: tokNone, start: start}, nil
		}
		p.i = start
		return token{}, p.fail("expected a number, a percentage or none")
	}
	n, ok := p.number()
	if !ok {
		return token{}, p.fail("expected a number")
	}
	v, err := strconv.ParseFloat(n, 64)
	if err != nil || math.IsInf(v, 0) {
		return token{}, p.failAt(start, "number out of range")
	}
	t := token{kind: tokNumber, start: start, num: v}
	switch {
	case p.peek() == '%':
		p.i++
		t.kind = tokPercent
	case isNameStart(p.peek()) || p.peek() == '-' && p.i+1 < len(p.s) && (isNameStart(p.s[p.i+1]) || p.s[p.i+1] == '-'):
		u := p.i
		for p.i < len(p.s) && isName(p.s[p.i]) {
			p.i++
		}
		t.kind = tokDimension
		t.unit = p.s[u:p.i]
	}
	if p.i < len(p.s) && p.s[p.i] >= 0x80 {
		return token{}, p.fail("unexpected non-ASCII character")
	}
	return t, nil
}

// number consumes a CSS <number> lexeme: [+-]? (D+ (. D+)? | . D+)
// ([eE] [+-]? D+)? and returns it.
func (p *parser) number() (string, bool) {
	start := p.i
	i := p.i
	if i < len(p.s) && (p.s[i] == '+' || p.s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(p.s) && isDigit(p.s[i]) {
		i++
		digits++
	}
	if i+1 < len(p.s) && p.s[i] == '.' && isDigit(p.s[i+1]) {
		i++
		for i < len(p.s) && isDigit(p.s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return "", false
	}
	if i < len(p.s) && (p.s[i] == 'e' || p.s[i] == 'E') {
		j := i + 1
		if j < len(p.s) && (p.s[j] == '+' || p.s[j] == '-') {
			j++
		}
		if j < len(p.s) && isDigit(p.s[j]) {
			for j < len(p.s) && isDigit(p.s[j]) {
				j++
			}
			i = j
		}
	}
	p.i = i
	return p.s[start:i], true
}

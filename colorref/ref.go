package colorref

import "strings"

// Kind classifies a Ref.
type Kind uint8

// The kinds of reference. The zero Kind belongs to the zero Ref, which
// refers to nothing.
const (
	KindNone      Kind = iota // the zero Ref
	KindColor                 // a literal color in any notation Parse reads
	KindComponent             // a component id such as primary-button
	KindVariable              // a CSS custom property such as --button-text
)

// String returns "color", "component", "variable", or "none".
func (k Kind) String() string {
	switch k {
	case KindColor:
		return "color"
	case KindComponent:
		return "component"
	case KindVariable:
		return "variable"
	}
	return "none"
}

// Ref is a parsed color reference, the value of a catalog fallback or a
// contrast target: a literal color, the id of another component, or the
// name of a CSS custom property. The zero Ref refers to nothing.
type Ref struct {
	kind  Kind
	color Color
	name  string
}

// ColorRef returns a Ref holding the literal color c.
func ColorRef(c Color) Ref { return Ref{kind: KindColor, color: c} }

// ParseRef parses and classifies a reference:
//
//   - a value that starts with "#" or holds a "(" is a color, parsed with
//     [Parse]: hex, hsl(), hsla(), rgb(), rgba(), oklch(), oklab() or
//     color(display-p3 …), kept in the notation it was written in;
//   - a value that starts with "--" is a CSS custom property name: "--"
//     followed by one or more ASCII letters, digits, "-" or "_";
//   - anything else must be a component id: lower-case ASCII words of
//     letters and digits joined by single hyphens, as in "primary-button".
//
// On failure it returns the zero Ref and a *ParseError wrapping ErrSyntax.
func ParseRef(s string) (Ref, error) {
	switch {
	case looksLikeColor(s):
		c, err := Parse(s)
		if err != nil {
			return Ref{}, err
		}
		return Ref{kind: KindColor, color: c}, nil
	case strings.HasPrefix(s, "--"):
		if err := checkVariable(s); err != nil {
			return Ref{}, err
		}
		return Ref{kind: KindVariable, name: s}, nil
	}
	if err := CheckComponentID(s); err != nil {
		return Ref{}, err
	}
	return Ref{kind: KindComponent, name: s}, nil
}

// looksLikeColor reports whether s is meant as a color (a hex color or a
// color function), so that a broken color is reported as a color error
// and not as a bad id.
func looksLikeColor(s string) bool {
	return strings.HasPrefix(s, "#") || strings.IndexByte(s, '(') >= 0
}

// CheckComponentID reports whether id is a well-formed component id:
// lower-case ASCII words of letters and digits joined by single hyphens.
// The error is a *ParseError wrapping ErrSyntax.
func CheckComponentID(id string) error {
	if id == "" {
		return syntaxError(id, 0, "empty component id")
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case 'a' <= c && c <= 'z' || isDigit(c):
		case c == '-' && i > 0 && i < len(id)-1 && id[i-1] != '-':
		case c == '-':
			return syntaxError(id, i, "component id words are joined by single hyphens, with none at either end")
		default:
			return syntaxError(id, i, "component id takes lower-case letters, digits and hyphens only")
		}
	}
	return nil
}

// CheckVariable reports whether name is a CSS custom property name this
// package accepts: "--" followed by one or more ASCII letters, digits, "-"
// or "_". The error is a *ParseError wrapping ErrSyntax.
func CheckVariable(name string) error {
	if !strings.HasPrefix(name, "--") {
		return syntaxError(name, 0, `a CSS variable name starts with "--"`)
	}
	return checkVariable(name)
}

func checkVariable(name string) error {
	if len(name) == 2 {
		return syntaxError(name, 2, `a CSS variable name needs at least one character after "--"`)
	}
	for i := 2; i < len(name); i++ {
		if !isName(name[i]) {
			return syntaxError(name, i, "a CSS variable name takes ASCII letters, digits, \"-\" and \"_\" only")
		}
	}
	return nil
}

// Kind returns the kind of r.
func (r Ref) Kind() Kind { return r.kind }

// Color returns the literal color of r and true, or the zero Color and
// false when r is not a color.
func (r Ref) Color() (Color, bool) { return r.color, r.kind == KindColor }

// Name returns the component id or the variable name r refers to, or ""
// when r is a color or the zero Ref.
func (r Ref) Name() string { return r.name }

// String returns the canonical form of r: the color's canonical form, the
// component id or the variable name, or "" for the zero Ref.
func (r Ref) String() string {
	if r.kind == KindColor {
		return r.color.String()
	}
	return r.name
}

package contrast

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/themekit/themekit/colorref"
)

// Minimum WCAG 2 contrast ratios, as written in the success criteria.
const (
	TextAA       = 4.5 // 1.4.3 Contrast (Minimum), normal text
	LargeTextAA  = 3.0 // 1.4.3 Contrast (Minimum), large text
	TextAAA      = 7.0 // 1.4.6 Contrast (Enhanced), normal text
	LargeTextAAA = 4.5 // 1.4.6 Contrast (Enhanced), large text
	NonTextAA    = 3.0 // 1.4.11 Non-text Contrast
)

// Type is the kind of content a contrast rule protects. Its values are the
// strings a catalog's contrast_type field holds.
type Type string

// The contrast types.
const (
	Text      Type = "text"       // body text: 1.4.3 and 1.4.6
	LargeText Type = "large-text" // text at least 18pt, or 14pt bold
	NonText   Type = "non-text"   // user-interface components and graphics: 1.4.11
)

// Level is a WCAG conformance level. The zero Level is AA.
type Level int

// The conformance levels that set contrast minimums.
const (
	AA Level = iota
	AAA
)

// String returns "AA" or "AAA".
func (l Level) String() string {
	switch l {
	case AA:
		return "AA"
	case AAA:
		return "AAA"
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// ErrUnknownType is returned for a contrast type other than Text,
// LargeText and NonText.
var ErrUnknownType = errors.New("contrast: unknown contrast type")

// ErrUnknownLevel is returned for a level other than AA and AAA.
var ErrUnknownLevel = errors.New("contrast: unknown conformance level")

// ParseType returns the Type named s: "text", "large-text" or "non-text".
// Any other string gives an error wrapping ErrUnknownType.
func ParseType(s string) (Type, error) {
	switch t := Type(s); t {
	case Text, LargeText, NonText:
		return t, nil
	}
	return "", fmt.Errorf("%w %q (want text, large-text or non-text)", ErrUnknownType, s)
}

// Required returns the minimum contrast ratio WCAG 2 sets for content of
// type t at level l. Non-text contrast (1.4.11) exists only at level AA,
// and level AAA adds nothing to it, so NonText at AAA is 3 too.
func Required(t Type, l Level) (float64, error) {
	if l != AA && l != AAA {
		return 0, fmt.Errorf("%w %v", ErrUnknownLevel, l)
	}
	switch t {
	case Text:
		return pick(l, TextAA, TextAAA), nil
	case LargeText:
		return pick(l, LargeTextAA, LargeTextAAA), nil
	case NonText:
		return NonTextAA, nil
	}
	return 0, fmt.Errorf("%w %q (want text, large-text or non-text)", ErrUnknownType, string(t))
}

func pick(l Level, aa, aaa float64) float64 {
	if l == AAA {
		return aaa
	}
	return aa
}

// Result is the outcome of a contrast check.
type Result struct {
	Ratio    float64 // the WCAG 2 contrast ratio, unrounded
	Required float64 // the minimum ratio for the type and level
	Pass     bool    // Ratio >= Required
	Type     Type
	Level    Level
}

// String returns a one-line summary such as "4.48:1 < 4.5:1 text AA: fail".
// It rounds the ratio for display only; Pass compares unrounded values.
func (r Result) String() string {
	verdict, cmp := "pass", ">="
	if !r.Pass {
		verdict, cmp = "fail", "<"
	}
	return fmt.Sprintf("%.2f:1 %s %g:1 %s %s: %s", r.Ratio, cmp, r.Required, r.Type, r.Level, verdict)
}

// Check computes the contrast ratio of fg over bg as Ratio does and
// compares it, unrounded, with the minimum for type t at level l: 4.4999
// fails 4.5. The error wraps ErrUnknownType or ErrUnknownLevel.
func Check(fg, bg colorref.Color, t Type, l Level) (Result, error) {
	return CheckOver(fg, bg, white(), t, l)
}

// CheckOver is Check with a translucent background composited over the
// given backdrop instead of white, as RatioOver does.
func CheckOver(fg, bg, backdrop colorref.Color, t Type, l Level) (Result, error) {
	req, err := Required(t, l)
	if err != nil {
		return Result{}, err
	}
	ratio := RatioOver(fg, bg, backdrop)
	return Result{Ratio: ratio, Required: req, Pass: ratio >= req, Type: t, Level: l}, nil
}

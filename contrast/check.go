package contrast

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
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
func (l Level) String() string { return levelNames.name(l) }

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
	if err := levelNames.check(l); err != nil {
		return 0, err
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

// Result is the outcome of a contrast check, [Policy.Check].
type Result struct {
	// Ratio is the WCAG 2 contrast ratio the verdict rests on, unrounded:
	// [Exact] for the exact method, Rendered for the rendered one, and the
	// lower of the two for Both.
	Ratio    float64
	Required float64 // the minimum ratio for the type and level
	// Pass is the verdict: WCAGPass and, when APCA is set, APCAPass.
	Pass   bool
	Type   Type
	Level  Level
	Method Method // how Ratio was measured and judged; Both under the zero Policy

	Exact    float64 // the exact ratio (RatioOver)
	Rendered float64 // the rendered ratio (RatioRendered)
	// WCAGPass reports whether the ratio passes under Method: [Exact]
	// >= Required, Rendered > Required, or both for Both.
	WCAGPass bool

	// APCA reports whether the policy required APCA too. Only then are
	// the three fields after it set.
	APCA       bool
	Lc         float64 // the APCA lightness contrast (APCAOver), signed
	LcRequired float64 // the |Lc| APCARequired sets for the type
	APCAPass   bool    // |Lc| >= LcRequired, judged as [Threshold.Passes] judges it
}

// String returns a one-line summary such as "4.47:1 < 4.5:1 text AA:
// fail": first Ratio, the ratio the verdict rests on. A method other than
// [Exact] is named after the level, with both ratios when they print
// differently, and an APCA policy adds the Lc: "4.49:1 < 4.5:1 text AA
// both (exact 4.50:1, rendered 4.49:1), Lc 71.3 < 75: fail". Ratios are
// written as [FormatRatio] writes them, cut after two decimals, so a
// failing ratio never prints as the minimum it misses (a rendered 4.4999
// is "4.49:1 < 4.5:1", not "4.50:1 < 4.5:1"); the verdict compares
// unrounded values.
func (r Result) String() string {
	cmp := ">="
	if !r.WCAGPass {
		cmp = "<"
	}
	s := fmt.Sprintf("%s %s %g:1 %s %s", FormatRatio(r.Ratio), cmp, r.Required, r.Type, r.Level)
	if r.Method != Exact {
		s += " " + r.Method.String()
		if e, d := FormatRatio(r.Exact), FormatRatio(r.Rendered); e != d {
			s += " (exact " + e + ", rendered " + d + ")"
		}
	}
	if r.APCA {
		cmp := ">="
		if !r.APCAPass {
			cmp = "<"
		}
		s += fmt.Sprintf(", Lc %.1f %s %g", r.Lc, cmp, r.LcRequired)
	}
	if r.Pass {
		return s + ": pass"
	}
	return s + ": fail"
}

// FormatRatio writes a contrast ratio r as "4.49:1": the shortest decimal
// form of r truncated, not rounded, to two decimals, so that no display
// rounds a failing ratio up to a passing one. 4.4999 is "4.49:1", 4.5 is
// "4.50:1" and 21 is "21.00:1".
func FormatRatio(r float64) string {
	s := strconv.FormatFloat(r, 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	return whole + "." + (frac + "00")[:2] + ":1"
}

package theming

import (
	"encoding/json"
	"math"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Suggestion is a proposed fix for a failing [Finding]: one side of the
// pair, the component (the foreground) or its target (the background),
// with its lightness moved, and the pair as it then measures.
type Suggestion struct {
	// Side is the color that moves: [contrast.Foreground], the component,
	// or [contrast.Background], the rule's target. JSON writes it as
	// "foreground" or "background".
	Side contrast.Side `json:"-"`
	// Foreground and Background are the pair after the fix: one of them is
	// the finding's own color, the other the new color, in the form it
	// prints (Color.String) and was re-checked in.
	Foreground colorref.Color `json:"foreground"`
	Background colorref.Color `json:"background"`
	Ratio      float64        `json:"ratio"`    // exact WCAG 2 ratio of the fixed pair
	Rendered   float64        `json:"rendered"` // rendered WCAG 2 ratio of the fixed pair
	APCA       float64        `json:"apca"`     // APCA-W3 Lc of the fixed pair
	// Pass is the fixed pair's verdict under the finding's policy: always
	// true under a WCAG 2 policy; under an APCA policy it is false when the
	// fix reaches the WCAG 2 ratio but not the APCA level.
	Pass bool `json:"pass"`
	// Distance is how far the lightness moved, in percentage points.
	Distance float64 `json:"distance"`
}

// Color returns the new color: the side that moved.
func (s Suggestion) Color() colorref.Color {
	if s.Side == contrast.Background {
		return s.Background
	}
	return s.Foreground
}

// MarshalJSON writes the suggestion with its side by name.
func (s Suggestion) MarshalJSON() ([]byte, error) {
	type fields Suggestion // without the method
	return json.Marshal(struct {
		Side string `json:"side"`
		fields
	}{s.Side.String(), fields(s)})
}

// Suggest returns the fix that moves the component: its color with the
// same hue, saturation and alpha and the lightness nearest its own that
// passes the finding's rule under the policy's method
// ([contrast.SuggestFor] with [contrast.Foreground]), on the same
// background and backdrop, re-checked in its printed form. ok is false
// when no lightness passes, and for a finding whose contrast type is not
// one contrast knows (a Finding built by hand). For a finding whose WCAG 2
// ratio passes, the suggestion is its own foreground.
// [Finding.Suggestions] offers the target's fix too.
func (f Finding) Suggest() (s Suggestion, ok bool) {
	c, ok := contrast.SuggestFor(f.Foreground, f.Background, f.Backdrop, f.Required, f.Policy.Method, contrast.Foreground)
	if !ok {
		return Suggestion{}, false
	}
	_, _, l := f.Foreground.HSL()
	_, _, cl := c.HSL()
	return f.suggestion(contrast.Suggestion{Side: contrast.Foreground, Color: c, Distance: math.Abs(cl - l)})
}

// Suggestions returns the fixes of a failing finding that pass its rule
// under the policy's method, on either side: the component's color or
// the target's, each with its hue, saturation and alpha kept and the
// lightness nearest its own ([contrast.Suggestions]), closest first (the
// component first on a tie), since the color an admin just changed is
// the one they want to move. Each is re-checked in its printed form under
// the finding's policy. It returns nil for a finding whose WCAG 2 ratio
// passes, and when no lightness of either side passes. A theme can apply
// a target fix only when the target is a component (it overrides that
// component's color); a variable target is derived by the catalog and an
// hsl target is written in it, so their fixes are changes to the catalog.
//
// Fixes are searched for the WCAG 2 ratio: under an APCA policy a fix
// that reaches the ratio but not the APCA level is still offered, with
// Pass false, since no lightness search for APCA exists yet.
func (f Finding) Suggestions() []Suggestion {
	found := contrast.Suggestions(f.Foreground, f.Background, f.Backdrop, f.Required, f.Policy.Method)
	var out []Suggestion
	for _, cs := range found {
		if s, ok := f.suggestion(cs); ok {
			out = append(out, s)
		}
	}
	return out
}

// suggestion measures the pair a contrast suggestion makes under the
// finding's policy. ok is false when the fixed pair does not pass the
// WCAG 2 rule (contrast re-checks what it suggests, so only a finding
// whose contrast type is unknown gets there).
func (f Finding) suggestion(cs contrast.Suggestion) (Suggestion, bool) {
	s := Suggestion{Side: cs.Side, Foreground: f.Foreground, Background: f.Background, Distance: cs.Distance}
	if cs.Side == contrast.Background {
		s.Background = cs.Color
	} else {
		s.Foreground = cs.Color
	}
	res, err := f.Policy.Check(s.Foreground, s.Background, f.Backdrop, f.Target.ContrastType)
	if err != nil || !res.WCAGPass {
		return Suggestion{}, false
	}
	s.Ratio, s.Rendered, s.Pass = res.Exact, res.Rendered, res.Pass
	s.APCA = res.Lc
	if !res.APCA {
		s.APCA = contrast.APCAOver(s.Foreground, s.Background, f.Backdrop)
	}
	return s, true
}

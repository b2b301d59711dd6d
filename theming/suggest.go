package theming

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"

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
	// Field is the theme field ("colors.<id>.<scheme>") to set to the new
	// color, "" when no field of the theme can make the move: an hsl
	// target and a derived variable belong to the catalog, and the page
	// background is not moved. From [Finding.Suggest] the edit of Field is
	// verified on the whole theme; from [Finding.Suggestions], Applies
	// says whether it was.
	Field string `json:"field,omitempty"`
	// To is the value to write in Field: the moved side's color, or for a
	// target that is a variable derived from Field's component, the
	// component's color that derives it. "" when Field is.
	To string `json:"to,omitempty"`
	// Applies reports that setting Field to the new color, the theme
	// re-audited with the edit applied, makes the rule pass and fails no
	// rule that passed.
	Applies bool `json:"applies"`
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

// Suggest returns the fix of a failing finding as a theme field edit:
// the field that decided the component's color ([Finding].Field, or the
// component's own field when no override did), or else the target's,
// moved in lightness (hue, saturation and alpha kept) to the value
// nearest its own at which the finding's rule passes and every rule that
// depends on the field and passed still passes. The edit is verified by
// auditing the theme again with it applied, so the whole pair moves as
// it will in the browser: a background derived from the component moves
// with it. Foreground and Background are the pair once the edit is
// applied, Field the field and Applies true. ok is false when no edit of
// either field passes; an hsl target, a derived variable and the page
// background are never moved (the component's own field is tried
// instead).
//
// For a finding whose WCAG 2 ratio passes, the suggestion is its own
// foreground. For a Finding built by hand, which has no theme to re-audit,
// it is the pair fix [contrast.SuggestFor] gives for the component, on
// the same background and backdrop, re-checked in its printed form, with
// no Field.
func (f Finding) Suggest() (s Suggestion, ok bool) {
	if f.src != nil && !f.WCAGPass {
		if ss := f.fieldEdits(); len(ss) > 0 {
			return ss[0], true
		}
		return Suggestion{}, false
	}
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
//
// For a finding from an audit, each fix says which theme field makes it
// (Field: the field named by [Finding].Field or [Finding].TargetField,
// else the component's own) and whether that edit, applied to the theme
// and re-audited, passes (Applies): it may not, when the field moves
// other colors too. A target fix has no Field when the target is an hsl
// color, a derived variable or the page background. [Finding.Suggest]
// gives the field edit that applies.
func (f Finding) Suggestions() []Suggestion {
	found := contrast.Suggestions(f.Foreground, f.Background, f.Backdrop, f.Required, f.Policy.Method)
	var out []Suggestion
	for _, cs := range found {
		if s, ok := f.suggestion(cs); ok {
			f.annotate(&s)
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

// sideField returns the theme field that sets one side of f's rule in
// its theme, as scheme index and component index: the field the resolver
// named, else the component itself; ok is false for an hsl target, a
// variable target when the background side is asked for with derived
// false, and the page background.
func (f Finding) sideField(side contrast.Side, derived bool) (k, j int, ok bool) {
	c := f.src.cat
	k, _ = f.Scheme.index()
	ru := c.rules[f.rule]
	i := ru.comp
	if side == contrast.Background {
		if ru.bgComp < 0 || ru.bgVar >= 0 && !derived {
			return 0, 0, false
		}
		i = ru.bgComp
	}
	j = i
	if fl := f.src.res.srcs[k][i].field; fl >= 0 {
		j = int(fl)
	}
	return k, j, j != c.pageBG
}

// annotate names the theme field of a pair fix and checks, by auditing
// the theme with the field set to the fix's color, whether it applies.
func (f Finding) annotate(s *Suggestion) {
	if f.src == nil {
		return
	}
	k, j, ok := f.sideField(s.Side, false)
	if !ok {
		return
	}
	c := f.src.cat
	s.Field = c.fields[k][j]
	t := f.src.theme
	t.Colors = maps.Clone(t.Colors)
	if t.Colors == nil {
		t.Colors = map[string]PerScheme{}
	}
	id := c.cat.Components[j].ID
	o := t.Colors[id]
	// The field takes the new color with its own alpha: a fix computed on
	// a composited side keeps the field's translucency.
	x := s.Color().WithAlpha(f.src.res.colors[k][j].Alpha()).Rounded()
	s.To = x.String()
	if k == 0 {
		o.Light = x.String()
	} else {
		o.Dark = x.String()
	}
	t.Colors[id] = o
	s.Applies = f.verifies(t)
}

// verifies reports whether theme t, f's theme with an edit, passes f's
// rule and fails no rule that f's theme passed.
func (f Finding) verifies(t Theme) bool {
	c := f.src.cat
	before := c.audit([]*ResolvedTheme{f.src}, f.Policy)
	after, err := c.AuditTheme(t, f.Policy)
	if err != nil {
		return false
	}
	k, _ := f.Scheme.index()
	if !after.Findings[k*len(c.rules)+f.rule].Pass {
		return false
	}
	for n, bf := range before.Findings {
		if bf.Pass && !after.Findings[n].Pass {
			return false
		}
	}
	return true
}

// fieldEdits returns f's fixes as verified field edits, nearest first:
// the component's field, then the target's.
func (f Finding) fieldEdits() []Suggestion {
	c := f.src.cat
	s, err := c.newSolver(f.src.theme, f.Policy)
	if err != nil {
		return nil
	}
	var out []Suggestion
	seen := map[fieldKey]bool{}
	for _, side := range []contrast.Side{contrast.Foreground, contrast.Background} {
		k, j, ok := f.sideField(side, true)
		if !ok || seen[fieldKey{k, j}] {
			continue
		}
		seen[fieldKey{k, j}] = true
		d := s.deps(k, j)
		rules := []int{f.rule}
		for _, ri := range d.rules {
			if s.pass[k][ri] {
				rules = append(rules, ri)
			}
		}
		_, _, l0 := s.colors[k][j].HSL()
		in := s.member(d)
		l, ok := s.nearestPass(k, j, rules, in, l0)
		if !ok {
			continue
		}
		x := s.colorAt(k, j, l)
		fg, bg, _ := s.c.pair(&s.c.rules[f.rule], s.colors[k], in, x)
		sug := Suggestion{Side: side, Foreground: fg, Background: bg, Distance: math.Abs(float64(l)/100 - l0), Field: c.fields[k][j], To: x.String()}
		res, err := f.Policy.Check(fg, bg, f.Backdrop, f.Target.ContrastType)
		if err != nil || !res.Pass {
			continue
		}
		sug.Ratio, sug.Rendered, sug.Pass, sug.APCA = res.Exact, res.Rendered, res.Pass, contrast.APCAOver(fg, bg, f.Backdrop)
		t := s.t
		t.Colors = maps.Clone(t.Colors)
		if t.Colors == nil {
			t.Colors = map[string]PerScheme{}
		}
		id := c.cat.Components[j].ID
		o := t.Colors[id]
		if k == 0 {
			o.Light = x.String()
		} else {
			o.Dark = x.String()
		}
		t.Colors[id] = o
		if sug.Applies = f.verifies(t); sug.Applies {
			out = append(out, sug)
		}
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return cmp.Compare(a.Distance, b.Distance) })
	return out
}

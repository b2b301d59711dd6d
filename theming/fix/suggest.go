package fix

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// Suggested fixes of a failing finding, two ways, each said by its
// receiver: a Finding's own fixes move one color of its pair (its values
// are all they read), and a Report's fixes are edits of the theme the
// finding was audited in, checked by auditing that theme again.

// Suggestion is a proposed fix for a failing [Finding]: one side of the
// pair, the component (the foreground) or its target (the background),
// with its lightness moved, and the pair as it then measures. Its
// measurements are named as [Finding]'s.
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
	Ratio      float64        `json:"ratio"`    // the WCAG 2 ratio the fixed pair's verdict rests on
	Exact      float64        `json:"exact"`    // WCAG 2 ratio of the fixed pair's exact colors
	Rendered   float64        `json:"rendered"` // WCAG 2 ratio of the fixed pair's rendered colors
	Lc         float64        `json:"lc"`       // APCA-W3 Lc of the fixed pair
	// Pass is the fixed pair's verdict under the finding's policy: always
	// true under a WCAG 2 policy; under an APCA policy a pair fix
	// ([Finding.Suggestions]) is false when it reaches the WCAG 2 ratio
	// but not the APCA level.
	Pass bool `json:"pass"`
	// Distance is how far the lightness moved, in percentage points.
	Distance float64 `json:"distance"`
	// Field is the theme field ("colors.<id>.<scheme>") to set to the new
	// color, "" when no field of the theme can make the move (an hsl
	// target and a derived variable belong to the catalog, and the page
	// background is not moved) and in a Finding's own fixes, which know no
	// theme. From [Report.SuggestEdit] the edit of Field is verified on
	// the whole theme; from [Report.Suggestions], Applies says whether it
	// was.
	Field string `json:"field,omitempty"`
	// To is the value to write in Field: the moved side's color, or for a
	// target that is a variable derived from Field's component, the
	// component's color that derives it. "" when Field is.
	To string `json:"to,omitempty"`
	// Applies reports that setting Field to To, the theme re-audited with
	// the edit applied, makes the rule pass and fails no rule that passed.
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

// Suggest returns the fix of f's pair that moves the component: the
// nearest lightness of the foreground (hue, saturation and alpha kept) at
// which the pair passes f's WCAG 2 rule under its policy's method, on the
// same background and backdrop ([contrast.SuggestFor]), re-checked in its
// printed form. A pair whose WCAG 2 ratio passes gets its own
// foreground. ok is false when no lightness passes.
//
// It reads f's values only, so it serves a Finding built by hand as well
// as an audited one; the fix as an edit of the audited theme, which moves
// whatever derives from the edited field too, is [Report.SuggestEdit].
func (f Finding) Suggest() (s Suggestion, ok bool) {
	c, ok := contrast.SuggestFor(f.Foreground, f.Background, f.Backdrop, f.Required, f.Policy.Method, contrast.Foreground)
	if !ok {
		return Suggestion{}, false
	}
	_, _, l := f.Foreground.HSL()
	_, _, cl := c.HSL()
	return f.suggestion(contrast.Suggestion{Side: contrast.Foreground, Color: c, Distance: math.Abs(cl - l)})
}

// Suggestions returns the fixes of a failing finding's pair that pass its
// rule under the policy's method, on either side: the component's color
// or the target's, each with its hue, saturation and alpha kept and the
// lightness nearest its own ([contrast.Suggestions]), closest first (the
// component first on a tie), since the color an admin just changed is the
// one they want to move. Each is re-checked in its printed form under the
// finding's policy. It returns nil for a finding whose WCAG 2 ratio
// passes, and when no lightness of either side passes.
//
// Fixes are searched for the WCAG 2 ratio: under an APCA policy a fix
// that reaches the ratio but not the APCA level is still offered, with
// Pass false. They read f's values only and name no theme field;
// [Report.Suggestions] gives the same fixes with the field of the audited
// theme that makes each and whether that edit holds.
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
	if !s.measure(f) {
		return Suggestion{}, false
	}
	return s, true
}

// measure fills in the fixed pair's measurements under f's policy, and
// reports whether it passes f's WCAG 2 rule.
func (s *Suggestion) measure(f Finding) bool {
	res, err := measure(f.Policy, s.Foreground, s.Background, f.Backdrop, f.Target.ContrastType)
	if err != nil {
		return false
	}
	s.Ratio, s.Exact, s.Rendered, s.Lc, s.Pass = res.Ratio, res.Exact, res.Rendered, res.Lc, res.Pass
	return res.WCAGPass
}

// SuggestEdit returns the fix of a failing finding of r as an edit of
// the theme it was audited in: the field that decided the component's
// color ([Finding].Field, or the component's own field when no override
// did), or else the target's, moved in lightness (hue, saturation and
// alpha kept) to the value nearest its own at which the finding's rule
// passes under the report's policy (APCA included) and every rule that
// depends on the field and passed still passes. The edit is verified by
// auditing the theme again with it applied, so the whole pair moves as
// it will in the browser: a background derived from the component moves
// with it. Foreground and Background are the pair once the edit is
// applied, Field the field, To its value and Applies true.
//
// f is found in r by its ThemeID, Scheme, Component, Variable and Target, and judged
// as r audited it. ok is false for a finding r does not hold (a report
// built by hand holds none), for one that passes, and when no edit of
// either field passes; an hsl target, a derived variable and the page
// background are never moved.
func (r *Report) SuggestEdit(f Finding) (s Suggestion, ok bool) {
	a, found := r.locate(f)
	if !found || a.f.Pass {
		return Suggestion{}, false
	}
	if edits := a.fieldEdits(); len(edits) > 0 {
		return edits[0], true
	}
	return Suggestion{}, false
}

// Suggestions returns f.Suggestions() for a finding of r, each fix with
// the field of the audited theme that makes it (Field: the field named by
// [Finding].Field or [Finding].TargetField, else the component's own) and
// whether that edit, applied to the theme and re-audited, passes
// (Applies): it may not, when the field moves other colors too. A target
// fix has no Field when the target is an hsl color, a derived variable or
// the page background. For a finding r does not hold, the fixes name no
// field. [Report.SuggestEdit] gives the field edit that applies.
func (r *Report) Suggestions(f Finding) []Suggestion {
	out := f.Suggestions()
	a, found := r.locate(f)
	if !found {
		return out
	}
	for n := range out {
		a.annotate(&out[n])
	}
	return out
}

// audited is a finding of a report in the theme it was audited in: rule
// ri in scheme k of rt (its record t and resolution res), judged under
// the report's policy as f by the report's engine e.
type audited struct {
	e     *Engine
	rt    *theming.ResolvedTheme
	t     *theming.Theme
	res   *kernel.Resolution
	k, ri int
	f     Finding
}

// locate returns the finding of r with f's ThemeID, Scheme, Component
// and Target, in the theme r audited, and false when r holds none.
func (r *Report) locate(f Finding) (audited, bool) {
	if r == nil || r.e == nil || !r.e.ok() {
		return audited{}, false
	}
	n, found := slices.BinarySearchFunc(r.themes, f.ThemeID, func(t *theming.ResolvedTheme, id int) int { return cmp.Compare(t.ID(), id) })
	if !found {
		return audited{}, false
	}
	e, rt := r.e, r.themes[n]
	k, known := core.Scheme(f.Scheme)
	i, exists := core.Component(e.cc, f.Component)
	if !known || !exists {
		return audited{}, false
	}
	_, t, res := core.Resolution(rt)
	// The rules are in catalog order: the component's are together.
	rules := e.k.Rules
	ri, _ := slices.BinarySearchFunc(rules, i, func(ru kernel.Rule, i int) int { return cmp.Compare(ru.Comp, i) })
	for ; ri < len(rules) && rules[ri].Comp == i; ri++ {
		if e.target(&rules[ri]) == f.Target && e.varName(rules[ri].FgVar) == f.Variable {
			a := audited{e: e, rt: rt, t: t, res: res, k: k, ri: ri, f: e.finding(rt, res, k, f.Scheme, ri, r.Policy())}
			a.f.measure(r.Policy())
			return a, true
		}
	}
	return audited{}, false
}

// sideField returns the theme field that sets one side of a's rule, as a
// component index: the field the resolver named, else the component
// itself; ok is false for an hsl target, for the page background, and,
// with derived false, for a side that a variable derives from the
// field's color (a variable target, or a component painted through an
// opacity or a lightness): its new color is not a value of the field.
func (a audited) sideField(side contrast.Side, derived bool) (j int, ok bool) {
	e := a.e
	ru := &e.k.Rules[a.ri]
	i, v := ru.Comp, ru.FgVar
	if side == contrast.Background {
		if ru.BgComp < 0 || e.target(ru).Type == theming.TargetVariable && !derived {
			return 0, false
		}
		i, v = ru.BgComp, ru.BgVar
	}
	if !derived && !e.paintsAsIs(v) {
		return 0, false
	}
	j = i
	if fl := a.res.Srcs[a.k][i].Field; fl >= 0 {
		j = int(fl)
	}
	return j, j != e.k.PageBG
}

// annotate names the theme field of a pair fix and checks, by auditing
// the theme with the field set to the fix's color, whether it applies.
func (a audited) annotate(s *Suggestion) {
	j, ok := a.sideField(s.Side, false)
	if !ok {
		return
	}
	s.Field = a.e.k.Fields[a.k][j]
	// The field takes the new color with its own alpha: a fix computed on
	// a composited side keeps the field's translucency.
	s.To = s.Color().WithAlpha(a.res.Colors[a.k][j].Alpha()).Rounded().String()
	s.Applies = a.verifies(a.withOverride(j, s.To))
}

// withOverride returns the audited theme with component j's override in
// a's scheme set to v, sharing no map with it.
func (a audited) withOverride(j int, v string) theming.Theme {
	t := *a.t
	t.Colors = maps.Clone(t.Colors)
	t.SetOverride(a.e.id(j), a.f.Scheme, v)
	return t
}

// verifies reports whether theme t, the audited theme with an edit,
// passes a's rule and fails no rule that the audited theme passes.
func (a audited) verifies(t theming.Theme) bool {
	e := a.e
	before := e.audit([]*theming.ResolvedTheme{a.rt}, a.f.Policy)
	after, err := e.AuditTheme(t, a.f.Policy)
	if err != nil {
		return false
	}
	if !after.Findings[a.k*len(e.k.Rules)+a.ri].Pass {
		return false
	}
	for n, bf := range before.Findings {
		if bf.Pass && !after.Findings[n].Pass {
			return false
		}
	}
	return true
}

// fieldEdits returns a's fixes as verified field edits, nearest first:
// the component's field, then the target's.
func (a audited) fieldEdits() []Suggestion {
	e, k := a.e, a.k
	s, err := e.newSolver(*a.t, a.f.Policy)
	if err != nil {
		return nil
	}
	var out []Suggestion
	seen := map[int]bool{}
	for _, side := range []contrast.Side{contrast.Foreground, contrast.Background} {
		j, ok := a.sideField(side, true)
		if !ok || seen[j] {
			continue
		}
		seen[j] = true
		d := s.deps(k, j)
		rules := []int{a.ri}
		for _, other := range d.rules {
			if s.pass[k][other] {
				rules = append(rules, other)
			}
		}
		_, _, l0 := s.colors[k][j].HSL()
		in := d.in
		l, ok := s.nearestPass(k, j, rules, in, l0)
		if !ok {
			continue
		}
		x := s.colorAt(k, j, l, keepAlpha)
		fg, bg, _ := e.pair(&e.k.Rules[a.ri], k, s.colors[k], in, x)
		sug := Suggestion{Side: side, Foreground: fg, Background: bg, Distance: math.Abs(float64(l)/100 - l0), Field: e.k.Fields[k][j], To: x.String()}
		if !sug.measure(a.f) || !sug.Pass {
			continue
		}
		if sug.Applies = a.verifies(a.withOverride(j, sug.To)); sug.Applies {
			out = append(out, sug)
		}
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return cmp.Compare(a.Distance, b.Distance) })
	return out
}

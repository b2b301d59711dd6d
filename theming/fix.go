package theming

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Whole-theme fixes: a solver that moves the lightness of theme fields
// (colors.<id>.<scheme>) until every contrast rule passes, judging each
// candidate on the theme as it resolves with the candidate applied.

// ErrUnknownThemeField is wrapped by the error for a field name that is not
// "colors.<id>.<scheme>" with the id of a visible component and a scheme
// of [Schemes].
var ErrUnknownThemeField = errors.New("theming: unknown theme field")

// ErrUnsatisfiable is wrapped by [*UnsatisfiableError]: the contrast rules
// cannot all pass by moving the lightness of the theme's fields.
var ErrUnsatisfiable = errors.New("theming: the contrast rules cannot all pass")

// FieldName returns the name of the theme field that overrides component
// id in scheme sc: "colors.<id>.<scheme>", as [Finding].Field and
// [Edit].Field write it.
func FieldName(id string, sc Scheme) string {
	return "colors." + id + "." + string(sc)
}

// ParseField splits a theme field name, "colors.<id>.<scheme>", into the
// component id and the scheme. The error wraps [ErrUnknownThemeField]; it does
// not check that a component has the id (a [CompiledCatalog]'s methods
// do).
func ParseField(field string) (id string, sc Scheme, err error) {
	rest, ok := strings.CutPrefix(field, "colors.")
	if ok {
		dot := strings.LastIndexByte(rest, '.')
		if dot > 0 {
			id, sc = rest[:dot], Scheme(rest[dot+1:])
			if _, known := lookupScheme(sc); known && colorref.CheckComponentID(id) == nil {
				return id, sc, nil
			}
		}
	}
	return "", "", fmt.Errorf("%w %q (want colors.<component id>.light or .dark)", ErrUnknownThemeField, field)
}

// LightnessRange is a closed interval of lightness, in percent, that a
// theme field may take: [Min, Max], at the hundredths a color prints.
type LightnessRange struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// String writes the range as "41.25–100".
func (r LightnessRange) String() string {
	return strconv.FormatFloat(r.Min, 'f', -1, 64) + "–" + strconv.FormatFloat(r.Max, 'f', -1, 64)
}

// Edit is one change [CompiledCatalog.FixTheme] made to a theme: the
// field it set and its value before and after.
type Edit struct {
	Field     string `json:"field"` // colors.<id>.<scheme>
	Component string `json:"component"`
	Scheme    Scheme `json:"scheme"`
	// From is the theme's value of the field before the edit, "" when the
	// theme did not override the component in that scheme.
	From string `json:"from"`
	// Was is the color the component resolved to before the edit.
	Was colorref.Color `json:"was"`
	// To is the new value: Was with its lightness moved, hue, saturation
	// and alpha kept, in the form it prints and was checked in.
	To string `json:"to"`
	// Distance is how far the lightness moved, in percentage points.
	Distance float64 `json:"distance"`
}

// FixOptions tunes [CompiledCatalog.FixThemeWith].
type FixOptions struct {
	// Pinned lists theme fields ("colors.<id>.<scheme>") the fix may not
	// change; fields that resolve through them still may be.
	Pinned []string
}

// UnsatisfiableError is the error of [CompiledCatalog.FixTheme] (and
// [CompiledCatalog.HighContrast], [Generate]) when no lightness of the
// fields it may move makes every rule pass. It wraps [ErrUnsatisfiable].
type UnsatisfiableError struct {
	ThemeID int
	Policy  contrast.Policy
	// Failing are the rules that still fail after the best the solver
	// found, as findings of the theme with its edits applied.
	Failing []Finding
	// Conflicts say why: for the field each failing rule names, the
	// lightness each rule that depends on the field needs, when those
	// ranges have no lightness in common.
	Conflicts []Conflict
}

// Conflict is a field whose rules cannot hold together: each rule that
// depends on it with the lightness ranges that rule allows, the rest of
// the theme fixed. No lightness lies in all of them.
type Conflict struct {
	Field string      `json:"field"`
	Rules []RuleRange `json:"rules"`
}

// RuleRange is one contrast rule and the lightness ranges of a field
// under which it passes.
type RuleRange struct {
	Scheme    Scheme           `json:"scheme"`
	Component string           `json:"component"`
	Target    ContrastTarget   `json:"target"`
	Ranges    []LightnessRange `json:"ranges"` // empty: no lightness passes
}

// Error names the theme, the policy, the failing rules and the conflicts.
func (e *UnsatisfiableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "theming: theme %d: %d contrast rule(s) cannot pass under WCAG 2 %s, method %s:", e.ThemeID, len(e.Failing), e.Policy.Level, e.Policy.Method)
	for n, f := range e.Failing {
		if n == 8 {
			fmt.Fprintf(&b, " ... (%d more)", len(e.Failing)-n)
			break
		}
		if n > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s on %s (%s, %s) %s", f.Component, f.Target.Value, f.Target.ContrastType, f.Scheme, contrast.FormatRatio(f.Policy.Method.Ratio(f.Ratio, f.Rendered)))
	}
	for _, c := range e.Conflicts {
		fmt.Fprintf(&b, "; %s must satisfy:", c.Field)
		for n, r := range c.Rules {
			if n > 0 {
				b.WriteString(" and")
			}
			fmt.Fprintf(&b, " %s on %s needs lightness %s", r.Component, r.Target.Value, rangesString(r.Ranges))
		}
	}
	return b.String()
}

// Unwrap returns [ErrUnsatisfiable].
func (e *UnsatisfiableError) Unwrap() error { return ErrUnsatisfiable }

func rangesString(rs []LightnessRange) string {
	if len(rs) == 0 {
		return "none"
	}
	parts := make([]string, len(rs))
	for n, r := range rs {
		parts[n] = r.String()
	}
	return strings.Join(parts, " or ")
}

// FixTheme returns t changed so that every contrast rule passes under p
// in both schemes, and the edits it made, in the order made. It is
// [CompiledCatalog.FixThemeWith] with no pinned fields.
func (c *CompiledCatalog) FixTheme(t Theme, p contrast.Policy) (Theme, []Edit, error) {
	return c.FixThemeWith(t, p, FixOptions{})
}

// FixThemeWith returns t changed so that every contrast rule of the
// catalog passes under p in both schemes, and the edits made.
//
// It changes only color overrides (t.Colors), adding or editing entries;
// every other field is t's. The theme returned shares no memory with t. Each edit sets a field to the color its
// component resolved to with the lightness moved (hue, saturation and
// alpha kept, at the hundredths a color prints). It moves as few fields
// and by as little as it finds: each step moves the one field that makes
// the most failing rules pass without failing any rule that depends on
// it, preferring the field a finding names ([Finding].Field), then the
// component itself, then the target's field, then a fallback's origin,
// and the smallest move; a last pass moves each edited field back as
// near its old lightness as the rest allows. The page background and the
// fields in o.Pinned are never moved.
//
// Every candidate is judged on the theme as it resolves with the
// candidate applied, in the scheme of the field: the components that fall
// back to the field, the variables derived from them and the page
// background when it is among them move together, so what it returns
// passes once applied. The result is audited again before it is
// returned.
//
// A t that does not validate gives its *ValidationError; an unknown
// policy an error wrapping [contrast.ErrUnknownLevel] or
// [contrast.ErrUnknownMethod]; a bad pinned field one wrapping
// [ErrUnknownThemeField]. When the rules cannot all pass the error is an
// *[UnsatisfiableError] naming them, with the theme as far as it got and
// its edits.
func (c *CompiledCatalog) FixThemeWith(t Theme, p contrast.Policy, o FixOptions) (Theme, []Edit, error) {
	s, err := c.newSolver(t, p)
	if err != nil {
		return t, nil, err
	}
	for _, f := range o.Pinned {
		k, j, err := c.lookupField(f)
		if err != nil {
			return t, nil, err
		}
		s.pinned[k][j] = true
	}
	s.solve()
	s.shrink()
	out := s.theme()
	rep, err := c.AuditTheme(out, p)
	if err != nil {
		return t, nil, err // cannot happen: the solver writes only valid colors
	}
	if !rep.OK() {
		return out, s.edits(), s.unsatisfiable(rep)
	}
	return out, s.edits(), nil
}

// HighContrast returns t's high-contrast variant: t moved by the solver
// of [CompiledCatalog.FixTheme] until every rule passes WCAG 2 AAA (text
// 7:1, non-text 3:1) under [contrast.Both] in both schemes. The error is
// FixTheme's; on an *[UnsatisfiableError] the theme returned is as far as
// the solver got.
func (c *CompiledCatalog) HighContrast(t Theme) (Theme, error) {
	out, _, err := c.FixTheme(t, HighContrastPolicy())
	return out, err
}

// HighContrastPolicy is the policy [CompiledCatalog.HighContrast] meets:
// WCAG 2 AAA under [contrast.Both].
func HighContrastPolicy() contrast.Policy {
	return contrast.Policy{Level: contrast.AAA, Method: contrast.Both}
}

// FieldRange returns the lightness ranges the theme field may take, the
// rest of t fixed, for every contrast rule that depends on it (in the
// field's scheme) to pass under p: the answer for a form's field. The
// field need not be overridden by t: the ranges are those of an override
// with the color the component resolves to, its lightness moved. Ranges
// are found at the hundredths a color prints, ascending; none means no
// lightness passes. The error is t's *ValidationError, one wrapping
// [ErrUnknownThemeField], or one for an unknown policy.
func (c *CompiledCatalog) FieldRange(t Theme, field string, p contrast.Policy) ([]LightnessRange, error) {
	s, err := c.newSolver(t, p)
	if err != nil {
		return nil, err
	}
	k, j, err := c.lookupField(field)
	if err != nil {
		return nil, err
	}
	d := s.deps(k, j)
	return s.ranges(k, j, d.rules, s.member(d)), nil
}

// lookupField returns the scheme index and component index of a field of
// a visible component.
func (c *CompiledCatalog) lookupField(field string) (k, j int, err error) {
	id, sc, err := ParseField(field)
	if err != nil {
		return 0, 0, err
	}
	j, ok := c.visibleIndex(id)
	if !ok {
		return 0, 0, fmt.Errorf("%w %q: no visible component %q", ErrUnknownThemeField, field, id)
	}
	return schemeIndex(sc), j, nil
}

// solver holds a theme being fixed: its references as overridden so far,
// their resolution and each rule's verdict, per scheme.
type solver struct {
	c      *CompiledCatalog
	p      contrast.Policy
	t      Theme
	req    []float64 // per rule, the ratio required under p
	lcReq  []float64 // per rule, the APCA |Lc| required when p checks APCA
	refs   [2][]ref
	colors [2][]colorref.Color
	srcs   [2][]source
	pass   [2][]bool
	pinned [2][]bool
	orig   [2][]ref            // the references before any edit
	was    [2][]colorref.Color // the colors before any edit
	edited [2][]bool
	order  []fieldKey // edited fields, first edit first
	child  [2][][]int
	cache  map[fieldKey]cachedNearest
	// byComp lists, per component, the rules it is the foreground or the
	// target (or a target variable's component) of.
	byComp [][]int
	// stamp is, per scheme and component, the step at which its color
	// last changed; clock counts the steps.
	stamp [2][]int
	clock int
	mark  []int // scratch for deps: the rule's last visit
	visit int
	// seen marks the components of the last deps walk, and member the
	// members of the last depSet asked for, each with its own generation.
	seen    []int
	seenGen int
	memb    []int
	membGen int
	// The slices of the last depSet deps returned, reused by the next
	// call; allRules lists every rule.
	depComps, depRules, allRules []int
}

// members is the set of components that move with a field, as the
// solver's last call of member marked them. The zero members is empty.
type members struct {
	mark []int
	gen  int
}

func (m members) has(i int) bool { return m.mark != nil && m.mark[i] == m.gen }

// member marks d's components and returns them as a set, valid until the
// next call.
func (s *solver) member(d depSet) members {
	s.membGen++
	for _, i := range d.comps {
		s.memb[i] = s.membGen
	}
	return members{mark: s.memb, gen: s.membGen}
}

// cachedNearest is a field's nearest whole pass, valid while no component
// its rules look at has changed color since stamp and its dependents are
// as many as then.
type cachedNearest struct {
	stamp, in, rules, l int
	ok                  bool
}

type fieldKey struct{ k, j int }

func (c *CompiledCatalog) newSolver(t Theme, p contrast.Policy) (*solver, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	if _, err := c.checkOne(&t); err != nil {
		return nil, err
	}
	n := len(c.cat.Components)
	s := &solver{c: c, p: p, t: t, req: make([]float64, len(c.rules)), lcReq: make([]float64, len(c.rules))}
	s.byComp = make([][]int, n)
	for ri, ru := range c.rules {
		s.req[ri], _ = contrast.Required(ru.target.ContrastType, p.Level)
		s.lcReq[ri], _ = contrast.APCARequired(ru.target.ContrastType)
		s.byComp[ru.comp] = append(s.byComp[ru.comp], ri)
		if tc := c.targetComp(ru); tc >= 0 && tc != ru.comp {
			s.byComp[tc] = append(s.byComp[tc], ri)
		}
	}
	s.mark = make([]int, len(c.rules))
	s.seen, s.memb = make([]int, n), make([]int, n)
	for k := range 2 {
		s.refs[k] = slices.Clone(c.fallback[k])
		s.pinned[k] = make([]bool, n)
		s.edited[k] = make([]bool, n)
		s.stamp[k] = make([]int, n)
		s.pinned[k][c.pageBG] = true
	}
	for id, o := range t.Colors {
		j := c.byID[id] // checkOne accepted every id
		for k, sc := range Schemes() {
			if v := o.For(sc); v != "" {
				r, _ := colorref.ParseRef(v)
				s.refs[k][j] = c.lookup(r, true, scope{ps: &problems{}}, func() string { return "" }, id, sc)
				s.refs[k][j].over = true
			}
		}
	}
	for k := range 2 {
		s.orig[k] = slices.Clone(s.refs[k])
		s.reresolve(k, nil)
		s.was[k] = slices.Clone(s.colors[k])
	}
	return s, nil
}

// reresolve resolves scheme k from the current references and judges
// its rules again: every rule the first time, else those in rules (the
// rules of the components whose color may have changed), stamping the
// components whose color did.
func (s *solver) reresolve(k int, rules []int) {
	s.clock++
	old := s.colors[k]
	s.colors[k], s.srcs[k], _ = resolve(s.refs[k])
	for i := range s.colors[k] {
		if old == nil || old[i] != s.colors[k][i] {
			s.stamp[k][i] = s.clock
		}
	}
	n := len(s.refs[k])
	if s.child[k] == nil {
		s.child[k] = make([][]int, n)
	}
	for i := range s.child[k] {
		s.child[k][i] = s.child[k][i][:0]
	}
	for i, r := range s.refs[k] {
		if r.comp >= 0 {
			s.child[k][r.comp] = append(s.child[k][r.comp], i)
		}
	}
	if s.pass[k] == nil {
		s.pass[k] = make([]bool, len(s.c.rules))
		for ri := range s.c.rules {
			s.pass[k][ri] = s.passes(k, ri, members{}, colorref.Color{})
		}
		return
	}
	for _, ri := range rules {
		s.pass[k][ri] = s.passes(k, ri, members{}, colorref.Color{})
	}
}

// passes judges rule ri in scheme k, with the components in (when in is
// not nil) taking the color x: the theme as it resolves with a field that
// they all fall back to set to x.
func (s *solver) passes(k, ri int, in members, x colorref.Color) bool {
	fg, bg, bd := s.pair(k, ri, in, x)
	if !contrast.Passes(fg, bg, bd, s.req[ri], s.p.Method) {
		return false
	}
	return !s.p.APCA || math.Abs(contrast.APCAOver(fg, bg, bd)) >= s.lcReq[ri]
}

// pair returns rule ri's foreground, background and backdrop in scheme
// k, with the components in taking the color x.
func (s *solver) pair(k, ri int, in members, x colorref.Color) (fg, bg, bd colorref.Color) {
	ru := s.c.rules[ri]
	col := func(i int) colorref.Color {
		if in.has(i) {
			return x
		}
		return s.colors[k][i]
	}
	fg, bd = col(ru.comp), col(s.c.pageBG)
	switch ru.kind {
	case targetComp:
		bg = col(ru.index)
	case targetVar:
		vd := s.c.vars[ru.index]
		bg = Derive(col(vd.comp), vd.v)
	default:
		bg = ru.color
	}
	return fg, bg, bd
}

// depSet is what moves with a field: the components that resolve through
// it (in) and the rules that look at any of them.
type depSet struct {
	comps []int
	rules []int
}

// deps returns the components that take field (k, j)'s color once it is
// a literal, and the rules of scheme k that depend on them.
//
// The depSet's slices are reused by the next call of deps: use it, or
// copy what is kept, before asking again.
func (s *solver) deps(k, j int) depSet {
	s.seenGen++
	comps := append(s.depComps[:0], j)
	s.seen[j] = s.seenGen
	bg := j == s.c.pageBG
	for n := 0; n < len(comps); n++ {
		for _, ch := range s.child[k][comps[n]] {
			if s.seen[ch] != s.seenGen {
				s.seen[ch] = s.seenGen
				comps = append(comps, ch)
				bg = bg || ch == s.c.pageBG
			}
		}
	}
	s.depComps = comps
	if bg {
		if s.allRules == nil {
			s.allRules = make([]int, len(s.c.rules))
			for ri := range s.allRules {
				s.allRules[ri] = ri
			}
		}
		return depSet{comps: comps, rules: s.allRules}
	}
	rules := s.depRules[:0]
	{
		s.visit++
		for _, i := range comps {
			for _, ri := range s.byComp[i] {
				if s.mark[ri] != s.visit {
					s.mark[ri] = s.visit
					rules = append(rules, ri)
				}
			}
		}
		slices.Sort(rules)
	}
	s.depRules = rules
	return depSet{comps: comps, rules: rules}
}

// colorAt returns field (k, j)'s color with lightness l (in hundredths of
// a percent), in its printed form: hue, saturation and alpha are those the
// component resolves to now.
func (s *solver) colorAt(k, j, l int) colorref.Color {
	h, sat, _, a := s.colors[k][j].HSLA()
	return colorref.HSLA(h, sat, float64(l)/100, a).Rounded()
}

// gridStep is the solver's coarse lightness step, in hundredths of a
// percent; boundaries between steps are found by bisection to the
// hundredth.
const gridStep = 25

// ranges returns the lightness ranges of field (k, j) under which every
// rule in rules passes, the components in moving with the field.
func (s *solver) ranges(k, j int, rules []int, in members) []LightnessRange {
	return scanRanges(s.passesAt(k, j, rules, in))
}

// passesAt returns a test of whether every rule in rules passes with
// field (k, j) at lightness l (in hundredths), the components in moving
// with the field.
//
// The rule that failed last is tried first: neighbouring lightnesses
// mostly fail on the same rule, so a failing point costs one check. The
// test reorders a copy of rules, never the caller's.
func (s *solver) passesAt(k, j int, rules []int, in members) func(l int) bool {
	rules = slices.Clone(rules)
	return func(l int) bool {
		x := s.colorAt(k, j, l)
		for n, ri := range rules {
			if !s.passes(k, ri, in, x) {
				copy(rules[1:n+1], rules[:n])
				rules[0] = ri
				return false
			}
		}
		return true
	}
}

// wholeNearest is nearestPass over every rule that depends on field f,
// from the lightness it has now, cached until f's scheme changes.
func (s *solver) wholeNearest(f fieldKey, d depSet) (int, bool) {
	stamp, in := 0, len(d.comps)
	for _, i := range d.comps {
		stamp = max(stamp, s.stamp[f.k][i])
	}
	stamp = max(stamp, s.stamp[f.k][s.c.pageBG])
	for _, ri := range d.rules {
		ru := s.c.rules[ri]
		stamp = max(stamp, s.stamp[f.k][ru.comp])
		if tc := s.c.targetComp(ru); tc >= 0 {
			stamp = max(stamp, s.stamp[f.k][tc])
		}
	}
	if c, ok := s.cache[f]; ok && c.stamp == stamp && c.in == in && c.rules == len(d.rules) {
		return c.l, c.ok
	}
	_, _, l0 := s.colors[f.k][f.j].HSL()
	l, ok := s.nearestPass(f.k, f.j, d.rules, s.member(d), l0)
	if s.cache == nil {
		s.cache = map[fieldKey]cachedNearest{}
	}
	s.cache[f] = cachedNearest{stamp: stamp, in: in, rules: len(d.rules), l: l, ok: ok}
	return l, ok
}

// nearestPass returns the lightness (in hundredths) nearest l0 at which
// every rule in rules passes, field (k, j) set to it: it walks the grid
// outward from l0, and refines the first passing grid point on each side
// by bisection toward l0. ok is false when no grid point passes.
func (s *solver) nearestPass(k, j int, rules []int, in members, l0 float64) (int, bool) {
	ok := s.passesAt(k, j, rules, in)
	h0 := int(math.Round(l0 * 100))
	if ok(h0) {
		return h0, true
	}
	lo := (h0 / gridStep) * gridStep // the grid point at or below h0
	hi := lo + gridStep
	prevLo, prevHi := h0, h0 // the failing points nearest h0 on each side
	for lo >= 0 || hi <= 10000 {
		best, found := 0, false
		if lo >= 0 && lo != h0 {
			if ok(lo) {
				best, found = bisect(prevLo, lo, ok), true
			} else {
				prevLo = lo
			}
		}
		if hi <= 10000 {
			if ok(hi) {
				b := bisect(prevHi, hi, ok)
				if !found || b-h0 < h0-best {
					best = b
				}
				found = true
			} else {
				prevHi = hi
			}
		}
		if found {
			return best, true
		}
		lo -= gridStep
		hi += gridStep
	}
	return 0, false
}

// scanRanges finds the runs of l in [0, 10000] where ok holds: ok on a
// grid of gridStep, each boundary refined by bisection, taking ok as
// monotone between two grid points.
func scanRanges(ok func(l int) bool) []LightnessRange {
	var out []LightnessRange
	start, prev := -1, false
	for l := 0; l <= 10000; l += gridStep {
		cur := ok(l)
		switch {
		case cur && !prev:
			start = l
			if l > 0 {
				start = bisect(l-gridStep, l, ok) // first passing after a failing point
			}
		case !cur && prev:
			end := bisect(l, l-gridStep, ok) // last passing before a failing point
			out = append(out, LightnessRange{float64(start) / 100, float64(end) / 100})
		}
		prev = cur
	}
	if prev {
		out = append(out, LightnessRange{float64(start) / 100, 100})
	}
	return out
}

// bisect returns the passing point nearest bad between bad (failing) and
// good (passing).
func bisect(bad, good int, ok func(int) bool) int {
	for bad-good > 1 || good-bad > 1 {
		mid := (bad + good) / 2
		if ok(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}

// nearest returns the lightness in rs (in hundredths) nearest l0 (in
// percent), and false when rs is empty.
func nearest(rs []LightnessRange, l0 float64) (int, bool) {
	best, bestD := 0, math.Inf(1)
	for _, r := range rs {
		v := math.Min(math.Max(l0, r.Min), r.Max)
		h := int(math.Round(v * 100))
		h = min(max(h, int(math.Round(r.Min*100))), int(math.Round(r.Max*100)))
		if d := math.Abs(float64(h)/100 - l0); d < bestD {
			best, bestD = h, d
		}
	}
	return best, !math.IsInf(bestD, 1)
}

// candidate is a field the solver may move, with its preference rank:
// 0 the field the finding names, 1 the component itself, 2 the target's
// field or the target, 3 a fallback origin.
type candidate struct {
	key  fieldKey
	rank int
}

// candidates returns the fields that may fix failing rule ri in scheme k.
func (s *solver) candidates(k, ri int, add func(fieldKey, int)) {
	ru := s.c.rules[ri]
	side := func(i, base int) {
		src := s.srcs[k][i]
		if src.field >= 0 {
			add(fieldKey{k, int(src.field)}, base)
		}
		add(fieldKey{k, i}, base+1)
		if src.origin >= 0 {
			add(fieldKey{k, int(src.origin)}, base+3)
		}
	}
	side(ru.comp, 0)
	if tc := s.c.targetComp(ru); tc >= 0 {
		side(tc, 1)
	}
}

// solve moves fields until every rule passes or no move helps.
func (s *solver) solve() {
	n := len(s.c.cat.Components)
	rank := [2][]int{make([]int, n), make([]int, n)}
	var cands []candidate
	for range 4 * len(s.c.rules) { // each step makes at least one more rule pass
		// The candidate fields, each with its best rank: rank[k][j] holds
		// rank+1 for a field already listed in this step.
		for _, c := range cands {
			rank[c.key.k][c.key.j] = 0
		}
		cands = cands[:0]
		failing := 0
		for k := range 2 {
			for ri := range s.c.rules {
				if s.pass[k][ri] {
					continue
				}
				failing++
				s.candidates(k, ri, func(f fieldKey, r int) {
					if s.pinned[f.k][f.j] || s.c.cat.Components[f.j].Hidden {
						return
					}
					switch old := rank[f.k][f.j]; {
					case old == 0:
						rank[f.k][f.j] = r + 1
						cands = append(cands, candidate{f, r})
					case r+1 < old:
						rank[f.k][f.j] = r + 1
					}
				})
			}
		}
		if failing == 0 || len(cands) == 0 {
			return
		}
		for n := range cands {
			cands[n].rank = rank[cands[n].key.k][cands[n].key.j] - 1
		}
		slices.SortFunc(cands, func(a, b candidate) int {
			return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.key.k, b.key.k), cmp.Compare(a.key.j, b.key.j))
		})
		if !s.step(cands, true) && !s.step(cands, false) {
			return
		}
	}
}

// step tries each candidate field and applies the best move. Whole, a
// move must keep every rule that depends on the field passing; otherwise
// it must leave fewer of them failing than now. It reports whether it
// moved a field.
func (s *solver) step(keys []candidate, whole bool) bool {
	type move struct {
		key         fieldKey
		l           int
		fixed, rank int
		dist        float64
	}
	var best *move
	type cand struct {
		key     fieldKey
		rank    int
		failing int
	}
	var cands []cand
	for _, c := range keys {
		f := c.key
		d := s.deps(f.k, f.j)
		failing := 0
		for _, ri := range d.rules {
			if !s.pass[f.k][ri] {
				failing++
			}
		}
		if failing > 0 {
			cands = append(cands, cand{f, c.rank, failing})
		}
	}
	// Most failing rules first: a candidate that cannot fix more than the
	// best found, at a rank no better, is not looked at.
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.failing, a.failing) })
	better := func(m move) bool {
		if best == nil {
			return true
		}
		return cmp.Or(cmp.Compare(best.fixed, m.fixed), cmp.Compare(m.rank, best.rank), cmp.Compare(m.dist, best.dist)) < 0
	}
	for _, cd := range cands {
		f, failing := cd.key, cd.failing
		if best != nil && (failing < best.fixed || failing == best.fixed && cd.rank > best.rank) {
			continue
		}
		d := s.deps(f.k, f.j)
		_, _, l0 := s.colors[f.k][f.j].HSL()
		var m move
		if whole {
			l, ok := s.wholeNearest(f, d)
			if !ok {
				continue
			}
			m = move{key: f, l: l, fixed: failing}
		} else {
			l, left := s.fewestFailures(f.k, f.j, d, l0)
			if left >= failing {
				continue
			}
			m = move{key: f, l: l, fixed: failing - left}
		}
		m.rank, m.dist = cd.rank, math.Abs(float64(m.l)/100-l0)
		if better(m) {
			best = &m
		}
	}
	if best == nil {
		return false
	}
	s.set(best.key, s.colorAt(best.key.k, best.key.j, best.l))
	return true
}

// fewestFailures returns the lightness (in hundredths) on the grid at
// which the fewest of d's rules fail, the nearest l0 among those, and how
// many fail there.
func (s *solver) fewestFailures(k, j int, d depSet, l0 float64) (best, left int) {
	in := s.member(d)
	left = math.MaxInt
	for l := 0; l <= 10000; l += gridStep {
		x := s.colorAt(k, j, l)
		n := 0
		for _, ri := range d.rules {
			if !s.passes(k, ri, in, x) {
				n++
			}
		}
		if n < left || n == left && math.Abs(float64(l)/100-l0) < math.Abs(float64(best)/100-l0) {
			best, left = l, n
		}
	}
	return best, left
}

// set makes field f the literal x and resolves its scheme again.
func (s *solver) set(f fieldKey, x colorref.Color) {
	s.refs[f.k][f.j] = ref{comp: refColor, color: x, over: true}
	if !s.edited[f.k][f.j] {
		s.edited[f.k][f.j] = true
		s.order = append(s.order, f)
	}
	s.rejudge(f)
}

// rejudge resolves field f's scheme again after f changed, judging again
// the rules that depend on f: only the components that fall back to it
// can have changed color.
func (s *solver) rejudge(f fieldKey) {
	s.reresolve(f.k, s.deps(f.k, f.j).rules)
}

// shrink moves each edited field back toward the lightness it had, as
// far as its rules allow with the other edits in place, and undoes an
// edit that is no longer needed.
func (s *solver) shrink() {
	for _, f := range s.order {
		_, _, l0 := s.was[f.k][f.j].HSL()
		_, _, lnow := s.colors[f.k][f.j].HSL()
		d := s.deps(f.k, f.j)
		var keep []int
		for _, ri := range d.rules {
			if s.pass[f.k][ri] {
				keep = append(keep, ri)
			}
		}
		l, ok := s.nearestPass(f.k, f.j, keep, s.member(d), l0)
		if !ok || math.Abs(float64(l)/100-l0) >= math.Abs(lnow-l0) {
			continue
		}
		if s.colorAt(f.k, f.j, l) == s.was[f.k][f.j].Rounded() && s.wasAt(f, l) {
			s.refs[f.k][f.j] = s.orig[f.k][f.j]
			s.edited[f.k][f.j] = false
			s.rejudge(f)
			continue
		}
		s.set(f, s.colorAt(f.k, f.j, l))
	}
}

// wasAt reports whether restoring field f's original reference leaves
// every rule that passes now passing.
func (s *solver) wasAt(f fieldKey, l int) bool {
	saved := s.refs[f.k][f.j]
	s.refs[f.k][f.j] = s.orig[f.k][f.j]
	before := slices.Clone(s.pass[f.k])
	s.rejudge(f)
	ok := true
	for ri, p := range before {
		if p && !s.pass[f.k][ri] {
			ok = false
		}
	}
	s.refs[f.k][f.j] = saved
	s.rejudge(f)
	return ok
}

// theme returns t with the solver's edits written into its colors,
// sharing no memory with t (strings aside).
func (s *solver) theme() Theme {
	out := s.t
	out.ownImages()
	out.Colors = make(map[string]PerScheme, len(s.t.Colors)+len(s.order))
	maps.Copy(out.Colors, s.t.Colors)
	for _, f := range s.order {
		if !s.edited[f.k][f.j] {
			continue
		}
		id := s.c.cat.Components[f.j].ID
		o := out.Colors[id]
		v := s.refs[f.k][f.j].color.String()
		if f.k == 0 {
			o.Light = v
		} else {
			o.Dark = v
		}
		out.Colors[id] = o
	}
	return out
}

// edits returns the edits the solver made, first made first.
func (s *solver) edits() []Edit {
	var out []Edit
	for _, f := range s.order {
		if !s.edited[f.k][f.j] {
			continue
		}
		sc := Schemes()[f.k]
		id := s.c.cat.Components[f.j].ID
		to := s.refs[f.k][f.j].color
		_, _, l0 := s.was[f.k][f.j].HSL()
		_, _, l1 := to.HSL()
		out = append(out, Edit{
			Field: s.c.fields[f.k][f.j], Component: id, Scheme: sc,
			From: s.t.Colors[id].For(sc), Was: s.was[f.k][f.j], To: to.String(),
			Distance: math.Round(math.Abs(l1-l0)*100) / 100,
		})
	}
	return out
}

// unsatisfiable builds the error for the rules rep still fails, with the
// conflicts on the fields those rules name.
func (s *solver) unsatisfiable(rep *Report) *UnsatisfiableError {
	e := &UnsatisfiableError{ThemeID: s.t.ID, Policy: s.p, Failing: rep.Failures()}
	seen := map[fieldKey]bool{}
	for k := range 2 {
		for ri := range s.c.rules {
			if s.pass[k][ri] {
				continue
			}
			j := s.c.rules[ri].comp
			if f := s.srcs[k][j].field; f >= 0 && !s.pinned[k][f] {
				j = int(f)
			}
			key := fieldKey{k, j}
			if seen[key] || s.pinned[k][j] {
				continue
			}
			seen[key] = true
			e.Conflicts = append(e.Conflicts, s.conflict(key))
		}
	}
	return e
}

// conflict lists, for field f, each rule that depends on it and does not
// pass at every lightness, with the ranges it allows.
func (s *solver) conflict(f fieldKey) Conflict {
	c := Conflict{Field: s.c.fields[f.k][f.j]}
	d := s.deps(f.k, f.j)
	for _, ri := range d.rules {
		rs := s.ranges(f.k, f.j, []int{ri}, s.member(d))
		if len(rs) == 1 && rs[0] == (LightnessRange{0, 100}) {
			continue
		}
		ru := s.c.rules[ri]
		c.Rules = append(c.Rules, RuleRange{Scheme: Schemes()[f.k], Component: s.c.cat.Components[ru.comp].ID, Target: ru.target, Ranges: rs})
	}
	return c
}

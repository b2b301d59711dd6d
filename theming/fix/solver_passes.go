package fix

import (
	"math"
	"slices"
	"sort"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// The solver's passes beyond its search: the alpha a translucent field
// needs, the passes that make the edits minimal (shrink, prune), the one
// that gives the rules still failing the most contrast they can reach
// (strengthen), and the error that names what cannot pass.

// alphaNearest returns the least alpha (in hundredths, above the field's
// own) at which some lightness of field f lets every rule that depends on
// it pass, and the lightness nearest the field's own at that alpha; ok is
// false when not even opaque does. A higher alpha brings a translucent
// color nearer its opaque self, so the alphas that have a passing
// lightness are searched as a run that ends at opaque: opaque is tried
// first, then the least alpha is bisected.
func (s *solver) alphaNearest(f fieldKey, d depSet) (a, l int, ok bool) {
	key := s.cacheKey(f, d)
	if c, hit := s.alphas[f]; hit && c.key == key {
		return c.left, c.l, c.ok
	}
	a, l, ok = s.searchAlpha(f, d)
	if s.alphas == nil {
		s.alphas = map[fieldKey]cachedNearest{}
	}
	s.alphas[f] = cachedNearest{key: key, l: l, left: a, ok: ok}
	return a, l, ok
}

// searchAlpha is alphaNearest's search, uncached.
func (s *solver) searchAlpha(f fieldKey, d depSet) (a, l int, ok bool) {
	_, _, l0, a0 := s.colors[f.k][f.j].HSLA()
	at := func(a int) (int, bool) {
		return s.search.Nearest(l0, s.checks(f.k, f.j, d.rules, d.in, a))
	}
	lo := int(math.Round(a0 * 100)) // no lightness passes at the field's own alpha
	if lo >= 100 {
		return 0, 0, false
	}
	best, ok := at(100)
	if !ok {
		return 0, 0, false
	}
	hi := 100
	for hi-lo > 1 && !s.over() {
		mid := (lo + hi) / 2
		if l, ok := at(mid); ok {
			hi, best = mid, l
		} else {
			lo = mid
		}
	}
	return hi, best, true
}

// shrink moves each edited field back toward the lightness it had, as
// far as its rules allow with the other edits in place, and undoes an
// edit that is no longer needed.
func (s *solver) shrink() {
	for _, f := range s.order {
		if !s.edited[f.k][f.j] || s.over() {
			continue
		}
		_, _, l0 := s.was[f.k][f.j].HSL()
		_, _, lnow := s.colors[f.k][f.j].HSL()
		d := s.deps(f.k, f.j)
		keep := s.keepBuf[:0]
		for _, ri := range d.rules {
			if s.pass[f.k][ri] {
				keep = append(keep, ri)
			}
		}
		s.keepBuf = keep
		l, ok := s.nearestPass(f.k, f.j, keep, d.in, l0)
		if !ok || math.Abs(float64(l)/100-l0) >= math.Abs(lnow-l0) {
			continue
		}
		if s.colorAt(f.k, f.j, l, keepAlpha) == s.was[f.k][f.j].Rounded() && s.undo(f) {
			continue
		}
		s.set(f, s.colorAt(f.k, f.j, l, keepAlpha))
	}
}

// prune makes the edits minimal as a set: it tries undoing each edit (an
// override added is removed, a value or an alias replaced is restored)
// and keeps the undoing when every rule that passes still passes, until
// no edit can be undone.
func (s *solver) prune() {
	for changed := true; changed; {
		changed = false
		for _, f := range s.order {
			if s.edited[f.k][f.j] && !s.over() && s.undo(f) {
				changed = true
			}
		}
	}
}

// undo restores field f's original reference when that leaves every
// rule that passes now passing, and reports whether it did.
func (s *solver) undo(f fieldKey) bool {
	saved := s.refs[f.k][f.j]
	s.refs[f.k][f.j] = s.orig[f.k][f.j]
	s.passBuf = append(s.passBuf[:0], s.pass[f.k]...)
	s.rejudge(f)
	for ri, p := range s.passBuf {
		if p && !s.pass[f.k][ri] {
			s.refs[f.k][f.j] = saved
			s.rejudge(f)
			return false
		}
	}
	s.edited[f.k][f.j] = false
	return true
}

// strengthen gives each rule that still fails the most contrast it can
// reach: the field its foreground resolves through (the field the
// finding names, else the component's own) moves to the lightness, and
// with [FixOptions].Alpha the alpha, at which the rule's ratio is highest
// while every rule that passes still passes. Over a run of lightness the
// ratio of a pair one side of which moves is highest at an end of the
// run, so the ends of the runs are what it compares.
func (s *solver) strengthen() {
	for k := range 2 {
		for ri := range s.e.k.Rules {
			if s.pass[k][ri] || s.over() {
				continue
			}
			j := s.e.k.Rules[ri].Comp
			if fl := s.srcs[k][j].Field; fl >= 0 {
				j = int(fl)
			}
			if f := (fieldKey{k, j}); s.movable(f) {
				s.strongest(f, ri)
			}
		}
	}
}

// strongest moves field f to the setting that gives failing rule ri its
// highest ratio while the rules that pass keep passing.
func (s *solver) strongest(f fieldKey, ri int) {
	d := s.deps(f.k, f.j)
	var keep []int
	for _, r := range d.rules {
		if s.pass[f.k][r] {
			keep = append(keep, r)
		}
	}
	in := members{mark: slices.Clone(d.in.mark), gen: d.in.gen}
	alphas := []int{keepAlpha}
	if s.alpha && !s.colors[f.k][f.j].Opaque() {
		alphas = append(alphas, 100)
	}
	ratio := func(l, a int) float64 {
		fg, bg, bd := s.e.pair(&s.e.k.Rules[ri], f.k, s.colors[f.k], in, s.colorAt(f.k, f.j, l, a))
		return s.p.Method.Ratio(contrast.RatioOver(fg, bg, bd), contrast.RatioRendered(fg, bg, bd))
	}
	fg, bg, bd := s.e.pair(&s.e.k.Rules[ri], f.k, s.colors[f.k], members{}, s.colors[f.k][f.j])
	best, bestL, bestA := s.p.Method.Ratio(contrast.RatioOver(fg, bg, bd), contrast.RatioRendered(fg, bg, bd)), -1, keepAlpha
	for _, a := range alphas {
		for _, r := range s.passRuns(f.k, f.j, keep, in, a) {
			for _, l := range [2]int{r.lo, r.hi} {
				if v := ratio(l, a); v > best {
					best, bestL, bestA = v, l, a
				}
			}
		}
	}
	if bestL >= 0 {
		s.set(f, s.colorAt(f.k, f.j, bestL, bestA))
	}
}

// unsatisfiable builds the error for the rules rep still fails, with the
// conflicts on the fields those rules name.
func (s *solver) unsatisfiable(rep *Report) *UnsatisfiableError {
	e := &UnsatisfiableError{ThemeID: s.t.ID, Policy: s.p, Stopped: s.stopped, Failing: rep.Failures()}
	seen := map[fieldKey]bool{}
	for k := range 2 {
		for ri := range s.e.k.Rules {
			if s.pass[k][ri] {
				continue
			}
			j := s.e.k.Rules[ri].Comp
			if f := s.srcs[k][j].Field; f >= 0 && !s.pinned[k][f] {
				j = int(f)
			}
			key := fieldKey{k, j}
			if seen[key] || s.pinned[k][j] || s.work > s.budget+workBound/4 {
				continue // the conflicts are explained within a quarter more of the bound
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
	c := Conflict{Field: s.e.k.Fields[f.k][f.j]}
	d := s.deps(f.k, f.j)
	for _, ri := range d.rules {
		if r := s.ruleRange(f.k, f.j, ri, d.in); len(r.Ranges) != 1 || r.Ranges[0] != (contrast.LightnessRange{Min: 0, Max: 100}) {
			c.Rules = append(c.Rules, r)
		}
	}
	return c
}

// ruleRange is rule ri as a RuleRange of field (k, j): the lightness of
// the field at which it passes, the components in moving with it.
func (s *solver) ruleRange(k, j, ri int, in members) RuleRange {
	ru := &s.e.k.Rules[ri]
	return RuleRange{Scheme: theming.Schemes()[k], Component: s.e.id(ru.Comp), Variable: s.e.varName(ru.FgVar), Target: s.e.target(ru), Ranges: s.ranges(k, j, []int{ri}, in)}
}

// pairStep moves two fields at once, for a failing rule that no single
// field can fix: its foreground's field and its target's, when the
// target must move for any foreground to pass (a badge too light for any
// text to reach 7:1 on it, that the text's own rules keep from moving
// alone). The target moves to the lightness nearest its own, among those
// at which its passing rules keep passing, at which the foreground then
// has a lightness that lets every rule of both fields pass; the
// foreground moves to that lightness. It reports whether it moved.
func (s *solver) pairStep() bool {
	for k := range 2 {
		for ri := range s.e.k.Rules {
			if s.pass[k][ri] || s.over() {
				continue
			}
			ru := &s.e.k.Rules[ri]
			if ru.BgComp < 0 {
				continue
			}
			a, b := s.fieldOf(k, ru.Comp), s.fieldOf(k, ru.BgComp)
			if a == b || !s.movable(a) || !s.movable(b) || b.j == s.e.k.PageBG {
				continue
			}
			key := [2]searchKey{s.cacheKey(a, s.deps(a.k, a.j)), s.cacheKey(b, s.deps(b.k, b.j))}
			if s.pairFailed[[2]fieldKey{a, b}] == key {
				continue // tried, and nothing it looks at has changed since
			}
			if s.pairCanPass(a, b, ri) && s.movePair(a, b) {
				return true
			}
			if s.pairFailed == nil {
				s.pairFailed = map[[2]fieldKey]([2]searchKey){}
			}
			s.pairFailed[[2]fieldKey{a, b}] = key
		}
	}
	return false
}

// pairCanPass reports whether rule ri alone can pass with field b at an
// end of the grid and field a at some lightness: when it cannot, no
// setting of the pair fixes it, and movePair need not look.
func (s *solver) pairCanPass(a, b fieldKey, ri int) bool {
	for _, lb := range [2]int{0, contrast.LightnessSteps} {
		if _, ok := s.tryPairRules(a, b, lb, []int{ri}); ok {
			return true
		}
	}
	return false
}

// fieldOf is the field component i resolves through in scheme k: the
// field the resolver named, else its own.
func (s *solver) fieldOf(k, i int) fieldKey {
	if f := s.srcs[k][i].Field; f >= 0 {
		return fieldKey{k, int(f)}
	}
	return fieldKey{k, i}
}

// movePair looks for the setting of field b nearest its own, within the
// runs where b's passing rules that a does not move pass, at which field
// a has a lightness
// that lets every rule of both pass; over a run, the lightnesses of b at
// which a can follow are one stretch, reached from the run's end that
// allows it by bisection. It applies the pair and reports whether it
// found one.
func (s *solver) movePair(a, b fieldKey) bool {
	both := slices.Clone(s.deps(a.k, a.j).rules) // rules a's move judges again
	db := s.deps(b.k, b.j)
	var keep []int
	for _, ri := range db.rules {
		if s.pass[b.k][ri] && !slices.Contains(both, ri) {
			keep = append(keep, ri)
		}
	}
	in := members{mark: slices.Clone(db.in.mark), gen: db.in.gen}
	_, _, lb := s.colors[b.k][b.j].HSL()
	now := int(math.Round(lb * 100))
	type cand struct{ far, near int }
	var cands []cand
	for _, r := range s.passRuns(b.k, b.j, keep, in, keepAlpha) {
		near := min(max(now, r.lo), r.hi)
		for _, far := range [2]int{r.lo, r.hi} {
			cands = append(cands, cand{far, near})
		}
	}
	slices.SortFunc(cands, func(x, y cand) int { return abs(x.far-now) - abs(y.far-now) })
	for _, c := range cands {
		if s.over() {
			return false
		}
		if _, ok := s.tryPair(a, b, c.far); !ok {
			continue
		}
		lbest := c.near
		if _, ok := s.tryPair(a, b, c.near); !ok {
			lbest = bisectCoarse(c.near, c.far, func(l int) bool { _, ok := s.tryPair(a, b, l); return ok })
		}
		la, _ := s.tryPair(a, b, lbest)
		s.set(b, s.colorAt(b.k, b.j, lbest, keepAlpha))
		s.set(a, s.colorAt(a.k, a.j, la, keepAlpha))
		return true
	}
	return false
}

// tryPair reports whether, with field b at lightness lb, field a has a
// lightness that lets every rule of both pass, and returns it; the
// solver is left as it was.
func (s *solver) tryPair(a, b fieldKey, lb int) (int, bool) {
	return s.tryPairRules(a, b, lb, nil)
}

// tryPairRules is tryPair over the rules given, or, for nil, every rule
// of both fields.
func (s *solver) tryPairRules(a, b fieldKey, lb int, only []int) (int, bool) {
	saved := s.refs[b.k][b.j]
	s.refs[b.k][b.j] = kernel.Ref{Comp: kernel.RefColor, Color: s.colorAt(b.k, b.j, lb, keepAlpha), Over: true}
	s.rejudge(b)
	defer func() {
		s.refs[b.k][b.j] = saved
		s.rejudge(b)
	}()
	da := s.deps(a.k, a.j)
	rules := only
	in := members{mark: slices.Clone(da.in.mark), gen: da.in.gen}
	if only == nil {
		rules = slices.Clone(da.rules)
		for _, ri := range s.deps(b.k, b.j).rules {
			if !slices.Contains(rules, ri) {
				rules = append(rules, ri)
			}
		}
	}
	_, _, la := s.colors[a.k][a.j].HSL()
	return s.nearestPass(a.k, a.j, rules, in, la)
}

// pairGrain is the precision, in lightness steps (half a point), to
// which movePair bisects the target's setting: shrink then moves the
// target back toward its own lightness on the fine grid.
const pairGrain = 50

// bisectCoarse returns a step from bad toward good (either side of the
// other) at which ok holds, at most pairGrain steps past the first that
// does, given ok(good) and !ok(bad) and that ok changes once between
// them: a binary search over the steps pairGrain apart.
func bisectCoarse(bad, good int, ok func(int) bool) int {
	dist, dir := abs(good-bad), 1
	if good < bad {
		dir = -1
	}
	at := func(i int) int { return bad + dir*min(i*pairGrain, dist) }
	return at(sort.Search((dist+pairGrain-1)/pairGrain, func(i int) bool { return ok(at(i)) }))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

package fix

import (
	"cmp"
	"maps"
	"math"
	"slices"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// The solver engine behind FixTheme, FieldRange and Generate: a theme's
// references as overridden so far, their resolution, each rule's verdict,
// and the moves of theme fields' lightness, judged on the theme as it
// resolves with each move applied. Every lightness it looks for is found
// by contrast's one lightness search (NearestLightness, LightnessRanges).

// solver holds a theme being fixed: its references as overridden so far,
// their resolution and each rule's verdict, per scheme.
type solver struct {
	e      *Engine
	p      contrast.Policy
	t      theming.Theme
	th     []contrast.Threshold // per rule, what its pair must reach under p
	refs   [2][]kernel.Ref
	colors [2][]colorref.Color
	srcs   [2][]kernel.Source
	res    kernel.Resolver  // the resolution's working memory
	oldBuf []colorref.Color // rejudge's colors before
	pass   [2][]bool
	pinned [2][]bool
	orig   [2][]kernel.Ref     // the references before any edit
	was    [2][]colorref.Color // the colors before any edit
	edited [2][]bool
	order  []fieldKey                 // edited fields, first edit first
	child  [2][][]int                 // per scheme and component, the components whose reference names it, ascending
	parent [2][]int                   // per scheme and component, the component its reference names, or -1
	cache  map[fieldKey]cachedNearest // wholeNearest's
	// partial is partialNearest's cache, alphas alphaNearest's (the
	// alpha in left).
	partial, alphas map[fieldKey]cachedNearest
	// runs holds each rule's passing runs for a field (ruleRuns).
	runs map[rangeKey][]stepRun
	// shared holds the runs by their key without the field (ruleRuns);
	// unshared, for the tests, has each field's runs searched anew.
	shared   map[rangeKey]sharedRuns
	unshared bool
	// passBuf is undo's copy of the verdicts.
	passBuf []bool
	// pairFailed holds the pairs of fields movePair found no setting
	// for, with what their searches depended on then.
	pairFailed map[[2]fieldKey][2]searchKey
	// stamp is, per scheme and component, the step at which its color
	// last changed; clock counts the steps.
	stamp [2][]int
	clock int
	mark  []int // scratch for deps: the rule's last visit
	visit int
	// seen marks the components of the last deps walk: the set its
	// depSet's in reads.
	seen    []int
	seenGen int
	// The slices of the last depSet deps returned, reused by the next
	// call; allRules lists every rule.
	depComps, depRules, allRules []int

	// search runs every lightness search, on checks' pairs of field.
	search   contrast.LightnessSearcher
	field    fieldAt
	pairBuf  []rulePair
	checkBuf []contrast.LightnessCheck
	ruleBuf  [1]int     // ruleRuns' one rule
	stepBuf  []stepCand // step's candidates
	keepBuf  []int      // shrink's passing rules

	// alpha lets a move raise a translucent field's alpha (FixOptions.Alpha).
	alpha bool
	// work counts the pairs judged; past budget the solver stops where it
	// is, and stopped says so.
	work, budget int
	stopped      bool
}

// cachedNearest is a field's search result (the nearest whole pass, or
// the lightness with the fewest failures and how many), valid while its
// key holds.
type cachedNearest struct {
	key     searchKey
	l, left int
	ok      bool
}

// searchKey is what a field's search depends on: it holds while no
// component its rules look at has changed color since stamp and its
// dependents and rules are as many as then.
type searchKey struct{ stamp, in, rules int }

type fieldKey struct{ k, j int }

// newSolver checks t against e's catalog and resolves it, ready to be
// fixed under p.
func (e *Engine) newSolver(t theming.Theme, p contrast.Policy) (*solver, error) {
	if err := checkPolicy(p); err != nil {
		return nil, err
	}
	refs, err := core.References(e.cc, &t)
	if err != nil {
		return nil, err
	}
	n := len(e.cat.Components)
	s := &solver{e: e, p: p, t: t, refs: refs, th: e.thresholds(p), budget: workBound}
	s.mark = make([]int, len(e.k.Rules))
	s.seen = make([]int, n)
	for k := range 2 {
		s.pinned[k] = make([]bool, n)
		s.edited[k] = make([]bool, n)
		s.stamp[k] = make([]int, n)
		s.pinned[k][e.k.PageBG] = true
	}
	for k := range 2 {
		s.orig[k] = slices.Clone(s.refs[k])
		s.resolveAll(k)
		s.was[k] = slices.Clone(s.colors[k])
	}
	return s, nil
}

// resolveAll resolves scheme k from the references and judges every
// rule: the solver's start. Every component's color is new: all are
// stamped.
func (s *solver) resolveAll(k int) {
	s.clock++
	n := len(s.refs[k])
	s.colors[k], s.srcs[k] = make([]colorref.Color, n), make([]kernel.Source, n)
	s.res.Resolve(s.refs[k], s.colors[k], s.srcs[k])
	s.parent[k], s.child[k] = make([]int, n), make([][]int, n)
	for i, r := range s.refs[k] {
		s.parent[k][i] = max(r.Comp, -1)
		if r.Comp >= 0 {
			s.child[k][r.Comp] = append(s.child[k][r.Comp], i)
		}
		s.stamp[k][i] = s.clock
	}
	s.pass[k] = make([]bool, len(s.e.k.Rules))
	for ri := range s.e.k.Rules {
		s.pass[k][ri] = s.passes(k, ri, members{}, colorref.Color{})
	}
}

// rejudge resolves field f's scheme again after f's reference changed,
// stamping the components whose color did, and judges again the rules
// that depend on f. Only the components that resolve through f can
// change color (those of its depSet, which f's own reference does not
// change), and only f's place among its fallback's children can move:
// the rest of the resolution is kept.
func (s *solver) rejudge(f fieldKey) {
	k := f.k
	d := s.deps(k, f.j)
	s.clock++
	old := s.oldBuf[:0]
	for _, i := range d.comps {
		old = append(old, s.colors[k][i])
	}
	s.oldBuf = old
	s.res.ResolveSome(s.refs[k], s.colors[k], s.srcs[k], d.comps)
	for n, i := range d.comps {
		if old[n] != s.colors[k][i] {
			s.stamp[k][i] = s.clock
		}
	}
	s.reparent(k, f.j)
	for _, ri := range d.rules {
		s.pass[k][ri] = s.passes(k, ri, members{}, colorref.Color{})
	}
}

// reparent moves component j, in scheme k, to the children of the
// component its reference now names, keeping each list ascending.
func (s *solver) reparent(k, j int) {
	p, was := max(s.refs[k][j].Comp, -1), s.parent[k][j]
	if p == was {
		return
	}
	if was >= 0 {
		ch := s.child[k][was]
		n := slices.Index(ch, j)
		s.child[k][was] = slices.Delete(ch, n, n+1)
	}
	if p >= 0 {
		ch := s.child[k][p]
		n, _ := slices.BinarySearch(ch, j)
		s.child[k][p] = slices.Insert(ch, n, j)
	}
	s.parent[k][j] = p
}

// passes judges rule ri in scheme k, with the components in (when in is
// not empty) taking the color x: the theme as it resolves with a field
// that they all fall back to set to x.
func (s *solver) passes(k, ri int, in members, x colorref.Color) bool {
	s.work++
	return s.th[ri].Passes(s.e.pair(&s.e.k.Rules[ri], k, s.colors[k], in, x))
}

// depSet is what moves with a field: the components that resolve through
// it (comps, and as a set in) and the rules that look at any of them.
type depSet struct {
	comps []int
	in    members
	rules []int
}

// deps returns the components that take field (k, j)'s color once it is
// a literal, and the rules of scheme k that depend on them.
//
// The depSet's slices and set are reused by the next call of deps: use
// it, or copy what is kept, before asking again.
func (s *solver) deps(k, j int) depSet {
	s.seenGen++
	comps := append(s.depComps[:0], j)
	s.seen[j] = s.seenGen
	bg := j == s.e.k.PageBG
	for n := 0; n < len(comps); n++ {
		for _, ch := range s.child[k][comps[n]] {
			if s.seen[ch] != s.seenGen {
				s.seen[ch] = s.seenGen
				comps = append(comps, ch)
				bg = bg || ch == s.e.k.PageBG
			}
		}
	}
	s.depComps = comps
	in := members{mark: s.seen, gen: s.seenGen}
	if bg {
		if s.allRules == nil {
			s.allRules = make([]int, len(s.e.k.Rules))
			for ri := range s.allRules {
				s.allRules[ri] = ri
			}
		}
		return depSet{comps: comps, in: in, rules: s.allRules}
	}
	rules := s.depRules[:0]
	{
		s.visit++
		for _, i := range comps {
			for _, ri := range s.e.k.RulesOf[i] {
				if s.mark[ri] != s.visit {
					s.mark[ri] = s.visit
					rules = append(rules, ri)
				}
			}
		}
		slices.Sort(rules)
	}
	s.depRules = rules
	return depSet{comps: comps, in: in, rules: rules}
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
	ru := s.e.k.Rules[ri]
	side := func(i, base int) {
		src := s.srcs[k][i]
		if src.Field >= 0 {
			add(fieldKey{k, int(src.Field)}, base)
		}
		add(fieldKey{k, i}, base+1)
		if src.Origin >= 0 {
			add(fieldKey{k, int(src.Origin)}, base+3)
		}
	}
	side(ru.Comp, 0)
	if ru.BgComp >= 0 {
		side(ru.BgComp, 1)
	}
}

// solve moves fields until every rule passes, no move helps, or the
// work bound is reached.
func (s *solver) solve() {
	n := len(s.e.cat.Components)
	rank := [2][]int{make([]int, n), make([]int, n)}
	var cands []candidate
	for range 4 * len(s.e.k.Rules) { // each step makes at least one more rule pass
		if s.over() {
			return
		}
		// The candidate fields, each with its best rank: rank[k][j] holds
		// rank+1 for a field already listed in this step.
		for _, c := range cands {
			rank[c.key.k][c.key.j] = 0
		}
		cands = cands[:0]
		failing := 0
		for k := range 2 {
			for ri := range s.e.k.Rules {
				if s.pass[k][ri] {
					continue
				}
				failing++
				s.candidates(k, ri, func(f fieldKey, r int) {
					if !s.movable(f) {
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
		if !s.step(cands, moveWhole) && !(s.alpha && s.step(cands, moveAlpha)) && !s.step(cands, movePartial) && !s.pairStep() {
			return
		}
	}
}

// allPass reports whether every rule passes in both schemes.
func (s *solver) allPass() bool {
	for k := range s.pass {
		for _, p := range s.pass[k] {
			if !p {
				return false
			}
		}
	}
	return true
}

// movable reports whether the solver may set field f: not pinned (nor
// left out of FixOptions.Allow) and of a visible component.
func (s *solver) movable(f fieldKey) bool {
	return !s.pinned[f.k][f.j] && !s.e.cat.Components[f.j].Hidden
}

// over reports whether the solver has used its work bound, and marks it
// stopped when it has.
func (s *solver) over() bool {
	if s.work > s.budget {
		s.stopped = true
	}
	return s.stopped
}

// partialTries is how many fields a partial step looks at: those with
// the most failing rules, where a partial move helps most.
const partialTries = 8

// The kinds of move a step looks for, in the order solve tries them.
const (
	moveWhole   = iota // a lightness at which every rule of the field passes
	moveAlpha          // the same with the alpha raised: the least alpha that has one
	movePartial        // the lightness at which the fewest of them fail
)

// move is a setting of a field a step found: its lightness step and
// alpha (keepAlpha, or hundredths), how many failing rules it fixes, the
// field's rank, and how far it moves (lightness points, alpha points
// after them).
type move struct {
	key         fieldKey
	l, a        int
	fixed, rank int
	dist, adist float64
}

func (m move) better(than *move) bool {
	return cmp.Or(cmp.Compare(than.fixed, m.fixed), cmp.Compare(m.rank, than.rank), cmp.Compare(m.adist, than.adist), cmp.Compare(m.dist, than.dist)) < 0
}

// stepCand is a field step looks at: its rank and how many of its rules
// fail.
type stepCand struct {
	key     fieldKey
	rank    int
	failing int
}

// step tries each candidate field and applies the best move of the
// kind asked for (moveWhole, moveAlpha, movePartial): whole, a move must
// keep every rule that depends on the field passing; partial, it must
// leave fewer of them failing than now. It reports whether it moved a
// field. It tries no more candidates once the work bound is reached.
func (s *solver) step(keys []candidate, kind int) bool {
	var best move
	found := false
	cands := s.stepBuf[:0]
	for _, c := range keys {
		f := c.key
		d := s.deps(f.k, f.j)
		failing := 0
		for _, ri := range d.rules {
			if !s.pass[f.k][ri] {
				failing++
			}
		}
		if failing > 0 && (kind != moveAlpha || !s.colors[f.k][f.j].Opaque()) {
			cands = append(cands, stepCand{f, c.rank, failing})
		}
	}
	// Most failing rules first: a candidate that cannot fix more than the
	// best found, at a rank no better, is not looked at. A partial move,
	// the last resort, looks at the partialTries fields with the most.
	s.stepBuf = cands
	slices.SortStableFunc(cands, func(a, b stepCand) int { return cmp.Compare(b.failing, a.failing) })
	if kind == movePartial && len(cands) > partialTries {
		cands = cands[:partialTries]
	}
	for _, cd := range cands {
		f, failing := cd.key, cd.failing
		if found && (failing < best.fixed || failing == best.fixed && cd.rank > best.rank) {
			continue
		}
		if s.over() {
			break
		}
		d := s.deps(f.k, f.j)
		_, _, l0, a0 := s.colors[f.k][f.j].HSLA()
		m := move{key: f, a: keepAlpha, rank: cd.rank}
		switch kind {
		case moveWhole:
			l, ok := s.wholeNearest(f, d)
			if !ok {
				continue
			}
			m.l, m.fixed = l, failing
		case moveAlpha:
			a, l, ok := s.alphaNearest(f, d)
			if !ok {
				continue
			}
			m.l, m.a, m.fixed, m.adist = l, a, failing, float64(a)/100-a0
		default:
			l, left := s.partialNearest(f, d)
			if left >= failing {
				continue
			}
			m.l, m.fixed = l, failing-left
		}
		m.dist = math.Abs(float64(m.l)/100 - l0)
		if !found || m.better(&best) {
			best, found = m, true
		}
	}
	if !found {
		return false
	}
	s.set(best.key, s.colorAt(best.key.k, best.key.j, best.l, best.a))
	return true
}

// fewestFailures returns the lightness step at which the fewest of d's
// rules fail, the nearest l0 (in percent) among those, and how many fail
// there: each rule's passing ranges, counted over the grid.
func (s *solver) fewestFailures(k, j int, d depSet, l0 float64) (best, left int) {
	type event struct{ at, delta int }
	var events []event
	for _, ri := range d.rules {
		for _, r := range s.ruleRuns(k, j, ri, d.in, keepAlpha) {
			events = append(events, event{r.lo, 1}, event{r.hi + 1, -1})
		}
	}
	slices.SortFunc(events, func(a, b event) int { return cmp.Compare(a.at, b.at) })
	start := int(math.Round(l0 * 100))
	passing, most, bestD := 0, 0, math.Inf(1)
	best = min(max(start, 0), contrast.LightnessSteps) // no rule passes anywhere: stay
	for n, ev := range events {
		passing += ev.delta
		if n+1 < len(events) && events[n+1].at == ev.at {
			continue // the count holds from ev.at once every event there is in
		}
		end := contrast.LightnessSteps // the count holds on [ev.at, end]
		if n+1 < len(events) {
			end = events[n+1].at - 1
		}
		if passing == 0 || ev.at > end {
			continue
		}
		l := min(max(start, ev.at), end)
		if dist := math.Abs(float64(l)/100 - l0); passing > most || passing == most && dist < bestD {
			best, most, bestD = l, passing, dist
		}
	}
	return best, len(d.rules) - most
}

// set makes field f the literal x and resolves its scheme again.
func (s *solver) set(f fieldKey, x colorref.Color) {
	s.refs[f.k][f.j] = kernel.Ref{Comp: kernel.RefColor, Color: x, Over: true}
	if !s.edited[f.k][f.j] {
		s.edited[f.k][f.j] = true
		s.order = append(s.order, f)
	}
	s.rejudge(f)
}

// theme returns t with the solver's edits written into its colors,
// sharing no memory with t (strings aside).
func (s *solver) theme() theming.Theme {
	out := s.t
	core.OwnImages(&out)
	out.Colors = make(map[string]theming.PerScheme, len(s.t.Colors)+len(s.order))
	maps.Copy(out.Colors, s.t.Colors)
	for _, f := range s.order {
		if s.edited[f.k][f.j] {
			out.SetOverride(s.e.id(f.j), theming.Schemes()[f.k], s.refs[f.k][f.j].Color.String())
		}
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
		sc := theming.Schemes()[f.k]
		id := s.e.id(f.j)
		to := s.refs[f.k][f.j].Color
		_, _, l0, a0 := s.was[f.k][f.j].HSLA()
		_, _, l1, a1 := to.HSLA()
		out = append(out, Edit{
			Field: s.e.k.Fields[f.k][f.j], Component: id, Scheme: sc,
			From: s.t.Colors[id].For(sc), Was: s.was[f.k][f.j], To: to,
			Distance: math.Round(math.Abs(l1-l0)*100) / 100,
			Alpha:    math.Round((a1-a0)*100) / 100,
		})
	}
	return out
}

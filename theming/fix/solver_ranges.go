package fix

import (
	"math"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Each rule's passing runs of a field's lightness, found once per state
// of the colors the rule reads: the searches that sweep the whole grid
// (the fewest failures, the ranges of a form's field and of a conflict,
// the strongest setting, a pair's target) are set operations on them,
// and a step the solver takes leaves most of them valid for the next. A
// run is found by contrast's LightnessRanges on the one rule, which
// misses no passing step; a step passes every rule of a set exactly when
// it lies in each rule's runs. The nearest pass, which stops near its
// start, is contrast's NearestLightness over the rules at once.

// stepRun is a run of lightness steps, both ends included.
type stepRun struct{ lo, hi int }

// rangeKey is everything the runs of rule ri for field (k, j) depend on:
// the field's hue, saturation and alpha (its lightness is what moves),
// the alpha it is tried at, which of the pair's three sides (the
// component, the target's component, the page) move with the field, and
// the colors of those that do not.
type rangeKey struct {
	k, j, ri, a int
	h, s, alpha float64
	moving      [3]bool
	fixed       [3]colorref.Color
}

// ruleRuns returns the runs of steps at which rule ri passes, field
// (k, j) at each step (with alpha a, or its own) and the components in
// moving with it, worked out once per rangeKey.
func (s *solver) ruleRuns(k, j, ri int, in members, a int) []stepRun {
	ru := &s.e.k.Rules[ri]
	key := rangeKey{k: k, j: j, ri: ri, a: a}
	key.h, key.s, _, key.alpha = s.colors[k][j].HSLA()
	for n, i := range [3]int{ru.Comp, ru.BgComp, s.e.k.PageBG} {
		switch {
		case i < 0:
		case in.has(i):
			key.moving[n] = true
		default:
			key.fixed[n] = s.colors[k][i]
		}
	}
	if runs, ok := s.runs[key]; ok {
		return runs
	}
	if s.runs == nil {
		s.runs, s.shared = map[rangeKey][]stepRun{}, map[rangeKey]sharedRuns{}
	}
	// The field is the one part of the key the runs do not depend on:
	// the pairs are the rule's with the sides that move taking the
	// field's color at each step, which the field's hue, saturation and
	// alpha make. Fields that fall back to one another without a move of
	// their own find the same runs: the search runs once, and the pairs
	// it judged are counted again for each, as though it ran for each,
	// so that the work bound stops the solver where it stopped before
	// the runs were shared.
	shared := key
	shared.j = -1
	if sh, ok := s.shared[shared]; ok && !s.unshared {
		s.work += sh.work
		s.runs[key] = sh.runs
		return sh.runs
	}
	w0 := s.work
	var runs []stepRun
	s.ruleBuf[0] = ri
	for _, r := range s.search.Ranges(s.checks(k, j, s.ruleBuf[:], in, a)) {
		runs = append(runs, stepRun{int(math.Round(r.Min * 100)), int(math.Round(r.Max * 100))})
	}
	s.runs[key] = runs
	s.shared[shared] = sharedRuns{runs: runs, work: s.work - w0}
	return runs
}

// sharedRuns is a rule's runs as ruleRuns found them for some field, and
// how many pairs the search judged.
type sharedRuns struct {
	runs []stepRun
	work int
}

// passRuns returns the runs of steps at which every rule in rules
// passes: the intersection of their runs (the whole grid for none).
func (s *solver) passRuns(k, j int, rules []int, in members, a int) []stepRun {
	out := []stepRun{{0, contrast.LightnessSteps}}
	for _, ri := range rules {
		if len(out) == 0 || s.over() {
			return nil
		}
		out = intersectRuns(out, s.ruleRuns(k, j, ri, in, a))
	}
	return out
}

// intersectRuns returns the steps in both a and b, as runs; both are
// ascending and disjoint, and so is the result.
func intersectRuns(a, b []stepRun) []stepRun {
	var out []stepRun
	for x, y := 0, 0; x < len(a) && y < len(b); {
		lo, hi := max(a[x].lo, b[y].lo), min(a[x].hi, b[y].hi)
		if lo <= hi {
			out = append(out, stepRun{lo, hi})
		}
		if a[x].hi < b[y].hi {
			x++
		} else {
			y++
		}
	}
	return out
}

// lightnessRanges turns runs of steps into lightness ranges.
func lightnessRanges(runs []stepRun) []contrast.LightnessRange {
	if len(runs) == 0 {
		return nil
	}
	out := make([]contrast.LightnessRange, len(runs))
	for n, r := range runs {
		out[n] = contrast.LightnessRange{Min: float64(r.lo) / 100, Max: float64(r.hi) / 100}
	}
	return out
}

package contrast

import (
	"math"
	"slices"
	"strconv"

	"github.com/themekit/themekit/colorref"
)

// LightnessSteps sets the precision of every lightness search of this
// module: step k is the lightness k/100 percent, k from 0 to
// LightnessSteps, the hundredths colorref's canonical form prints, so that
// a lightness found is exactly the lightness a theme writes. The searches
// ([NearestLightness], [LightnessRanges], and through them [SuggestFor]
// and theming's solver) judge every step they report and skip none that
// could pass: a passing run of lightness as narrow as one step is found.
const LightnessSteps = 10000

// LightnessRange is a closed interval of lightness, in percent: [Min,
// Max], at the hundredths a color prints.
type LightnessRange struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// String writes the range as "41.25–100".
func (r LightnessRange) String() string {
	return strconv.FormatFloat(r.Min, 'f', -1, 64) + "–" + strconv.FormatFloat(r.Max, 'f', -1, 64)
}

// LightnessCheck is one pair that must pass while a color's lightness
// moves over the grid of [LightnessSteps].
type LightnessCheck struct {
	// Pair returns the pair, with the moving color at step k.
	Pair func(k int) (fg, bg, backdrop colorref.Color)
	// Threshold is what the pair must reach.
	Threshold Threshold
	// Monotone reports that as k grows one side of the pair gets lighter
	// and nothing else changes: the moving side's sRGB channels never
	// fall (as a color's do when only its lightness grows, composited
	// over fixed colors or not), the other side and the backdrop are
	// fixed, and a moving background lies under an opaque foreground. A
	// pair that does not change with k is monotone too. Each measurement
	// the threshold compares (the exact ratio, the rendered ratio, the
	// |Lc|) then falls as the two luminances approach and rises as they
	// part, so it fails on one run of steps, which the searches find by
	// bisection. A check that is not monotone is judged at every step it
	// may fail at: exact, but up to LightnessSteps evaluations.
	Monotone bool
}

// NearestLightness returns the step nearest the lightness l0 (in
// percent) at which every check passes, and true; false when no step
// passes. Of two steps equally near, the one with the higher ratio under
// the first check's threshold ([Method.Ratio]) wins, then the darker.
//
// It walks outward from l0, nearest first, and at a step where a check
// fails skips the run of steps over which that check fails: by bisection
// for a monotone check, one step at a time otherwise. No step it skips
// passes, so the answer is the nearest passing step of the whole grid.
func NearestLightness(l0 float64, checks []LightnessCheck) (int, bool) {
	if math.IsNaN(l0) {
		l0 = 0
	}
	s := newSearch(checks)
	down := int(math.Floor(l0 * 100)) // the nearest steps at or below l0, and above it
	for down >= 0 && float64(down)/100 > l0 {
		down--
	}
	for float64(down+1)/100 <= l0 {
		down++
	}
	down = min(max(down, -1), LightnessSteps)
	up := down + 1
	var foundDown, foundUp bool
	for {
		dd, du := math.Inf(1), math.Inf(1)
		if down >= 0 {
			dd = l0 - float64(down)/100
		}
		if up <= LightnessSteps {
			du = float64(up)/100 - l0
		}
		// The cursors only move away from l0: a found step wins once the
		// other cursor is farther (a tie is decided below).
		if foundDown && (foundUp || dd < du) || foundUp && du < dd {
			break
		}
		switch {
		case !foundDown && down >= 0 && (dd <= du || foundUp):
			foundDown, down = s.advance(down, -1)
		case !foundUp && up <= LightnessSteps:
			foundUp, up = s.advance(up, 1)
		default:
			return s.pick(foundDown, foundUp, down, up, l0)
		}
	}
	return s.pick(foundDown, foundUp, down, up, l0)
}

// LightnessRanges returns the runs of steps at which every check passes,
// ascending, as lightness ranges; none when no step passes. Each
// monotone check's failing runs are found by bisection about the step
// where its two luminances cross; the steps they leave are then judged
// one by one under the checks that are not monotone, if any.
func LightnessRanges(checks []LightnessCheck) []LightnessRange {
	var out []LightnessRange
	for _, r := range newSearch(checks).passingRuns() {
		out = append(out, LightnessRange{Min: float64(r[0]) / 100, Max: float64(r[1]) / 100})
	}
	return out
}

// search is one lightness search over checks; order is the order the
// checks are tried in, the one that failed last first (neighbouring steps
// mostly fail on the same check).
type search struct {
	checks []LightnessCheck
	order  []int
}

func newSearch(checks []LightnessCheck) *search {
	s := &search{checks: checks, order: make([]int, len(checks))}
	for i := range s.order {
		s.order[i] = i
	}
	return s
}

// fail returns a check and criterion that fail at step k, and false when
// every check passes there.
func (s *search) fail(k int) (int, criterion, bool) {
	for n, i := range s.order {
		ch := &s.checks[i]
		fg, bg, bd := ch.Pair(k)
		if c, bad := ch.Threshold.failing(fg, bg, bd); bad {
			copy(s.order[1:n+1], s.order[:n])
			s.order[0] = i
			return i, c, true
		}
	}
	return 0, 0, false
}

// meets reports whether check i meets criterion c at step k.
func (s *search) meets(i int, c criterion, k int) bool {
	ch := &s.checks[i]
	fg, bg, bd := ch.Pair(k)
	return ch.Threshold.meets(c, fg, bg, bd)
}

// advance judges step k, walking in direction dir (-1 or 1): it returns
// true and k when every check passes there, else false and the next step
// to judge, past the run over which the failing check fails (off the grid
// when it fails up to the end).
func (s *search) advance(k, dir int) (bool, int) {
	i, c, failed := s.fail(k)
	if !failed {
		return true, k
	}
	if !s.checks[i].Monotone {
		return false, k + dir
	}
	end := 0
	if dir > 0 {
		end = LightnessSteps
	}
	if k == end || !s.meets(i, c, end) {
		return false, end + dir // a monotone check fails on one run: here it runs to the end
	}
	return false, bisect(k, end, func(m int) bool { return s.meets(i, c, m) })
}

// pick returns the nearer of the found steps down and up, a tie decided
// by the first check's ratio, then the darker.
func (s *search) pick(foundDown, foundUp bool, down, up int, l0 float64) (int, bool) {
	switch {
	case foundDown && foundUp:
		dd, du := l0-float64(down)/100, float64(up)/100-l0
		if du < dd || du == dd && s.ratio(up) > s.ratio(down) {
			return up, true
		}
		return down, true
	case foundDown:
		return down, true
	case foundUp:
		return up, true
	}
	return 0, false
}

func (s *search) ratio(k int) float64 {
	fg, bg, bd := s.checks[0].Pair(k)
	return s.checks[0].Threshold.ratio(fg, bg, bd)
}

// passingRuns returns the runs [from, to] of steps at which every check
// passes, ascending.
func (s *search) passingRuns() [][2]int {
	var failing [][2]int
	for i, ch := range s.checks {
		if !ch.Monotone {
			continue
		}
		for _, c := range ch.Threshold.criteria() {
			if r, ok := s.failingRun(i, c); ok {
				failing = append(failing, r)
			}
		}
	}
	runs := complement(failing)
	for i, ch := range s.checks {
		if !ch.Monotone {
			runs = s.splitRuns(runs, i)
		}
	}
	return runs
}

// failingRun returns the one run of steps over which monotone check i
// fails criterion c, and false when it fails nowhere. The criterion is
// lowest where the two luminances cross (it falls on one side of the
// crossing and rises on the other), so it fails somewhere only if it
// fails at a step next to the crossing, or at an end of the grid when
// they do not cross; the run's ends are found by bisection from there.
func (s *search) failingRun(i int, c criterion) ([2]int, bool) {
	lighter := func(k int) bool {
		fg, bg, bd := s.checks[i].Pair(k)
		return c.fgLighter(fg, bg, bd)
	}
	probes := []int{0, LightnessSteps}
	if first := lighter(0); first != lighter(LightnessSteps) {
		cross := bisect(0, LightnessSteps, func(k int) bool { return lighter(k) != first })
		probes = []int{cross - 1, cross, cross - 2, cross + 1} // the last two against rounding at the crossing
	}
	at := -1
	for _, k := range probes {
		if k >= 0 && k <= LightnessSteps && !s.meets(i, c, k) {
			at = k
			break
		}
	}
	if at < 0 {
		return [2]int{}, false
	}
	meets := func(k int) bool { return s.meets(i, c, k) }
	lo, hi := 0, LightnessSteps
	if meets(0) {
		lo = failingEdge(at, 0, meets)
	}
	if meets(LightnessSteps) {
		hi = failingEdge(at, LightnessSteps, meets)
	}
	return [2]int{lo, hi}, true
}

// splitRuns returns runs without the steps at which check i fails, each
// step judged.
func (s *search) splitRuns(runs [][2]int, i int) [][2]int {
	ch := &s.checks[i]
	var out [][2]int
	for _, r := range runs {
		start := -1
		for k := r[0]; k <= r[1]; k++ {
			fg, bg, bd := ch.Pair(k)
			if ch.Threshold.Passes(fg, bg, bd) {
				if start < 0 {
					start = k
				}
				continue
			}
			if start >= 0 {
				out = append(out, [2]int{start, k - 1})
				start = -1
			}
		}
		if start >= 0 {
			out = append(out, [2]int{start, r[1]})
		}
	}
	return out
}

// complement returns the runs of the grid that no run of failing covers,
// ascending.
func complement(failing [][2]int) [][2]int {
	slices.SortFunc(failing, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	next := 0 // the first step not yet covered or emitted
	for _, f := range failing {
		if f[0] > next {
			out = append(out, [2]int{next, f[0] - 1})
		}
		next = max(next, f[1]+1)
	}
	if next <= LightnessSteps {
		out = append(out, [2]int{next, LightnessSteps})
	}
	return out
}

// bisect returns the step between bad and good (either side of the
// other) nearest bad at which ok holds, given ok(good) and !ok(bad) and
// that ok changes once between them.
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

// failingEdge returns the step between bad and good nearest good at
// which ok fails, given !ok(bad) and ok(good) and that ok changes once
// between them.
func failingEdge(bad, good int, ok func(int) bool) int {
	g := bisect(bad, good, ok)
	if g > bad {
		return g - 1
	}
	return g + 1
}

// criteria returns the measurements th compares.
func (th Threshold) criteria() []criterion {
	var out []criterion
	if th.method != Exact {
		out = append(out, critRendered)
	}
	if th.method != Rendered {
		out = append(out, critExact)
	}
	if th.apca {
		out = append(out, critAPCA)
	}
	return out
}

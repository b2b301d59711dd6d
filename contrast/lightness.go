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
//
// As k grows no color of the pair may get darker: each either stays or
// has every sRGB channel non-decreasing, as a color's channels do when
// only its lightness grows (hue, saturation and alpha kept), and as a
// variable derived from it by a lightness offset or a fixed lightness
// does. The searches rely on it: the colors painted at two steps then
// bound the luminances painted at every step between, so that a run of
// steps whose bounds fail (or pass) is judged at once, and only steps
// near a threshold are judged one by one.
type LightnessCheck struct {
	// Pair gives the pair, with the moving color at each step.
	Pair Pair
	// Threshold is what the pair must reach.
	Threshold Threshold
}

// Pair gives a pair of colors at each step of a lightness search: the
// foreground, the background and the backdrop at step k.
type Pair interface {
	At(k int) (fg, bg, backdrop colorref.Color)
}

// PairFunc adapts a function to [Pair], as [net/http.HandlerFunc] adapts
// one to a handler.
type PairFunc func(k int) (fg, bg, backdrop colorref.Color)

// At calls f(k).
func (f PairFunc) At(k int) (fg, bg, backdrop colorref.Color) { return f(k) }

// NearestLightness returns the step nearest the lightness l0 (in
// percent) at which every check passes, and true; false when no step
// passes. Of two steps equally near, the one with the higher ratio under
// the first check's threshold ([Method.Ratio]) wins, then the darker.
//
// It walks outward from l0, nearest first, and at a step where a check
// fails skips the steps over which that check certainly fails, in runs
// that double while their bounds fail. No step it skips passes, so the
// answer is the nearest passing step of the whole grid.
func NearestLightness(l0 float64, checks []LightnessCheck) (int, bool) {
	var ls LightnessSearcher
	return ls.Nearest(l0, checks)
}

// A LightnessSearcher runs lightness searches, [LightnessSearcher.Nearest]
// and [LightnessSearcher.Ranges], keeping the memory of one for the next:
// a solver that runs thousands of searches keeps one and allocates it
// once. Its answers are those of [NearestLightness] and
// [LightnessRanges]. The zero LightnessSearcher is ready to use; it is
// not safe for concurrent use.
type LightnessSearcher struct{ s search }

// Nearest is [NearestLightness], reusing the searcher's memory.
func (ls *LightnessSearcher) Nearest(l0 float64, checks []LightnessCheck) (int, bool) {
	if math.IsNaN(l0) {
		l0 = 0
	}
	l0 = min(max(l0, -1), 101) // beyond the grid only the order of the distances counts
	s := ls.s.reset(checks)
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
		// other cursor is farther (a tie is decided by pick).
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
// ascending, as lightness ranges; none when no step passes. It sweeps the
// grid once, skipping runs of steps whose bounds fail a check, or pass
// every check, as NearestLightness skips.
func LightnessRanges(checks []LightnessCheck) []LightnessRange {
	var ls LightnessSearcher
	return ls.Ranges(checks)
}

// Ranges is [LightnessRanges], reusing the searcher's memory.
func (ls *LightnessSearcher) Ranges(checks []LightnessCheck) []LightnessRange {
	s := ls.s.reset(checks)
	var out []LightnessRange
	for k := 0; k <= LightnessSteps; {
		i, c, failed := s.fail(k)
		if failed {
			k = s.skipFailing(i, c, k, 1)
			continue
		}
		end := gallop(k, 1, s.certainlyPasses) - 1 // k passes, and so does every step to end
		if n := len(out); n > 0 && out[n-1].Max == float64(k-1)/100 {
			out[n-1].Max = float64(end) / 100 // the run goes on
		} else {
			out = append(out, LightnessRange{Min: float64(k) / 100, Max: float64(end) / 100})
		}
		k = end + 1
	}
	return out
}

// search is one lightness search over checks; order is the order the
// checks are tried in, the one that failed last first (neighbouring steps
// mostly fail on the same check), and ends holds, per check and
// criterion, what the search learnt of the grid's two ends.
type search struct {
	checks []LightnessCheck
	order  []int
	ends   []gridEnds
	memo   []pairMemo // per check, its pair at the steps last asked for
	sides  *sideCache // kept from search to search: it depends on nothing else
	runs   int        // the searches run, this one included
}

// sideCache holds paint8Side's answers for the 8-bit colors last painted,
// by a hash of the channels: the side of a pair that stays as the field
// moves is painted once, not at every step.
type sideCache [64]struct {
	key uint32 // 1<<24 | the channels; 0 for none
	ch  [3]float64
	lum float64
}

// side8 is paint8Side, from the cache when it holds the answer. A
// searcher's first search goes without: a one-off search
// ([NearestLightness], [SuggestFor]) paints too few steps to pay for it.
func (s *search) side8(r, g, b uint8) ([3]float64, float64) {
	if s.sides == nil {
		if s.runs < 2 {
			return paint8Side(r, g, b)
		}
		s.sides = new(sideCache)
	}
	key := 1<<24 | uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	e := &s.sides[(key*2654435761)>>26] // Fibonacci hashing: the top six bits
	if e.key != key {
		e.key = key
		e.ch, e.lum = paint8Side(r, g, b)
	}
	return e.ch, e.lum
}

// pairMemo is a check's pair at the two steps last asked for, and the
// pair as each criterion paints it once asked: the searches ask for a
// step again under another criterion, or as the near end of the next
// run, so a Pair's work (a caller's color conversions) and a criterion's
// are done once per step more often than not.
type pairMemo struct {
	k       [2]int
	pair    [2][3]colorref.Color
	paint   [2][3]painted // per slot and criterion
	r8      [2][6]uint8   // per slot, the pair flattened (search.rendered)
	painted [2]uint8      // per slot, bit c: paint holds criterion c's; haveRendered: r8 holds
	last    int           // the slot written last
}

// haveRendered is the bit of pairMemo.painted that says r8 holds.
const haveRendered = 1 << 3

// gridEnds is a check's pair at the two ends of the grid, as one
// criterion paints it, and whether the criterion is met there; oneSided
// reports that one side of the pair is the same at both ends, and so (no
// channel getting smaller) at every step.
type gridEnds struct {
	known    bool
	at       [2]painted
	meets    [2]bool
	oneSided bool
}

// reset makes s a new search over checks, keeping its slices' memory.
func (s *search) reset(checks []LightnessCheck) *search {
	n := len(checks)
	s.checks, s.ends, s.runs = checks, s.ends[:0], s.runs+1
	s.order = slices.Grow(s.order[:0], n)[:n]
	s.memo = slices.Grow(s.memo[:0], n)[:n]
	for i := range n {
		s.order[i] = i
		s.memo[i].k = [2]int{-1, -1}
	}
	return s
}

// slot returns the slot of check i's memo that holds its pair at step k,
// asking the Pair when neither does.
func (s *search) slot(i, k int) int {
	m := &s.memo[i]
	for n := range m.k {
		if m.k[n] == k {
			return n
		}
	}
	fg, bg, backdrop := s.checks[i].Pair.At(k)
	m.last ^= 1
	m.k[m.last], m.pair[m.last], m.painted[m.last] = k, [3]colorref.Color{fg, bg, backdrop}, 0
	return m.last
}

// at returns check i's pair at step k, from the memo when it holds it.
func (s *search) at(i, k int) (fg, bg, backdrop colorref.Color) {
	p := &s.memo[i].pair[s.slot(i, k)]
	return p[0], p[1], p[2]
}

// gridEnds returns check i's ends under criterion c, worked out once.
func (s *search) gridEnds(i int, c criterion) *gridEnds {
	if len(s.ends) == 0 {
		n := 3 * len(s.checks)
		s.ends = slices.Grow(s.ends, n)[:n]
		clear(s.ends)
	}
	e := &s.ends[3*i+int(c)]
	if !e.known {
		e.known = true
		for n, k := range [2]int{0, LightnessSteps} {
			e.at[n], e.meets[n] = s.paint(i, c, k), s.meets(i, c, k)
		}
		e.oneSided = e.at[0].f == e.at[1].f || e.at[0].b == e.at[1].b
	}
	return e
}

// fail returns a check and criterion that fail at step k, and false when
// every check passes there.
func (s *search) fail(k int) (int, criterion, bool) {
	for n, i := range s.order {
		if c, bad := s.failing(i, k); bad {
			copy(s.order[1:n+1], s.order[:n])
			s.order[0] = i
			return i, c, true
		}
	}
	return 0, 0, false
}

// advance judges step k, walking in direction dir (-1 or 1): it returns
// true and k when every check passes there, else false and the next step
// to judge, past the steps over which the failing check certainly fails
// (off the grid when it fails up to the end).
func (s *search) advance(k, dir int) (bool, int) {
	i, c, failed := s.fail(k)
	if !failed {
		return true, k
	}
	return false, s.skipFailing(i, c, k, dir)
}

// skipFailing returns the first step past k, in direction dir, that
// check i may pass criterion c at, given that it fails at k; off the grid
// when there is none. When one side of the pair, as the criterion paints
// it, stays the same up to the end of the grid, the measurement falls as
// the other side's luminance nears it and rises after: the criterion
// fails on one run of steps, whose end is found by bisection. Otherwise
// it skips runs of steps whose bounds fail: first the whole rest of the
// grid, then runs doubling from one step while their bounds fail and
// halving when not.
func (s *search) skipFailing(i int, c criterion, k, dir int) int {
	end := 0
	if dir > 0 {
		end = LightnessSteps
	}
	if k == end {
		return end + dir
	}
	e, n := s.gridEnds(i, c), min(dir+1, 1) // n: the index of end in e
	if e.oneSided {
		if !e.meets[n] {
			return end + dir
		}
		return bisect(k, end, func(m int) bool { return s.meets(i, c, m) })
	}
	pe := e.at[n]
	need := s.checks[i].Threshold.need(c) * (1 - margin)
	nearK, near := -1, painted{} // the last near end painted: a run's near end is tried until the run is skipped
	return gallop(k, dir, func(n, f int) bool {
		if n != nearK {
			nearK, near = n, s.paint(i, c, n)
		}
		far := pe
		if f != end {
			far = s.paint(i, c, f)
		}
		lo, hi := near, far
		if dir < 0 {
			lo, hi = far, near
		}
		_, most := c.bounds(lo, hi)
		return most < need
	})
}

// paint returns check i's pair at step k as criterion c measures it,
// from the memo when it holds it.
func (s *search) paint(i int, c criterion, k int) painted {
	m, n := &s.memo[i], s.slot(i, k)
	if m.painted[n]&(1<<c) == 0 {
		if c == critRendered {
			r, p := s.rendered(i, k), &m.paint[n][c]
			p.f, p.lf = s.side8(r[0], r[1], r[2])
			p.b, p.lb = s.side8(r[3], r[4], r[5])
		} else {
			p := &m.pair[n]
			m.paint[n][c] = c.paint(p[0], p[1], p[2])
		}
		m.painted[n] |= 1 << c
	}
	return m.paint[n][c]
}

// failing returns the first criterion of check i's threshold that its
// pair fails at step k, the cheapest first, and whether there is one, as
// [Threshold.Passes] judges them. A zero Threshold fails its first
// criterion.
func (s *search) failing(i, k int) (criterion, bool) {
	th := &s.checks[i].Threshold
	if !th.ok {
		s.slot(i, k) // the pair is asked for all the same
		return critRendered, true
	}
	crits, n := th.criteria()
	for _, c := range crits[:n] {
		if !s.meets(i, c, k) {
			return c, true
		}
	}
	return 0, false
}

// meets reports whether check i meets criterion c at step k, judged as
// Threshold.meets judges it: the rendered ratio from the memo's
// flattened channels, the exact one from the memo's exact painting.
func (s *search) meets(i int, c criterion, k int) bool {
	th := &s.checks[i].Threshold
	switch {
	case !th.ok:
	case c == critRendered:
		r := s.rendered(i, k)
		return Rendered.Judge(0, ratio8(r[0], r[1], r[2], r[3], r[4], r[5]), th.required)
	case c == critExact: // the exact ratio of the painting the bounds use
		p := s.paint(i, c, k)
		return Exact.Judge(ratioOfPair(p.f, p.b, p.lf, p.lb, th.required), 0, th.required)
	}
	fg, bg, bd := s.at(i, k)
	return th.meets(c, fg, bg, bd)
}

// rendered returns check i's pair at step k as a checker flattens it
// (the channels of [RenderedColors], foreground then background), from
// the memo when it holds them.
func (s *search) rendered(i, k int) *[6]uint8 {
	m, n := &s.memo[i], s.slot(i, k)
	r := &m.r8[n]
	if m.painted[n]&haveRendered == 0 {
		p := &m.pair[n]
		r[0], r[1], r[2], r[3], r[4], r[5] = renderedPair(p[0], p[1], p[2])
		m.painted[n] |= haveRendered
	}
	return r
}

// gallop returns the first step past k, in direction dir, that may not
// be certain: it asks certain(near, far) of runs of steps from near to
// far beyond k, first the whole rest of the grid, then runs doubling in
// length from one step while certain holds for them and halving when not.
// The step it returns is off the grid when certain holds up to the end.
func gallop(k, dir int, certain func(near, far int) bool) int {
	end := 0
	if dir > 0 {
		end = LightnessSteps
	}
	if k == end || certain(k+dir, end) {
		return end + dir
	}
	cur, size := k, 1 // certain holds up to cur
	for cur != end {
		next := cur + dir*size
		if (next-end)*dir > 0 {
			next = end
		}
		if certain(cur+dir, next) {
			cur, size = next, size*2
			continue
		}
		if size == 1 {
			return cur + dir
		}
		size /= 2
	}
	return end + dir
}

// margin keeps the bounds' verdicts clear of rounding: a bound within it
// of a threshold decides nothing, and the steps under it are judged one
// by one.
const margin = 1e-9

// certainlyPasses reports that every check passes at every step from lo
// to hi (hi > lo).
func (s *search) certainlyPasses(lo, hi int) bool {
	for i, ch := range s.checks {
		if !ch.Threshold.ok {
			return false
		}
		crits, n := ch.Threshold.criteria()
		for _, c := range crits[:n] {
			if least, _ := c.bounds(s.paint(i, c, lo), s.paint(i, c, hi)); least <= ch.Threshold.need(c)*(1+margin) {
				return false
			}
		}
	}
	return true
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
	fg, bg, bd := s.at(0, k)
	return s.checks[0].Threshold.ratio(fg, bg, bd)
}

// criteria returns the measurements th compares: the first n of crits.
func (th Threshold) criteria() (crits [3]criterion, n int) {
	if th.method != Exact {
		crits[n], n = critRendered, n+1
	}
	if th.method != Rendered {
		crits[n], n = critExact, n+1
	}
	if th.apca {
		crits[n], n = critAPCA, n+1
	}
	return crits, n
}

package fix

import (
	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
)

// The solver's lightness searches: a field's rules as the checks
// contrast's search takes, the field's color at each step, and the
// searches' answers cached until a color they look at changes.

// keepAlpha is the alpha of a move that keeps the field's own.
const keepAlpha = -1

// colorAt returns field (k, j)'s color with lightness l (in hundredths of
// a percent) and alpha a (in hundredths; keepAlpha for its own), in its
// printed form: hue and saturation are those the component resolves to
// now, and so is the alpha it keeps.
func (s *solver) colorAt(k, j, l, a int) colorref.Color {
	h, sat, _, alpha := s.colors[k][j].HSLA()
	if a != keepAlpha {
		alpha = float64(a) / 100
	}
	return colorref.HSLA(h, sat, float64(l)/100, alpha).Rounded()
}

// checks returns the rules as lightness checks of field (k, j), the
// components in taking its color: the pairs the solver judges, as
// contrast's lightness search takes them. As the field lightens no color
// of a pair gets darker (the field's own color lightens, hue, saturation
// and alpha kept, and a derived variable follows it), as the search
// requires. The pairs share the field's color at the step last asked
// for.
//
// The field keeps its alpha, or takes alpha a (in hundredths) when a is
// not keepAlpha. The checks, their pairs and the field are the solver's
// scratch, reused by the next call: a search runs on them before the
// next is asked for.
func (s *solver) checks(k, j int, rules []int, in members, a int) []contrast.LightnessCheck {
	s.field = fieldAt{s: s, k: k, j: j, base: s.colorAt(k, j, 0, a), step: -1}
	n := len(rules)
	if cap(s.pairBuf) < n {
		s.pairBuf = make([]rulePair, n, max(n, len(s.e.k.Rules)))
		s.checkBuf = make([]contrast.LightnessCheck, n, cap(s.pairBuf))
	}
	pairs, out := s.pairBuf[:n], s.checkBuf[:n]
	for n, ri := range rules {
		pairs[n] = rulePair{field: &s.field, ru: &s.e.k.Rules[ri], in: in}
		out[n] = contrast.LightnessCheck{Pair: &pairs[n], Threshold: s.th[ri]}
	}
	return out
}

// fieldAt is field (k, j) of a solver at a lightness step, its color
// worked out once per step for all the rules that ask: base (the field's
// color at lightness 0, in its printed form) with the step's lightness,
// which is colorAt's color, a step's lightness printing as itself.
type fieldAt struct {
	s          *solver
	k, j, step int
	base, x    colorref.Color
}

func (f *fieldAt) color(step int) colorref.Color {
	if step != f.step {
		f.step, f.x = step, f.base.WithLightness(float64(step)/100)
	}
	return f.x
}

// rulePair is a rule's pair with the components in taking the field's
// color at each step: a [contrast.Pair].
type rulePair struct {
	field *fieldAt
	ru    *kernel.Rule
	in    members
}

func (p *rulePair) At(step int) (fg, bg, backdrop colorref.Color) {
	f := p.field
	f.s.work++
	return f.s.e.pair(p.ru, f.k, f.s.colors[f.k], p.in, f.color(step))
}

// nearestPass returns the lightness step nearest l0 (in percent) at which
// every rule in rules passes, field (k, j) set to it and the components
// in moving with it; ok is false when no step passes.
func (s *solver) nearestPass(k, j int, rules []int, in members, l0 float64) (int, bool) {
	return s.search.Nearest(l0, s.checks(k, j, rules, in, keepAlpha))
}

// ranges returns the lightness ranges of field (k, j) under which every
// rule in rules passes, the components in moving with the field.
func (s *solver) ranges(k, j int, rules []int, in members) []contrast.LightnessRange {
	return lightnessRanges(s.passRuns(k, j, rules, in, keepAlpha))
}

// wholeNearest is nearestPass over every rule that depends on field f,
// from the lightness it has now, cached until a color its rules look at
// changes.
func (s *solver) wholeNearest(f fieldKey, d depSet) (int, bool) {
	key := s.cacheKey(f, d)
	if c, ok := s.cache[f]; ok && c.key == key {
		return c.l, c.ok
	}
	_, _, l0 := s.colors[f.k][f.j].HSL()
	l, ok := s.nearestPass(f.k, f.j, d.rules, d.in, l0)
	if s.cache == nil {
		s.cache = map[fieldKey]cachedNearest{}
	}
	s.cache[f] = cachedNearest{key: key, l: l, ok: ok}
	return l, ok
}

// partialNearest is fewestFailures of field f from the lightness it has
// now, cached as wholeNearest is.
func (s *solver) partialNearest(f fieldKey, d depSet) (l, left int) {
	key := s.cacheKey(f, d)
	if c, ok := s.partial[f]; ok && c.key == key {
		return c.l, c.left
	}
	_, _, l0 := s.colors[f.k][f.j].HSL()
	l, left = s.fewestFailures(f.k, f.j, d, l0)
	if s.partial == nil {
		s.partial = map[fieldKey]cachedNearest{}
	}
	s.partial[f] = cachedNearest{key: key, l: l, left: left}
	return l, left
}

// cacheKey is what a search of field f over d's rules depends on: the
// last step at which a color they look at changed, and how many
// components and rules move with f.
func (s *solver) cacheKey(f fieldKey, d depSet) searchKey {
	stamp := s.stamp[f.k][s.e.k.PageBG]
	for _, i := range d.comps {
		stamp = max(stamp, s.stamp[f.k][i])
	}
	for _, ri := range d.rules {
		ru := &s.e.k.Rules[ri]
		stamp = max(stamp, s.stamp[f.k][ru.Comp])
		if ru.BgComp >= 0 {
			stamp = max(stamp, s.stamp[f.k][ru.BgComp])
		}
	}
	return searchKey{stamp: stamp, in: len(d.comps), rules: len(d.rules)}
}

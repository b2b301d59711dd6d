package kernel

import (
	"slices"

	"github.com/themekit/themekit/colorref"
)

// Resolve follows every component's value to a color. refs[i] is
// component i's value in one scheme: a color, another component, or
// nothing usable (which resolves to the zero Color).
//
// Each component is visited once: a walk marks the components it passes
// as in progress, and when it reaches a color or an already resolved
// component it assigns that color to the whole path. Reaching a component
// that is in progress closes a cycle, which is returned (as component
// indices in chain order) and resolves to the zero Color. Time and memory
// are linear in len(refs); the walk is a loop, so a chain of any length
// cannot overflow the stack.
//
// It records, as it assigns each path its color, where the color came
// from (srcs[i], see [Source]): the component whose color ref ended the
// chain, and the override nearest that end, so that a finding can name
// the theme field that decided a color without a second walk.
func Resolve(refs []Ref) (colors []colorref.Color, srcs []Source, cycles [][]int) {
	n := len(refs)
	colors, srcs = make([]colorref.Color, n), make([]Source, n)
	var w Resolver
	return colors, srcs, w.Resolve(refs, colors, srcs)
}

// Resolver is Resolve's working memory, kept by a caller that resolves
// again and again (the engine's solver, once per move). The zero
// Resolver is ready to use.
type Resolver struct {
	state []uint8
	pos   []int32 // position of an in-progress component on the path
	path  []int
}

// The states of a component in a resolver's walk.
const (
	walkUnvisited = iota
	walkInProgress
	walkDone
)

// Resolve is [Resolve] writing into colors and srcs (len(refs) each),
// with w's memory.
func (w *Resolver) Resolve(refs []Ref, colors []colorref.Color, srcs []Source) (cycles [][]int) {
	w.reset(len(refs), walkUnvisited)
	for i := range refs {
		cycles = w.walk(i, refs, colors, srcs, cycles)
	}
	return cycles
}

// ResolveSome resolves again the components comps, whose references may
// have changed, in colors and srcs that hold a resolution of refs: every
// other component keeps its color and source, which comps must not
// change (no other component's chain passes through one of them). The
// result is Resolve's: a walk that reaches a resolved component takes
// its color and source as a walk of its whole chain would find them. The
// references must close no cycle.
func (w *Resolver) ResolveSome(refs []Ref, colors []colorref.Color, srcs []Source, comps []int) {
	w.reset(len(refs), walkDone)
	for _, i := range comps {
		w.state[i] = walkUnvisited
	}
	for _, i := range comps {
		w.walk(i, refs, colors, srcs, nil)
	}
}

// reset sizes w for n components, each in state st.
func (w *Resolver) reset(n int, st uint8) {
	w.state = slices.Grow(w.state[:0], n)[:n]
	w.pos = slices.Grow(w.pos[:0], n)[:n]
	for i := range w.state {
		w.state[i] = st
	}
}

// walk resolves component i, when not yet visited, and every component
// on its chain up to one resolved before, appending to cycles the cycle
// it closes.
func (w *Resolver) walk(i int, refs []Ref, colors []colorref.Color, srcs []Source, cycles [][]int) [][]int {
	state, pos := w.state, w.pos
	if state[i] != walkUnvisited {
		return cycles
	}
	path := w.path[:0]
	var c colorref.Color
	from := Source{Origin: -1, Field: -1}
	for cur := i; ; {
		if state[cur] == walkDone {
			c, from = colors[cur], srcs[cur]
			break
		}
		if state[cur] == walkInProgress {
			cycles = append(cycles, slices.Clone(path[pos[cur]:]))
			break
		}
		state[cur] = walkInProgress
		pos[cur] = int32(len(path))
		path = append(path, cur)
		r := refs[cur]
		if r.Comp < 0 {
			c = r.Color // the zero Color for RefNone
			if r.Comp == RefColor {
				from.Origin = int32(cur)
			}
			break
		}
		cur = r.Comp
	}
	for n := len(path) - 1; n >= 0; n-- {
		p := path[n]
		if from.Field < 0 && refs[p].Over && from.Origin >= 0 {
			from.Field = int32(p)
		}
		colors[p], srcs[p] = c, from
		state[p] = walkDone
	}
	w.path = path
	return cycles
}

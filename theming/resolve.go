package theming

import (
	"fmt"
	"slices"
	"strings"

	"github.com/themekit/themekit/colorref"
)

// resolve follows every component's value to a color. refs[i] is
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
// from (srcs[i], see source): the component whose color ref ended the
// chain, and the override nearest that end, so that a finding can name
// the theme field that decided a color without a second walk.
func resolve(refs []ref) (colors []colorref.Color, srcs []source, cycles [][]int) {
	n := len(refs)
	colors, srcs = make([]colorref.Color, n), make([]source, n)
	var w resolver
	return colors, srcs, w.resolve(refs, colors, srcs)
}

// resolver is resolve's working memory, kept by a caller that resolves
// again and again (the solver, once per move).
type resolver struct {
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

// resolve is resolve writing into colors and srcs (len(refs) each), with
// w's memory.
func (w *resolver) resolve(refs []ref, colors []colorref.Color, srcs []source) (cycles [][]int) {
	w.reset(len(refs), walkUnvisited)
	for i := range refs {
		cycles = w.walk(i, refs, colors, srcs, cycles)
	}
	return cycles
}

// resolveSome resolves again the components comps, whose references may
// have changed, in colors and srcs that hold a resolution of refs: every
// other component keeps its color and source, which comps must not
// change (no other component's chain passes through one of them). The
// result is resolve's: a walk that reaches a resolved component takes
// its color and source as a walk of its whole chain would find them. The
// solver's references close no cycle.
func (w *resolver) resolveSome(refs []ref, colors []colorref.Color, srcs []source, comps []int) {
	w.reset(len(refs), walkDone)
	for _, i := range comps {
		w.state[i] = walkUnvisited
	}
	for _, i := range comps {
		w.walk(i, refs, colors, srcs, nil)
	}
}

// reset sizes w for n components, each in state st.
func (w *resolver) reset(n int, st uint8) {
	w.state = slices.Grow(w.state[:0], n)[:n]
	w.pos = slices.Grow(w.pos[:0], n)[:n]
	for i := range w.state {
		w.state[i] = st
	}
}

// walk resolves component i, when not yet visited, and every component
// on its chain up to one resolved before, appending to cycles the cycle
// it closes.
func (w *resolver) walk(i int, refs []ref, colors []colorref.Color, srcs []source, cycles [][]int) [][]int {
	state, pos := w.state, w.pos
	if state[i] != walkUnvisited {
		return cycles
	}
	path := w.path[:0]
	var c colorref.Color
	from := source{origin: -1, field: -1}
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
		if r.comp < 0 {
			c = r.color // the zero Color for refNone
			if r.comp == refColor {
				from.origin = int32(cur)
			}
			break
		}
		cur = r.comp
	}
	for n := len(path) - 1; n >= 0; n-- {
		p := path[n]
		if from.field < 0 && refs[p].over && from.origin >= 0 {
			from.field = int32(p)
		}
		colors[p], srcs[p] = c, from
		state[p] = walkDone
	}
	w.path = path
	return cycles
}

// source is where a component's resolved color came from, in one scheme:
// origin is the component whose override or fallback was the color
// literal that ended its chain, and field the component whose theme
// override decided the color (the origin itself, or the overridden
// component nearest the origin on the chain that passes it), -1 when no
// override was involved. Both are -1 for a component that resolves to
// nothing (a cycle or an unusable value).
type source struct {
	origin, field int32
}

// Derive returns the value of variable v for a component whose resolved
// color is c: Lightness, if set, replaces the lightness; LightnessOffset,
// if set, is then added, the result clamped to [0, 100]; Opacity, if set,
// multiplies the alpha.
//
// As c gets lighter (hue, saturation and alpha kept) the value never gets
// darker: the solver's lightness search ([contrast.LightnessCheck])
// relies on it, and a new way to derive a variable must keep it.
func Derive(c colorref.Color, v Variable) colorref.Color {
	if v.Lightness != nil {
		c = c.WithLightness(*v.Lightness)
	}
	if v.LightnessOffset != nil {
		_, _, l := c.HSL()
		c = c.WithLightness(l + *v.LightnessOffset)
	}
	if v.Opacity != nil {
		c = c.WithAlpha(c.Alpha() * *v.Opacity)
	}
	return c
}

// cyclePath renders a cycle as "a -> b -> c -> a", starting from its
// lowest index so the message is stable; long cycles are shortened.
func cyclePath(cat *Catalog, cyc []int) string {
	start := slices.Index(cyc, slices.Min(cyc))
	const show = 8
	var b strings.Builder
	for k := 0; k <= len(cyc); k++ {
		if k == show && len(cyc) > show+1 {
			fmt.Fprintf(&b, " -> ... (%d components in the cycle)", len(cyc))
			k = len(cyc) // jump to the closing member
		}
		if k > 0 {
			b.WriteString(" -> ")
		}
		b.WriteString(cat.Components[cyc[(start+k)%len(cyc)]].ID)
	}
	return b.String()
}

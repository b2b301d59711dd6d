package strictjson

import "reflect"

// locateDepth bounds the nesting Locate skips through, so that a
// document it was not meant for cannot take it arbitrarily deep.
const locateDepth = 1024

// node is a step of the paths Locate looks for.
type node struct {
	keys    map[string]*node
	indices map[int]*node
	found   bool
	at      int // the value's offset, when found
}

func (n *node) add(st step) *node {
	if st.isIndex {
		return childAt(&n.indices, st.index)
	}
	return childAt(&n.keys, st.key)
}

// childAt returns the node at k in *m, adding it (and the map) when
// missing.
func childAt[K comparable](m *map[K]*node, k K) *node {
	if *m == nil {
		*m = make(map[K]*node)
	}
	c := (*m)[k]
	if c == nil {
		c = &node{}
		(*m)[k] = c
	}
	return c
}

// Locate returns the place of the value at each of paths in data, in one
// scan of it that descends only into the values on those paths. A path
// the document does not hold (a key it lacks) gets the place of its
// deepest ancestor it holds, at worst the start of the document. It is
// for the error path, after a [Decode] with OK true: on a document that
// is not valid JSON it places what it reached before the error.
func Locate(data []byte, paths []string) map[string]Pos {
	root := &node{}
	ends := make([][]*node, len(paths))
	for k, p := range paths {
		n := root
		chain := []*node{root}
		for p != "" {
			var st step
			st, p = nextStep(p)
			n = n.add(st)
			chain = append(chain, n)
		}
		ends[k] = chain
	}
	// The collector has no room: a problem met while skipping a value is
	// counted, never written.
	d := &decoder{scanner: scanner{data: data}, maxDepth: locateDepth, skipOnly: true}
	d.locate(root)
	lines := NewLines(data)
	out := make(map[string]Pos, len(paths))
	for k, p := range paths {
		at := 0
		for _, n := range ends[k] {
			if !n.found {
				break
			}
			at = n.at
		}
		out[p] = lines.Pos(at)
	}
	return out
}

// locate records where the value at d.i is, for n, and descends into it
// along n's children; a value with no child to look for (a scalar, or a
// container n has no children in) is skipped with a syntax check only.
// It reports whether the value is well formed.
func (d *decoder) locate(n *node) bool {
	d.space()
	n.found, n.at = true, d.i
	if d.i >= len(d.data) {
		return false
	}
	switch {
	case d.data[d.i] == '{' && n.keys != nil:
		d.i++
		return d.list('}', "", func() error {
			_, kb, err := d.key()
			if err != nil {
				return err
			}
			return d.locateMember(n.keys[string(kb)])
		}) == nil
	case d.data[d.i] == '[' && n.indices != nil:
		d.i++
		k := 0
		return d.list(']', "", func() error {
			k++
			return d.locateMember(n.indices[k-1])
		}) == nil
	}
	return d.value(nil, reflect.Value{}) == nil
}

// locateMember locates the member value at d.i for c, or skips it when c
// is nil.
func (d *decoder) locateMember(c *node) error {
	if c == nil {
		return d.value(nil, reflect.Value{})
	}
	if !d.locate(c) {
		return errStop
	}
	return nil
}

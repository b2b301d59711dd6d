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

func (n *node) child(st step) *node {
	if st.isIndex {
		return n.indices[st.index]
	}
	return n.keys[st.key]
}

func (n *node) add(st step) *node {
	if st.isIndex {
		if n.indices == nil {
			n.indices = make(map[int]*node)
		}
		if c := n.indices[st.index]; c != nil {
			return c
		}
		c := &node{}
		n.indices[st.index] = c
		return c
	}
	if n.keys == nil {
		n.keys = make(map[string]*node)
	}
	if c := n.keys[st.key]; c != nil {
		return c
	}
	c := &node{}
	n.keys[st.key] = c
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
	d := &decoder{data: data, maxDepth: locateDepth, skipOnly: true}
	d.locate(root)
	places := make([]Pos, len(paths))
	ptrs := make([]*Pos, len(paths))
	for k := range paths {
		for _, n := range ends[k] {
			if !n.found {
				break
			}
			places[k].Offset = n.at
		}
		ptrs[k] = &places[k]
	}
	Place(data, ptrs)
	out := make(map[string]Pos, len(paths))
	for k, p := range paths {
		out[p] = places[k]
	}
	return out
}

// locate records where the value at d.i is, for n, and descends into it
// along n's children; a value with no child to look for is skipped with
// a syntax check only.
func (d *decoder) locate(n *node) bool {
	d.space()
	n.found, n.at = true, d.i
	if d.i >= len(d.data) {
		return false
	}
	switch d.data[d.i] {
	case '{':
		if n.keys == nil {
			return d.value(nil, reflect.Value{}) == nil
		}
		d.i++
		d.space()
		if d.i < len(d.data) && d.data[d.i] == '}' {
			d.i++
			return true
		}
		for {
			d.space()
			if d.i >= len(d.data) || d.data[d.i] != '"' {
				return false
			}
			kb, err := d.str()
			if err != nil {
				return false
			}
			d.space()
			if d.i >= len(d.data) || d.data[d.i] != ':' {
				return false
			}
			d.i++
			if c := n.keys[string(kb)]; c != nil {
				if !d.locate(c) {
					return false
				}
			} else if d.value(nil, reflect.Value{}) != nil {
				return false
			}
			d.space()
			if d.i < len(d.data) && d.data[d.i] == ',' {
				d.i++
				continue
			}
			if d.i < len(d.data) && d.data[d.i] == '}' {
				d.i++
				return true
			}
			return false
		}
	case '[':
		if n.indices == nil {
			return d.value(nil, reflect.Value{}) == nil
		}
		d.i++
		d.space()
		if d.i < len(d.data) && d.data[d.i] == ']' {
			d.i++
			return true
		}
		for k := 0; ; k++ {
			if c := n.indices[k]; c != nil {
				if !d.locate(c) {
					return false
				}
			} else if d.value(nil, reflect.Value{}) != nil {
				return false
			}
			d.space()
			if d.i < len(d.data) && d.data[d.i] == ',' {
				d.i++
				continue
			}
			if d.i < len(d.data) && d.data[d.i] == ']' {
				d.i++
				return true
			}
			return false
		}
	}
	return d.value(nil, reflect.Value{}) == nil
}

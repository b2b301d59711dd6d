package dtcg

import (
	"slices"
	"strconv"
	"strings"

	"github.com/themekit/themekit/internal/strictjson"
)

// This file merges the sources of one resolution into one token
// structure, as the Format and Resolver modules define it, and resolves
// its aliases once: each token's alias chain is followed once (a chain
// of N tokens costs O(N) for all of them), and a cycle is reported once,
// with its members.

// maxWork bounds the names all the merges of an import walk (each theme
// merges its sources once per scheme): files referenced many times over
// cannot make the work grow without bound. The default data takes 8,560
// (4 themes); an export of some 3,900 themes of that catalog would reach
// it.
const maxWork = 1 << 23

// tok is a token of a merged token structure.
type tok struct {
	name  string // dot-joined path
	index int    // its place in the tree's order
	doc   *doc
	group string // the JSON pointer of its group
	key   string // its name in the group
	node  *strictjson.Value
	typ   string // own or inherited $type; "" if none
	value *strictjson.Value
	ext   *strictjson.Value // $extensions[Namespace], or nil

	// What resolving its aliases found.
	state    uint8  // unvisited, visiting, resolved
	literal  *tok   // the token its alias chain ends at; nil when broken
	resolved string // its type, its own or its chain's
	reach    *tok   // what toComponent found
	reached  bool   // toComponent has run
}

const (
	unvisited uint8 = iota
	visiting
	resolved
)

// ptr is the token's JSON pointer in its document.
func (tk *tok) ptr() string { return strictjson.Pointer(tk.group, tk.key) }

// groupExt is a group's $extensions[Namespace] and its document.
type groupExt struct {
	doc  *doc
	node *strictjson.Value
}

// tree is a merged token structure: the tokens of one resolution.
type tree struct {
	toks   map[string]*tok
	order  []*tok
	groups map[string]groupExt // group path ("" for the root) -> $extensions[Namespace]
}

// reserved are the $-properties a group or token may have.
var reserved = map[string]bool{"$type": true, "$value": true, "$description": true, "$extensions": true,
	"$deprecated": true, "$schema": true, "$root": true, "$extends": true, "$ref": true}

// merger merges the resolutions of one import, within maxWork.
type merger struct {
	ps       *problems
	work     int
	overWork bool
	searches int // nearest names looked for, at most maxSearches
}

// maxSearches bounds the "did you mean" searches of one import, each a
// scan of a tree's names.
const maxSearches = 100

// merge flattens sources, in order, into one token structure; a later
// token replaces an earlier one of the same name.
func (m *merger) merge(srcs []source) *tree {
	t := &tree{toks: map[string]*tok{}, groups: map[string]groupExt{}}
	for _, s := range srcs {
		n := s.node
		if n == nil {
			n = s.doc.root
		}
		if n.Kind != strictjson.Object {
			m.ps.add(s.doc, s.ptr, n.Off, ErrStructure, "a token file is an object")
			continue
		}
		m.walk(t, s.doc, n, s.ptr, "", "")
	}
	for i, tk := range t.order {
		tk.index = i
	}
	return t
}

// walk adds the tokens of group g (at pointer ptr, name prefix, with
// inherited type typ) to t.
func (m *merger) walk(t *tree, d *doc, g *strictjson.Value, ptr, prefix, typ string) {
	if m.work += 1 + len(g.Members); m.work > maxWork {
		if !m.overWork {
			m.overWork = true
			m.ps.add(d, ptr, g.Off, ErrNotCatalog, "the resolutions hold more than %d names in all", maxWork)
		}
		return
	}
	if ty := g.Get("$type"); ty != nil && ty.Kind == strictjson.String {
		typ = ty.Str
	}
	if x := g.Get("$extensions").Get(Namespace); x != nil {
		t.groups[prefix] = groupExt{d, x}
	}
	for i := range g.Members {
		mb := &g.Members[i]
		v, key := &mb.Value, mb.Key
		if !m.checkName(d, ptr, mb) {
			continue
		}
		if v.Kind != strictjson.Object {
			m.ps.add(d, strictjson.Pointer(ptr, key), v.Off, ErrStructure, "%q is %s, not a token or a group", key, v.Kind)
			continue
		}
		name := key
		if prefix != "" {
			name = prefix + "." + key
		}
		if val := v.Get("$value"); val != nil {
			m.token(t, &tok{name: name, doc: d, group: ptr, key: key, node: v, typ: typ, value: val,
				ext: v.Get("$extensions").Get(Namespace)})
			continue
		}
		m.walk(t, d, v, strictjson.Pointer(ptr, key), name, typ)
	}
}

// checkName reports a member name the format forbids, and whether the
// member is a token or a group ($-properties are neither).
func (m *merger) checkName(d *doc, ptr string, mb *strictjson.Member) bool {
	key := mb.Key
	switch {
	case strings.HasPrefix(key, "$"):
		if !reserved[key] {
			m.ps.add(d, strictjson.Pointer(ptr, key), mb.KeyOff, ErrName, "name %q starts with \"$\", which the format reserves", key)
		}
		return false
	case strings.ContainsAny(key, "{}.") || key == "":
		m.ps.add(d, strictjson.Pointer(ptr, key), mb.KeyOff, ErrName, "name %q contains \"{\", \"}\" or \".\"", key)
		return false
	}
	return true
}

// token adds tk to t, its own $type over its group's, after checking
// that it has no children.
func (m *merger) token(t *tree, tk *tok) {
	if ty := tk.node.Get("$type"); ty != nil && ty.Kind == strictjson.String {
		tk.typ = ty.Str
	}
	for i := range tk.node.Members {
		mb := &tk.node.Members[i]
		switch {
		case strings.HasPrefix(mb.Key, "$") && !reserved[mb.Key]:
			m.ps.add(tk.doc, strictjson.Pointer(tk.ptr(), mb.Key), mb.KeyOff, ErrName, "name %q starts with \"$\", which the format reserves", mb.Key)
		case !strings.HasPrefix(mb.Key, "$"):
			m.ps.add(tk.doc, strictjson.Pointer(tk.ptr(), mb.Key), mb.KeyOff, ErrStructure, "a token has no children (%q)", mb.Key)
		}
	}
	if old, ok := t.toks[tk.name]; ok {
		t.order[old.index] = tk
		tk.index = old.index
	} else {
		tk.index = len(t.order)
		t.order = append(t.order, tk)
	}
	t.toks[tk.name] = tk
}

// aliasTarget returns the token name of an alias value "{a.b}", or "".
func aliasTarget(v *strictjson.Value) string {
	if v.Kind == strictjson.String && len(v.Str) > 2 && v.Str[0] == '{' && v.Str[len(v.Str)-1] == '}' {
		return v.Str[1 : len(v.Str)-1]
	}
	return ""
}

// resolve follows every token's aliases once, recording for each the
// literal token its chain ends at and its type, and reports the MUST
// rules that need the merged structure: malformed aliases, aliases to
// missing tokens, cycles (once each, with their members) and tokens
// without a type.
func (m *merger) resolve(t *tree) {
	var path []*tok
	for _, tk := range t.order {
		path = m.follow(t, tk, path[:0])
	}
	for _, tk := range t.order {
		if tk.literal != nil && tk.resolved == "" {
			m.ps.add(tk.doc, tk.ptr(), tk.node.Off, ErrNoType, "token %s has no $type, on itself, its groups or an alias target", tk.name)
		}
	}
}

// follow resolves the chain from tk, using path as scratch space: it
// walks to a literal, a resolved token, a missing target or a token on
// the path (a cycle), then gives every token on the path the result.
func (m *merger) follow(t *tree, tk *tok, path []*tok) []*tok {
	cur := tk
	var end *tok // the literal reached; nil for a broken chain
	for {
		if cur.state == resolved {
			end = cur.literal
			break
		}
		if cur.state == visiting {
			m.cycle(path[slices.Index(path, cur):])
			break
		}
		cur.state = visiting
		path = append(path, cur)
		target := aliasTarget(cur.value)
		if target == "" {
			if cur.value.Kind == strictjson.String && strings.ContainsAny(cur.value.Str, "{}") {
				m.ps.add(cur.doc, cur.ptr()+"/$value", cur.value.Off, ErrAliasTarget, "malformed alias %q", cur.value.Str)
				break
			}
			end = cur
			break
		}
		next, ok := t.toks[target]
		if !ok {
			m.ps.addLazy(cur.doc, cur.ptr()+"/$value", cur.value.Off, ErrAliasTarget, func() string {
				if near := m.nearest(t, target); near != "" {
					return "alias {" + target + "} names no token; did you mean {" + near + "}?"
				}
				return "alias {" + target + "} names no token"
			})
			break
		}
		cur = next
	}
	// Unwind: each token's type is its own, or the next one's.
	typ := ""
	if end != nil {
		typ = cur.resolved
		if cur.state != resolved {
			typ = end.typ
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		p := path[i]
		if p.state == resolved {
			continue // a cycle's member, resolved as broken
		}
		p.state, p.literal = resolved, end
		if p.typ != "" {
			typ = p.typ
		}
		if end != nil {
			p.resolved = typ
		}
	}
	return path
}

// cycle reports a cycle once, from its member first in the tree's order,
// and marks its members broken.
func (m *merger) cycle(members []*tok) {
	first := 0
	for i, tk := range members {
		if tk.index < members[first].index {
			first = i
		}
		tk.state, tk.literal = resolved, nil
	}
	ring := append(slices.Clone(members[first:]), members[:first]...)
	names := make([]string, 0, len(ring)+1)
	for _, tk := range ring {
		names = append(names, "{"+tk.name+"}")
	}
	names = append(names, names[0])
	head := ring[0]
	m.ps.add(head.doc, head.ptr()+"/$value", head.value.Off, ErrAliasCycle,
		"alias cycle of %s tokens: %s", strconv.Itoa(len(ring)), strings.Join(names, " -> "))
}

// toComponent returns the token reached from tk by following its
// aliases until a literal, or a token whose alias names a component
// token (isComp); nil for a broken chain. It is memoized on the tokens,
// so that reaching every component of a tree costs O(tokens), however
// long the chains. isComp must be the same for every call on a tree.
func (t *tree) toComponent(tk *tok, isComp func(name string) bool) *tok {
	var path []*tok
	cur := tk
	var end *tok
	for cur != nil && cur.literal != nil {
		if cur.reached {
			end = cur.reach
			break
		}
		path = append(path, cur)
		target := aliasTarget(cur.value)
		if target == "" || isComp(target) {
			end = cur
			break
		}
		cur = t.toks[target]
	}
	for _, p := range path {
		p.reach, p.reached = end, true
	}
	return end
}

// nearest returns the token name of t one edit (an insertion, a
// deletion, a substitution or two neighbours swapped) away from name,
// or "".
func (m *merger) nearest(t *tree, name string) string {
	if m.searches++; m.searches > maxSearches {
		return ""
	}
	for _, tk := range t.order {
		if oneEdit(name, tk.name) {
			return tk.name
		}
	}
	return ""
}

// oneEdit reports whether a and b, which differ, are one edit apart.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) < len(b) {
		return a[i:] == b[i+1:] // one inserted
	}
	if a[i+1:] == b[i+1:] {
		return true // one substituted
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] // two swapped
}

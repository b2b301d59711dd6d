package dtcg

import (
	"path"
	"strconv"
	"strings"

	"github.com/themekit/themekit/internal/strictjson"
)

// This file reads a resolver document of the DTCG Resolver module
// (2025.10) as the module defines it, knowing nothing of themes: its
// sets, its modifiers and its resolution order, each reference checked
// and looked up by name. [resolver.resolve] lists the token sources of
// one input (a context for each modifier), in the order the module
// merges them.

// maxSources bounds the token sources one resolver may list, references
// to sets followed: sets that include others many times over cannot make
// the import's work grow without bound.
const maxSources = 10_000

// source is one token source of a resolution: a document's root or an
// inline object of the resolver.
type source struct {
	doc  *doc
	node *strictjson.Value // nil for doc.root
	ptr  string
}

// entry is one entry of the resolution order: a set's sources, or a
// modifier's contexts.
type entry struct {
	name     string
	modifier bool
	sources  []source            // a set
	contexts map[string][]source // a modifier: its contexts' sources
	names    []string            // and its contexts, in order
	def      string              // its default context, or ""
}

// resolver is a resolver document read.
type resolver struct {
	rd        *reader
	doc       *doc
	dir       string
	sets      map[string]*strictjson.Value
	mods      map[string]*strictjson.Value
	order     []entry
	total     int             // the sources listed so far
	expanding map[string]bool // the sets being expanded, for cycles
}

// readResolver reads the resolver document name; nil after a problem.
func readResolver(rd *reader, name string) *resolver {
	d := rd.read(name, nil, "", 0)
	if d == nil {
		return nil
	}
	root := d.root
	if root.Kind != strictjson.Object {
		rd.ps.add(d, "", root.Off, ErrResolver, "a resolver document is an object")
		return nil
	}
	r := &resolver{rd: rd, doc: d, dir: path.Dir(name), sets: members(root.Get("sets")),
		mods: members(root.Get("modifiers")), expanding: map[string]bool{}}
	if v := root.Get("version"); v == nil || v.Kind != strictjson.String || v.Str != "2025.10" {
		at := root
		if v != nil {
			at = v
		}
		r.problem("/version", at.Off, ErrResolver, `version must be "2025.10"`)
	}
	order := root.Get("resolutionOrder")
	if order == nil || order.Kind != strictjson.Array || len(order.Members) == 0 {
		r.problem("/resolutionOrder", root.Off, ErrResolver, "resolutionOrder is a non-empty array")
		return nil
	}
	names := map[string]bool{}
	for i := range order.Members {
		if e, ok := r.orderEntry(&order.Members[i].Value, "/resolutionOrder/"+strconv.Itoa(i), names); ok {
			r.order = append(r.order, e)
		}
	}
	if rd.ps.failed() {
		return nil
	}
	return r
}

// members maps an object's members by key; nil for anything else.
func members(v *strictjson.Value) map[string]*strictjson.Value {
	if v == nil || v.Kind != strictjson.Object {
		return nil
	}
	m := make(map[string]*strictjson.Value, len(v.Members))
	for i := range v.Members {
		if _, dup := m[v.Members[i].Key]; !dup {
			m[v.Members[i].Key] = &v.Members[i].Value
		}
	}
	return m
}

func (r *resolver) problem(ptr string, off int, sentinel error, format string, args ...any) {
	r.rd.ps.add(r.doc, ptr, off, sentinel, format, args...)
}

// orderEntry reads one entry of the resolution order: a reference to a
// set or a modifier, or an inline one with a name unique in the order.
func (r *resolver) orderEntry(item *strictjson.Value, ptr string, names map[string]bool) (entry, bool) {
	var obj *strictjson.Value
	var kind, name, objPtr string
	if ref := item.Get("$ref"); ref != nil && ref.Kind == strictjson.String {
		switch {
		case strings.HasPrefix(ref.Str, "#/sets/"):
			kind, name = "set", strings.TrimPrefix(ref.Str, "#/sets/")
			obj = r.sets[name]
		case strings.HasPrefix(ref.Str, "#/modifiers/"):
			kind, name = "modifier", strings.TrimPrefix(ref.Str, "#/modifiers/")
			obj = r.mods[name]
		default:
			r.problem(ptr+"/$ref", ref.Off, ErrNotCatalog, "unsupported reference %q in resolutionOrder", ref.Str)
			return entry{}, false
		}
		objPtr = ref.Str[1:]
		if obj == nil {
			r.problem(ptr+"/$ref", ref.Off, ErrResolver, "%s names nothing", ref.Str)
			return entry{}, false
		}
	} else {
		t, n := item.Get("type"), item.Get("name")
		if t == nil || n == nil || t.Kind != strictjson.String || n.Kind != strictjson.String {
			r.problem(ptr, item.Off, ErrResolver, "an inline set or modifier needs a name and a type")
			return entry{}, false
		}
		kind, name, obj, objPtr = t.Str, n.Str, item, ptr
		if names[name] {
			r.problem(ptr+"/name", n.Off, ErrResolver, "the name %q is used twice in resolutionOrder", name)
		}
		names[name] = true
	}
	switch kind {
	case "set":
		r.expanding["#"+objPtr] = true
		e := entry{name: name, sources: r.expand(obj.Get("sources"), obj.Off, objPtr+"/sources")}
		r.expanding["#"+objPtr] = false
		return e, true
	case "modifier":
		return r.modifier(name, obj, objPtr)
	}
	r.problem(ptr+"/type", item.Off, ErrResolver, `type must be "set" or "modifier"`)
	return entry{}, false
}

// modifier reads a modifier's contexts and default.
func (r *resolver) modifier(name string, obj *strictjson.Value, ptr string) (entry, bool) {
	ctx := obj.Get("contexts")
	if ctx == nil || ctx.Kind != strictjson.Object || len(ctx.Members) == 0 {
		r.problem(ptr+"/contexts", obj.Off, ErrResolver, "a modifier must have contexts")
		return entry{}, false
	}
	e := entry{name: name, modifier: true, contexts: make(map[string][]source, len(ctx.Members))}
	for i := range ctx.Members {
		m := &ctx.Members[i]
		if _, dup := e.contexts[m.Key]; dup {
			continue // a duplicate key, reported by the reader
		}
		e.names = append(e.names, m.Key)
		e.contexts[m.Key] = r.expand(&m.Value, m.Off, strictjson.Pointer(ptr+"/contexts", m.Key))
	}
	if d := obj.Get("default"); d != nil {
		if _, ok := e.contexts[d.Str]; d.Kind != strictjson.String || !ok {
			r.problem(ptr+"/default", d.Off, ErrResolver, "default %q is not one of the contexts", d.Str)
		}
		e.def = d.Str
	}
	return e, true
}

// expand lists the sources of a list of source entries at ptr (off
// places its absence), following references to sets; a set on the path
// of references is a cycle, and more than maxSources sources in all is
// refused.
func (r *resolver) expand(list *strictjson.Value, off int, ptr string) []source {
	if list == nil || list.Kind != strictjson.Array {
		if list != nil {
			off = list.Off
		}
		r.problem(ptr, off, ErrResolver, "token sources are an array")
		return nil
	}
	var out []source
	for i := range list.Members {
		e, ep := &list.Members[i].Value, ptr+"/"+strconv.Itoa(i)
		if r.total++; r.total > maxSources {
			r.problem(ep, e.Off, ErrResolver, "more than %d token sources", maxSources)
			return out
		}
		ref := e.Get("$ref")
		switch {
		case ref == nil && e.Kind != strictjson.Object:
			r.problem(ep, e.Off, ErrResolver, "a token source is a reference object or a token object")
		case ref == nil:
			out = append(out, source{doc: r.doc, node: e, ptr: ep})
		case ref.Kind != strictjson.String:
			r.problem(ep+"/$ref", ref.Off, ErrResolver, "$ref is a string")
		default:
			out = append(out, r.reference(ref, ep+"/$ref")...)
		}
	}
	return out
}

// reference lists the sources a $ref of a source list names: a set's,
// or a file's (relative to the resolver).
func (r *resolver) reference(ref *strictjson.Value, ptr string) []source {
	s := ref.Str
	switch {
	case strings.HasPrefix(s, "#/modifiers/"):
		r.problem(ptr, ref.Off, ErrResolver, "a set or modifier must not reference a modifier (%s)", s)
	case strings.HasPrefix(s, "#/resolutionOrder/"):
		r.problem(ptr, ref.Off, ErrResolver, "nothing may reference the resolution order (%s)", s)
	case strings.HasPrefix(s, "#/sets/"):
		set := r.sets[strings.TrimPrefix(s, "#/sets/")]
		switch {
		case set == nil:
			r.problem(ptr, ref.Off, ErrResolver, "%s names no set", s)
		case r.expanding[s]:
			r.problem(ptr, ref.Off, ErrResolver, "circular reference: %s includes itself", s)
		default:
			r.expanding[s] = true
			out := r.expand(set.Get("sources"), set.Off, s[1:]+"/sources")
			r.expanding[s] = false
			return out
		}
	case strings.Contains(s, "#"), strings.Contains(s, "://"):
		r.problem(ptr, ref.Off, ErrNotCatalog, "unsupported reference %q: only whole files relative to the resolver and #/sets/ are read", s)
	default:
		if d := r.rd.read(path.Join(r.dir, s), r.doc, ptr, ref.Off); d != nil {
			return []source{{doc: d}}
		}
	}
	return nil
}

// entry returns the modifier of the resolution order named name, or nil.
func (r *resolver) entry(name string) *entry {
	for i := range r.order {
		if r.order[i].modifier && r.order[i].name == name {
			return &r.order[i]
		}
	}
	return nil
}

// resolve lists the sources of one resolution, in the order the module
// merges them: each set's, and for each modifier the context input
// names, else its default, else its first.
func (r *resolver) resolve(input map[string]string) []source {
	var out []source
	for i := range r.order {
		e := &r.order[i]
		if !e.modifier {
			out = append(out, e.sources...)
			continue
		}
		c, ok := input[e.name]
		if _, known := e.contexts[c]; !ok || !known {
			c = e.def
			if c == "" {
				c = e.names[0]
			}
		}
		out = append(out, e.contexts[c]...)
	}
	return out
}

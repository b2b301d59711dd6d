package dtcg

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/lucasb-eyer/go-colorful"
	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// Imported is what [Import] made of a DTCG export: the catalog and its
// themes, ready for [theming.CompileCatalog], and the warnings (each
// wrapping [ErrConverted]) about values that changed representation.
type Imported struct {
	Catalog  theming.Catalog
	Themes   []theming.Theme
	Warnings []*Problem
}

// CatalogJSON returns the catalog as catalog.json.
func (im *Imported) CatalogJSON() ([]byte, error) { return encodeFile(im.Catalog) }

// ThemesJSON returns the themes as themes.json.
func (im *Imported) ThemesJSON() ([]byte, error) {
	return encodeFile(struct {
		Themes []theming.Theme `json:"themes"`
	}{im.Themes})
}

// doc is one read file.
type doc struct {
	name string
	data []byte
	root *node
}

// tok is a token of a merged token structure.
type tok struct {
	path  string // dot-joined name
	doc   *doc
	ptr   string
	node  *node
	typ   string // own or inherited $type; "" if none
	value *node
	ext   *node // $extensions[Namespace], or nil
}

// groupExt is a group's $extensions[Namespace] and its document.
type groupExt struct {
	doc  *doc
	node *node
}

// tree is a merged token structure: the tokens of one resolution.
type tree struct {
	toks   map[string]*tok
	order  []string
	groups map[string]groupExt // group path ("" for the root) -> $extensions[Namespace]
}

type importer struct {
	fsys    fs.FS
	docs    map[string]*doc
	probs   []*Problem
	warns   []*Problem
	seen    map[string]bool // problems already reported, by place and message
	dropped int             // problems past MaxProblems

	work     int  // names walked by every merge so far
	overWork bool // work went past maxWork
}

// Import reads a DTCG export from fsys: either a resolver document (one
// name, such as [ResolverFile]), resolved for each context of its theme
// modifier, in the scheme modifier's light and dark contexts and the
// contrast modifier's normal context; or one plain token file per scheme
// (two names, light then dark), read as one theme. References in a
// resolver are relative to its directory. Values exactly as this
// package exported them come back as the catalog and themes that were
// exported; other tokens become components as the package documentation
// says. Problems come back as an *[ImportError] listing each with its file,
// JSON pointer, line and column.
func Import(fsys fs.FS, names ...string) (*Imported, error) {
	im := &importer{fsys: fsys, docs: map[string]*doc{}, seen: map[string]bool{}}
	var contexts []themeContext
	switch len(names) {
	case 1:
		contexts = im.resolverContexts(names[0])
	case 2:
		l, d := im.read(names[0], nil, ""), im.read(names[1], nil, "")
		if l != nil && d != nil {
			contexts = []themeContext{{name: "1", sources: [2][]source{{{doc: l}}, {{doc: d}}}}}
		}
	default:
		return nil, fmt.Errorf("dtcg: import takes a resolver document or two token files (light, dark), not %d names", len(names))
	}
	var out *Imported
	if len(im.probs) == 0 && len(contexts) > 0 {
		out = im.build(contexts)
	}
	if len(im.probs) > 0 {
		return nil, &ImportError{Problems: im.probs, Dropped: im.dropped}
	}
	if out == nil {
		return nil, &ImportError{Problems: []*Problem{{File: names[0], Msg: "no themes to import", Err: ErrNotCatalog}}}
	}
	out.Warnings = im.warns
	cc, err := theming.CompileCatalog(out.Catalog)
	if err == nil {
		_, err = cc.Snapshot(out.Themes)
	}
	if err != nil {
		return out, fmt.Errorf("%w: %w", ErrInvalidData, err)
	}
	return out, nil
}

// problem records a problem at node n (or the document) of d.
func (im *importer) problem(d *doc, ptr string, off int, sentinel error, format string, args ...any) {
	p := &Problem{Pointer: ptr, Msg: fmt.Sprintf(format, args...), Err: sentinel}
	if d != nil && d.data == nil {
		p.File = d.name
	} else if d != nil {
		p.File = d.name
		pos := strictjson.Pos{Offset: off}
		strictjson.Place(d.data, []*strictjson.Pos{&pos})
		p.Line, p.Column = pos.Line, pos.Column
	}
	key := p.Error()
	if im.seen[key] {
		return
	}
	if len(im.probs)+len(im.warns) >= MaxProblems {
		im.dropped++
		return
	}
	im.seen[key] = true
	if sentinel == ErrConverted {
		im.warns = append(im.warns, p)
		return
	}
	im.probs = append(im.probs, p)
}

// read reads and parses a file once; from and ptr place a problem.
func (im *importer) read(name string, from *doc, ptr string) *doc {
	if d, ok := im.docs[name]; ok {
		return d
	}
	f, err := im.fsys.Open(name)
	var data []byte
	off := 0
	if err == nil {
		data, err = io.ReadAll(io.LimitReader(f, MaxFileSize+1))
		f.Close()
		if err == nil && len(data) > MaxFileSize {
			err = fmt.Errorf("larger than %d bytes", MaxFileSize)
		}
	}
	if err != nil {
		if from == nil { // a file named by the caller: the problem is the file's
			from, ptr = &doc{name: name}, ""
		} else if n := from.root.find(ptr); n != nil {
			off = n.off
		}
		im.problem(from, ptr, off, ErrRead, "cannot read %s: %v", name, err)
		return nil
	}
	d := &doc{name: name, data: data}
	root, serr, dups, dupK := parse(data)
	if serr != nil {
		im.problem(d, "", serr.off, ErrSyntax, "%s", serr.msg)
		return nil
	}
	for i, off := range dups {
		im.problem(d, "", off, ErrSyntax, "duplicate key %q", dupK[i])
	}
	d.root = root
	im.docs[name] = d
	return d
}

// source is one token source of a resolution: a document's root or an
// inline object in the resolver.
type source struct {
	doc  *doc
	node *node // nil for doc.root
	ptr  string
}

// themeContext is one theme's token sources per scheme (light, dark).
type themeContext struct {
	name    string
	sources [2][]source
}

// resolverContexts reads a resolver document and lists, for every context
// of its theme modifier, the sources of the light and dark resolutions.
func (im *importer) resolverContexts(name string) []themeContext {
	r := im.read(name, nil, "")
	if r == nil {
		return nil
	}
	root := r.root
	if root.kind != kObject {
		im.problem(r, "", root.off, ErrResolver, "a resolver document is an object")
		return nil
	}
	if v := root.get("version"); v == nil || v.kind != kString || v.str != "2025.10" {
		off := root.off
		if v != nil {
			off = v.off
		}
		im.problem(r, "/version", off, ErrResolver, `version must be "2025.10"`)
	}
	dir := path.Dir(name)
	sets, mods := root.get("sets"), root.get("modifiers")
	// expand lists the sources of a list of source entries, following
	// references to sets; a set on the path of references is a cycle, and
	// more than maxSources sources in all is refused.
	expanding := map[string]bool{}
	total := 0
	var expand func(list *node, ptr string) []source
	expand = func(list *node, ptr string) []source {
		if list == nil || list.kind != kArray {
			off := root.off
			if list != nil {
				off = list.off
			}
			im.problem(r, ptr, off, ErrResolver, "token sources are an array")
			return nil
		}
		var out []source
		for i, e := range list.vals {
			ep := ptr + "/" + strconv.Itoa(i)
			if total++; total > maxSources {
				im.problem(r, ep, e.off, ErrResolver, "more than %d token sources", maxSources)
				return out
			}
			refN := e.get("$ref")
			if refN == nil {
				if e.kind != kObject {
					im.problem(r, ep, e.off, ErrResolver, "a token source is a reference object or a token object")
					continue
				}
				out = append(out, source{doc: r, node: e, ptr: ep})
				continue
			}
			if refN.kind != kString {
				im.problem(r, ep+"/$ref", refN.off, ErrResolver, "$ref is a string")
				continue
			}
			ref := refN.str
			switch {
			case strings.HasPrefix(ref, "#/modifiers/"):
				im.problem(r, ep+"/$ref", refN.off, ErrResolver, "a set or modifier must not reference a modifier (%s)", ref)
			case strings.HasPrefix(ref, "#/resolutionOrder/"):
				im.problem(r, ep+"/$ref", refN.off, ErrResolver, "nothing may reference the resolution order (%s)", ref)
			case strings.HasPrefix(ref, "#/sets/"):
				s := sets.get(strings.TrimPrefix(ref, "#/sets/"))
				switch {
				case s == nil:
					im.problem(r, ep+"/$ref", refN.off, ErrResolver, "%s names no set", ref)
					continue
				case expanding[ref]:
					im.problem(r, ep+"/$ref", refN.off, ErrResolver, "circular reference: %s includes itself", ref)
					continue
				}
				expanding[ref] = true
				out = append(out, expand(s.get("sources"), ref[1:]+"/sources")...)
				expanding[ref] = false
			case strings.HasPrefix(ref, "#"), strings.Contains(ref, "#"), strings.Contains(ref, "://"):
				im.problem(r, ep+"/$ref", refN.off, ErrNotCatalog, "unsupported reference %q: only whole files relative to the resolver and #/sets/ are read", ref)
			default:
				if d := im.read(path.Join(dir, ref), r, ep+"/$ref"); d != nil {
					out = append(out, source{doc: d})
				}
			}
		}
		return out
	}
	order := root.get("resolutionOrder")
	if order == nil || order.kind != kArray || len(order.vals) == 0 {
		im.problem(r, "/resolutionOrder", root.off, ErrResolver, "resolutionOrder is a non-empty array")
		return nil
	}
	// Each entry of the order: a set's sources, or a modifier's contexts.
	type entry struct {
		sources  []source
		modName  string
		contexts map[string][]source
		ctxOrder []string
		def      string
	}
	var entries []entry
	names := map[string]bool{}
	for i, item := range order.vals {
		ip := "/resolutionOrder/" + strconv.Itoa(i)
		var obj *node
		var kindName, objName, objPtr string
		if refN := item.get("$ref"); refN != nil && refN.kind == kString {
			ref := refN.str
			switch {
			case strings.HasPrefix(ref, "#/sets/"):
				kindName, objName = "set", strings.TrimPrefix(ref, "#/sets/")
				obj = sets.get(objName)
			case strings.HasPrefix(ref, "#/modifiers/"):
				kindName, objName = "modifier", strings.TrimPrefix(ref, "#/modifiers/")
				obj = mods.get(objName)
			default:
				im.problem(r, ip+"/$ref", refN.off, ErrNotCatalog, "unsupported reference %q in resolutionOrder", ref)
				continue
			}
			objPtr = ref[1:]
			if obj == nil {
				im.problem(r, ip+"/$ref", refN.off, ErrResolver, "%s names nothing", ref)
				continue
			}
		} else {
			t, n := item.get("type"), item.get("name")
			if t == nil || n == nil || t.kind != kString || n.kind != kString {
				im.problem(r, ip, item.off, ErrResolver, "an inline set or modifier needs a name and a type")
				continue
			}
			kindName, objName, obj, objPtr = t.str, n.str, item, ip
			if names[objName] {
				im.problem(r, ip+"/name", n.off, ErrResolver, "the name %q is used twice in resolutionOrder", objName)
			}
			names[objName] = true
		}
		switch kindName {
		case "set":
			expanding["#"+objPtr] = true
			entries = append(entries, entry{sources: expand(obj.get("sources"), objPtr+"/sources")})
			expanding["#"+objPtr] = false
		case "modifier":
			ctx := obj.get("contexts")
			if ctx == nil || ctx.kind != kObject || len(ctx.keys) == 0 {
				im.problem(r, objPtr+"/contexts", obj.off, ErrResolver, "a modifier must have contexts")
				continue
			}
			e := entry{modName: objName, contexts: map[string][]source{}, ctxOrder: ctx.keys}
			for k, key := range ctx.keys {
				e.contexts[key] = expand(ctx.vals[k], objPtr+"/contexts/"+pointerKey(key))
			}
			if d := obj.get("default"); d != nil {
				if _, ok := e.contexts[d.str]; d.kind != kString || !ok {
					im.problem(r, objPtr+"/default", d.off, ErrResolver, "default %q is not one of the contexts", d.str)
				}
				e.def = d.str
			}
			entries = append(entries, e)
		default:
			im.problem(r, ip+"/type", item.off, ErrResolver, `type must be "set" or "modifier"`)
		}
	}
	if len(im.probs) > 0 {
		return nil
	}
	var themeMod, schemeMod *entry
	for k := range entries {
		switch entries[k].modName {
		case "theme":
			themeMod = &entries[k]
		case "scheme":
			schemeMod = &entries[k]
		}
	}
	if schemeMod == nil {
		im.problem(r, "/modifiers", root.off, ErrNotCatalog, `a catalog needs a "scheme" modifier with "light" and "dark" contexts`)
		return nil
	}
	for _, sc := range theming.Schemes() {
		if _, ok := schemeMod.contexts[string(sc)]; !ok {
			im.problem(r, "/modifiers/scheme", root.off, ErrNotCatalog, "the \"scheme\" modifier needs a %q context", sc)
			return nil
		}
	}
	themeNames := []string{"1"}
	if themeMod != nil {
		themeNames = themeMod.ctxOrder
	}
	if len(themeNames) > theming.MaxThemes {
		im.problem(r, "/modifiers/theme/contexts", root.off, ErrNotCatalog, "more than %d themes", theming.MaxThemes)
		return nil
	}
	var out []themeContext
	for _, tn := range themeNames {
		tc := themeContext{name: tn}
		for k, sc := range theming.Schemes() {
			for _, e := range entries {
				switch {
				case e.modName == "":
					tc.sources[k] = append(tc.sources[k], e.sources...)
				case e.modName == "theme":
					tc.sources[k] = append(tc.sources[k], e.contexts[tn]...)
				case e.modName == "scheme":
					tc.sources[k] = append(tc.sources[k], e.contexts[string(sc)]...)
				case e.modName == "contrast":
					if _, ok := e.contexts[Normal]; ok {
						tc.sources[k] = append(tc.sources[k], e.contexts[Normal]...)
						continue
					}
					fallthrough
				default:
					c := e.def
					if c == "" {
						c = e.ctxOrder[0]
					}
					tc.sources[k] = append(tc.sources[k], e.contexts[c]...)
				}
			}
		}
		out = append(out, tc)
	}
	return out
}

// MaxProblems bounds the problems and warnings an import lists; the rest
// are counted in [ImportError].Dropped.
const MaxProblems = 100

// maxSources bounds the token sources one resolver may list, references
// to sets followed: sets that include others many times over cannot make
// the import's work grow without bound.
const maxSources = 10_000

// maxWork bounds the names all the merges of an import walk (each theme
// merges its sources once per scheme): files referenced many times over
// cannot make the work grow without bound. The default data takes 8,560
// (4 themes); an export of some 3,900 themes of that catalog would reach
// it.
const maxWork = 1 << 23

// pointerKey escapes a key for a JSON pointer.
func pointerKey(key string) string { return pointer("", key)[1:] }

// reserved are the $-properties a group or token may have.
var reserved = map[string]bool{"$type": true, "$value": true, "$description": true, "$extensions": true,
	"$deprecated": true, "$schema": true, "$root": true, "$extends": true, "$ref": true}

// merge flattens sources, in order, into one token structure; a later
// token replaces an earlier one of the same name.
func (im *importer) merge(srcs []source) *tree {
	t := &tree{toks: map[string]*tok{}, groups: map[string]groupExt{}}
	for _, s := range srcs {
		n, ptr := s.node, s.ptr
		if n == nil {
			n = s.doc.root
		}
		if n.kind != kObject {
			im.problem(s.doc, ptr, n.off, ErrStructure, "a token file is an object")
			continue
		}
		im.walk(t, s.doc, n, ptr, "", "")
	}
	return t
}

// walk adds the tokens of group g (at pointer ptr, name prefix, with
// inherited type typ) to t.
func (im *importer) walk(t *tree, d *doc, g *node, ptr, prefix, typ string) {
	if im.work += len(g.keys); im.work > maxWork {
		if !im.overWork {
			im.overWork = true
			im.problem(d, ptr, g.off, ErrNotCatalog, "the resolutions hold more than %d names in all", maxWork)
		}
		return
	}
	if ty := g.get("$type"); ty != nil && ty.kind == kString {
		typ = ty.str
	}
	if x := g.get("$extensions").get(Namespace); x != nil {
		t.groups[prefix] = groupExt{d, x}
	}
	for k, key := range g.keys {
		v, kp := g.vals[k], pointer(ptr, key)
		if strings.HasPrefix(key, "$") {
			if !reserved[key] {
				im.problem(d, kp, g.keyOffs[k], ErrName, "name %q starts with \"$\", which the format reserves", key)
			}
			continue
		}
		if strings.ContainsAny(key, "{}.") || key == "" {
			im.problem(d, kp, g.keyOffs[k], ErrName, "name %q contains \"{\", \"}\" or \".\"", key)
			continue
		}
		if v.kind != kObject {
			im.problem(d, kp, v.off, ErrStructure, "%q is %s, not a token or a group", key, v.kind)
			continue
		}
		name := key
		if prefix != "" {
			name = prefix + "." + key
		}
		if val := v.get("$value"); val != nil {
			tt := typ
			if ty := v.get("$type"); ty != nil && ty.kind == kString {
				tt = ty.str
			}
			for j, tk := range v.keys {
				if strings.HasPrefix(tk, "$") && !reserved[tk] {
					im.problem(d, pointer(kp, tk), v.keyOffs[j], ErrName, "name %q starts with \"$\", which the format reserves", tk)
				} else if !strings.HasPrefix(tk, "$") {
					im.problem(d, pointer(kp, tk), v.keyOffs[j], ErrStructure, "a token has no children (%q)", tk)
				}
			}
			if _, ok := t.toks[name]; !ok {
				t.order = append(t.order, name)
			}
			t.toks[name] = &tok{path: name, doc: d, ptr: kp, node: v, typ: tt, value: val, ext: v.get("$extensions").get(Namespace)}
			continue
		}
		im.walk(t, d, v, kp, name, typ)
	}
}

// aliasTarget returns the token name of an alias value "{a.b}", or "".
func aliasTarget(v *node) string {
	if v.kind == kString && len(v.str) > 2 && v.str[0] == '{' && v.str[len(v.str)-1] == '}' {
		return v.str[1 : len(v.str)-1]
	}
	return ""
}

// check reports, once per token, the MUST rules that need the merged
// structure: alias targets, cycles and types.
func (im *importer) check(t *tree) {
	for _, name := range t.order {
		tk := t.toks[name]
		var chain []string
		cur := tk
		typ := tk.typ
		for {
			target := aliasTarget(cur.value)
			if target == "" {
				if cur.value.kind == kString && strings.ContainsAny(cur.value.str, "{}") {
					im.problem(cur.doc, cur.ptr+"/$value", cur.value.off, ErrAliasTarget, "malformed alias %q", cur.value.str)
				}
				break
			}
			if slices.Contains(chain, cur.path) {
				im.problem(tk.doc, tk.ptr+"/$value", tk.value.off, ErrAliasCycle, "alias cycle: %s -> %s", strings.Join(chain, " -> "), cur.path)
				typ = "-"
				break
			}
			chain = append(chain, cur.path)
			next, ok := t.toks[target]
			if !ok {
				im.problem(cur.doc, cur.ptr+"/$value", cur.value.off, ErrAliasTarget, "alias {%s} names no token", target)
				typ = "-"
				break
			}
			cur = next
			if typ == "" {
				typ = cur.typ
			}
		}
		if typ == "" {
			im.problem(tk.doc, tk.ptr, tk.node.off, ErrNoType, "token %s has no $type, on itself, its groups or an alias target", name)
		}
		if typ == "color" && aliasTarget(tk.value) == "" {
			im.color(tk)
		}
	}
}

// follow walks the aliases from token name to a literal, stopping early at
// a token for which stop is true; it returns the token reached.
func (t *tree) follow(name string, stop func(string) bool) *tok {
	cur := t.toks[name]
	for range len(t.toks) + 1 {
		target := aliasTarget(cur.value)
		if target == "" || stop(target) {
			return cur
		}
		next, ok := t.toks[target]
		if !ok {
			return cur
		}
		cur = next
	}
	return cur
}

// The Color module's color spaces.
var colorSpaces = []string{"srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch",
	"display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"}

// color reads a literal color token's value, checking the Color module's
// rules; a color outside hsl is converted, with a warning.
func (im *importer) color(tk *tok) (colorref.Color, bool) {
	v, vp := tk.value, tk.ptr+"/$value"
	if v.kind != kObject {
		im.problem(tk.doc, vp, v.off, ErrStructure, "a color value is an object with colorSpace and components, not %s", v.kind)
		return colorref.Color{}, false
	}
	cs, comps, alpha := v.get("colorSpace"), v.get("components"), v.get("alpha")
	if cs == nil || cs.kind != kString {
		im.problem(tk.doc, vp, v.off, ErrStructure, "a color needs a colorSpace string")
		return colorref.Color{}, false
	}
	if !slices.Contains(colorSpaces, cs.str) {
		im.problem(tk.doc, vp+"/colorSpace", cs.off, ErrColorSpace, "unknown color space %q", cs.str)
		return colorref.Color{}, false
	}
	if comps == nil || comps.kind != kArray || len(comps.vals) != 3 {
		im.problem(tk.doc, vp, v.off, ErrStructure, "a color needs three components")
		return colorref.Color{}, false
	}
	a := 1.0
	if alpha != nil {
		if alpha.kind != kNumber {
			im.problem(tk.doc, vp+"/alpha", alpha.off, ErrStructure, "alpha is a number")
			return colorref.Color{}, false
		}
		if a = alpha.num; a < 0 || a > 1 {
			im.problem(tk.doc, vp+"/alpha", alpha.off, ErrRange, "alpha %v is outside [0, 1]", a)
			return colorref.Color{}, false
		}
	}
	var x [3]float64
	ok := true
	for i, c := range comps.vals {
		cp := vp + "/components/" + strconv.Itoa(i)
		switch {
		case c.kind == kString && c.str == "none":
			x[i] = 0
		case c.kind == kNumber:
			x[i] = c.num
			lo, hi, open := componentRange(cs.str, i)
			if x[i] < lo || x[i] > hi || open && x[i] == hi {
				bound := "]"
				if open {
					bound = ")"
				}
				im.problem(tk.doc, cp, c.off, ErrRange, "%s component %d is %v, outside [%v, %v%s", cs.str, i, x[i], lo, hi, bound)
				ok = false
			}
		default:
			im.problem(tk.doc, cp, c.off, ErrStructure, "a component is a number or \"none\"")
			ok = false
		}
	}
	if !ok {
		return colorref.Color{}, false
	}
	var col colorref.Color
	switch cs.str {
	case "hsl":
		return colorref.HSLA(x[0], x[1], x[2], a), true
	case "srgb":
		col = colorref.SRGB(x[0], x[1], x[2], a)
	case "srgb-linear":
		col = colorref.FromColorful(colorful.LinearRgb(x[0], x[1], x[2])).WithAlpha(a)
	case "hwb":
		w, b := x[1]/100, x[2]/100
		if w+b >= 1 {
			g := w / (w + b)
			col = colorref.SRGB(g, g, g, a)
		} else {
			r, gg, bb, _ := colorref.HSL(x[0], 100, 50).SRGB()
			f := func(c float64) float64 { return c*(1-w-b) + w }
			col = colorref.SRGB(f(r), f(gg), f(bb), a)
		}
	case "oklab":
		col = colorref.FromColorful(colorful.OkLab(x[0], x[1], x[2]).Clamped()).WithAlpha(a)
	case "oklch":
		col = colorref.FromColorful(colorful.OkLch(x[0], x[1], x[2]).Clamped()).WithAlpha(a)
	case "xyz-d65":
		col = colorref.FromColorful(colorful.Xyz(x[0], x[1], x[2]).Clamped()).WithAlpha(a)
	default:
		im.problem(tk.doc, vp+"/colorSpace", cs.off, ErrNotCatalog, "color space %q cannot be converted to hsl by this package", cs.str)
		return colorref.Color{}, false
	}
	im.problem(tk.doc, vp, v.off, ErrConverted, "%s color converted to %s, the catalog's form", cs.str, col.String())
	return col, true
}

// componentRange returns the range of component i of a color space, and
// whether it excludes its upper end (a hue).
func componentRange(space string, i int) (lo, hi float64, open bool) {
	inf := math.Inf(1)
	switch space {
	case "hsl", "hwb":
		if i == 0 {
			return 0, 360, true
		}
		return 0, 100, false
	case "lab":
		if i == 0 {
			return 0, 100, false
		}
		return -inf, inf, false
	case "lch":
		return [3]float64{0, 0, 0}[i], [3]float64{100, inf, 360}[i], i == 2
	case "oklab":
		if i == 0 {
			return 0, 1, false
		}
		return -inf, inf, false
	case "oklch":
		return 0, [3]float64{1, inf, 360}[i], i == 2
	}
	return 0, 1, false
}

// valueOf returns a component's value in one resolution as a catalog
// writes it: a component id, or an hsl() color (the source as written
// when its extension still matches the token), and whether the theme
// marked it as its own override (ok false when the token carries no mark).
func (im *importer) valueOf(t *tree, name string, ids map[string]string) (value string, over, marked bool) {
	start := t.toks[name]
	if start == nil {
		return "", false, false
	}
	reached := t.follow(name, func(target string) bool { _, isComp := ids[target]; return isComp && target != name })
	var x valueExt
	if reached.ext != nil {
		if err := json.Unmarshal(reached.doc.data[reached.ext.off:reached.ext.end], &x); err == nil {
			marked = true
			over = x.Override
		}
	}
	if target := aliasTarget(reached.value); target != "" {
		if id, ok := ids[target]; ok {
			return id, over, marked
		}
		return "", false, false
	}
	col, ok := im.color(reached)
	if !ok {
		return "", false, false
	}
	if marked {
		if src, err := colorref.ParseColor(x.Source); err == nil && src.Rounded() == col.Rounded() {
			return x.Source, over, marked
		}
	}
	return col.String(), over, marked
}

// build turns the resolutions into a catalog and themes.
func (im *importer) build(contexts []themeContext) *Imported {
	trees := make([][2]*tree, len(contexts))
	for i, tc := range contexts {
		for k := range 2 {
			trees[i][k] = im.merge(tc.sources[k])
			im.check(trees[i][k])
		}
	}
	if len(im.probs) > 0 {
		return nil
	}
	base := trees[0][0]
	// The components: the color.<id> tokens, or (in files not written by
	// this package) every color token outside its own groups.
	ids := map[string]string{}
	var compToks []string
	for _, name := range base.order {
		if strings.HasPrefix(name, "color.") && strings.Count(name, ".") == 1 {
			compToks = append(compToks, name)
			ids[name] = strings.TrimPrefix(name, "color.")
		}
	}
	if len(compToks) == 0 {
		for _, name := range base.order {
			if strings.HasPrefix(name, "themekit.") || strings.HasPrefix(name, "variable.") {
				continue
			}
			tk := base.toks[name]
			if typ := base.follow(name, func(string) bool { return false }).typ; tk.typ != "color" && typ != "color" {
				continue
			}
			compToks = append(compToks, name)
			ids[name] = strings.ToLower(strings.ReplaceAll(name, ".", "-"))
		}
	}
	out := &Imported{}
	for _, name := range compToks {
		tk := base.toks[name]
		id := ids[name]
		if err := colorref.CheckComponentID(id); err != nil {
			im.problem(tk.doc, tk.ptr, tk.node.off, ErrNotCatalog, "token %s cannot be a component: %v", name, err)
			continue
		}
		if tk.typ != "" && tk.typ != "color" {
			im.problem(tk.doc, tk.ptr, tk.node.off, ErrNotCatalog, "token %s is of type %q, not color", name, tk.typ)
			continue
		}
		comp := theming.Component{ID: id, Name: id}
		if d := tk.node.get("$description"); d != nil && d.kind == kString {
			comp.Name = d.str
		}
		var ce componentExt
		hasExt := tk.ext != nil && json.Unmarshal(tk.doc.data[tk.ext.off:tk.ext.end], &ce) == nil
		if hasExt {
			comp.Hidden, comp.ContrastAgainst = ce.Hidden, ce.ContrastAgainst
			comp.CanEditOpacity, comp.DefaultOpacity = ce.CanEditOpacity, ce.DefaultOpacity
			comp.Fallback = ce.Fallback
			comp.Variables = make([]theming.Variable, 0, len(ce.Variables))
			for _, cv := range ce.Variables {
				v := theming.Variable{CSSVariable: cv}
				if cv != ce.CSSVariable && len(cv) > 2 {
					if vt := base.toks["variable."+varToken(cv)]; vt != nil && vt.ext != nil {
						var ve variableExt
						if json.Unmarshal(vt.doc.data[vt.ext.off:vt.ext.end], &ve) == nil {
							v.Opacity, v.LightnessOffset, v.Lightness = ve.Opacity, ve.LightnessOffset, ve.Lightness
						}
					}
				}
				comp.Variables = append(comp.Variables, v)
			}
		} else {
			comp.Variables = []theming.Variable{{CSSVariable: "--" + id}}
			for k := range 2 {
				v, _, _ := im.valueOf(trees[0][k], name, ids)
				if k == 0 {
					comp.Fallback.Light = v
				} else {
					comp.Fallback.Dark = v
				}
			}
		}
		out.Catalog.Components = append(out.Catalog.Components, comp)
	}
	var ce catalogExt
	if x, ok := base.groups[""]; ok && x.unmarshal(&ce) == nil {
		out.Catalog.PageBackground, out.Catalog.PalettePreview = ce.PageBackground, ce.PalettePreview
	} else if len(out.Catalog.Components) > 0 {
		out.Catalog.PageBackground = out.Catalog.Components[0].ID
		for _, c := range out.Catalog.Components {
			if c.ID == "page-background" {
				out.Catalog.PageBackground = c.ID
			}
		}
	}
	if out.Catalog.PalettePreview == nil {
		out.Catalog.PalettePreview = []string{}
	}
	for i, tc := range contexts {
		th := theming.Theme{Name: tc.name}
		if n, err := strconv.Atoi(tc.name); err == nil && n > 0 {
			th.ID = n
		} else {
			th.ID = i + 1
		}
		if x, ok := trees[i][0].groups["themekit"]; ok {
			var te themeExt
			if x.unmarshal(&te) == nil {
				th = te.Theme
			}
		}
		if len(contexts) == 1 && th.Name == tc.name {
			th.IsDefault = true
		}
		th.Colors = map[string]theming.PerScheme{}
		for n, name := range compToks {
			if n >= len(out.Catalog.Components) {
				break
			}
			comp := &out.Catalog.Components[n]
			var ps theming.PerScheme
			for k, sc := range theming.Schemes() {
				v, over, marked := im.valueOf(trees[i][k], name, ids)
				if !marked {
					over = v != comp.Fallback.For(sc)
				}
				if over && k == 0 {
					ps.Light = v
				} else if over {
					ps.Dark = v
				}
			}
			if ps != (theming.PerScheme{}) {
				th.Colors[comp.ID] = ps
			}
		}
		out.Themes = append(out.Themes, th)
	}
	if len(im.probs) > 0 {
		return nil
	}
	return out
}

// unmarshal decodes the extension into v.
func (g groupExt) unmarshal(v any) error {
	return json.Unmarshal(g.doc.data[g.node.off:g.node.end], v)
}

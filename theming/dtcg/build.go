package dtcg

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// This file builds the project's catalog and themes from the merged
// resolutions: the mapping of tokens to components, variables, themes
// and overrides that the package documentation describes.

// plan is what the build resolves: the theme contexts, and the sources
// of a theme's resolution in a scheme.
type plan struct {
	themes  []string
	sources func(theme string, sc theming.Scheme, contrast string) []source
	// contrasts are the contexts of the contrast modifier besides
	// normal (more), whose routes the build checks too.
	contrasts []string
}

// builder builds one import's catalog and themes.
type builder struct {
	ours  bool // the files are an export of this package (edited, maybe)
	ps    *problems
	m     *merger
	cs    *colors
	exts  map[*strictjson.Value]any // extensions decoded, each once
	ids   map[string]string         // component token -> component id
	comps []string                  // the component tokens, in order
}

// trees merges and resolves a theme's two schemes in a contrast; nil
// after a problem.
func (b *builder) trees(p plan, theme, contrast string) *[2]*tree {
	var ts [2]*tree
	for k, sc := range theming.Schemes() {
		ts[k] = b.m.merge(p.sources(theme, sc, contrast))
		b.m.resolve(ts[k])
		for _, tk := range ts[k].order {
			if tk.literal == tk && tk.resolved == "color" {
				b.cs.color(tk)
			}
		}
		b.ignored(ts[k])
	}
	if b.ps.failed() {
		return nil
	}
	return &ts
}

// build turns the resolutions into a catalog and themes, one theme at a
// time, so that the merged trees of one theme are held at once.
func (b *builder) build(p plan) *Imported {
	base := b.trees(p, p.themes[0], Normal)
	if base == nil {
		return nil
	}
	b.components(base[0])
	b.ours = isExport(base[0])
	out := &Imported{Catalog: b.catalog(base)}
	for i, name := range p.themes {
		ts := base
		if i > 0 {
			if ts = b.trees(p, name, Normal); ts == nil {
				return nil
			}
		}
		out.Themes = append(out.Themes, b.theme(ts, &out.Catalog, name, i, len(p.themes)))
	}
	if b.ours {
		b.otherContrasts(p, &out.Catalog)
	}
	if b.ps.failed() {
		return nil
	}
	return out
}

// components finds the component tokens: the color.<id> tokens, or (in
// files not written by this package) every color token outside its own
// groups.
func (b *builder) components(t *tree) {
	b.ids = map[string]string{}
	for _, tk := range t.order {
		if strings.HasPrefix(tk.name, "color.") && strings.Count(tk.name, ".") == 1 {
			b.comps = append(b.comps, tk.name)
			b.ids[tk.name] = strings.TrimPrefix(tk.name, "color.")
		}
	}
	if len(b.comps) > 0 {
		return
	}
	for _, tk := range t.order {
		if strings.HasPrefix(tk.name, "themekit.") || strings.HasPrefix(tk.name, "variable.") {
			continue
		}
		if tk.typ != "color" && tk.resolved != "color" {
			continue
		}
		b.comps = append(b.comps, tk.name)
		b.ids[tk.name] = strings.ToLower(strings.ReplaceAll(tk.name, ".", "-"))
	}
}

func (b *builder) isComp(name string) bool { _, ok := b.ids[name]; return ok }

// catalog builds the catalog from the first theme's resolutions: each
// component from its token's extension, or, without one, from its values.
func (b *builder) catalog(base *[2]*tree) theming.Catalog {
	var cat theming.Catalog
	t := base[0]
	for _, name := range b.comps {
		tk := t.toks[name]
		id := b.ids[name]
		if err := colorref.CheckComponentID(id); err != nil {
			b.ps.add(tk.doc, tk.ptr(), tk.node.Off, ErrNotCatalog, "token %s cannot be a component: %v", name, err)
			continue
		}
		if tk.typ != "" && tk.typ != "color" {
			b.ps.add(tk.doc, tk.ptr(), tk.node.Off, ErrNotCatalog, "token %s is of type %q, not color", name, tk.typ)
			continue
		}
		comp := theming.Component{ID: id, Name: id}
		if d := tk.node.Get("$description"); d != nil && d.Kind == strictjson.String {
			comp.Name = d.Str
		}
		if ce, ok := decodeExt[componentExt](b, tk.doc, tk.ptr(), tk.ext); ok {
			b.fromExtension(&comp, ce, t)
		} else {
			comp.Variables = []theming.Variable{{CSSVariable: "--" + id}}
			for k, sc := range theming.Schemes() {
				v, _, _ := b.valueOf(base[k], name)
				comp.Fallback = comp.Fallback.With(sc, v)
			}
		}
		cat.Components = append(cat.Components, comp)
	}
	var ce catalogExt
	if x, ok := t.groups[""]; ok {
		ce, ok = decodeExt[catalogExt](b, x.doc, "", x.node)
		if ok {
			cat.PageBackground, cat.PalettePreview = ce.PageBackground, ce.PalettePreview
		}
	}
	if cat.PageBackground == "" && len(cat.Components) > 0 {
		cat.PageBackground = cat.Components[0].ID
		for _, c := range cat.Components {
			if c.ID == "page-background" {
				cat.PageBackground = c.ID
			}
		}
	}
	if cat.PalettePreview == nil {
		cat.PalettePreview = []string{}
	}
	return cat
}

// fromExtension fills a component from its token's extension: its
// definition, and the derivation of each derived variable from the
// variable's token.
func (b *builder) fromExtension(comp *theming.Component, ce componentExt, t *tree) {
	comp.Hidden, comp.ContrastAgainst = ce.Hidden, ce.ContrastAgainst
	comp.CanEditOpacity, comp.DefaultOpacity = ce.CanEditOpacity, ce.DefaultOpacity
	comp.Fallback = ce.Fallback
	comp.Variables = make([]theming.Variable, 0, len(ce.Variables))
	for _, cv := range ce.Variables {
		v := theming.Variable{CSSVariable: cv, Role: ce.Roles[cv]}
		if cv != ce.CSSVariable && len(cv) > 2 {
			if vt := t.toks["variable."+varToken(cv)]; vt != nil {
				if ve, ok := decodeExt[variableExt](b, vt.doc, vt.ptr(), vt.ext); ok {
					v.Opacity, v.LightnessOffset, v.Lightness = ve.Opacity, ve.LightnessOffset, ve.Lightness
					v.LightnessOffsetDark = ve.LightnessOffsetDark
				}
			}
		}
		comp.Variables = append(comp.Variables, v)
	}
}

// theme builds theme number i (of n) from its resolutions: its record
// from the theme file's extension, its overrides from the values.
func (b *builder) theme(ts *[2]*tree, cat *theming.Catalog, name string, i, n int) theming.Theme {
	th := theming.Theme{Name: name, ID: i + 1}
	if id, err := strconv.Atoi(name); err == nil && id > 0 {
		th.ID = id
	}
	if x, ok := ts[0].groups["themekit"]; ok {
		if te, ok := decodeExt[themeExt](b, x.doc, "/themekit", x.node); ok {
			th = te.Theme
		}
	}
	if n == 1 && th.Name == name {
		th.IsDefault = true
	}
	th.Colors = map[string]theming.PerScheme{}
	for s, sc := range theming.Schemes() {
		if b.ours {
			b.routes(ts[s], cat, sc, Normal, true)
			b.derivedEdits(ts[s], sc)
		}
		for k, name := range b.comps {
			if k >= len(cat.Components) {
				break
			}
			comp := &cat.Components[k]
			var v string
			var over bool
			if b.ours {
				v, over = b.edited(ts[s], name, comp.ID, sc, comp.Fallback.For(sc))
			} else {
				var marked bool
				v, over, marked = b.valueOf(ts[s], name)
				over = over || !marked && v != comp.Fallback.For(sc)
			}
			if over {
				th.SetOverride(comp.ID, sc, v)
			}
		}
	}
	return th
}

// otherContrasts checks, in the first theme's resolutions of each
// contrast besides normal, that every route is as exported: those
// contexts' values are the catalog's to derive, so an edit there cannot
// be imported.
func (b *builder) otherContrasts(p plan, cat *theming.Catalog) {
	for _, c := range p.contrasts {
		ts := b.trees(p, p.themes[0], c)
		if ts == nil {
			return
		}
		for s, sc := range theming.Schemes() {
			b.routes(ts[s], cat, sc, c, false)
		}
	}
}

// valueOf returns a component's value in one resolution as a catalog
// writes it: a component id, or an hsl() color (the source as written
// when its extension still matches the token), and whether the theme
// marked it as its own override (ok false when the token carries no mark).
func (b *builder) valueOf(t *tree, name string) (value string, over, marked bool) {
	start := t.toks[name]
	if start == nil {
		return "", false, false
	}
	reached := t.toComponent(start, b.isComp)
	if reached == nil {
		return "", false, false
	}
	x, marked := decodeExt[valueExt](b, reached.doc, reached.ptr(), reached.ext)
	over = x.Override
	if target := aliasTarget(reached.value); target != "" {
		return b.ids[target], over, marked
	}
	col, ok := b.cs.color(reached)
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

// schemaOf is the schema of each extension type, derived once.
var schemaOf sync.Map // reflect.Type -> *strictjson.Schema

// decodeExt decodes the extension x of a token or group (at pointer ptr
// of d) into a T, strictly, once however many resolutions reach it; a
// problem is reported, placed in d, and gives ok false. A nil x gives
// the zero T and false.
func decodeExt[T any](b *builder, d *doc, ptr string, x *strictjson.Value) (T, bool) {
	var zero T
	if x == nil {
		return zero, false
	}
	if v, ok := b.exts[x]; ok {
		t, ok := v.(T)
		return t, ok
	}
	typ := reflect.TypeFor[T]()
	s, _ := schemaOf.Load(typ)
	if s == nil {
		s, _ = schemaOf.LoadOrStore(typ, strictjson.SchemaOf(typ))
	}
	var v T
	res := strictjson.DecodeAt(d.data, x, &v, s.(*strictjson.Schema), strictjson.Limits{Depth: maxDepth, Problems: 10})
	for _, p := range res.Problems {
		b.ps.add(d, ptr+"/$extensions/"+Namespace, p.Offset, ErrStructure, "the %s extension: %s: %s", Namespace, p.Path, p.Msg)
	}
	if !res.OK || len(res.Problems) > 0 {
		b.exts[x] = nil
		return zero, false
	}
	b.exts[x] = v
	return v, true
}

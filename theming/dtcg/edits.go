package dtcg

import (
	"strings"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// This file reads a theme's values from an export of this package that a
// designer edited, so that no edit is lost: a changed value becomes the
// theme's override; an edit the catalog cannot hold (a high-contrast
// value, a derived variable, a token every theme routes through) is a
// problem at the token; what the import converts or leaves out (an alias
// to a derived variable, a token that is not a color) is a warning that
// names it.

// route is the designed chain of a token of the catalog set in one
// scheme, from color.<id> (or variable.<name>) to the theme's value
// token: the catalog's alias, the scheme file's, the contrast file's.
func route(group, name string, sc theming.Scheme, contrast string) [4]string {
	s := string(sc)
	return [4]string{group + "." + name, "themekit.selected." + group + "." + name,
		"themekit." + s + ".selected." + group + "." + name, "themekit." + s + "." + contrast + "." + group + "." + name}
}

// follow walks the route want in t. It returns the theme's value token
// and true, or the first token whose value leaves the route (an edit),
// the alias it should hold, and false; nil and false when the route is
// broken by a problem already reported (a missing token).
func follow(t *tree, want [4]string) (tk *tok, should string, onRoute bool) {
	for i := range 3 {
		tk := t.toks[want[i]]
		if tk == nil || tk.literal == nil {
			return nil, "", false
		}
		if aliasTarget(tk.value) != want[i+1] {
			return tk, "{" + want[i+1] + "}", false
		}
	}
	v := t.toks[want[3]]
	return v, "", v != nil
}

// offRoute reports a token that leaves a route every theme's values take
// (catalog, scheme and contrast files).
func (b *builder) offRoute(tk *tok, should, what string) {
	b.ps.add(tk.doc, tk.ptr()+"/$value", tk.value.Off, ErrNotCatalog,
		"%s routes %s and must stay %s: the catalog cannot hold it as it is; edit a theme's values in its theme file", tk.name, what, should)
}

// routes checks the routes of the derived variables (and, unless only
// variables, of the components) of cat in the resolution t.
func (b *builder) routes(t *tree, cat *theming.Catalog, sc theming.Scheme, contrast string, onlyVariables bool) {
	for i := range cat.Components {
		comp := &cat.Components[i]
		if !onlyVariables {
			if tk, should, ok := follow(t, route("color", comp.ID, sc, contrast)); !ok && tk != nil {
				b.offRoute(tk, should, "the "+contrast+" "+string(sc)+" value of color."+comp.ID)
			}
		}
		for _, v := range comp.Variables {
			if !v.Derived() {
				continue
			}
			if tk, should, ok := follow(t, route("variable", varToken(v.CSSVariable), sc, contrast)); !ok && tk != nil {
				b.offRoute(tk, should, "the "+contrast+" "+string(sc)+" value of the derived variable "+v.CSSVariable)
			}
		}
	}
}

// valueRead is what a token of a theme's value resolves to, as a catalog
// writes it.
type valueRead struct {
	value     string // a component id, or an hsl() color
	isID      bool
	col       colorref.Color
	flattened bool // an alias to a token that is no component, replaced by its value
}

// resolve returns what tk resolves to: the component its aliases name,
// or the color they end at; ok false after a problem.
func (b *builder) resolve(t *tree, tk *tok) (valueRead, bool) {
	reached := t.toComponent(tk, b.isComp)
	if reached == nil {
		return valueRead{}, false
	}
	if target := aliasTarget(reached.value); target != "" {
		return valueRead{value: b.ids[target], isID: true}, true
	}
	col, ok := b.cs.color(reached)
	if !ok {
		return valueRead{}, false
	}
	return valueRead{value: col.String(), col: col, flattened: reached != tk}, true
}

// matches reports whether r is the value source was exported from.
func (r valueRead) matches(source string) bool {
	if r.isID {
		return r.value == source
	}
	src, err := colorref.ParseColor(source)
	return err == nil && src.Rounded() == r.col.Rounded()
}

// edited returns the value of component id (its token name) in the
// resolution t of scheme sc from an export of this package: the theme's
// value token as exported, or as the designer changed it, then an
// override. An edit on the route to it in the theme's own file is the
// theme's too; one in a file every theme shares is a problem.
func (b *builder) edited(t *tree, name, id string, sc theming.Scheme, fallback string) (value string, over bool) {
	want := route("color", id, sc, Normal)
	v, should, onRoute := follow(t, want)
	if v == nil {
		return "", false
	}
	if own := t.toks[want[3]]; !onRoute && (own == nil || v.doc != own.doc) {
		b.offRoute(v, should, "every theme's "+string(sc)+" value of "+name)
		return "", false
	}
	r, ok := b.resolve(t, v)
	if !ok {
		return "", false
	}
	if r.flattened {
		b.ps.add(v.doc, v.ptr()+"/$value", v.value.Off, ErrConverted,
			"%s aliases %s, which is no component: a theme's color names a component or is a color, so it takes its value, %s",
			v.name, v.value.Str, r.value)
	}
	if !onRoute {
		return r.value, true // a token of the theme's own file on the route: its edit
	}
	x, marked := decodeExt[valueExt](b, v.doc, v.ptr(), v.ext)
	switch {
	case !marked:
		return r.value, r.value != fallback
	case r.matches(x.Source):
		return x.Source, x.Override
	}
	return r.value, true // an edit: the theme's own value now
}

// derivedEdits reports, in the resolution t of scheme sc, the values the
// catalog derives that a designer changed: the high-contrast values and
// the derived variables of the theme, each compared with the value its
// extension says it was exported as.
func (b *builder) derivedEdits(t *tree, sc theming.Scheme) {
	prefix := "themekit." + string(sc) + "."
	for _, tk := range t.order {
		rest, ok := strings.CutPrefix(tk.name, prefix)
		if !ok || tk.ext == nil || strings.HasPrefix(rest, "selected.") || strings.HasPrefix(rest, Normal+".color.") {
			continue
		}
		x, marked := decodeExt[valueExt](b, tk.doc, tk.ptr(), tk.ext)
		if !marked {
			continue
		}
		r, ok := b.resolve(t, tk)
		if !ok || r.matches(x.Source) {
			continue
		}
		if strings.HasPrefix(rest, More+".color.") {
			id := strings.TrimPrefix(rest, More+".color.")
			b.ps.add(tk.doc, tk.ptr()+"/$value", tk.value.Off, ErrNotCatalog,
				"%s is the high-contrast variant's value (exported as %s, now %s), which the stylesheet derives from the theme: it cannot be imported; edit %s instead",
				tk.name, x.Source, r.value, prefix+Normal+".color."+id)
			continue
		}
		b.ps.add(tk.doc, tk.ptr()+"/$value", tk.value.Off, ErrNotCatalog,
			"%s is a derived variable (exported as %s, now %s), which the catalog works out from its component: it cannot be imported; edit the component's color instead",
			tk.name, x.Source, r.value)
	}
}

// ignored warns of each token of t that is no color: a catalog holds
// colors only, so the import leaves it out.
func (b *builder) ignored(t *tree) {
	for _, tk := range t.order {
		if tk.literal != nil && tk.resolved != "" && tk.resolved != "color" {
			b.ps.add(tk.doc, tk.ptr(), tk.node.Off, ErrIgnored, "%s token %s is not imported: a catalog holds colors only", tk.resolved, tk.name)
		}
	}
}

// isExport reports whether the catalog set is one this package wrote:
// its root carries the catalog's extension.
func isExport(t *tree) bool {
	x, ok := t.groups[""]
	return ok && x.node != nil && x.node.Kind == strictjson.Object
}

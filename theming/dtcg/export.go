package dtcg

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/orderedjson"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// The names of the files Export writes, and the extension namespace.
const (
	// ResolverFile is the resolver document: the entry point for tools.
	ResolverFile = "themes.resolver.json"
	// CatalogFile is the set of the catalog's tokens, the same in every
	// context.
	CatalogFile = "catalog.tokens.json"
	// Namespace is the key of this library's data under $extensions.
	Namespace = "dev.themekit"
	// ResolverSchema and FormatSchema are the official schemas' URLs,
	// written as the documents' $schema.
	ResolverSchema = "https://www.designtokens.org/schemas/2025.10/resolver.json"
	FormatSchema   = "https://www.designtokens.org/schemas/2025.10/format.json"
)

// The contexts of the contrast modifier.
const (
	Normal = "normal" // the theme as designed
	More   = "more"   // the theme's high-contrast variant
)

// contrasts lists the contexts of the contrast modifier in the order they
// are written.
func contrasts() [2]string { return [2]string{Normal, More} }

// themeFile returns the name of the token file of the theme with id id.
func themeFile(id int) string { return "theme-" + strconv.Itoa(id) + ".tokens.json" }

// schemeFile returns the name of the token file of the scheme context sc.
func schemeFile(sc theming.Scheme) string { return "scheme-" + string(sc) + ".tokens.json" }

// contrastFile returns the name of the token file of the contrast context c.
func contrastFile(c string) string { return "contrast-" + c + ".tokens.json" }

// File is one file of an export: its name (a plain file name, relative to
// the resolver document) and its content.
type File struct {
	Name string
	Data []byte
}

// ExportOptions tune [Export].
type ExportOptions struct {
	// Variant returns a theme's high-contrast variant, which the contrast
	// modifier's "more" context carries. Nil means the variant the
	// stylesheet serves under prefers-contrast: more, Engine's
	// ([fix.Engine.HighContrast]).
	Variant func(theming.Theme) (theming.Theme, error)
	// Engine is the contrast engine of the data's catalog whose variants
	// the "more" context carries when Variant is nil: a host that serves
	// the stylesheet passes the engine it renders it with (httpadapter's
	// Adapter.Engine), so that each variant is worked out once. Nil means
	// a new engine of the catalog.
	Engine *fix.Engine
}

// componentExt is a color.<id> token's $extensions[Namespace]: the
// component's definition beyond its name ($description) and its colors.
type componentExt struct {
	CSSVariable     string                   `json:"css_variable,omitempty"`
	Hidden          bool                     `json:"hidden,omitempty"`
	Fallback        theming.PerScheme        `json:"fallback"`
	Variables       []string                 `json:"variables"`
	Roles           map[string]theming.Role  `json:"roles,omitempty"` // each variable's role, where it has one
	ContrastAgainst []theming.ContrastTarget `json:"contrast_against,omitempty"`
	CanEditOpacity  *bool                    `json:"can_edit_opacity,omitempty"`
	DefaultOpacity  *float64                 `json:"default_opacity,omitempty"`
}

// variableExt is a variable.<name> token's $extensions[Namespace]: the
// CSS variable, its component and its derivation.
type variableExt struct {
	CSSVariable     string   `json:"css_variable"`
	Component       string   `json:"component"`
	Hidden          bool     `json:"hidden,omitempty"`
	Opacity         *float64 `json:"opacity,omitempty"`
	LightnessOffset *float64 `json:"lightness_offset,omitempty"`
	Lightness       *float64 `json:"lightness,omitempty"`
	// LightnessOffsetDark is the dark scheme's offset, where the catalog
	// gives one of its own (theming.Variable.LightnessOffsetDark).
	LightnessOffsetDark *float64 `json:"lightness_offset_dark,omitempty"`
}

// valueExt is a theme value's $extensions[Namespace]: the value exactly
// as the catalog or the theme (or, for the "more" contrast, its
// high-contrast variant) wrote it, and whether the theme did; for a
// derived variable, the color it was exported as. A token whose value no
// longer matches its source was edited.
type valueExt struct {
	Source   string `json:"source"`
	Override bool   `json:"override,omitempty"`
}

// catalogExt is the catalog file's root $extensions[Namespace].
type catalogExt struct {
	PageBackground string   `json:"page_background"`
	PalettePreview []string `json:"palette_preview"`
}

// themeExt is a theme file's themekit group's $extensions[Namespace]:
// the theme record, its colors left to the tokens.
type themeExt struct {
	Theme theming.Theme `json:"theme"`
}

func ext(v any) *orderedjson.Object { return new(orderedjson.Object).Set(Namespace, v) }

// plainVariable returns the index of the first variable of comp that
// carries the component's color unchanged, or -1: that variable's name is
// the color.<id> token's css_variable.
func plainVariable(comp *theming.Component) int {
	return slices.IndexFunc(comp.Variables, func(v theming.Variable) bool { return !v.Derived() })
}

// varToken is the token name of a CSS variable in the variable group.
func varToken(cssVariable string) string { return cssVariable[2:] }

// colorValue is a color as a Color-module object: hsl with the numbers of
// its canonical form, the one the stylesheet prints; alpha always written.
func colorValue(c colorref.Color) *orderedjson.Object {
	h, s, l, a := c.Rounded().HSLA()
	return new(orderedjson.Object).Set("colorSpace", "hsl").Set("components", []float64{h, s, l}).Set("alpha", a)
}

func token(value any, description string, extension any) *orderedjson.Object {
	t := new(orderedjson.Object)
	if description != "" {
		t.Set("$description", description)
	}
	t.Set("$type", "color").Set("$value", value)
	if extension != nil {
		t.Set("$extensions", ext(extension))
	}
	return t
}

func alias(path string) string { return "{" + path + "}" }

// Export writes cat and its themes as DTCG 2025.10 files: the resolver
// document [ResolverFile] first, then the token files it references (see
// the package documentation for the layout). It validates the data as
// [theming.CompiledCatalog.Snapshot] does and returns its error; with no
// themes it returns an error wrapping [theming.ErrNoThemes].
func Export(cat theming.Catalog, themes []theming.Theme, opt ExportOptions) ([]File, error) {
	cc, err := theming.CompileCatalog(cat)
	if err != nil {
		return nil, err
	}
	snap, err := cc.Snapshot(themes)
	if err != nil {
		return nil, err
	}
	return export(cat, snap, opt)
}

// export writes cat, the catalog of snap, and snap's themes.
func export(cat theming.Catalog, snap *theming.Snapshot, opt ExportOptions) ([]File, error) {
	rts := snap.Themes()
	if len(rts) == 0 {
		return nil, fmt.Errorf("dtcg: nothing to export: %w", theming.ErrNoThemes)
	}
	// Resolution of every component, hidden ones included: the same
	// catalog with none hidden, which only lifts the rule that visible
	// definitions may not refer to hidden ones.
	all := cloneCatalog(cat)
	for i := range all.Components {
		all.Components[i].Hidden = false
	}
	ccAll, err := theming.CompileCatalog(all)
	if err != nil {
		return nil, fmt.Errorf("dtcg: resolving hidden components: %w", err)
	}
	e := exporter{cat: &cat, ccAll: ccAll}
	var files []File
	add := func(name string, doc any) error {
		b, err := orderedjson.Marshal(doc)
		if err != nil {
			return err
		}
		files = append(files, File{Name: name, Data: b})
		return nil
	}
	chosen, err := snap.ChooseTheme(0)
	if err != nil {
		return nil, err
	}
	if err := add(ResolverFile, e.resolver(rts, chosen.ID())); err != nil {
		return nil, err
	}
	if err := add(CatalogFile, e.catalogSet()); err != nil {
		return nil, err
	}
	variant := func(rt *theming.ResolvedTheme, t theming.Theme) (theming.Theme, error) { return opt.Variant(t) }
	if opt.Variant == nil {
		eng := opt.Engine
		if eng == nil {
			eng = fix.New(snap.CompiledCatalog())
		}
		variant = func(rt *theming.ResolvedTheme, _ theming.Theme) (theming.Theme, error) {
			return eng.HighContrast(rt).Theme.Theme(), nil
		}
	}
	for _, rt := range rts {
		doc, err := e.themeSet(rt, variant)
		if err != nil {
			return nil, err
		}
		if err := add(themeFile(rt.ID()), doc); err != nil {
			return nil, err
		}
	}
	for _, sc := range theming.Schemes() {
		if err := add(schemeFile(sc), e.schemeSet(sc)); err != nil {
			return nil, err
		}
	}
	for _, c := range contrasts() {
		if err := add(contrastFile(c), e.contrastSet(c)); err != nil {
			return nil, err
		}
	}
	return files, nil
}

type exporter struct {
	cat   *theming.Catalog
	ccAll *theming.CompiledCatalog
}

func ref(name string) *orderedjson.Object { return new(orderedjson.Object).Set("$ref", name) }

func (e *exporter) resolver(rts []*theming.ResolvedTheme, def int) *orderedjson.Object {
	sets := new(orderedjson.Object).Set("catalog", new(orderedjson.Object).
		Set("description", "The catalog's components and CSS variables: each token an alias that the theme, scheme and contrast files resolve.").
		Set("sources", []any{ref(CatalogFile)}))
	mods := new(orderedjson.Object)
	order := []any{ref("#/sets/catalog")}
	if len(rts) == 1 {
		sets.Set("theme", new(orderedjson.Object).
			Set("description", "Theme "+strconv.Itoa(rts[0].ID())+": "+rts[0].Name()).
			Set("sources", []any{ref(themeFile(rts[0].ID()))}))
		order = append(order, ref("#/sets/theme"))
	} else {
		ctx := new(orderedjson.Object)
		for _, rt := range rts {
			ctx.Set(strconv.Itoa(rt.ID()), []any{ref(themeFile(rt.ID()))})
		}
		mods.Set("theme", new(orderedjson.Object).
			Set("description", "The theme, by id: each context holds the theme's values in every scheme and contrast.").
			Set("contexts", ctx).Set("default", strconv.Itoa(def)))
		order = append(order, ref("#/modifiers/theme"))
	}
	sch := new(orderedjson.Object)
	for _, sc := range theming.Schemes() {
		sch.Set(string(sc), []any{ref(schemeFile(sc))})
	}
	mods.Set("scheme", new(orderedjson.Object).
		Set("description", "The color scheme: selects the scheme's values by alias.").
		Set("contexts", sch).Set("default", string(theming.Light)))
	con := new(orderedjson.Object)
	for _, c := range contrasts() {
		con.Set(c, []any{ref(contrastFile(c))})
	}
	mods.Set("contrast", new(orderedjson.Object).
		Set("description", "The contrast preference: normal is the theme as designed, more its high-contrast variant.").
		Set("contexts", con).Set("default", Normal))
	order = append(order, ref("#/modifiers/scheme"), ref("#/modifiers/contrast"))
	return new(orderedjson.Object).
		Set("$schema", ResolverSchema).
		Set("name", "themekit themes").
		Set("version", "2025.10").
		Set("description", "A themekit catalog and its themes: one token per component (color.<component_id>) and per derived CSS variable (variable.<name>).").
		Set("sets", sets).Set("modifiers", mods).Set("resolutionOrder", order)
}

// catalogSet is the catalog file: color.<id> and variable.<name> tokens,
// each an alias into themekit.selected, which the scheme files define.
func (e *exporter) catalogSet() *orderedjson.Object {
	colors, vars := new(orderedjson.Object), new(orderedjson.Object)
	for i := range e.cat.Components {
		comp := &e.cat.Components[i]
		ce := componentExt{
			Hidden:          comp.Hidden,
			Fallback:        comp.Fallback,
			Variables:       make([]string, len(comp.Variables)),
			ContrastAgainst: comp.ContrastAgainst,
			CanEditOpacity:  comp.CanEditOpacity,
			DefaultOpacity:  comp.DefaultOpacity,
		}
		plain := plainVariable(comp)
		for k, v := range comp.Variables {
			ce.Variables[k] = v.CSSVariable
			if v.Role != theming.RoleContent {
				if ce.Roles == nil {
					ce.Roles = map[string]theming.Role{}
				}
				ce.Roles[v.CSSVariable] = v.Role
			}
			switch {
			case k == plain:
				ce.CSSVariable = v.CSSVariable
			case v.Derived():
				vars.Set(varToken(v.CSSVariable), token(alias("themekit.selected.variable."+varToken(v.CSSVariable)), "",
					variableExt{CSSVariable: v.CSSVariable, Component: comp.ID, Hidden: comp.Hidden,
						Opacity: v.Opacity, LightnessOffset: v.LightnessOffset, Lightness: v.Lightness, LightnessOffsetDark: v.LightnessOffsetDark}))
			default: // a second plain variable: the component's color
				vars.Set(varToken(v.CSSVariable), token(alias("color."+comp.ID), "",
					variableExt{CSSVariable: v.CSSVariable, Component: comp.ID, Hidden: comp.Hidden}))
			}
		}
		colors.Set(comp.ID, token(alias("themekit.selected.color."+comp.ID), comp.Name, ce))
	}
	pp := e.cat.PalettePreview
	if pp == nil {
		pp = []string{}
	}
	doc := new(orderedjson.Object).Set("$schema", FormatSchema).
		Set("$description", "The themekit catalog: resolve with themes.resolver.json, or read with one theme file, one scheme file and one contrast file.").
		Set("$extensions", ext(catalogExt{PageBackground: e.cat.PageBackground, PalettePreview: pp})).
		Set("color", colors)
	if vars.Len() > 0 {
		doc.Set("variable", vars)
	}
	return doc
}

// schemeSet defines themekit.selected.* as the scheme's selection.
func (e *exporter) schemeSet(sc theming.Scheme) *orderedjson.Object {
	colors, vars := new(orderedjson.Object), new(orderedjson.Object)
	e.each(func(group, name string) {
		dst := colors
		if group == "variable" {
			dst = vars
		}
		dst.Set(name, token(alias("themekit."+string(sc)+".selected."+group+"."+name), "", nil))
	})
	sel := new(orderedjson.Object).Set("color", colors)
	if vars.Len() > 0 {
		sel.Set("variable", vars)
	}
	return new(orderedjson.Object).Set("$schema", FormatSchema).
		Set("themekit", new(orderedjson.Object).Set("selected", sel))
}

// contrastSet defines themekit.<scheme>.selected.* as the contrast's
// values in each scheme.
func (e *exporter) contrastSet(c string) *orderedjson.Object {
	tk := new(orderedjson.Object)
	for _, sc := range theming.Schemes() {
		colors, vars := new(orderedjson.Object), new(orderedjson.Object)
		e.each(func(group, name string) {
			dst := colors
			if group == "variable" {
				dst = vars
			}
			dst.Set(name, token(alias("themekit."+string(sc)+"."+c+"."+group+"."+name), "", nil))
		})
		sel := new(orderedjson.Object).Set("color", colors)
		if vars.Len() > 0 {
			sel.Set("variable", vars)
		}
		tk.Set(string(sc), new(orderedjson.Object).Set("selected", sel))
	}
	return new(orderedjson.Object).Set("$schema", FormatSchema).Set("themekit", tk)
}

// each calls f for every color token and every derived variable token, in
// catalog order.
func (e *exporter) each(f func(group, name string)) {
	for i := range e.cat.Components {
		f("color", e.cat.Components[i].ID)
	}
	for i := range e.cat.Components {
		for _, v := range e.cat.Components[i].Variables {
			if v.Derived() {
				f("variable", varToken(v.CSSVariable))
			}
		}
	}
}

// themeSet is a theme's file: themekit.<scheme>.<contrast>.color.<id>
// and .variable.<name>, the values themselves, each with the value it
// was exported from in its extension, so that an import sees an edit.
func (e *exporter) themeSet(rt *theming.ResolvedTheme, variant func(*theming.ResolvedTheme, theming.Theme) (theming.Theme, error)) (*orderedjson.Object, error) {
	t := rt.Theme()
	vt, err := variant(rt, t)
	if err != nil {
		return nil, fmt.Errorf("dtcg: theme %d: high-contrast variant: %w", t.ID, err)
	}
	tk := new(orderedjson.Object).Set("$description", "Theme "+strconv.Itoa(t.ID)+": "+t.Name)
	rec := t
	rec.Colors = map[string]theming.PerScheme{}
	tk.Set("$extensions", ext(themeExt{Theme: rec}))
	var byContrast [2]*theming.ResolvedTheme
	for k, th := range [2]theming.Theme{t, vt} {
		s, err := e.ccAll.Snapshot([]theming.Theme{th})
		if err != nil {
			return nil, fmt.Errorf("dtcg: theme %d: %w", t.ID, err)
		}
		byContrast[k], _ = s.Theme(th.ID)
		if byContrast[k] == nil {
			return nil, fmt.Errorf("dtcg: theme %d: the variant changed the theme's id to %d", t.ID, th.ID)
		}
	}
	for _, sc := range theming.Schemes() {
		per := new(orderedjson.Object)
		for k, c := range contrasts() {
			per.Set(c, e.values(byContrast[k], sc))
		}
		tk.Set(string(sc), per)
	}
	return new(orderedjson.Object).Set("$schema", FormatSchema).Set("themekit", tk), nil
}

// values is the group of one theme's values in one scheme: a token per
// component (an alias when the theme or the catalog names another
// component) and per derived variable, each with its source.
func (e *exporter) values(rt *theming.ResolvedTheme, sc theming.Scheme) *orderedjson.Object {
	th := rt.Theme()
	colors, vars := new(orderedjson.Object), new(orderedjson.Object)
	for i := range e.cat.Components {
		comp := &e.cat.Components[i]
		src, over := th.Colors[comp.ID].For(sc), true
		if src == "" {
			src, over = comp.Fallback.For(sc), false
		}
		var value any
		if r, err := colorref.ParseRef(src); err == nil && r.Kind() == colorref.KindComponent {
			value = alias("color." + r.Name())
		} else {
			col, _ := rt.Color(sc, comp.ID)
			value = colorValue(col)
		}
		colors.Set(comp.ID, token(value, "", valueExt{Source: src, Override: over}))
		for _, v := range comp.Variables {
			if v.Derived() {
				val, _ := rt.Variable(sc, v.CSSVariable)
				vars.Set(varToken(v.CSSVariable), token(colorValue(val), "", valueExt{Source: val.String()}))
			}
		}
	}
	g := new(orderedjson.Object).Set("color", colors)
	if vars.Len() > 0 {
		g.Set("variable", vars)
	}
	return g
}

// cloneCatalog returns a copy of cat whose component slice is its own.
func cloneCatalog(cat theming.Catalog) theming.Catalog {
	cat.Components = slices.Clone(cat.Components)
	return cat
}

// ExportSnapshot is [Export] of the data a snapshot was built from: its
// compiled catalog's [theming.CompiledCatalog.Catalog] and its themes,
// whose high-contrast variants it shares with the snapshot's
// stylesheets. A host exports once per snapshot and keeps the files.
func ExportSnapshot(s *theming.Snapshot, opt ExportOptions) ([]File, error) {
	cc := s.CompiledCatalog()
	if cc == nil {
		return nil, theming.ErrNoCatalog
	}
	return export(cc.Catalog(), s, opt)
}

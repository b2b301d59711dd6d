package theming

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/kernel"
)

// ErrNoCatalog is returned by the methods of a CompiledCatalog that holds
// no catalog: the zero value, or nil. Use [CompileCatalog].
var ErrNoCatalog = errors.New("theming: no compiled catalog")

// CompiledCatalog is a validated catalog with everything that depends only
// on it worked out once: its indexes, every component's fallback resolved
// in both schemes, the derived variables and palette preview of a theme
// that overrides nothing, the contrast rules, and the encoded component
// definitions. Any number of snapshots are built from one CompiledCatalog
// (one per tenant of a multi-tenant host, or one per version of a host's
// themes) and share all of it.
//
// A CompiledCatalog never changes and is safe for concurrent use. The zero
// value holds no catalog: its Snapshot, SnapshotLenient and CheckTheme
// return errors wrapping [ErrNoCatalog].
type CompiledCatalog struct {
	cat       Catalog           // a private copy; Variables is never nil
	byID      map[string]int    // component id -> index in cat.Components
	k         kernel.Catalog    // the fallbacks, the page background, the contrast rules, the theme fields' names
	palette   []int             // indices of the palette_preview components
	visible   []int             // indices of the visible components, in catalog order
	vars      []Variable        // the visible components' variables, in catalog order (components: k.VarComp)
	varByName map[string]int    // variable name -> index in vars
	base      kernel.Resolution // the colors of a theme that overrides nothing
	defsJSON  []byte            // the served catalog

	digestOnce sync.Once
	digest     [sha256.Size]byte // of the catalog as Go values, for Snapshot.Version
}

// varLoc locates a CSS variable: component index and variable index.
type varLoc struct{ comp, v int }

// CompileCatalog validates cat and compiles it. If anything is wrong it
// returns nil and a *ValidationError listing every problem, each with its
// path in the Catalog ("components[2].fallback.dark") and, where one
// applies, its ComponentID and Scheme. A catalog of more than
// [MaxComponents] components is refused at once with one problem at
// "components" wrapping [ErrTooLarge].
//
// The compiled catalog keeps its own copy of cat: the caller may change or
// reuse cat afterwards.
func CompileCatalog(cat Catalog) (*CompiledCatalog, error) {
	if p := componentCountProblem(len(cat.Components)); p != nil {
		return nil, &ValidationError{Problems: []*Problem{p}} // refused before anything is copied
	}
	ps := &problems{}
	c := compile(cloneCatalog(cat), ps)
	if ps.len() > 0 {
		return nil, &ValidationError{Problems: ps.result()}
	}
	if err := c.assemble(); err != nil {
		return nil, err // never a half-built catalog
	}
	return c, nil
}

// cloneCatalog copies cat so that it shares no memory with the caller's.
func cloneCatalog(cat Catalog) Catalog {
	cat.PalettePreview = slices.Clone(cat.PalettePreview)
	cat.Components = slices.Clone(cat.Components)
	for i := range cat.Components {
		cat.Components[i] = cat.Components[i].clone()
	}
	return cat
}

// clone returns a copy of c that shares no memory with it (strings
// aside).
func (c Component) clone() Component {
	c.Variables = slices.Clone(c.Variables)
	for k := range c.Variables {
		v := &c.Variables[k]
		v.Opacity, v.LightnessOffset, v.Lightness = clonePtr(v.Opacity), clonePtr(v.LightnessOffset), clonePtr(v.Lightness)
		v.LightnessOffsetDark = clonePtr(v.LightnessOffsetDark)
	}
	c.ContrastAgainst = slices.Clone(c.ContrastAgainst)
	c.CanEditOpacity, c.DefaultOpacity = clonePtr(c.CanEditOpacity), clonePtr(c.DefaultOpacity)
	return c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// compile checks cat, which it takes ownership of, and indexes it,
// reporting every problem to ps. The result is usable for checking
// themes even when there are problems; it is complete (assemble may run)
// only when there are none.
func compile(cat Catalog, ps *problems) *CompiledCatalog {
	// In Go values a nil slice is an empty one; keep one form, so that the
	// same data gives the same Version however it came in.
	if cat.PalettePreview == nil {
		cat.PalettePreview = []string{}
	}
	if cat.Components == nil {
		cat.Components = []Component{}
	}
	c := &CompiledCatalog{cat: cat, byID: make(map[string]int, len(cat.Components)), k: kernel.Catalog{PageBG: -1}}
	sp := scope{ps: ps}
	parsed := c.checkFields(sp)
	allVars := c.index(sp)
	for k, s := range Schemes() {
		c.compileFallbacks(sp, k, s, parsed[k])
	}
	c.compileRules(sp, allVars)
	c.k.PageBG = c.reportVisibleRef(cat.PageBackground, sp, "page_background")
	c.palette = make([]int, len(cat.PalettePreview))
	for k, id := range cat.PalettePreview {
		c.palette[k] = c.reportVisibleRef(id, sp.at("palette_preview", k), "")
	}
	if ps.len() == 0 {
		for k, s := range Schemes() {
			c.checkOpaquePage(sp, "page_background", s, c.base.Colors[k])
		}
	}
	return c
}

// checkFields checks the field rules of every component, the page
// background's id and the palette preview's, and returns each
// component's fallbacks, parsed once, per scheme.
func (c *CompiledCatalog) checkFields(sp scope) (parsed [2][]colorref.Ref) {
	comps := c.cat.Components
	parsed[0] = make([]colorref.Ref, len(comps))
	parsed[1] = make([]colorref.Ref, len(comps))
	for i := range comps {
		checkComponentFields(&comps[i], i, sp, &parsed)
	}
	checkID(sp, "page_background", "", c.cat.PageBackground)
	for k, id := range c.cat.PalettePreview {
		if msg := componentIDProblem(id); msg != "" {
			sp.at("palette_preview", k).add("", "", "", ErrInvalid, msg)
		}
	}
	return parsed
}

// index indexes the components by id and the CSS variables by name,
// reporting duplicates, and returns the variables' places.
func (c *CompiledCatalog) index(sp scope) map[string]varLoc {
	comps := c.cat.Components
	for i, comp := range comps {
		if first, dup := c.byID[comp.ID]; dup {
			sp.add(fmt.Sprintf("components[%d].component_id", i), comp.ID, "", ErrDuplicate,
				fmt.Sprintf("duplicate component id %q (first at components[%d])", comp.ID, first))
			continue
		}
		c.byID[comp.ID] = i
	}
	allVars := make(map[string]varLoc, len(comps))
	for i, comp := range comps {
		for k, v := range comp.Variables {
			if first, dup := allVars[v.CSSVariable]; dup {
				sp.add(fmt.Sprintf("components[%d].variables[%d].css_variable", i, k), comp.ID, "", ErrDuplicate,
					fmt.Sprintf("duplicate CSS variable %q (first at components[%d].variables[%d])", v.CSSVariable, first.comp, first.v))
				continue
			}
			allVars[v.CSSVariable] = varLoc{i, k}
		}
	}
	return allVars
}

// compileFallbacks looks up every component's fallback in scheme s (index
// k) and resolves the catalog's own colors in it, reporting references
// the catalog may not make and cycles.
func (c *CompiledCatalog) compileFallbacks(sp scope, k int, s Scheme, parsed []colorref.Ref) {
	comps := c.cat.Components
	refs := make([]kernel.Ref, len(comps))
	rel := "fallback." + string(s)
	for i, comp := range comps {
		path := func() string { return sp.at("components", i).path(rel) }
		var p *refProblem
		if refs[i], p = c.refOf(parsed[i], !comp.Hidden); p != nil {
			sp.add(path(), comp.ID, s, p.err, p.msg)
		}
		if refs[i].Comp == i {
			sp.add(path(), comp.ID, s, ErrCycle, fmt.Sprintf("component %q falls back to itself", comp.ID))
			refs[i].Comp = kernel.RefNone
		}
	}
	c.k.Fallback[k] = refs
	var cycles [][]int
	c.base.Colors[k], c.base.Srcs[k], cycles = kernel.Resolve(refs)
	for _, cyc := range cycles {
		first := slices.Min(cyc)
		sp.add(fmt.Sprintf("components[%d].fallback.%s", first, s), comps[first].ID, s, ErrCycle,
			fmt.Sprintf("fallback cycle in %s scheme: %s", s, cyclePath(&c.cat, cyc)))
	}
}

// checkOpaquePage reports, at rel, a page background that resolves to a
// translucent color in scheme sc: the one rule that the page background
// is opaque, for the catalog's own colors and for each theme's.
func (c *CompiledCatalog) checkOpaquePage(sp scope, rel string, sc Scheme, colors []colorref.Color) {
	if bg := colors[c.k.PageBG]; !bg.Opaque() {
		sp.add(rel, c.cat.PageBackground, sc, ErrInvalid,
			fmt.Sprintf("the page background %q resolves to %s in %s scheme; it must be opaque", c.cat.PageBackground, bg, sc))
	}
}

// checkComponentFields checks the field rules of component i, keeping its
// parsed fallbacks in parsed.
func checkComponentFields(comp *Component, i int, sp scope, parsed *[2][]colorref.Ref) {
	sp = sp.at("components", i)
	id := comp.ID
	checkID(sp, "component_id", id, id)
	checkName(sp, "name", id, comp.Name)
	for k, s := range Schemes() {
		rel := "fallback." + string(s)
		if v := comp.Fallback.For(s); checkRequired(sp, rel, id, v) {
			parsed[k][i] = parseColorOrID(sp, func() string { return rel }, id, s, v)
		}
	}
	if comp.Variables == nil {
		comp.Variables = []Variable{} // a nil slice means none; the served catalog writes []
	}
	for k, v := range comp.Variables {
		vsp := sp.at("variables", k)
		if checkRequired(vsp, "css_variable", id, v.CSSVariable) {
			if err := colorref.CheckVariable(v.CSSVariable); err != nil {
				vsp.add("css_variable", id, "", ErrInvalid, describeErr(v.CSSVariable, `is not a CSS variable name ("--" and ASCII letters, digits, "-", "_")`, err))
			}
		}
		checkRange(vsp, "opacity", id, v.Opacity, 0, 1)
		checkRange(vsp, "lightness_offset", id, v.LightnessOffset, -100, 100)
		checkRange(vsp, "lightness_offset_dark", id, v.LightnessOffsetDark, -100, 100)
		checkRange(vsp, "lightness", id, v.Lightness, 0, 100)
		if v.Role != RoleContent {
			checkOneOf(vsp, "role", id, string(v.Role), string(RoleDecoration), string(RoleDisabled), string(RoleSurface))
		}
	}
	for k, t := range comp.ContrastAgainst {
		tsp := sp.at("contrast_against", k)
		if checkRequired(tsp, "type", id, string(t.Type)) {
			checkOneOf(tsp, "type", id, string(t.Type), string(TargetComponent), string(TargetVariable), string(TargetHSL))
		}
		checkRequired(tsp, "value", id, t.Value)
		if checkRequired(tsp, "contrast_type", id, string(t.ContrastType)) {
			checkOneOf(tsp, "contrast_type", id, string(t.ContrastType), string(contrast.Text), string(contrast.NonText))
		}
	}
	switch {
	case comp.CanEditOpacity != nil && comp.DefaultOpacity == nil:
		sp.add("default_opacity", id, "", ErrInvalid, "can_edit_opacity and default_opacity go together: default_opacity is missing")
	case comp.CanEditOpacity == nil && comp.DefaultOpacity != nil:
		sp.add("can_edit_opacity", id, "", ErrInvalid, "can_edit_opacity and default_opacity go together: can_edit_opacity is missing")
	}
	checkRange(sp, "default_opacity", id, comp.DefaultOpacity, 0, 1)
}

// refProblem is a reference to a component that a definition may not
// make: the sentinel it wraps and its message.
type refProblem struct {
	err error
	msg string
}

// reference returns the index of the component id, as a definition that
// is visible (or hidden) names it: the one rule of references to
// components. A visible definition (a visible component's fallback or
// contrast target, the page background, the palette preview, a theme's
// override) may name only visible components, so that the served catalog
// is self-contained; a hidden one may name any. An id the catalog does not
// define, or a hidden component named from a visible definition, gives
// -1 and the problem.
func (c *CompiledCatalog) reference(id string, fromVisible bool) (int, *refProblem) {
	j, ok := c.byID[id]
	if !ok {
		return -1, &refProblem{ErrUnknownComponent, "unknown component " + strconv.Quote(id)}
	}
	if p := c.hiddenRef(j, fromVisible, ""); p != nil {
		return -1, p
	}
	return j, nil
}

// hiddenRef is reference's rule for component j once found, reached
// directly or, when via names one, through one of its CSS variables: the
// problem when a visible definition names it and it is hidden, else nil.
func (c *CompiledCatalog) hiddenRef(j int, fromVisible bool, via string) *refProblem {
	if !fromVisible || !c.cat.Components[j].Hidden {
		return nil
	}
	msg := "refers to hidden component " + strconv.Quote(c.cat.Components[j].ID)
	if via != "" {
		msg += " through CSS variable " + strconv.Quote(via)
	}
	return &refProblem{ErrHiddenReference, msg + "; the served catalog must be self-contained"}
}

// refOf turns a parsed fallback or override into a ref: a color, a
// component (under [CompiledCatalog.reference]'s rule), or nothing usable
// (a value the field rules refused), with the problem of a component that
// may not be named. It reports nothing: the checks report what it
// returns, and the engine's references (export.go), of values already
// checked, ignore it.
func (c *CompiledCatalog) refOf(r colorref.Ref, fromVisible bool) (kernel.Ref, *refProblem) {
	switch r.Kind() {
	case colorref.KindColor:
		col, _ := r.Color()
		return kernel.Ref{Comp: kernel.RefColor, Color: col}, nil
	case colorref.KindComponent:
		j, p := c.reference(r.Name(), fromVisible)
		if p != nil {
			return kernel.Ref{Comp: kernel.RefNone}, p
		}
		return kernel.Ref{Comp: j}, nil
	}
	return kernel.Ref{Comp: kernel.RefNone}, nil // reported by the field rules
}

// reportVisibleRef looks up a catalog's own reference to a component that
// must be visible, reporting its problem at the scope; -1 when there is
// one. An id that is not well formed is left to the field rules.
func (c *CompiledCatalog) reportVisibleRef(id string, sp scope, rel string) int {
	if componentIDProblem(id) != "" {
		return -1
	}
	j, p := c.reference(id, true)
	if p != nil {
		sp.add(rel, id, "", p.err, p.msg)
	}
	return j
}

// assemble works out what snapshots share, from a catalog that compiled
// without problems: the visible components and variables, the contrast
// rules, a theme's colors when it overrides nothing, the served catalog and
// the digest.
func (c *CompiledCatalog) assemble() error {
	nvars := 0
	for _, comp := range c.cat.Components {
		if !comp.Hidden {
			nvars += len(comp.Variables)
		}
	}
	c.varByName = make(map[string]int, nvars)
	c.vars = make([]Variable, 0, nvars)
	c.k.VarComp = make([]int, 0, nvars)
	for i := range c.cat.Components {
		comp := &c.cat.Components[i]
		if comp.Hidden {
			continue
		}
		c.visible = append(c.visible, i)
		for _, v := range comp.Variables {
			c.varByName[v.CSSVariable] = len(c.vars)
			c.vars = append(c.vars, v)
			c.k.VarComp = append(c.k.VarComp, i)
		}
	}
	c.paintVars()
	c.k.RulesOf = c.rulesByComponent()
	c.base.Palette = c.paletteOf(c.base.Colors[0])
	c.k.Fields = fieldNames(c.cat.Components)
	defs := make([]Component, len(c.visible))
	for n, i := range c.visible {
		defs[n] = c.cat.Components[i]
	}
	var err error
	if c.defsJSON, err = json.Marshal(defs); err != nil {
		return fmt.Errorf("theming: encoding the catalog: %w", err)
	}
	return nil
}

// catalogDigest returns the SHA-256 of the catalog's JSON encoding,
// computed on first use (by Snapshot.Version).
func (c *CompiledCatalog) catalogDigest() []byte {
	c.digestOnce.Do(func() {
		h := sha256.New()
		_ = json.NewEncoder(h).Encode(c.cat) // cannot fail: a Catalog always encodes
		h.Sum(c.digest[:0])
	})
	return c.digest[:]
}

// paletteOf returns the palette preview for a theme's light-scheme colors.
func (c *CompiledCatalog) paletteOf(light []colorref.Color) []string {
	page := light[c.k.PageBG]
	out := make([]string, len(c.palette))
	for n, i := range c.palette {
		out[n] = contrast.Composite(light[i], page).Compact()
	}
	return out
}

// ok reports whether c holds a compiled catalog.
func (c *CompiledCatalog) ok() bool { return c != nil && c.defsJSON != nil }

// CatalogComponent returns the component of [CompiledCatalog.Catalog]
// with the given id, hidden or not, as the catalog declared it, and
// whether there is one: for a host's form, which asks about the component
// an admin edits. (What is served, the visible components only, is the
// snapshot's: [Snapshot.Component].) The result is a copy: changing it
// changes nothing in c. The zero CompiledCatalog has no components.
func (c *CompiledCatalog) CatalogComponent(id string) (Component, bool) {
	if !c.ok() {
		return Component{}, false
	}
	i, ok := c.byID[id]
	if !ok {
		return Component{}, false
	}
	return c.cat.Components[i].clone(), true
}

// ThemeFields yields the theme fields of the visible components, in
// catalog order, each component's light field before its dark one, as
// [FieldName] names them: the color fields of a host's theme form. The
// zero CompiledCatalog yields none.
func (c *CompiledCatalog) ThemeFields() iter.Seq[string] {
	return func(yield func(string) bool) {
		if !c.ok() {
			return
		}
		for _, i := range c.visible {
			for k := range c.k.Fields {
				if !yield(c.k.Fields[k][i]) {
					return
				}
			}
		}
	}
}

// Catalog returns the catalog c was compiled from, hidden components
// included: a deep copy, the caller's to modify. The zero
// CompiledCatalog returns the zero Catalog. An exporter (theming/dtcg)
// writes a snapshot's whole data from it and [Snapshot.Themes].
func (c *CompiledCatalog) Catalog() Catalog {
	if !c.ok() {
		return Catalog{}
	}
	return cloneCatalog(c.cat)
}

package theming

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
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
	cat       Catalog        // a private copy; Variables is never nil
	byID      map[string]int // component id -> index in cat.Components
	fallback  [2][]ref       // per scheme, per component
	pageBG    int            // index of the page background
	palette   []int          // indices of the palette_preview components
	visible   []int          // indices of the visible components, in catalog order
	vars      []varDef       // the visible components' variables, in catalog order
	varByName map[string]int // variable name -> index in vars
	rules     []rule         // the visible components' contrast rules, in catalog order
	base      resolution     // the colors of a theme that overrides nothing
	defsJSON  []byte         // the served catalog
	fields    [2][]string    // per scheme, per component: its theme field's name (FieldName)

	rolesOnce sync.Once
	roles     []string // per visible variable, its CSS system color under forced colors

	digestOnce sync.Once
	digest     [sha256.Size]byte // of the catalog as Go values, for Snapshot.Version
}

// varDef is one CSS variable of a visible component.
type varDef struct {
	comp int // index in cat.Components
	v    Variable
}

// rule is one contrast rule of a visible component, its target looked up
// (or, for an hsl target, parsed) once.
type rule struct {
	comp   int
	target ContrastTarget
	kind   int            // targetComp, targetVar or targetColor
	index  int            // component index or index in vars
	color  colorref.Color // the color of an hsl target
}

const (
	targetComp = iota
	targetVar
	targetColor
)

// ref is a parsed fallback or override: a component index, or a color
// when comp is refColor, or nothing usable when comp is refNone.
type ref struct {
	comp  int
	color colorref.Color
	over  bool // a theme's override, not the catalog's fallback
}

const (
	refColor = -1
	refNone  = -2
)

// varLoc locates a CSS variable: component index and variable index.
type varLoc struct{ comp, v int }

// schemeIndex returns the index of a scheme the library iterates over
// (one of [Schemes]); for a scheme from outside, use lookupScheme.
func schemeIndex(s Scheme) int {
	if s == Dark {
		return 1
	}
	return 0
}

// lookupScheme returns the index of s, and false for a scheme that is
// neither Light nor Dark.
func lookupScheme(s Scheme) (int, bool) {
	switch s {
	case Light:
		return 0, true
	case Dark:
		return 1, true
	}
	return 0, false
}

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
	c := &CompiledCatalog{cat: cat, byID: make(map[string]int, len(cat.Components)), pageBG: -1}
	sp := scope{ps: ps}
	comps := c.cat.Components

	// Field rules, parsing each fallback once.
	var parsed [2][]colorref.Ref
	parsed[0] = make([]colorref.Ref, len(comps))
	parsed[1] = make([]colorref.Ref, len(comps))
	for i := range comps {
		checkComponentFields(&comps[i], i, sp, &parsed)
	}
	checkID(sp, "page_background", "", cat.PageBackground)
	for k, id := range cat.PalettePreview {
		if err := colorref.CheckComponentID(id); err != nil {
			sp.at("palette_preview", k).add("", "", "", ErrInvalid, describeErr(id, "is not a component id (lower-case words joined by hyphens)", err))
		}
	}

	// Unique ids and variable names.
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

	// References and cycles.
	for _, s := range Schemes() {
		k := schemeIndex(s)
		refs := make([]ref, len(comps))
		rel := "fallback." + string(s)
		for i, comp := range comps {
			path := func() string { return sp.at("components", i).path(rel) }
			refs[i] = c.lookup(parsed[k][i], !comp.Hidden, sp, path, comp.ID, s)
			if refs[i].comp == i {
				sp.add(path(), comp.ID, s, ErrCycle, fmt.Sprintf("component %q falls back to itself", comp.ID))
				refs[i].comp = refNone
			}
		}
		c.fallback[k] = refs
		var cycles [][]int
		c.base.colors[k], c.base.srcs[k], cycles = resolve(refs)
		for _, cyc := range cycles {
			first := slices.Min(cyc)
			sp.add(fmt.Sprintf("components[%d].fallback.%s", first, s), comps[first].ID, s, ErrCycle,
				fmt.Sprintf("fallback cycle in %s scheme: %s", s, cyclePath(&c.cat, cyc)))
		}
	}
	for i, comp := range comps {
		for k, t := range comp.ContrastAgainst {
			if r, ok := c.checkTarget(i, t, sp.at("components", i).at("contrast_against", k), allVars); ok && !comp.Hidden {
				c.rules = append(c.rules, r)
			}
		}
	}
	c.pageBG = c.reportVisibleRef(cat.PageBackground, sp, "page_background")
	c.palette = make([]int, len(cat.PalettePreview))
	for k, id := range cat.PalettePreview {
		c.palette[k] = c.reportVisibleRef(id, sp.at("palette_preview", k), "")
	}
	if ps.len() == 0 {
		for _, s := range Schemes() {
			if bg := c.base.colors[schemeIndex(s)][c.pageBG]; !bg.Opaque() {
				sp.add("page_background", cat.PageBackground, s, ErrInvalid,
					fmt.Sprintf("the page background %q resolves to %s in %s scheme; it must be opaque", cat.PageBackground, bg, s))
			}
		}
	}
	return c
}

// checkComponentFields checks the field rules of component i, keeping its
// parsed fallbacks in parsed.
func checkComponentFields(comp *Component, i int, sp scope, parsed *[2][]colorref.Ref) {
	sp = sp.at("components", i)
	id := comp.ID
	checkID(sp, "component_id", id, id)
	checkName(sp, "name", id, comp.Name)
	for _, s := range Schemes() {
		rel := "fallback.light"
		if s == Dark {
			rel = "fallback.dark"
		}
		if v := comp.Fallback.For(s); checkRequired(sp, rel, id, v) {
			parsed[schemeIndex(s)][i] = parseColorOrID(sp, func() string { return rel }, id, s, v)
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
		checkRange(vsp, "lightness", id, v.Lightness, 0, 100)
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

// lookup turns a parsed fallback or override into a ref, reporting a
// reference to a missing or (from a visible owner) hidden component. The
// path is built only when there is a problem to report.
func (c *CompiledCatalog) lookup(r colorref.Ref, ownerVisible bool, sp scope, path func() string, owner string, s Scheme) ref {
	switch r.Kind() {
	case colorref.KindColor:
		col, _ := r.Color()
		return ref{comp: refColor, color: col}
	case colorref.KindComponent:
	default:
		return ref{comp: refNone} // reported by the field rules
	}
	j, ok := c.byID[r.Name()]
	switch {
	case !ok:
		sp.add(path(), owner, s, ErrUnknownComponent, "unknown component "+strconv.Quote(r.Name()))
		return ref{comp: refNone}
	case ownerVisible && c.cat.Components[j].Hidden:
		sp.add(path(), owner, s, ErrHiddenReference, "refers to hidden component "+strconv.Quote(r.Name())+"; the served catalog must be self-contained")
		return ref{comp: refNone}
	}
	return ref{comp: j}
}

// visibleRef looks up a component that must exist and be visible. When
// it does not, it returns -1 and the problem's sentinel and message.
func (c *CompiledCatalog) visibleRef(id string) (int, error, string) {
	j, ok := c.byID[id]
	switch {
	case !ok:
		return -1, ErrUnknownComponent, "unknown component " + strconv.Quote(id)
	case c.cat.Components[j].Hidden:
		return -1, ErrHiddenReference, "refers to hidden component " + strconv.Quote(id)
	}
	return j, nil, ""
}

// reportVisibleRef is visibleRef for a catalog's own reference, reporting
// its problem at the scope. An id that is not well formed is left to the
// field rules.
func (c *CompiledCatalog) reportVisibleRef(id string, sp scope, rel string) int {
	if colorref.CheckComponentID(id) != nil {
		return -1
	}
	j, sentinel, msg := c.visibleRef(id)
	if sentinel != nil {
		sp.add(rel, id, "", sentinel, msg)
	}
	return j
}

// checkTarget checks a contrast target and returns it as a rule, its
// target looked up (an hsl target parsed) once; ok is false on a problem.
func (c *CompiledCatalog) checkTarget(owner int, t ContrastTarget, sp scope, vars map[string]varLoc) (r rule, ok bool) {
	const path = "value"
	oc := c.cat.Components[owner]
	r = rule{comp: owner, target: t}
	switch t.Type {
	case TargetComponent:
		if err := colorref.CheckComponentID(t.Value); err != nil {
			if t.Value != "" {
				sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not a component id", err))
			}
			return r, false
		}
		j, found := c.byID[t.Value]
		switch {
		case !found:
			sp.add(path, oc.ID, "", ErrUnknownComponent, "unknown component "+strconv.Quote(t.Value))
			return r, false
		case !oc.Hidden && c.cat.Components[j].Hidden:
			sp.add(path, oc.ID, "", ErrHiddenReference, "refers to hidden component "+strconv.Quote(t.Value))
			return r, false
		}
		r.kind, r.index = targetComp, j
	case TargetVariable:
		if err := colorref.CheckVariable(t.Value); err != nil {
			if t.Value != "" {
				sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not a CSS variable name", err))
			}
			return r, false
		}
		loc, found := vars[t.Value]
		switch {
		case !found:
			sp.add(path, oc.ID, "", ErrUnknownVariable, "no component defines CSS variable "+strconv.Quote(t.Value))
			return r, false
		case !oc.Hidden && c.cat.Components[loc.comp].Hidden:
			sp.add(path, oc.ID, "", ErrHiddenReference, fmt.Sprintf("CSS variable %q belongs to hidden component %q", t.Value, c.cat.Components[loc.comp].ID))
			return r, false
		}
		r.kind = targetVar // the index in the visible variables is known in assemble
	case TargetHSL:
		if t.Value == "" {
			return r, false
		}
		col, err := colorref.ParseColor(t.Value)
		if err != nil {
			sp.add(path, oc.ID, "", ErrInvalid, describeErr(t.Value, "is not an hsl() color", err))
			return r, false
		}
		r.kind, r.color = targetColor, col
	default:
		return r, false // reported by the field rules
	}
	return r, true
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
	c.vars = make([]varDef, 0, nvars)
	for i := range c.cat.Components {
		comp := &c.cat.Components[i]
		if comp.Hidden {
			continue
		}
		c.visible = append(c.visible, i)
		for _, v := range comp.Variables {
			c.varByName[v.CSSVariable] = len(c.vars)
			c.vars = append(c.vars, varDef{comp: i, v: v})
		}
	}
	for n := range c.rules {
		if r := &c.rules[n]; r.kind == targetVar {
			r.index = c.varByName[r.target.Value] // a visible owner's target is visible
		}
	}
	c.base.palette = c.paletteOf(c.base.colors[0])
	c.fieldNames()
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
	page := light[c.pageBG]
	out := make([]string, len(c.palette))
	for n, i := range c.palette {
		out[n] = contrast.Composite(light[i], page).Compact()
	}
	return out
}

// ok reports whether c holds a compiled catalog.
func (c *CompiledCatalog) ok() bool { return c != nil && c.defsJSON != nil }

// ComponentDefsJSON returns the served catalog: a compact JSON array of
// the visible component definitions, encoded once when the catalog was
// compiled. The slice is a copy; the zero CompiledCatalog returns "[]".
func (c *CompiledCatalog) ComponentDefsJSON() []byte {
	if !c.ok() {
		return []byte("[]")
	}
	return slices.Clone(c.defsJSON)
}

// Component returns the catalog's component with the given id, hidden or
// not, as the catalog declared it, and whether there is one. The result
// is a copy: changing it changes nothing in c. The zero CompiledCatalog
// has no components.
func (c *CompiledCatalog) Component(id string) (Component, bool) {
	if !c.ok() {
		return Component{}, false
	}
	i, ok := c.byID[id]
	if !ok {
		return Component{}, false
	}
	return c.cat.Components[i].clone(), true
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

// fieldNames names every component's theme field in both schemes (what
// FieldName returns), as substrings of one string: two allocations
// whatever the catalog's size.
func (c *CompiledCatalog) fieldNames() {
	var b strings.Builder
	for _, comp := range c.cat.Components {
		for _, sc := range Schemes() {
			b.WriteString("colors.")
			b.WriteString(comp.ID)
			b.WriteByte('.')
			b.WriteString(string(sc))
		}
	}
	all, at := b.String(), 0
	for k := range c.fields {
		c.fields[k] = make([]string, len(c.cat.Components))
	}
	for i, comp := range c.cat.Components {
		for k, sc := range Schemes() {
			n := len("colors.") + len(comp.ID) + 1 + len(sc)
			c.fields[k][i] = all[at : at+n]
			at += n
		}
	}
}

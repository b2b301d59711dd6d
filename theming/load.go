package theming

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strconv"

	"github.com/themekit/themekit/colorref"
)

// File names the FS and directory loaders read.
const (
	CatalogFile = "catalog.json"
	ThemesFile  = "themes.json"
)

//go:embed defaultdata
var defaultData embed.FS

// DefaultFS returns the embedded default data: catalog.json and
// themes.json at its root, and the themes' images under media/.
func DefaultFS() fs.FS {
	sub, err := fs.Sub(defaultData, "defaultdata")
	if err != nil {
		panic("theming: embedded default data: " + err.Error()) // cannot happen: the directory is embedded
	}
	return sub
}

// LoadDefault loads the embedded default catalog and themes.
func LoadDefault() (*Snapshot, error) {
	return LoadFS(DefaultFS())
}

// LoadDir loads catalog.json and themes.json from the directory dir.
func LoadDir(dir string) (*Snapshot, error) {
	return LoadFS(os.DirFS(dir))
}

// LoadFS loads catalog.json and themes.json from the root of fsys. A file
// that cannot be read is an error wrapping the fs error (fs.ErrNotExist,
// fs.ErrPermission); a file larger than MaxInputSize is a
// *ValidationError wrapping ErrTooLarge.
func LoadFS(fsys fs.FS) (*Snapshot, error) {
	catalog, err := readLimited(fsys, CatalogFile)
	if err != nil {
		return nil, err
	}
	themes, err := readLimited(fsys, ThemesFile)
	if err != nil {
		return nil, err
	}
	return Load(catalog, themes)
}

// readLimited reads at most MaxInputSize+1 bytes, so that a huge file is
// refused without being read whole.
func readLimited(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("theming: %w", err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > MaxInputSize {
		ps := &problems{file: name}
		ps.addFatal("", ErrTooLarge, "the file is "+strconv.FormatInt(info.Size(), 10)+" bytes; the limit is "+strconv.Itoa(MaxInputSize))
		return nil, &ValidationError{Problems: ps.result()}
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxInputSize+1))
	if err != nil {
		return nil, fmt.Errorf("theming: reading %s: %w", name, err)
	}
	return b, nil
}

// Load validates a catalog and its themes, given as the contents of
// catalog.json and themes.json, and returns the resolved, immutable
// Snapshot. If anything is wrong it returns nil and a *ValidationError
// listing every problem with its file and JSON path; nothing is half
// loaded.
func Load(catalogJSON, themesJSON []byte) (*Snapshot, error) {
	cps := &problems{file: CatalogFile}
	tps := &problems{file: ThemesFile}
	var cat Catalog
	var th Themes
	catOK := decode(catalogJSON, &cat, cps)
	thOK := decode(themesJSON, &th, tps)
	if catOK {
		validateFields(&cat, cps)
	}
	if thOK {
		validateFields(&th, tps)
	}
	var ix *index
	if catOK {
		ix = checkCatalog(&cat, cps)
		if len(cps.list) == 0 {
			checkPageBackground(ix, cps)
		}
		if thOK {
			ix.overrides = checkThemes(&th, ix, tps, len(cps.list) == 0)
		}
	}
	if all := append(cps.result(), tps.result()...); len(all) > 0 {
		return nil, &ValidationError{Problems: all}
	}
	return build(&cat, th.Themes, ix)
}

// decode checks data against the format of v with the pre-scan, then
// decodes it. It reports whether v holds the data.
func decode(data []byte, v any, ps *problems) bool {
	if !scanJSON(data, schemaOf(reflect.TypeOf(v).Elem()), ps) {
		return false
	}
	if err := json.Unmarshal(data, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && len(ps.blocked) > 0 {
			return true // the scan reported it with its path; the rest decoded
		}
		ps.add("", ErrJSON, err.Error()) // not expected: the scan accepts only what decodes
		return false
	}
	return true
}

// ref is a parsed fallback or override: a component index, or a color
// when comp is refColor, or nothing usable when comp is refNone.
type ref struct {
	comp  int
	color colorref.Color
}

const (
	refColor = -1
	refNone  = -2
)

// varLoc locates a CSS variable: component index and variable index.
type varLoc struct{ comp, v int }

// index is what the cross-reference checks learn about a catalog.
type index struct {
	cat       *Catalog
	byID      map[string]int
	vars      map[string]varLoc
	fallback  [2][]ref // per scheme, per component
	pageBG    int
	overrides map[int][2]map[int]ref // theme id -> per scheme, component index -> override
}

func schemeIndex(s Scheme) int {
	if s == Dark {
		return 1
	}
	return 0
}

// parseValue parses a fallback or override value into a ref, reporting a
// reference to a missing or (from a visible owner) hidden component.
// The path is built only when there is a problem to report.
func (ix *index) parseValue(v string, ownerVisible bool, path func() string, ps *problems) ref {
	r, err := colorref.ParseRef(v)
	if err != nil || r.Kind() == colorref.KindVariable {
		return ref{comp: refNone} // reported by the field rules
	}
	if c, ok := r.Color(); ok {
		return ref{comp: refColor, color: c}
	}
	j, ok := ix.byID[r.Name()]
	switch {
	case !ok:
		ps.add(path(), ErrUnknownComponent, "unknown component "+strconv.Quote(r.Name()))
		return ref{comp: refNone}
	case ownerVisible && ix.cat.Components[j].Hidden:
		ps.add(path(), ErrHiddenReference, "refers to hidden component "+strconv.Quote(r.Name())+"; the served catalog must be self-contained")
		return ref{comp: refNone}
	}
	return ref{comp: j}
}

// checkCatalog checks what field rules cannot: unique ids and variable
// names, references, visibility and cycles.
func checkCatalog(cat *Catalog, ps *problems) *index {
	ix := &index{cat: cat, byID: make(map[string]int, len(cat.Components)), vars: make(map[string]varLoc), pageBG: -1}
	for i, c := range cat.Components {
		if first, dup := ix.byID[c.ID]; dup {
			ps.add(fmt.Sprintf("components[%d].component_id", i), ErrDuplicate,
				fmt.Sprintf("duplicate component id %q (first at components[%d])", c.ID, first))
			continue
		}
		ix.byID[c.ID] = i
	}
	for i, c := range cat.Components {
		for k, v := range c.Variables {
			if first, dup := ix.vars[v.CSSVariable]; dup {
				ps.add(fmt.Sprintf("components[%d].variables[%d].css_variable", i, k), ErrDuplicate,
					fmt.Sprintf("duplicate CSS variable %q (first at components[%d].variables[%d])", v.CSSVariable, first.comp, first.v))
				continue
			}
			ix.vars[v.CSSVariable] = varLoc{i, k}
		}
	}
	for _, s := range Schemes() {
		refs := make([]ref, len(cat.Components))
		for i, c := range cat.Components {
			path := func() string { return fmt.Sprintf("components[%d].fallback.%s", i, s) }
			refs[i] = ix.parseValue(c.Fallback.For(s), !c.Hidden, path, ps)
			if refs[i].comp == i {
				ps.add(path(), ErrCycle, fmt.Sprintf("component %q falls back to itself", c.ID))
				refs[i].comp = refNone
			}
		}
		ix.fallback[schemeIndex(s)] = refs
		_, cycles := resolve(refs)
		for _, cyc := range cycles {
			ps.add(fmt.Sprintf("components[%d].fallback.%s", minOf(cyc), s), ErrCycle,
				fmt.Sprintf("fallback cycle in %s scheme: %s", s, cyclePath(cat, cyc)))
		}
	}
	for i, c := range cat.Components {
		for k, t := range c.ContrastAgainst {
			checkTarget(ix, c, t, func() string { return fmt.Sprintf("components[%d].contrast_against[%d].value", i, k) }, ps)
		}
	}
	ix.pageBG = ix.visibleRef(cat.PageBackground, "page_background", ps)
	for k, id := range cat.PalettePreview {
		ix.visibleRef(id, fmt.Sprintf("palette_preview[%d]", k), ps)
	}
	return ix
}

// visibleRef looks up a component that must exist and be visible.
func (ix *index) visibleRef(id, path string, ps *problems) int {
	if colorref.CheckComponentID(id) != nil {
		return -1 // reported by the field rules
	}
	j, ok := ix.byID[id]
	switch {
	case !ok:
		ps.add(path, ErrUnknownComponent, "unknown component "+strconv.Quote(id))
		return -1
	case ix.cat.Components[j].Hidden:
		ps.add(path, ErrHiddenReference, "refers to hidden component "+strconv.Quote(id))
		return -1
	}
	return j
}

func checkTarget(ix *index, owner Component, t ContrastTarget, path func() string, ps *problems) {
	switch t.Type {
	case TargetComponent:
		if colorref.CheckComponentID(t.Value) != nil {
			ps.add(path(), ErrInvalid, describeErr(t.Value, "is not a component id", colorref.CheckComponentID(t.Value)))
			return
		}
		j, ok := ix.byID[t.Value]
		switch {
		case !ok:
			ps.add(path(), ErrUnknownComponent, "unknown component "+strconv.Quote(t.Value))
		case !owner.Hidden && ix.cat.Components[j].Hidden:
			ps.add(path(), ErrHiddenReference, "refers to hidden component "+strconv.Quote(t.Value))
		}
	case TargetVariable:
		if err := colorref.CheckVariable(t.Value); err != nil {
			ps.add(path(), ErrInvalid, describeErr(t.Value, "is not a CSS variable name", err))
			return
		}
		loc, ok := ix.vars[t.Value]
		switch {
		case !ok:
			ps.add(path(), ErrUnknownVariable, "no component defines CSS variable "+strconv.Quote(t.Value))
		case !owner.Hidden && ix.cat.Components[loc.comp].Hidden:
			ps.add(path(), ErrHiddenReference, fmt.Sprintf("CSS variable %q belongs to hidden component %q", t.Value, ix.cat.Components[loc.comp].ID))
		}
	case TargetHSL:
		r, err := colorref.ParseRef(t.Value)
		if err == nil && r.Kind() != colorref.KindColor {
			err = errors.New("not a color")
		}
		if err != nil {
			ps.add(path(), ErrInvalid, describeErr(t.Value, "is not an hsl() color", err))
		}
	}
}

// checkThemes checks theme ids, the default flag, override targets and,
// when the catalog is sound, cycles that overrides create. It returns each
// theme's parsed overrides, by theme id, for the build.
func checkThemes(th *Themes, ix *index, ps *problems, catalogSound bool) map[int][2]map[int]ref {
	ids := make(map[int]int, len(th.Themes))
	parsed := make(map[int][2]map[int]ref, len(th.Themes))
	firstDefault := -1
	for i, t := range th.Themes {
		if first, dup := ids[t.ID]; dup && t.ID > 0 {
			ps.add(fmt.Sprintf("themes[%d].id", i), ErrDuplicate, fmt.Sprintf("duplicate theme id %d (first at themes[%d])", t.ID, first))
		} else {
			ids[t.ID] = i
		}
		if t.IsDefault {
			if firstDefault >= 0 {
				ps.add(fmt.Sprintf("themes[%d].is_default", i), ErrDuplicate,
					fmt.Sprintf("more than one default theme (themes[%d] is default too)", firstDefault))
			} else {
				firstDefault = i
			}
		}
		over, ok := themeOverrides(t, i, ix, ps)
		parsed[t.ID] = over
		if !ok || !catalogSound {
			continue
		}
		for _, s := range Schemes() {
			refs := overlay(ix.fallback[schemeIndex(s)], over[schemeIndex(s)])
			colors, cycles := resolve(refs)
			for _, cyc := range cycles {
				ps.add(fmt.Sprintf("themes[%d].colors", i), ErrCycle,
					fmt.Sprintf("fallback cycle in %s scheme under theme %d: %s", s, t.ID, cyclePath(ix.cat, cyc)))
			}
			if len(cycles) == 0 && ix.pageBG >= 0 && !colors[ix.pageBG].Opaque() {
				ps.add(fmt.Sprintf("themes[%d].colors", i), ErrInvalid,
					fmt.Sprintf("the page background %q resolves to %s in %s scheme; it must be opaque", ix.cat.PageBackground, colors[ix.pageBG], s))
			}
		}
	}
	return parsed
}

// checkPageBackground reports a page background that is not opaque
// without a theme: every translucent color is composited over it.
func checkPageBackground(ix *index, ps *problems) {
	if ix.pageBG < 0 {
		return
	}
	for _, s := range Schemes() {
		colors, _ := resolve(ix.fallback[schemeIndex(s)])
		if !colors[ix.pageBG].Opaque() {
			ps.add("page_background", ErrInvalid,
				fmt.Sprintf("the page background %q resolves to %s in %s scheme; it must be opaque", ix.cat.PageBackground, colors[ix.pageBG], s))
		}
	}
}

// themeOverrides parses a theme's color overrides into per-scheme maps
// from component index to ref. It reports whether all were usable.
func themeOverrides(t Theme, i int, ix *index, ps *problems) ([2]map[int]ref, bool) {
	over := [2]map[int]ref{{}, {}}
	ok := true
	for _, id := range sortedKeys(t.Colors) {
		path := joinKey(fmt.Sprintf("themes[%d].colors", i), id, true)
		j := ix.visibleRef(id, path, ps)
		if j < 0 {
			ok = false
			continue
		}
		o := t.Colors[id]
		for _, s := range Schemes() {
			v := o.For(s)
			if v == "" {
				continue
			}
			r := ix.parseValue(v, true, func() string { return path + "." + string(s) }, ps)
			if r.comp == refNone {
				ok = false
				continue
			}
			over[schemeIndex(s)][j] = r
		}
	}
	return over, ok
}

// overlay returns base with the overrides applied, leaving base intact.
func overlay(base []ref, over map[int]ref) []ref {
	if len(over) == 0 {
		return base
	}
	out := make([]ref, len(base))
	copy(out, base)
	for j, r := range over {
		out[j] = r
	}
	return out
}

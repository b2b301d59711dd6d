package dtcg

import (
	"fmt"
	"io/fs"

	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/internal/orderedjson"
	"github.com/themekit/themekit/internal/strictjson"
	"github.com/themekit/themekit/theming"
)

// core is theming's view for this module's packages, reached through its
// guarded seam: the import reads theming's scheme index from it
// (core.Scheme) rather than keeping a copy.
var core = theming.Internal.Export(&kernel.AllowInternalUse)

// Imported is what [Import] made of a DTCG export: the catalog and its
// themes, the snapshot they compiled to (so that nothing is compiled
// twice), and the warnings (each wrapping [ErrConverted]) about values
// that changed representation.
type Imported struct {
	Catalog theming.Catalog
	Themes  []theming.Theme
	// Snapshot is the catalog and themes compiled and checked, as
	// [theming.CompiledCatalog.Snapshot] returns them; its Catalog() is
	// the compiled catalog. Nil when the data does not validate.
	Snapshot *theming.Snapshot
	// Warnings are at most [theming.MaxProblems], the last of them,
	// past that limit, counting the rest.
	Warnings []*Problem
}

// CatalogJSON returns the catalog as catalog.json.
func (im *Imported) CatalogJSON() ([]byte, error) { return orderedjson.Marshal(im.Catalog) }

// ThemesJSON returns the themes as themes.json.
func (im *Imported) ThemesJSON() ([]byte, error) {
	return orderedjson.Marshal(struct {
		Themes []theming.Theme `json:"themes"`
	}{im.Themes})
}

// Import reads a DTCG export from fsys: either a resolver document (one
// name, such as [ResolverFile]), resolved for each context of its theme
// modifier, in the scheme modifier's light and dark contexts and the
// contrast modifier's normal context; or one plain token file per scheme
// (two names, light then dark), read as one theme. References in a
// resolver are relative to its directory. Values exactly as this
// package exported them come back as the catalog and themes that were
// exported; other tokens become components as the package documentation
// says. Problems come back as an *[ImportError] listing each with its
// file, JSON pointer, line and column. The catalog and themes are
// compiled into [Imported].Snapshot; data that does not validate comes
// back with an error wrapping [ErrInvalidData] and theming's error.
//
// Import reads within bounds: [MaxFileSize] a file, [MaxImportSize] in
// all, [MaxValues] JSON values in all; past one, the problem wraps
// [ErrTooLarge] and names it.
func Import(fsys fs.FS, names ...string) (*Imported, error) {
	ps := newProblems()
	rd := &reader{fsys: fsys, docs: map[string]*doc{}, ps: ps}
	var p plan
	switch len(names) {
	case 1:
		p = resolverPlan(rd, names[0])
	case 2:
		l, d := rd.read(names[0], nil, "", 0), rd.read(names[1], nil, "", 0)
		if l != nil && d != nil {
			p = plan{themes: []string{"1"}, sources: func(_ string, sc theming.Scheme, _ string) []source {
				k, _ := core.Scheme(sc) // sc is one of theming.Schemes(), in whose order the two files are named
				return []source{{doc: [2]*doc{l, d}[k]}}
			}}
		}
	default:
		return nil, fmt.Errorf("dtcg: import takes a resolver document or two token files (light, dark), not %d names", len(names))
	}
	var out *Imported
	if !ps.failed() && len(p.themes) > 0 {
		b := &builder{ps: ps, m: &merger{ps: ps}, cs: &colors{ps: ps, seen: map[*strictjson.Value]colorOf{}},
			exts: map[*strictjson.Value]any{}}
		out = b.build(p)
	}
	if ps.failed() {
		return nil, &ImportError{Problems: ps.errors()}
	}
	if out == nil {
		return nil, &ImportError{Problems: []*Problem{{File: names[0], Msg: "no themes to import", Err: ErrNotCatalog}}}
	}
	out.Warnings = ps.warnings()
	cc, err := theming.CompileCatalog(out.Catalog)
	if err == nil {
		out.Snapshot, err = cc.Snapshot(out.Themes)
	}
	if err != nil {
		return out, fmt.Errorf("%w: %w", ErrInvalidData, err)
	}
	return out, nil
}

// resolverPlan reads a resolver document and plans the resolutions of
// the project's layout: every context of its theme modifier (one theme
// without one), in its scheme modifier's light and dark contexts, and
// its contrast modifier's normal context when it has one.
func resolverPlan(rd *reader, name string) plan {
	r := readResolver(rd, name)
	if r == nil {
		return plan{}
	}
	scheme := r.entry("scheme")
	if scheme == nil {
		rd.ps.add(r.doc, "/modifiers", r.doc.root.Off, ErrNotCatalog, `a catalog needs a "scheme" modifier with "light" and "dark" contexts`)
		return plan{}
	}
	for _, sc := range theming.Schemes() {
		if _, ok := scheme.contexts[string(sc)]; !ok {
			rd.ps.add(r.doc, "/modifiers/scheme", r.doc.root.Off, ErrNotCatalog, "the \"scheme\" modifier needs a %q context", sc)
			return plan{}
		}
	}
	themes := []string{"1"}
	if tm := r.entry("theme"); tm != nil {
		themes = tm.names
	}
	if len(themes) > theming.MaxThemes {
		rd.ps.add(r.doc, "/modifiers/theme/contexts", r.doc.root.Off, ErrNotCatalog, "more than %d themes", theming.MaxThemes)
		return plan{}
	}
	var others []string
	if cm := r.entry("contrast"); cm != nil {
		for _, c := range cm.names {
			if c != Normal {
				others = append(others, c)
			}
		}
	}
	return plan{themes: themes, contrasts: others, sources: func(theme string, sc theming.Scheme, contrast string) []source {
		return r.resolve(map[string]string{"theme": theme, "scheme": string(sc), "contrast": contrast})
	}}
}

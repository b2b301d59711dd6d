package theming

import (
	"slices"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/kernel"
)

// The guarded seam: how the contrast engine (theming/fix) reaches the
// core's internals without theming exporting them, as encoding/json/v2
// reaches jsontext's. The engine asks once, at package initialization,
// with the module's token:
//
//	var core = theming.Internal.Export(&kernel.AllowInternalUse)
//
// and holds the view it gets: an unexported type whose methods hand out
// the compiled catalog and a theme's references and resolution in
// package kernel's types. Nothing outside this module can take the
// token's address, and Export panics for any other pointer. The
// design-token import (theming/dtcg) holds the same view for one method
// of it, Scheme, so that the mapping of a scheme to its index is
// theming's alone.

// Internal is for this module's own packages (the contrast engine,
// theming/fix, and theming/dtcg's scheme index): its Export panics for any caller outside the module. It
// is not part of the API and has no compatibility promise.
var Internal exporter

type exporter struct{}

// Export returns the engine's view of the core for the module's own
// token, and panics for any other.
func (exporter) Export(token *kernel.NotForPublicUse) export {
	if token != &kernel.AllowInternalUse {
		panic("theming: Internal.Export is for the themekit module's own packages")
	}
	return export{}
}

// export is the engine's view of the core. Its methods never change what
// they are given or what they return: the core built it, and the engine
// reads it.
type export struct{}

// Catalog returns c's compiled form, its catalog (hidden components
// included, the compiled catalog's own copy: read, never written) and
// its visible variables in catalog order (their components are
// k.VarComp), or false for a c that holds no catalog.
func (export) Catalog(c *CompiledCatalog) (k *kernel.Catalog, cat *Catalog, vars []Variable, ok bool) {
	if !c.ok() {
		return nil, nil, nil, false
	}
	return &c.k, &c.cat, c.vars, true
}

// Component returns the index of the visible component id.
func (export) Component(c *CompiledCatalog, id string) (int, bool) { return c.visibleIndex(id) }

// Variable returns the index of the visible CSS variable name.
func (export) Variable(c *CompiledCatalog, name string) (int, bool) {
	if !c.ok() {
		return 0, false
	}
	n, ok := c.varByName[name]
	return n, ok
}

// Field returns the scheme index and the component index of a theme
// field of a visible component, with [ParseField]'s errors and one
// wrapping [ErrUnknownThemeField] for a component that is not visible.
func (export) Field(c *CompiledCatalog, field string) (k, j int, err error) {
	return c.lookupField(field)
}

// Scheme returns the index of sc in [Schemes], and false for a scheme
// that is neither Light nor Dark.
func (export) Scheme(sc Scheme) (int, bool) { return sc.index() }

// References checks t as [CompiledCatalog.CheckTheme] does and returns
// its references in each scheme: the catalog's fallbacks with t's
// overrides in place, parsed. The slices are the caller's.
func (export) References(c *CompiledCatalog, t *Theme) ([2][]kernel.Ref, error) {
	var refs [2][]kernel.Ref
	if _, err := c.checkOne(t); err != nil {
		return refs, err
	}
	for k := range refs {
		refs[k] = slices.Clone(c.k.Fallback[k])
	}
	for id, o := range t.Colors {
		j := c.byID[id] // checkOne accepted every id
		for k, sc := range Schemes() {
			if v := o.For(sc); v != "" {
				r, _ := colorref.ParseRef(v)
				refs[k][j], _ = c.refOf(r, true) // checkOne accepted every value
				refs[k][j].Over = true
			}
		}
	}
	return refs, nil
}

// Resolve checks t as [CompiledCatalog.CheckTheme] does and returns it
// resolved, with the palette preview given (that of the theme it was
// made from, for a variant), as a snapshot holding it would: t is kept
// as it is, without the documented defaults a snapshot fills in.
func (export) Resolve(c *CompiledCatalog, t Theme, palette []string) (*ResolvedTheme, error) {
	res, err := c.checkOne(&t)
	if err != nil {
		return nil, err
	}
	res.Palette = palette
	return &ResolvedTheme{cat: c, theme: t, res: res}, nil
}

// Resolution returns the compiled catalog r was resolved against (nil
// for the zero ResolvedTheme and a nil r), its theme record and its
// resolution: the resolved theme's own, read, never written.
func (export) Resolution(r *ResolvedTheme) (*CompiledCatalog, *Theme, *kernel.Resolution) {
	if r == nil {
		return nil, nil, nil
	}
	return r.cat, &r.theme, &r.res
}

// OwnImages points t's image fields at copies of their values, so that t
// shares none of them with the theme it was copied from.
func (export) OwnImages(t *Theme) { t.ownImages() }

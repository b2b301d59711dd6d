package theming

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"iter"
	"slices"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/internal/kernel"
)

// Snapshot is a catalog and its themes, validated, with every theme
// resolved in both schemes once, when it is built: colors, derived
// variables and palette previews. Everything that depends only on the
// catalog lives in the CompiledCatalog it was built from and is shared
// with every other snapshot built from it.
//
// A Snapshot never changes; it is safe for concurrent use, and readers
// need no locks. The zero Snapshot holds no catalog and no themes: its
// methods return empty results, never panic.
type Snapshot struct {
	cat     *CompiledCatalog
	themes  []*ResolvedTheme // in ascending id order
	preview int              // the theme a preview serves (Snapshot.Preview); 0 for live data

	versionOnce sync.Once
	version     string
}

// ResolvedTheme is a theme with every visible component's color and every
// CSS variable's value worked out in both schemes. The zero ResolvedTheme
// has no colors.
type ResolvedTheme struct {
	cat   *CompiledCatalog
	theme Theme
	res   kernel.Resolution // its colors, worked out once when it was checked
}

// Snapshot validates themes against the catalog and returns the resolved
// snapshot. If anything is wrong it returns nil and a *ValidationError
// whose problems name the theme they are in by ThemeID, with paths inside
// the Theme ("colors.nav-bgg.light"). A nil or empty slice means no themes.
// The snapshot keeps its own copies: the caller may change or reuse themes
// afterwards.
//
// More than [MaxThemes] themes, or a theme with more than [MaxComponents]
// color overrides, is refused with a problem wrapping [ErrTooLarge].
func (c *CompiledCatalog) Snapshot(themes []Theme) (*Snapshot, error) {
	if !c.ok() {
		return nil, ErrNoCatalog
	}
	kept, probs := c.checkValues(themes, false)
	if len(probs) > 0 {
		return nil, &ValidationError{Problems: probs}
	}
	return c.build(kept), nil
}

// SnapshotLenient is Snapshot for data a host would rather serve in part
// than not at all: it builds a snapshot of the themes that validate and
// leaves out the others. Like [io.ReadFull], it returns both a result and an
// error, and the caller looks at the snapshot first: the snapshot is
// non-nil and usable whenever c holds a catalog (it may have no themes),
// and a non-nil error is a *ValidationError whose problems name by
// ThemeID (or, for an id that is not positive, by slice index) the
// themes left out. Of themes with the same id the first is kept; of
// several marked is_default, the first. Only when c holds no catalog is
// the snapshot nil, and the error wraps [ErrNoCatalog].
//
// Strict Snapshot stays the right call when the themes come from a file a
// designer edits: a broken file should fail loudly, not lose a theme.
func (c *CompiledCatalog) SnapshotLenient(themes []Theme) (*Snapshot, error) {
	if !c.ok() {
		return nil, ErrNoCatalog
	}
	kept, probs := c.checkValues(themes, true)
	s := c.build(kept)
	if len(probs) > 0 {
		return s, &ValidationError{Problems: probs}
	}
	return s, nil
}

// build assembles a snapshot from checked themes: it works out the
// palette of a theme that overrides the light scheme (the others share the
// catalog's) and orders the themes by id.
func (c *CompiledCatalog) build(kept []checkedTheme) *Snapshot {
	s := &Snapshot{cat: c, themes: make([]*ResolvedTheme, len(kept))}
	for n := range kept {
		k := &kept[n]
		rt := &ResolvedTheme{cat: c, theme: k.theme, res: k.res}
		if sameSlice(rt.res.Colors[0], c.base.Colors[0]) {
			rt.res.Palette = c.base.Palette
		} else {
			rt.res.Palette = c.paletteOf(rt.res.Colors[0])
		}
		s.themes[n] = rt
	}
	slices.SortFunc(s.themes, func(a, b *ResolvedTheme) int { return cmp.Compare(a.theme.ID, b.theme.ID) })
	return s
}

// sameSlice reports whether a and b are the same slice (not merely equal).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// CompiledCatalog returns the compiled catalog the snapshot was built
// from, or nil for the zero Snapshot and a nil *Snapshot. Snapshots built
// from one CompiledCatalog return the same pointer, so a cache of what
// depends only on the catalog (the served component definitions) can be
// keyed by it.
func (s *Snapshot) CompiledCatalog() *CompiledCatalog {
	if s == nil {
		return nil
	}
	return s.cat
}

// Version returns a short digest (16 hex digits) of the data the snapshot
// was built from: its catalog and its themes, whichever way they came in.
// Replicas that loaded the same data report the same version, so hosts
// can log it, expose it, and see whether replicas agree. It is computed
// once per snapshot. The zero Snapshot's is "", and so is a nil
// *Snapshot's, so that a health check may report
// store.Load().Version() before the first load.
//
// It digests what is served rather than encoding the data once more: the
// catalog's encoding (made once per compiled catalog) and the theme list
// as [Snapshot.ThemesJSON] encodes it on [DefaultMediaBase]. The base is
// fixed so that the version is of the data, not of where a host puts its
// images: replicas behind different CDNs agree. When the host's adapter
// serves the default base, the list it encoded is the one digested and
// Version costs a hash; on another base, the first call encodes the list
// once more (without keeping it).
func (s *Snapshot) Version() string {
	if s == nil || !s.cat.ok() {
		return ""
	}
	s.versionOnce.Do(func() {
		h := sha256.New()
		h.Write(s.cat.catalogDigest())
		_ = s.writeThemes(h, DefaultMediaBase) // cannot fail: a Theme always encodes, a hash always writes
		s.version = hex.EncodeToString(h.Sum(nil)[:8])
	})
	return s.version
}

// digest is Version's digest when the theme list on the default base is
// at hand: the same bytes as Version streams into its hash.
func (s *Snapshot) digest(themesJSON []byte) string {
	h := sha256.New()
	h.Write(s.cat.catalogDigest())
	h.Write(themesJSON)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// PageBackground returns the id of the component that paints the page.
func (s *Snapshot) PageBackground() string {
	if !s.cat.ok() {
		return ""
	}
	return s.cat.cat.PageBackground
}

// Components returns the visible component definitions in catalog order:
// deep copies, the caller's to modify (what is served does not change).
func (s *Snapshot) Components() []Component {
	if !s.cat.ok() {
		return nil
	}
	out := make([]Component, len(s.cat.visible))
	for n, i := range s.cat.visible {
		out[n] = s.cat.cat.Components[i].clone()
	}
	return out
}

// Component returns the visible component with the given id: a deep copy,
// the caller's to modify.
func (s *Snapshot) Component(id string) (Component, bool) {
	i, ok := s.cat.visibleIndex(id)
	if !ok {
		return Component{}, false
	}
	return s.cat.cat.Components[i].clone(), true
}

// visibleIndex returns the index of the visible component id.
func (c *CompiledCatalog) visibleIndex(id string) (int, bool) {
	if !c.ok() {
		return 0, false
	}
	i, ok := c.byID[id]
	if !ok || c.cat.Components[i].Hidden {
		return 0, false
	}
	return i, true
}

// Themes returns the themes in ascending id order.
func (s *Snapshot) Themes() []*ResolvedTheme { return slices.Clone(s.themes) }

// Theme returns the theme with the given id.
func (s *Snapshot) Theme(id int) (*ResolvedTheme, bool) {
	n, ok := slices.BinarySearchFunc(s.themes, id, func(rt *ResolvedTheme, id int) int { return cmp.Compare(rt.theme.ID, id) })
	if !ok {
		return nil, false
	}
	return s.themes[n], true
}

// ChooseTheme returns the theme for a user who prefers the theme with id
// preferred (0 for no preference): that theme if it exists, else the
// theme marked is_default, else the theme with the lowest id. With no
// themes at all it returns an error wrapping [ErrNoThemes]. A preview
// ([Snapshot.Preview]) chooses the theme it previews, whatever the
// preference.
func (s *Snapshot) ChooseTheme(preferred int) (*ResolvedTheme, error) {
	if s.preview > 0 {
		preferred = s.preview // a preview shows its theme to whoever asks
	}
	if t, ok := s.Theme(preferred); ok {
		return t, nil
	}
	if len(s.themes) == 0 {
		return nil, ErrNoThemes
	}
	for _, t := range s.themes {
		if t.theme.IsDefault {
			return t, nil
		}
	}
	return s.themes[0], nil
}

// ID returns the theme's id.
func (r *ResolvedTheme) ID() int { return r.theme.ID }

// Name returns the theme's name.
func (r *ResolvedTheme) Name() string { return r.theme.Name }

// Theme returns the theme record as it was loaded, with the documented
// defaults in its empty logo-type and alignment fields: a deep copy, the
// caller's to modify.
func (r *ResolvedTheme) Theme() Theme { return r.theme.clone() }

// Color returns the resolved color of a visible component in scheme sc.
// ok is false for a component that is not visible and for a scheme that
// is neither [Light] nor [Dark].
func (r *ResolvedTheme) Color(sc Scheme, componentID string) (c colorref.Color, ok bool) {
	k, ok := sc.index()
	if !ok {
		return colorref.Color{}, false
	}
	i, ok := r.cat.visibleIndex(componentID)
	if !ok {
		return colorref.Color{}, false
	}
	return r.res.Colors[k][i], true
}

// Variable returns the value of a visible component's CSS variable in
// scheme sc. ok is false for a name no visible component defines and for
// a scheme that is neither [Light] nor [Dark].
func (r *ResolvedTheme) Variable(sc Scheme, name string) (c colorref.Color, ok bool) {
	k, ok := sc.index()
	if !ok || !r.cat.ok() {
		return colorref.Color{}, false
	}
	n, ok := r.cat.varByName[name]
	if !ok {
		return colorref.Color{}, false
	}
	return r.value(k, n), true
}

// Colors yields each visible component's id and resolved color in scheme
// sc, in catalog order; nothing for a scheme that is neither [Light] nor
// [Dark].
func (r *ResolvedTheme) Colors(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		k, ok := sc.index()
		if !ok || !r.cat.ok() {
			return
		}
		for _, i := range r.cat.visible {
			if !yield(r.cat.cat.Components[i].ID, r.res.Colors[k][i]) {
				return
			}
		}
	}
}

// Variables yields each visible CSS variable's name and value in scheme
// sc, in catalog order; nothing for a scheme that is neither [Light] nor
// [Dark].
func (r *ResolvedTheme) Variables(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		k, ok := sc.index()
		if !ok {
			return
		}
		for n, v := range r.vars() {
			if !yield(v.CSSVariable, r.value(k, n)) {
				return
			}
		}
	}
}

// value returns the value of visible variable n in scheme k.
func (r *ResolvedTheme) value(k, n int) colorref.Color {
	return Derive(r.res.Colors[k][r.cat.k.VarComp[n]], r.cat.vars[n], Schemes()[k])
}

// vars returns the catalog's visible variables, or none for the zero
// ResolvedTheme.
func (r *ResolvedTheme) vars() []Variable {
	if !r.cat.ok() {
		return nil
	}
	return r.cat.vars
}

// PalettePreview returns the theme's palette preview: the light-scheme
// colors of the catalog's palette_preview components, translucent ones
// composited over the page background, in the compact canonical form of
// each opaque color's notation ("hsl(h,s%,l%)", "#1877f2",
// "oklch(62% 0.19 260)", [colorref.Color.Compact]); a translucent one,
// composited, in hsl().
func (r *ResolvedTheme) PalettePreview() []string { return slices.Clone(r.res.Palette) }

package theming

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/themekit/themekit/colorref"
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
	cat    *CompiledCatalog
	themes []*ResolvedTheme // in ascending id order

	versionOnce sync.Once
	version     string
	auditOnce   sync.Once
	audit       *Report
}

// resolution is a theme's colors, worked out once when the theme is
// checked. A scheme the theme does not override shares the catalog's.
// Variable values are not kept: each is one [Derive] from its component's
// color, cheaper to redo than to hold for every tenant (and the served
// stylesheet is rendered once per snapshot by its caller).
type resolution struct {
	colors  [2][]colorref.Color // per scheme, per component index
	palette []string
}

// ResolvedTheme is a theme with every visible component's color and every
// CSS variable's value worked out in both schemes. The zero ResolvedTheme
// has no colors.
type ResolvedTheme struct {
	cat   *CompiledCatalog
	theme Theme
	res   resolution
	sheet lazySheet // Stylesheet, rendered on first use
}

// New validates a catalog and its themes, given as Go values (read from a
// host's database, say), and returns the resolved, immutable Snapshot:
// the same validation, resolution and guarantees as Load. A nil or empty
// themes slice means no themes, which is valid (ChooseTheme then reports
// [ErrNoThemes]). If anything is wrong New returns nil and a
// *ValidationError listing every problem; a problem inside a theme names
// it by ThemeID ("theme 10: colors.nav-bgg: unknown component").
//
// New is [CompileCatalog] followed by [CompiledCatalog.Snapshot]; a host with
// many tenants on one catalog compiles it once and builds each tenant's
// snapshot from it.
func New(cat Catalog, themes []Theme) (*Snapshot, error) {
	c, err := CompileCatalog(cat)
	if err != nil {
		return nil, err
	}
	return c.Snapshot(themes)
}

// Snapshot validates themes against the catalog and returns the resolved
// snapshot. If anything is wrong it returns nil and a *ValidationError
// whose problems name the theme they are in by ThemeID, with paths inside
// the Theme ("colors.nav-bgg.light"). A nil or empty slice means no themes.
// The snapshot keeps its own copies: the caller may change or reuse themes
// afterwards.
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

// CheckTheme validates one theme against the catalog exactly as Snapshot
// would, without building or touching any snapshot: for an admin's edit,
// before the host stores it. The error is a *ValidationError with the
// problems, paths and sentinels Snapshot would report for the theme.
// Checks between themes (unique ids, one default) are the host's, which
// holds the other themes. The theme needs its id (a positive integer, as
// Snapshot requires): a new theme is checked with the id it will have.
func (c *CompiledCatalog) CheckTheme(t Theme) error {
	_, err := c.checkOne(&t)
	return err
}

// checkOne checks one theme as CheckTheme documents and returns its
// resolution, which AuditTheme audits.
func (c *CompiledCatalog) checkOne(t *Theme) (resolution, error) {
	if !c.ok() {
		return resolution{}, ErrNoCatalog
	}
	ps := &problems{}
	res := c.checkTheme(t, scope{ps: ps, themeID: max(t.ID, 0)}, true)
	if len(ps.list) > 0 {
		return resolution{}, &ValidationError{Problems: ps.result()}
	}
	return res, nil
}

// checkedTheme is a theme that passed its checks, with its resolution.
type checkedTheme struct {
	theme Theme
	res   resolution
}

// checkValues checks themes given as Go values, each with its own
// problems. Strict, it reports every problem; lenient, it also leaves out
// each theme with a problem, and a later theme whose id or default flag
// clashes with a kept one.
func (c *CompiledCatalog) checkValues(themes []Theme, lenient bool) ([]checkedTheme, []*Problem) {
	lists := make([]*problems, len(themes))
	scopes := func(i int) scope {
		lists[i] = &problems{}
		if id := themes[i].ID; id > 0 {
			return scope{ps: lists[i], themeID: id}
		}
		return scope{ps: lists[i]}.at("themes", i)
	}
	kept := c.checkThemes(themes, scopes, true, lenient)
	var all []*Problem
	for _, ps := range lists {
		all = append(all, ps.result()...)
	}
	return kept, all
}

// checkThemes checks each theme against c and resolves it, reporting to
// the scope scopeOf(i) gives theme i, then checks ids and default flags
// across the themes. With sound false (the catalog has problems) it
// checks only what does not need a sound catalog. It returns the themes
// that passed, in input order; lenient, the others are left out, and a
// theme that clashes with a kept one is left out too.
func (c *CompiledCatalog) checkThemes(themes []Theme, scopeOf func(i int) scope, sound, lenient bool) []checkedTheme {
	kept := make([]checkedTheme, 0, len(themes))
	ids := make(map[int]int, len(themes))
	firstDefault := -1
	for i := range themes {
		t := &themes[i]
		sp := scopeOf(i)
		before := sp.ps.count()
		res := c.checkTheme(t, sp, sound)
		if lenient && sp.ps.count() > before {
			continue
		}
		clash := false
		if first, dup := ids[t.ID]; dup && t.ID > 0 {
			sp.add("id", "", "", ErrDuplicate, fmt.Sprintf("duplicate theme id %d (first at themes[%d])", t.ID, first))
			clash = true
		} else {
			ids[t.ID] = i
		}
		if t.IsDefault {
			if firstDefault >= 0 {
				sp.add("is_default", "", "", ErrDuplicate, fmt.Sprintf("more than one default theme (themes[%d] is default too)", firstDefault))
				clash = true
			} else if !clash || !lenient {
				firstDefault = i
			}
		}
		if lenient && clash {
			continue
		}
		kept = append(kept, checkedTheme{theme: t.clone(), res: res})
	}
	return kept
}

// checkTheme checks one theme: its fields, then its color overrides
// against the catalog (each value parsed once), and then, when the
// catalog is sound and the overrides usable, resolves it in both schemes,
// reporting cycles the overrides close and a page background they make
// translucent. The resolution is the one the snapshot keeps.
func (c *CompiledCatalog) checkTheme(t *Theme, sp scope, sound bool) resolution {
	checkThemeFields(t, sp)
	var over [2][]override
	usable := true
	for id, o := range t.Colors {
		path := func() string { return joinKey("colors", id, true) }
		if err := colorref.CheckComponentID(id); err != nil {
			sp.add(path(), id, "", ErrInvalid, describeErr(id, "is not a component id (lower-case words joined by hyphens)", err))
			usable = false
			continue
		}
		j, sentinel, msg := c.visibleRef(id)
		if sentinel != nil {
			sp.add(path(), id, "", sentinel, msg)
			usable = false
			continue
		}
		for _, s := range Schemes() {
			v := o.For(s)
			if v == "" {
				continue
			}
			vpath := func() string { return path() + "." + string(s) }
			r := c.lookup(parseColorOrID(sp, vpath, id, s, v), true, sp, vpath, id, s)
			if r.comp == refNone {
				usable = false
				continue
			}
			over[schemeIndex(s)] = append(over[schemeIndex(s)], override{comp: j, ref: r})
		}
	}
	var res resolution
	if !sound || !usable {
		return res
	}
	for _, s := range Schemes() {
		k := schemeIndex(s)
		if len(over[k]) == 0 {
			res.colors[k] = c.base.colors[k]
			continue
		}
		refs := slices.Clone(c.fallback[k])
		for _, o := range over[k] {
			refs[o.comp] = o.ref
		}
		var cycles [][]int
		res.colors[k], cycles = resolve(refs)
		for _, cyc := range cycles {
			sp.add("colors", c.cat.Components[slices.Min(cyc)].ID, s, ErrCycle,
				fmt.Sprintf("fallback cycle in %s scheme under theme %d: %s", s, t.ID, cyclePath(&c.cat, cyc)))
		}
		if bg := res.colors[k][c.pageBG]; len(cycles) == 0 && !bg.Opaque() {
			sp.add("colors", c.cat.PageBackground, s, ErrInvalid,
				fmt.Sprintf("the page background %q resolves to %s in %s scheme; it must be opaque", c.cat.PageBackground, bg, s))
		}
	}
	return res
}

// override is a theme's parsed override of one component in one scheme.
type override struct {
	comp int
	ref  ref
}

// build assembles a snapshot from checked themes: it works out the
// palette of a theme that overrides the light scheme (the others share the
// catalog's) and orders the themes by id.
func (c *CompiledCatalog) build(kept []checkedTheme) *Snapshot {
	s := &Snapshot{cat: c, themes: make([]*ResolvedTheme, len(kept))}
	for n := range kept {
		k := &kept[n]
		rt := &ResolvedTheme{cat: c, theme: k.theme, res: k.res}
		if sameSlice(rt.res.colors[0], c.base.colors[0]) {
			rt.res.palette = c.base.palette
		} else {
			rt.res.palette = c.paletteOf(rt.res.colors[0])
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

// Catalog returns the compiled catalog the snapshot was built from, or nil
// for the zero Snapshot and a nil *Snapshot. Snapshots built from one
// CompiledCatalog return the same pointer, so a cache of what depends only
// on the catalog (the served component definitions) can be keyed by it.
func (s *Snapshot) Catalog() *CompiledCatalog {
	if s == nil {
		return nil
	}
	return s.cat
}

// Version returns a short digest (16 hex digits) of the data the snapshot
// was built from: its catalog and its themes, as Go values, whichever way
// they came in. Replicas that loaded the same data report the same
// version, so hosts can log it, expose it, and see whether replicas
// agree. It is computed on first use. The zero Snapshot's is "", and so
// is a nil *Snapshot's, so that a health check may report
// store.Current().Version() before the first load.
func (s *Snapshot) Version() string {
	if s == nil || !s.cat.ok() {
		return ""
	}
	s.versionOnce.Do(func() {
		h := sha256.New()
		h.Write(s.cat.catalogDigest())
		enc := json.NewEncoder(h)
		for _, rt := range s.themes {
			// The served form, in which nil and empty colors are alike.
			_ = enc.Encode(rt.served("", nil)) // cannot fail: a Theme always encodes
		}
		s.version = hex.EncodeToString(h.Sum(nil)[:8])
	})
	return s.version
}

// PageBackground returns the id of the component that paints the page.
func (s *Snapshot) PageBackground() string {
	if !s.cat.ok() {
		return ""
	}
	return s.cat.cat.PageBackground
}

// Components returns the visible component definitions in catalog order.
// The slice is the caller's; the definitions share their inner slices and
// pointers with the snapshot and must not be modified through them.
func (s *Snapshot) Components() []Component {
	if !s.cat.ok() {
		return nil
	}
	out := make([]Component, len(s.cat.visible))
	for n, i := range s.cat.visible {
		out[n] = s.cat.cat.Components[i]
	}
	return out
}

// Component returns the visible component with the given id.
func (s *Snapshot) Component(id string) (Component, bool) {
	i, ok := s.cat.visibleIndex(id)
	if !ok {
		return Component{}, false
	}
	return s.cat.cat.Components[i], true
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
// themes at all it returns an error wrapping [ErrNoThemes].
func (s *Snapshot) ChooseTheme(preferred int) (*ResolvedTheme, error) {
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

// ComponentDefsJSON returns the served catalog: a compact JSON array of
// the visible component definitions. It is encoded once per compiled
// catalog (see [CompiledCatalog.ComponentDefsJSON]) and shared by every
// snapshot built from it; the slice is a copy.
func (s *Snapshot) ComponentDefsJSON() []byte { return s.cat.ComponentDefsJSON() }

// ID returns the theme's id.
func (r *ResolvedTheme) ID() int { return r.theme.ID }

// Name returns the theme's name.
func (r *ResolvedTheme) Name() string { return r.theme.Name }

// Theme returns the theme record as it was loaded, with the documented
// defaults in its empty logo-type and alignment fields. Its maps and
// pointers are shared with the snapshot and must not be modified.
func (r *ResolvedTheme) Theme() Theme { return r.theme }

// Color returns the resolved color of a visible component in scheme sc.
func (r *ResolvedTheme) Color(sc Scheme, componentID string) (colorref.Color, bool) {
	i, ok := r.cat.visibleIndex(componentID)
	if !ok {
		return colorref.Color{}, false
	}
	return r.res.colors[schemeIndex(sc)][i], true
}

// Variable returns the value of a visible component's CSS variable in
// scheme sc.
func (r *ResolvedTheme) Variable(sc Scheme, name string) (colorref.Color, bool) {
	if !r.cat.ok() {
		return colorref.Color{}, false
	}
	n, ok := r.cat.varByName[name]
	if !ok {
		return colorref.Color{}, false
	}
	return r.value(schemeIndex(sc), n), true
}

// Colors yields each visible component's id and resolved color in scheme
// sc, in catalog order.
func (r *ResolvedTheme) Colors(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		if !r.cat.ok() {
			return
		}
		for _, i := range r.cat.visible {
			if !yield(r.cat.cat.Components[i].ID, r.res.colors[schemeIndex(sc)][i]) {
				return
			}
		}
	}
}

// Variables yields each visible CSS variable's name and value in scheme
// sc, in catalog order.
func (r *ResolvedTheme) Variables(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		for n, vd := range r.vars() {
			if !yield(vd.v.CSSVariable, r.value(schemeIndex(sc), n)) {
				return
			}
		}
	}
}

// value returns the value of visible variable n in scheme k.
func (r *ResolvedTheme) value(k, n int) colorref.Color {
	vd := r.cat.vars[n]
	return Derive(r.res.colors[k][vd.comp], vd.v)
}

// vars returns the catalog's visible variables, or none for the zero
// ResolvedTheme.
func (r *ResolvedTheme) vars() []varDef {
	if !r.cat.ok() {
		return nil
	}
	return r.cat.vars
}

// PalettePreview returns the theme's palette preview: the light-scheme
// colors of the catalog's palette_preview components, translucent ones
// composited over the page background, in the compact form
// "hsl(h,s%,l%)".
func (r *ResolvedTheme) PalettePreview() []string { return slices.Clone(r.res.palette) }

// servedTheme is the theme record as the service serves it: the Theme's
// fields, then the computed palette preview.
type servedTheme struct {
	Theme
	PalettePreview []string `json:"palette_preview"`
}

// DefaultMediaBase is the media base URL used when none is given.
const DefaultMediaBase = "/media/"

// ThemesJSON returns the served theme list: a compact JSON array of theme
// records in ascending id order, each with its palette preview, image
// paths turned into URLs on mediaBase ("" means [DefaultMediaBase]). It is
// encoded on each call: the caller (httpadapter, once per snapshot) keeps
// the result. The error wraps [ErrMediaBase] for an unusable base.
func (s *Snapshot) ThemesJSON(mediaBase string) ([]byte, error) {
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	list := make([]servedTheme, len(s.themes))
	for n, rt := range s.themes {
		list[n] = rt.served(base, rt.res.palette)
	}
	b, err := json.Marshal(list)
	if err != nil {
		return nil, fmt.Errorf("theming: encoding the themes: %w", err)
	}
	return b, nil
}

// ThemeJSON returns one served theme record, as the theme for a user is
// served: palette_preview is an empty array, as the source document
// observed. It is encoded on each call. The error wraps [ErrUnknownTheme]
// when no theme has the id, and [ErrMediaBase] for an unusable base.
func (s *Snapshot) ThemeJSON(id int, mediaBase string) ([]byte, error) {
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	rt, ok := s.Theme(id)
	if !ok {
		return nil, fmt.Errorf("%w: id %d", ErrUnknownTheme, id)
	}
	b, err := json.Marshal(rt.served(base, []string{}))
	if err != nil {
		return nil, fmt.Errorf("theming: encoding theme %d: %w", id, err)
	}
	return b, nil
}

// ErrMediaBase is wrapped by the error for an unusable media base URL.
var ErrMediaBase = errors.New("theming: invalid media base URL")

// NormalizeMediaBase checks a media base URL and gives it a trailing
// slash. It accepts an absolute http(s) URL with a host, or a path that
// starts with "/", either without query or fragment; "" means
// [DefaultMediaBase]. A relative path such as "media/" is refused: it would
// resolve against each API path differently. The error wraps [ErrMediaBase].
// It is the one media-base rule: ThemesJSON, ThemeJSON and httpadapter
// apply it.
func NormalizeMediaBase(base string) (string, error) {
	if base == "" {
		return DefaultMediaBase, nil
	}
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return "", fmt.Errorf("%w %q: %v", ErrMediaBase, base, err)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", fmt.Errorf("%w %q: want no query or fragment", ErrMediaBase, base)
	case u.Scheme == "" && strings.HasPrefix(base, "/"):
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
	default:
		return "", fmt.Errorf("%w %q: want an absolute http(s) URL or a path starting with \"/\"", ErrMediaBase, base)
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base, nil
}

// served returns the record to encode: the theme with its media paths
// made URLs on base (absolute URLs stay as written) and its colors {} when
// it has none.
func (r *ResolvedTheme) served(base string, palette []string) servedTheme {
	t := r.theme
	if t.Colors == nil {
		t.Colors = map[string]ColorOverride{}
	}
	for _, pair := range t.pairs() {
		if *pair != nil {
			own := **pair
			*pair = &own
		}
	}
	for _, field := range t.images() {
		if p := *field; p != nil && !isAbsoluteURL(*p) {
			u := base + *p
			*field = &u
		}
	}
	return servedTheme{Theme: t, PalettePreview: palette}
}

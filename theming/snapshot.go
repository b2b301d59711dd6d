package theming

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// Snapshot is a validated catalog and its themes with everything that
// depends only on them worked out once, when they load: every theme
// resolved in both schemes, derived variables, palette previews and the
// encoded component catalog. A Snapshot never changes; it is safe for
// concurrent use, and readers need no locks.
type Snapshot struct {
	catalog   Catalog
	byID      map[string]int // component id -> index in catalog.Components
	visible   []int          // indices of the visible components, in catalog order
	vars      []varDef       // the visible components' variables, in catalog order
	varByName map[string]int // variable name -> index in vars
	themes    []*ResolvedTheme
	themeByID map[int]*ResolvedTheme
	defsJSON  []byte

	media sync.Map // media base URL -> *encodedThemes
	audit func() *Report

	compiled *CompiledCatalog
	version  string
}

// varDef is one CSS variable of a visible component.
type varDef struct {
	comp int // index in catalog.Components
	v    Variable
}

// ResolvedTheme is a theme with every visible component's color and every
// CSS variable's value worked out in both schemes.
type ResolvedTheme struct {
	snap    *Snapshot
	theme   Theme
	colors  [2][]colorref.Color // per scheme, per component index (hidden ones are zero)
	values  [2][]colorref.Color // per scheme, per visible variable
	palette []string
	css     func() []byte // the stylesheet, rendered on first use
}

// build resolves the checked data into a Snapshot.
func build(cat *Catalog, themes []Theme, ix *index) (*Snapshot, error) {
	s := &Snapshot{
		catalog:   *cat,
		byID:      ix.byID,
		varByName: make(map[string]int),
		themeByID: make(map[int]*ResolvedTheme, len(themes)),
	}
	for i := range s.catalog.Components {
		c := &s.catalog.Components[i]
		if c.Variables == nil {
			c.Variables = []Variable{}
		}
		if c.Hidden {
			continue
		}
		s.visible = append(s.visible, i)
		for _, v := range c.Variables {
			s.varByName[v.CSSVariable] = len(s.vars)
			s.vars = append(s.vars, varDef{comp: i, v: v})
		}
	}
	sorted := slices.Clone(themes)
	slices.SortFunc(sorted, func(a, b Theme) int { return cmp.Compare(a.ID, b.ID) })
	for _, t := range sorted {
		rt := &ResolvedTheme{snap: s, theme: t}
		rt.css = sync.OnceValue(rt.renderCSS)
		over := ix.overrides[t.ID]
		for _, sc := range Schemes() {
			k := schemeIndex(sc)
			rt.colors[k], _ = resolve(overlay(ix.fallback[k], over[k]))
			rt.values[k] = make([]colorref.Color, len(s.vars))
			for n, vd := range s.vars {
				rt.values[k][n] = Derive(rt.colors[k][vd.comp], vd.v)
			}
		}
		page := rt.colors[0][ix.pageBG]
		rt.palette = make([]string, len(cat.PalettePreview))
		for n, id := range cat.PalettePreview {
			rt.palette[n] = contrast.Composite(rt.colors[0][ix.byID[id]], page).Compact()
		}
		s.themes = append(s.themes, rt)
		s.themeByID[t.ID] = rt
	}
	defs := make([]Component, len(s.visible))
	for n, i := range s.visible {
		defs[n] = s.catalog.Components[i]
	}
	var err error
	if s.defsJSON, err = json.Marshal(defs); err != nil {
		return nil, fmt.Errorf("theming: encoding the catalog: %w", err)
	}
	s.audit = sync.OnceValue(s.runAudit)
	return s, nil
}

// PageBackground returns the id of the component that paints the page.
func (s *Snapshot) PageBackground() string { return s.catalog.PageBackground }

// Components returns the visible component definitions in catalog order.
// The slice is the caller's; the definitions share their inner slices and
// pointers with the snapshot and must not be modified through them.
func (s *Snapshot) Components() []Component {
	out := make([]Component, len(s.visible))
	for n, i := range s.visible {
		out[n] = s.catalog.Components[i]
	}
	return out
}

// Component returns the visible component with the given id.
func (s *Snapshot) Component(id string) (Component, bool) {
	i, ok := s.byID[id]
	if !ok || s.catalog.Components[i].Hidden {
		return Component{}, false
	}
	return s.catalog.Components[i], true
}

// Themes returns the themes in ascending id order.
func (s *Snapshot) Themes() []*ResolvedTheme { return slices.Clone(s.themes) }

// Theme returns the theme with the given id.
func (s *Snapshot) Theme(id int) (*ResolvedTheme, bool) {
	t, ok := s.themeByID[id]
	return t, ok
}

// ChooseTheme returns the theme for a user who prefers the theme with id
// preferred (0 for no preference): that theme if it exists, else the
// theme marked is_default, else the theme with the lowest id. With no
// themes at all it returns an error wrapping ErrNoThemes.
func (s *Snapshot) ChooseTheme(preferred int) (*ResolvedTheme, error) {
	if t, ok := s.themeByID[preferred]; ok {
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
// the visible component definitions, encoded once when the snapshot was
// built. The slice is a copy.
func (s *Snapshot) ComponentDefsJSON() []byte { return slices.Clone(s.defsJSON) }

// ID returns the theme's id.
func (r *ResolvedTheme) ID() int { return r.theme.ID }

// Name returns the theme's name.
func (r *ResolvedTheme) Name() string { return r.theme.Name }

// Theme returns the theme record as loaded. Its maps and pointers are
// shared with the snapshot and must not be modified.
func (r *ResolvedTheme) Theme() Theme { return r.theme }

// Color returns the resolved color of a visible component in scheme sc.
func (r *ResolvedTheme) Color(sc Scheme, componentID string) (colorref.Color, bool) {
	i, ok := r.snap.byID[componentID]
	if !ok || r.snap.catalog.Components[i].Hidden {
		return colorref.Color{}, false
	}
	return r.colors[schemeIndex(sc)][i], true
}

// Variable returns the value of a visible component's CSS variable in
// scheme sc.
func (r *ResolvedTheme) Variable(sc Scheme, name string) (colorref.Color, bool) {
	n, ok := r.snap.varByName[name]
	if !ok {
		return colorref.Color{}, false
	}
	return r.values[schemeIndex(sc)][n], true
}

// Colors yields each visible component's id and resolved color in scheme
// sc, in catalog order.
func (r *ResolvedTheme) Colors(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		for _, i := range r.snap.visible {
			if !yield(r.snap.catalog.Components[i].ID, r.colors[schemeIndex(sc)][i]) {
				return
			}
		}
	}
}

// Variables yields each visible CSS variable's name and value in scheme
// sc, in catalog order.
func (r *ResolvedTheme) Variables(sc Scheme) iter.Seq2[string, colorref.Color] {
	return func(yield func(string, colorref.Color) bool) {
		for n, vd := range r.snap.vars {
			if !yield(vd.v.CSSVariable, r.values[schemeIndex(sc)][n]) {
				return
			}
		}
	}
}

// PalettePreview returns the theme's palette preview: the light-scheme
// colors of the catalog's palette_preview components, translucent ones
// composited over the page background, in the compact form
// "hsl(h,s%,l%)".
func (r *ResolvedTheme) PalettePreview() []string { return slices.Clone(r.palette) }

// servedTheme is the theme record as the service serves it.
type servedTheme struct {
	Colors                   map[string]ColorOverride `json:"colors"`
	ID                       int                      `json:"id"`
	Name                     string                   `json:"name"`
	Favicon                  *string                  `json:"favicon"`
	Logo                     *string                  `json:"logo"`
	LogoInverse              *string                  `json:"logo_inverse"`
	CompactLogo              *string                  `json:"compact_logo"`
	CompactLogoInverse       *string                  `json:"compact_logo_inverse"`
	LogoSite                 *ImagePair               `json:"logo_site"`
	LightModeLogoType        string                   `json:"light_mode_logo_type"`
	DarkModeLogoType         string                   `json:"dark_mode_logo_type"`
	LogoAlignment            string                   `json:"logo_alignment"`
	LogoHeight               int                      `json:"logo_height"`
	LogoMarginLeft           int                      `json:"logo_margin_left"`
	LogoMarginTop            int                      `json:"logo_margin_top"`
	CompactLightModeLogoType string                   `json:"compact_light_mode_logo_type"`
	CompactDarkModeLogoType  string                   `json:"compact_dark_mode_logo_type"`
	CompactLogoSize          int                      `json:"compact_logo_size"`
	DefaultGroupBanner       *ImagePair               `json:"default_group_banner"`
	DefaultEventBanner       *ImagePair               `json:"default_event_banner"`
	DefaultUserProfileBanner *ImagePair               `json:"default_user_profile_banner"`
	IsDefault                bool                     `json:"is_default"`
	PalettePreview           []string                 `json:"palette_preview"`
}

// encodedThemes holds the theme bodies for one media base URL.
type encodedThemes struct {
	list []byte         // the theme list, with palette previews
	one  map[int][]byte // each theme alone, with an empty palette preview
}

// DefaultMediaBase is the media base URL used when none is given.
const DefaultMediaBase = "/media/"

// ThemesJSON returns the served theme list: a compact JSON array of theme
// records in ascending id order, each with its palette preview, image
// paths turned into URLs on mediaBase ("" means DefaultMediaBase).
// Bodies are encoded once per snapshot and media base; the slice is a
// copy.
func (s *Snapshot) ThemesJSON(mediaBase string) ([]byte, error) {
	e, err := s.encoded(mediaBase)
	if err != nil {
		return nil, err
	}
	return slices.Clone(e.list), nil
}

// ThemeJSON returns one served theme record, as the theme for a user is
// served: palette_preview is an empty array, as the source document
// observed. The error wraps ErrUnknownTheme when no theme has the id.
func (s *Snapshot) ThemeJSON(id int, mediaBase string) ([]byte, error) {
	e, err := s.encoded(mediaBase)
	if err != nil {
		return nil, err
	}
	b, ok := e.one[id]
	if !ok {
		return nil, fmt.Errorf("%w: id %d", ErrUnknownTheme, id)
	}
	return slices.Clone(b), nil
}

func (s *Snapshot) encoded(mediaBase string) (*encodedThemes, error) {
	if v, ok := s.media.Load(mediaBase); ok {
		return v.(*encodedThemes), nil
	}
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	e := &encodedThemes{one: make(map[int][]byte, len(s.themes))}
	list := make([]servedTheme, len(s.themes))
	for n, rt := range s.themes {
		list[n] = rt.served(base, rt.palette)
		if e.one[rt.ID()], err = json.Marshal(rt.served(base, []string{})); err != nil {
			return nil, fmt.Errorf("theming: encoding theme %d: %w", rt.ID(), err)
		}
	}
	if e.list, err = json.Marshal(list); err != nil {
		return nil, fmt.Errorf("theming: encoding the themes: %w", err)
	}
	v, _ := s.media.LoadOrStore(mediaBase, e)
	return v.(*encodedThemes), nil
}

// ErrMediaBase is wrapped by the error for an unusable media base URL.
var ErrMediaBase = errors.New("theming: invalid media base URL")

// NormalizeMediaBase checks a media base URL and gives it a trailing
// slash. It accepts an absolute http(s) URL with a host, or a path that
// starts with "/", either without query or fragment; "" means
// DefaultMediaBase. A relative path such as "media/" is refused: it would
// resolve against each API path differently. The error wraps ErrMediaBase.
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

func (r *ResolvedTheme) served(base string, palette []string) servedTheme {
	t := r.theme
	img := func(p *string) *string {
		if p == nil {
			return nil
		}
		if strings.HasPrefix(*p, "http://") || strings.HasPrefix(*p, "https://") {
			return p
		}
		u := base + *p
		return &u
	}
	pair := func(p *ImagePair) *ImagePair {
		if p == nil {
			return nil
		}
		return &ImagePair{Thumbnail: img(p.Thumbnail), Original: img(p.Original)}
	}
	colors := t.Colors
	if colors == nil {
		colors = map[string]ColorOverride{}
	}
	return servedTheme{
		Colors: colors, ID: t.ID, Name: t.Name,
		Favicon: img(t.Favicon), Logo: img(t.Logo), LogoInverse: img(t.LogoInverse),
		CompactLogo: img(t.CompactLogo), CompactLogoInverse: img(t.CompactLogoInverse),
		LogoSite:          pair(t.LogoSite),
		LightModeLogoType: t.LightModeLogoType, DarkModeLogoType: t.DarkModeLogoType,
		LogoAlignment: t.LogoAlignment, LogoHeight: t.LogoHeight,
		LogoMarginLeft: t.LogoMarginLeft, LogoMarginTop: t.LogoMarginTop,
		CompactLightModeLogoType: t.CompactLightModeLogoType, CompactDarkModeLogoType: t.CompactDarkModeLogoType,
		CompactLogoSize:    t.CompactLogoSize,
		DefaultGroupBanner: pair(t.DefaultGroupBanner), DefaultEventBanner: pair(t.DefaultEventBanner),
		DefaultUserProfileBanner: pair(t.DefaultUserProfileBanner),
		IsDefault:                t.IsDefault,
		PalettePreview:           palette,
	}
}

// sortedKeys returns the keys of m in sorted order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

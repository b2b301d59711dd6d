package theming

import (
	"iter"
	"maps"

	"github.com/themekit/themekit/contrast"
)

// Scheme is a color scheme: Light or Dark.
type Scheme string

// The two color schemes every fallback and override is given for.
const (
	Light Scheme = "light"
	Dark  Scheme = "dark"
)

// Schemes lists the color schemes in the order the library reports them.
func Schemes() [2]Scheme { return [2]Scheme{Light, Dark} }

// index returns the position of s in [Schemes], where its colors sit in
// every per-scheme array, and false for a scheme that is neither Light
// nor Dark: the one mapping of a scheme to its index.
func (s Scheme) index() (int, bool) {
	switch s {
	case Light:
		return 0, true
	case Dark:
		return 1, true
	}
	return 0, false
}

// Catalog is the content of catalog.json: the component definitions, the
// component that paints the page background, and the components whose
// light-scheme colors make up a theme's palette preview.
type Catalog struct {
	PageBackground string      `json:"page_background"`
	PalettePreview []string    `json:"palette_preview"`
	Components     []Component `json:"components"`
}

// Component is one themeable interface component of the catalog.
//
// Its JSON form is the component definition of the served catalog, with
// keys in the spec's order; optional fields are absent when unset, and a
// set value of 0 is written as 0. Hidden is read from the catalog file and
// written only when true, and hidden definitions are never served.
type Component struct {
	ID              string           `json:"component_id"`
	Name            string           `json:"name"`
	Fallback        PerScheme        `json:"fallback"`
	Variables       []Variable       `json:"variables"`
	ContrastAgainst []ContrastTarget `json:"contrast_against,omitempty"`
	CanEditOpacity  *bool            `json:"can_edit_opacity,omitempty"`
	DefaultOpacity  *float64         `json:"default_opacity,omitempty"`
	Hidden          bool             `json:"hidden,omitempty"`
}

// Foregrounds returns the variables that c's contrast rule against t
// judges as its foreground, in c's order: each variable whose [Variable.Role] is [RoleContent]
// (its role exempts it from none of c's rules), except the one t names,
// a variable never being judged against itself. A component without
// variables has none: its rules judge its color. It is the one rule of
// what a component's rule judges, for the compiled catalog and for a
// harness that paints the rules in a browser.
func (c Component) Foregrounds(t ContrastTarget) []Variable {
	var out []Variable
	for _, v := range c.Variables {
		if v.judged() && !(t.Type == TargetVariable && t.Value == v.CSSVariable) {
			out = append(out, v)
		}
	}
	return out
}

// PerScheme is a pair of values, one per color scheme: a component's
// fallback (Component.Fallback) or a theme's override of a component
// (Theme.Colors). Each value is a color in any notation
// [colorref.Parse] reads (#hex, hsl(), rgb(), oklch(), oklab(),
// color(display-p3 …)) or the id of another component, whose color in
// the same scheme is taken, kept exactly as written: served as written,
// and written by the stylesheet canonically in its own notation. A fallback has both values; in an override either may be
// empty, meaning the component's fallback applies in that scheme. An empty
// value is left out of the JSON form.
//
// The validate tags state an override's rule (theming/validation's
// themecolor: a color or a visible component id); a fallback's wider rule
// (hidden components may be named by hidden ones) is CompileCatalog's.
type PerScheme struct {
	Light string `json:"light,omitempty" validate:"omitempty,themecolor"`
	Dark  string `json:"dark,omitempty" validate:"omitempty,themecolor"`
}

// For returns the value for scheme s: Light's or Dark's, and "" for a
// scheme that is neither.
func (p PerScheme) For(s Scheme) string {
	switch s {
	case Light:
		return p.Light
	case Dark:
		return p.Dark
	}
	return ""
}

// With returns p with its value for scheme sc set to v, the other
// scheme's kept; a scheme that is neither Light nor Dark leaves p as it
// is. It is the one write of a per-scheme value: [Theme.SetOverride] and
// every part of the library that edits a theme go through it.
func (p PerScheme) With(sc Scheme, v string) PerScheme {
	switch sc {
	case Light:
		p.Light = v
	case Dark:
		p.Dark = v
	}
	return p
}

// Variable is a CSS custom property driven by a component. Its value is
// derived from the component's resolved color in each scheme ([Derive]):
// Lightness, if set, replaces the lightness (percent points); the
// scheme's lightness offset, if set, is then added and the result clamped
// to [0, 100]; Opacity, if set, multiplies the alpha. A variable with
// none of them carries the component's color.
//
// LightnessOffset is the offset in both schemes, as catalogs have always
// written it, unless LightnessOffsetDark is set: then LightnessOffset is
// the light scheme's and LightnessOffsetDark the dark scheme's (either
// may be set alone). A state shade that must gain contrast on both pages
// moves the opposite ways: darker on the light page, lighter on the dark
// one ("lightness_offset": -10, "lightness_offset_dark": 10). One offset
// for both schemes darkens (or lightens) the shade on both pages, which
// loses contrast on one of them: the audit judges the shade in each
// scheme and names it where it fails.
//
// Role says what the variable paints, for the contrast rules (see
// [Role]): without one, the variable is judged by every rule of its
// component, as the page paints it.
type Variable struct {
	CSSVariable     string   `json:"css_variable"`
	Opacity         *float64 `json:"opacity,omitempty"`
	LightnessOffset *float64 `json:"lightness_offset,omitempty"`
	Lightness       *float64 `json:"lightness,omitempty"`
	// LightnessOffsetDark, when set, is the offset in the dark scheme,
	// LightnessOffset's in the light scheme only.
	LightnessOffsetDark *float64 `json:"lightness_offset_dark,omitempty"`
	Role                Role     `json:"role,omitempty"`
}

// offset returns v's lightness offset in scheme sc, nil when it has none
// there: LightnessOffsetDark in [Dark] when it is set, else
// LightnessOffset; nil for a scheme that is neither Light nor Dark.
func (v Variable) offset(sc Scheme) *float64 {
	switch sc {
	case Light:
		return v.LightnessOffset
	case Dark:
		if v.LightnessOffsetDark != nil {
			return v.LightnessOffsetDark
		}
		return v.LightnessOffset
	}
	return nil
}

// Role is what a [Variable] paints, as far as the contrast rules are
// concerned: the catalog's "role" of a variable entry. The zero Role
// (the field absent) is content: text, an icon, a border or a state
// (hover, visited, active, strong, muted) that carries information, which
// every contrast rule of its component judges as the foreground. The
// other roles exempt the variable from its component's rules:
// [RoleDecoration] and [RoleDisabled], which WCAG 2 exempts, and
// [RoleSurface], a background judged only where a rule names it as its
// target. A rule that names a variable as its target judges it whatever
// its role.
type Role string

// The roles a catalog may give a variable.
const (
	// RoleContent is the zero Role: the variable is judged.
	RoleContent Role = ""
	// RoleDecoration is a halo, a translucent border or a divider that
	// carries no information (WCAG 2's "pure decoration").
	RoleDecoration Role = "decoration"
	// RoleDisabled is the color of a disabled control (WCAG 2's
	// "inactive user interface component").
	RoleDisabled Role = "disabled"
	// RoleSurface is a tint or a background that other things are painted
	// on, such as a soft brand tint or a badge's background: not judged as
	// the foreground of its component's rules, but judged wherever a rule
	// names it as its target.
	RoleSurface Role = "surface"
)

// judged reports whether v is judged by its component's contrast rules
// as their foreground: whether its role is [RoleContent]. It is the one
// test of it for the compiled rules.
func (v Variable) judged() bool { return v.Role == RoleContent }

// Derived reports whether v derives its color (it sets Opacity, Lightness
// or a lightness offset) rather than carrying the component's color as it
// is: the one test of it for the contrast rules and the token export.
func (v Variable) Derived() bool {
	return v.Opacity != nil || v.Lightness != nil || v.LightnessOffset != nil || v.LightnessOffsetDark != nil
}

// TargetKind is what a [ContrastTarget]'s Value names: its JSON "type".
type TargetKind string

// The kinds of contrast target.
const (
	TargetComponent TargetKind = "component" // Value is a component id
	TargetVariable  TargetKind = "variable"  // Value is a CSS custom property name
	TargetHSL       TargetKind = "hsl"       // Value is a literal hsl() color
)

// ContrastTarget names a color a component must be checked against, and
// the rule that applies: contrast_type [contrast.Text] (4.5:1 at AA) or
// [contrast.NonText] (3:1), the two a catalog may use.
type ContrastTarget struct {
	Type         TargetKind    `json:"type"`
	Value        string        `json:"value"`
	ContrastType contrast.Type `json:"contrast_type"`
}

// themesDoc is the content of themes.json: a Theme list under "themes".
type themesDoc struct {
	Themes []Theme `json:"themes"`
}

// Theme is a theme record as themes.json holds it: per-component color
// overrides (the record's first field, which the spec shows cut off),
// branding images and logo layout, then the spec's fields in its order.
// It is the one declaration of a theme's fields: the served record is a
// Theme with its image paths made URLs and palette_preview added.
//
// Image fields hold a media-relative path ("themes/2/logo.png") or an
// absolute http(s) URL, or are nil (null) when unset. The logo-type fields
// take LogoTypeDefault or LogoTypeInverse and LogoAlignment takes
// AlignLeft, AlignCenter or AlignRight; an empty string means
// LogoTypeDefault and AlignLeft, and is served as that value. A nil Colors
// map means no overrides and is served as {}.
//
// Every string of a theme is bounded: Name has at most [MaxNameChars]
// characters, an image value at most [MaxImageLen] bytes, and a key of
// Colors and each of its values (a component id, a color) at most 128
// bytes; the logo-type and alignment fields take their few values only.
// A value over its bound is a problem wrapping [ErrTooLarge] that names
// the theme and the field, from Go values and files alike (a file's is
// refused as it is decoded, before the value is built).
//
// The validate tags are for go-playground/validator once
// theming/validation's Register has added the tags they use: they state
// the field rules of [CompiledCatalog.CheckTheme], field by field.
type Theme struct {
	Colors                   map[string]PerScheme `json:"colors" validate:"dive,keys,componentid,endkeys"`
	ID                       int                  `json:"id" validate:"gt=0"`
	Name                     string               `json:"name" validate:"required,notblank,themename"`
	Favicon                  *string              `json:"favicon" validate:"omitnil,themeimage"`
	Logo                     *string              `json:"logo" validate:"omitnil,themeimage"`
	LogoInverse              *string              `json:"logo_inverse" validate:"omitnil,themeimage"`
	CompactLogo              *string              `json:"compact_logo" validate:"omitnil,themeimage"`
	CompactLogoInverse       *string              `json:"compact_logo_inverse" validate:"omitnil,themeimage"`
	LogoSite                 *ImagePair           `json:"logo_site"`
	LightModeLogoType        string               `json:"light_mode_logo_type" validate:"omitempty,oneof=DEFAULT INVERSE"`
	DarkModeLogoType         string               `json:"dark_mode_logo_type" validate:"omitempty,oneof=DEFAULT INVERSE"`
	LogoAlignment            string               `json:"logo_alignment" validate:"omitempty,oneof=left center right"`
	LogoHeight               int                  `json:"logo_height" validate:"gte=0"`
	LogoMarginLeft           int                  `json:"logo_margin_left" validate:"gte=0"`
	LogoMarginTop            int                  `json:"logo_margin_top" validate:"gte=0"`
	CompactLightModeLogoType string               `json:"compact_light_mode_logo_type" validate:"omitempty,oneof=DEFAULT INVERSE"`
	CompactDarkModeLogoType  string               `json:"compact_dark_mode_logo_type" validate:"omitempty,oneof=DEFAULT INVERSE"`
	CompactLogoSize          int                  `json:"compact_logo_size" validate:"gte=0"`
	DefaultGroupBanner       *ImagePair           `json:"default_group_banner"`
	DefaultEventBanner       *ImagePair           `json:"default_event_banner"`
	DefaultUserProfileBanner *ImagePair           `json:"default_user_profile_banner"`
	IsDefault                bool                 `json:"is_default"`
}

// SetOverride sets t's override of component id in scheme sc to v (an
// color in any notation [colorref.Parse] reads or a component id, as
// Colors holds them), keeping
// its value in the other scheme: the one way the library writes an
// override (the engine's fixer, generator and suggestions use it). A nil
// Colors map is made first. An empty v clears the scheme's value, and an
// override left with neither value is removed: it overrides nothing. A
// scheme that is neither Light nor Dark changes nothing.
//
// The map is written in place: a copy of t made by assignment shares it,
// so clone Colors first ([maps.Clone]) to keep the original.
func (t *Theme) SetOverride(id string, sc Scheme, v string) {
	if _, ok := sc.index(); !ok {
		return
	}
	o := t.Colors[id].With(sc, v)
	if o == (PerScheme{}) {
		delete(t.Colors, id)
		return
	}
	if t.Colors == nil {
		t.Colors = map[string]PerScheme{}
	}
	t.Colors[id] = o
}

// The values of a theme's logo-type fields (LightModeLogoType,
// DarkModeLogoType, CompactLightModeLogoType, CompactDarkModeLogoType): the
// logo drawn for the default color scheme, or its inverse variant. An empty
// field means LogoTypeDefault.
const (
	LogoTypeDefault = "DEFAULT"
	LogoTypeInverse = "INVERSE"
)

// The values of a theme's LogoAlignment. An empty field means AlignLeft.
const (
	AlignLeft   = "left"
	AlignCenter = "center"
	AlignRight  = "right"
)

// images yields t's image fields with their JSON paths, in record order,
// the fields of each non-nil ImagePair included.
func (t *Theme) images() iter.Seq2[string, **string] {
	return func(yield func(string, **string) bool) {
		for _, f := range [...]struct {
			path  string
			field **string
		}{
			{"favicon", &t.Favicon}, {"logo", &t.Logo}, {"logo_inverse", &t.LogoInverse},
			{"compact_logo", &t.CompactLogo}, {"compact_logo_inverse", &t.CompactLogoInverse},
		} {
			if !yield(f.path, f.field) {
				return
			}
		}
		for path, pair := range t.pairs() {
			if *pair == nil {
				continue
			}
			if !yield(path+".thumbnail", &(*pair).Thumbnail) || !yield(path+".original", &(*pair).Original) {
				return
			}
		}
	}
}

// pairs yields t's ImagePair fields with their JSON paths.
func (t *Theme) pairs() iter.Seq2[string, **ImagePair] {
	return func(yield func(string, **ImagePair) bool) {
		for _, f := range [...]struct {
			path  string
			field **ImagePair
		}{
			{"logo_site", &t.LogoSite}, {"default_group_banner", &t.DefaultGroupBanner},
			{"default_event_banner", &t.DefaultEventBanner}, {"default_user_profile_banner", &t.DefaultUserProfileBanner},
		} {
			if !yield(f.path, f.field) {
				return
			}
		}
	}
}

// ownImages points t's image pairs and images at copies of their
// values, so that t shares none of them with the theme it was copied
// from. The pairs are copied first, so that their images are then copied
// out of t's own pairs.
func (t *Theme) ownImages() {
	for _, pair := range t.pairs() {
		if *pair != nil {
			own := **pair
			*pair = &own
		}
	}
	for _, field := range t.images() {
		if *field != nil {
			own := **field
			*field = &own
		}
	}
}

// clone returns a copy of t that shares no memory with it (strings
// aside), with the documented defaults in its empty logo-type and
// alignment fields.
func (t Theme) clone() Theme {
	for _, f := range []*string{&t.LightModeLogoType, &t.DarkModeLogoType, &t.CompactLightModeLogoType, &t.CompactDarkModeLogoType} {
		if *f == "" {
			*f = LogoTypeDefault
		}
	}
	if t.LogoAlignment == "" {
		t.LogoAlignment = AlignLeft
	}
	if t.Colors != nil {
		t.Colors = maps.Clone(t.Colors)
	}
	t.ownImages()
	return t
}

// ImagePair is an image in two sizes. Either may be null, and a theme's
// pair itself may be null when the theme has no such image.
type ImagePair struct {
	Thumbnail *string `json:"thumbnail" validate:"omitnil,themeimage"`
	Original  *string `json:"original" validate:"omitnil,themeimage"`
}

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

// PerScheme is a pair of values, one per color scheme: a component's
// fallback (Component.Fallback) or a theme's override of a component
// (Theme.Colors). Each value is an hsl()/hsla() color or the id of another
// component, whose color in the same scheme is taken, kept exactly as
// written. A fallback has both values; in an override either may be
// empty, meaning the component's fallback applies in that scheme. An empty
// value is left out of the JSON form.
type PerScheme struct {
	Light string `json:"light,omitempty"`
	Dark  string `json:"dark,omitempty"`
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

// Variable is a CSS custom property driven by a component. Its value is
// derived from the component's resolved color: Lightness, if set, replaces
// the lightness (percent points); LightnessOffset, if set, is then added
// and the result clamped to [0, 100]; Opacity, if set, multiplies the
// alpha. A variable with none of the three carries the component's color.
type Variable struct {
	CSSVariable     string   `json:"css_variable"`
	Opacity         *float64 `json:"opacity,omitempty"`
	LightnessOffset *float64 `json:"lightness_offset,omitempty"`
	Lightness       *float64 `json:"lightness,omitempty"`
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
type Theme struct {
	Colors                   map[string]PerScheme `json:"colors"`
	ID                       int                  `json:"id"`
	Name                     string               `json:"name"`
	Favicon                  *string              `json:"favicon"`
	Logo                     *string              `json:"logo"`
	LogoInverse              *string              `json:"logo_inverse"`
	CompactLogo              *string              `json:"compact_logo"`
	CompactLogoInverse       *string              `json:"compact_logo_inverse"`
	LogoSite                 *ImagePair           `json:"logo_site"`
	LightModeLogoType        string               `json:"light_mode_logo_type"`
	DarkModeLogoType         string               `json:"dark_mode_logo_type"`
	LogoAlignment            string               `json:"logo_alignment"`
	LogoHeight               int                  `json:"logo_height"`
	LogoMarginLeft           int                  `json:"logo_margin_left"`
	LogoMarginTop            int                  `json:"logo_margin_top"`
	CompactLightModeLogoType string               `json:"compact_light_mode_logo_type"`
	CompactDarkModeLogoType  string               `json:"compact_dark_mode_logo_type"`
	CompactLogoSize          int                  `json:"compact_logo_size"`
	DefaultGroupBanner       *ImagePair           `json:"default_group_banner"`
	DefaultEventBanner       *ImagePair           `json:"default_event_banner"`
	DefaultUserProfileBanner *ImagePair           `json:"default_user_profile_banner"`
	IsDefault                bool                 `json:"is_default"`
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
	return t
}

// ImagePair is an image in two sizes. Either may be null, and a theme's
// pair itself may be null when the theme has no such image.
type ImagePair struct {
	Thumbnail *string `json:"thumbnail"`
	Original  *string `json:"original"`
}

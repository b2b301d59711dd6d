package theming

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
	PageBackground string      `json:"page_background" validate:"required,componentid"`
	PalettePreview []string    `json:"palette_preview" validate:"required,dive,componentid"`
	Components     []Component `json:"components" validate:"required,dive"`
}

// Component is one themeable interface component of the catalog.
//
// Its JSON form is the component definition of the served catalog, with
// keys in the spec's order; optional fields are absent when unset, and a
// set value of 0 is written as 0. Hidden is read from the catalog file and
// written only when true, and hidden definitions are never served.
type Component struct {
	ID              string           `json:"component_id" validate:"required,componentid"`
	Name            string           `json:"name" validate:"required,notblank"`
	Fallback        Fallback         `json:"fallback"`
	Variables       []Variable       `json:"variables" validate:"required,dive"`
	ContrastAgainst []ContrastTarget `json:"contrast_against,omitempty" validate:"dive"`
	CanEditOpacity  *bool            `json:"can_edit_opacity,omitempty" validate:"required_with=DefaultOpacity"`
	DefaultOpacity  *float64         `json:"default_opacity,omitempty" validate:"required_with=CanEditOpacity,omitempty,min=0,max=1"`
	Hidden          bool             `json:"hidden,omitempty"`
}

// Fallback is a component's default color per color scheme. Each value is
// an hsl()/hsla() color or the id of another component, whose color in the
// same scheme is taken. Values are kept exactly as the catalog wrote them.
type Fallback struct {
	Light string `json:"light" validate:"required,colororid"`
	Dark  string `json:"dark" validate:"required,colororid"`
}

// For returns the fallback value for scheme s.
func (f Fallback) For(s Scheme) string {
	if s == Dark {
		return f.Dark
	}
	return f.Light
}

// Variable is a CSS custom property driven by a component. Its value is
// derived from the component's resolved color: Lightness, if set, replaces
// the lightness (percent points); LightnessOffset, if set, is then added
// and the result clamped to [0, 100]; Opacity, if set, multiplies the
// alpha. A variable with none of the three carries the component's color.
type Variable struct {
	CSSVariable     string   `json:"css_variable" validate:"required,cssvar"`
	Opacity         *float64 `json:"opacity,omitempty" validate:"omitempty,min=0,max=1"`
	LightnessOffset *float64 `json:"lightness_offset,omitempty" validate:"omitempty,min=-100,max=100"`
	Lightness       *float64 `json:"lightness,omitempty" validate:"omitempty,min=0,max=100"`
}

// Contrast target types.
const (
	TargetComponent = "component" // Value is a component id
	TargetVariable  = "variable"  // Value is a CSS custom property name
	TargetHSL       = "hsl"       // Value is a literal hsl() color
)

// ContrastTarget names a color a component must be checked against, and
// the rule that applies: contrast_type "text" (4.5:1) or "non-text" (3:1).
type ContrastTarget struct {
	Type         string `json:"type" validate:"required,oneof=component variable hsl"`
	Value        string `json:"value" validate:"required"`
	ContrastType string `json:"contrast_type" validate:"required,oneof=text non-text"`
}

// Themes is the content of themes.json.
type Themes struct {
	Themes []Theme `json:"themes" validate:"required,dive"`
}

// Theme is a theme record as themes.json holds it: per-component color
// overrides (the record's first field, which the spec shows cut off),
// branding images and logo layout, then the spec's fields in its order. Image fields hold a
// media-relative path ("themes/2/logo.png") or an absolute http(s) URL, or
// are null when unset; the served record turns paths into absolute URLs on
// the media base URL and adds the computed palette_preview.
type Theme struct {
	Colors                   map[string]ColorOverride `json:"colors,omitempty" validate:"dive,keys,componentid,endkeys"`
	ID                       int                      `json:"id" validate:"gt=0"`
	Name                     string                   `json:"name" validate:"required,notblank"`
	Favicon                  *string                  `json:"favicon" validate:"omitnil,image"`
	Logo                     *string                  `json:"logo" validate:"omitnil,image"`
	LogoInverse              *string                  `json:"logo_inverse" validate:"omitnil,image"`
	CompactLogo              *string                  `json:"compact_logo" validate:"omitnil,image"`
	CompactLogoInverse       *string                  `json:"compact_logo_inverse" validate:"omitnil,image"`
	LogoSite                 *ImagePair               `json:"logo_site"`
	LightModeLogoType        string                   `json:"light_mode_logo_type" validate:"oneof=DEFAULT INVERSE"`
	DarkModeLogoType         string                   `json:"dark_mode_logo_type" validate:"oneof=DEFAULT INVERSE"`
	LogoAlignment            string                   `json:"logo_alignment" validate:"oneof=left center right"`
	LogoHeight               int                      `json:"logo_height" validate:"min=0"`
	LogoMarginLeft           int                      `json:"logo_margin_left" validate:"min=0"`
	LogoMarginTop            int                      `json:"logo_margin_top" validate:"min=0"`
	CompactLightModeLogoType string                   `json:"compact_light_mode_logo_type" validate:"oneof=DEFAULT INVERSE"`
	CompactDarkModeLogoType  string                   `json:"compact_dark_mode_logo_type" validate:"oneof=DEFAULT INVERSE"`
	CompactLogoSize          int                      `json:"compact_logo_size" validate:"min=0"`
	DefaultGroupBanner       *ImagePair               `json:"default_group_banner"`
	DefaultEventBanner       *ImagePair               `json:"default_event_banner"`
	DefaultUserProfileBanner *ImagePair               `json:"default_user_profile_banner"`
	IsDefault                bool                     `json:"is_default"`
}

// ColorOverride is a theme's color for one component, per scheme. Either
// value may be empty, meaning the component's fallback applies in that
// scheme. Values take the same two forms as fallbacks.
type ColorOverride struct {
	Light string `json:"light,omitempty" validate:"omitempty,colororid"`
	Dark  string `json:"dark,omitempty" validate:"omitempty,colororid"`
}

// For returns the override for scheme s, or "" when there is none.
func (o ColorOverride) For(s Scheme) string {
	if s == Dark {
		return o.Dark
	}
	return o.Light
}

// ImagePair is an image in two sizes. Either may be null, and a theme's
// pair itself may be null when the theme has no such image.
type ImagePair struct {
	Thumbnail *string `json:"thumbnail" validate:"omitnil,image"`
	Original  *string `json:"original" validate:"omitnil,image"`
}

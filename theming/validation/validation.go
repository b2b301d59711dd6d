// Package validation bridges go-playground/validator/v10 and theming: it
// registers the tags that theme data needs ([Register]) and restates the
// validator's errors in theming's one error type ([ToTheming]), so
// that a host that validates its forms with validator reports theme
// problems the way [theming.CompiledCatalog.CheckTheme] does.
//
// [theming.Theme], [theming.PerScheme] and [theming.ImagePair] carry
// validate tags. After Register, v.Struct(theme) checks every field rule
// of CheckTheme, and [ToTheming] turns its errors into the problems
// CheckTheme reports: same paths, theme id, component, scheme, sentinel
// and message. What a validator cannot see, because it looks at one field
// at a time, it does not check:
//
//   - fallback cycles that a theme's overrides close, and a page background
//     they make translucent (CheckTheme resolves the whole theme);
//   - theme ids unique among a tenant's themes, and at most one default
//     theme (checks between themes, which the host holds);
//   - anything a catalog needs a catalog for, other than the catalog given
//     to Register.
//
// So a host that stores a whole theme still calls CheckTheme before it
// commits (or builds its snapshot, which checks everything); the tags are
// for forms, which report each field's problem next to the field.
//
// The tags, usable on a host's own form fields too:
//
//	csscolor     a color in any notation theme data takes, as colorref.Parse
//	             reads it: #hex, hsl(), rgb(), oklch(), oklab(),
//	             color(display-p3 …)
//	hslcolor     a strict hsl()/hsla() color as colorref.ParseColor reads it
//	cssvar       a CSS custom property name, "--" and letters, digits, "-", "_"
//	componentid  the id of a visible component of the catalog
//	themecolor   what a theme's color override may hold: a color or the id
//	             of a visible component (not empty: Theme's tags say
//	             omitempty, as an empty override means none)
//	themeimage   a media-relative path or an absolute http(s) URL, of at
//	             most theming.MaxImageLen bytes
//	themename    a theme's name: not blank, of at most
//	             theming.MaxNameChars characters
//	notblank     a string with something besides white space
//
// themecolor, componentid, themeimage and themename ask CheckTheme itself
// (on a theme that holds just the value), so they accept exactly what it
// does, the bounds on a theme's strings included.
package validation

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/go-playground/validator/v10"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/theming"
)

// The tags Register adds.
const (
	TagCSSColor    = "csscolor"
	TagHSLColor    = "hslcolor"
	TagCSSVar      = "cssvar"
	TagComponentID = "componentid"
	TagThemeColor  = "themecolor"
	TagThemeImage  = "themeimage"
	TagThemeName   = "themename"
	TagNotBlank    = "notblank"
)

// ErrNoValidator is returned by [Register] for a nil *validator.Validate.
var ErrNoValidator = errors.New("validation: nil validator")

// Register adds the package's tags to v, checking against cc. It returns
// an error wrapping [theming.ErrNoCatalog] when cc holds no catalog, and
// [ErrNoValidator] for a nil v. A tag registered before under the same
// name is replaced.
func Register(v *validator.Validate, cc *theming.CompiledCatalog) error {
	if v == nil {
		return ErrNoValidator
	}
	r, err := newRules(cc)
	if err != nil {
		return err
	}
	for tag, fn := range map[string]func(string) bool{
		TagCSSColor:    func(s string) bool { _, err := colorref.Parse(s); return err == nil },
		TagHSLColor:    func(s string) bool { _, err := colorref.ParseColor(s); return err == nil },
		TagCSSVar:      func(s string) bool { return colorref.CheckVariable(s) == nil },
		TagComponentID: func(s string) bool { return r.component(s) == nil },
		TagThemeColor:  func(s string) bool { return s != "" && r.colorValue(r.probeKey(), s) == nil },
		TagThemeImage:  func(s string) bool { return r.image(s) == nil },
		TagThemeName:   func(s string) bool { return r.name(s) == nil },
		TagNotBlank:    func(s string) bool { return strings.TrimSpace(s) != "" },
	} {
		err := v.RegisterValidation(tag, func(fl validator.FieldLevel) bool {
			f := fl.Field()
			return f.Kind() == reflect.String && fn(f.String())
		})
		if err != nil {
			return fmt.Errorf("validation: register %s: %w", tag, err)
		}
	}
	return nil
}

// rules checks values by asking CheckTheme about a theme that holds
// them, so that the answer is CheckTheme's.
type rules struct {
	cc *theming.CompiledCatalog
	// probeKey returns a visible component whose override probes a
	// value: the page background, worked out on first use.
	probeKey func() string
}

// newRules returns the rules of cc, or an error wrapping
// theming.ErrNoCatalog when cc holds none.
func newRules(cc *theming.CompiledCatalog) (*rules, error) {
	if err := cc.CheckTheme(theming.Theme{ID: 1, Name: "probe"}); errors.Is(err, theming.ErrNoCatalog) {
		return nil, fmt.Errorf("validation: %w", err)
	}
	return &rules{cc: cc, probeKey: sync.OnceValue(func() string {
		snap, _ := cc.Snapshot(nil)
		return snap.PageBackground()
	})}, nil
}

// probe checks a theme that is valid but for what set puts in it, and
// returns the first problem CheckTheme reports in a field (not those of
// the whole theme's resolution at "colors": cycles, page background; a
// key too long to name, also reported at "colors", is a field's).
func (r *rules) probe(set func(*theming.Theme)) *theming.Problem {
	t := theming.Theme{ID: 1, Name: "probe"}
	set(&t)
	var ve *theming.ValidationError
	if !errors.As(r.cc.CheckTheme(t), &ve) {
		return nil
	}
	for _, p := range ve.Problems {
		if p.Path != "colors" || errors.Is(p, theming.ErrTooLarge) {
			return p
		}
	}
	return nil
}

// component is the problem of id as a key of a theme's colors.
func (r *rules) component(id string) *theming.Problem {
	return r.probe(func(t *theming.Theme) { t.Colors = map[string]theming.PerScheme{id: {}} })
}

// colorValue is the problem of v as the light override of component key,
// at the key itself when key is not an overridable component.
func (r *rules) colorValue(key, v string) *theming.Problem {
	return r.probe(func(t *theming.Theme) {
		t.Colors = map[string]theming.PerScheme{key: {Light: v}}
	})
}

// image is the problem of s as an image path.
func (r *rules) image(s string) *theming.Problem {
	return r.probe(func(t *theming.Theme) { t.Logo = &s })
}

// name is the problem of s as a theme's name.
func (r *rules) name(s string) *theming.Problem {
	return r.probe(func(t *theming.Theme) { t.Name = s })
}

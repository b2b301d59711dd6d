package theming

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/themekit/themekit/colorref"
)

// The bounds on the strings a theme carries, applied alike to files (by
// the decoder, before a value over its bound is built), to Go values
// (CheckTheme, Snapshot, and so the revision stores and the tenant
// sources) and to forms (theming/validation's tags ask CheckTheme). A
// value over its bound is a problem wrapping [ErrTooLarge] that gives its
// size and the bound.
const (
	// MaxNameChars is the most characters (Unicode code points) a theme's
	// or a component's name may have: a label in a theme picker or an
	// editor, where 200 is several lines. (The name is served in every
	// theme record and written into the stylesheet's comment, so each
	// byte of it is sent to every user of the tenant.)
	MaxNameChars = 200
	// MaxImageLen is the most bytes an image field's value (a media path
	// or an absolute URL) may have: 2,048, the longest URL that every
	// browser, CDN and proxy in common use accepts (and the sitemaps
	// protocol's bound).
	MaxImageLen = 2048
)

// maxRefLen bounds a component id (a catalog's, or a key of a theme's
// colors) and a color value or reference (a fallback or an override):
// the longest canonical color a catalog writes is under 60 bytes, and
// the default catalog's longest id 29.
const maxRefLen = 128

// lengthMsg is the message of a value of n units (bytes, characters)
// over its bound: "is 300 bytes long; the limit is 128". The decoder's
// bounds and the checks of Go values give the same.
func lengthMsg(n, limit int, unit string) string {
	return "is " + strconv.Itoa(n) + " " + unit + " long; the limit is " + strconv.Itoa(limit)
}

// keyLenMsg is the message, at a theme's colors, of a key of n bytes: too
// long to be a component id, and not quoted.
func keyLenMsg(n int) string {
	return "has a key of " + strconv.Itoa(n) + " bytes; a component id is at most " + strconv.Itoa(maxRefLen)
}

// countMsg is the message of a list of n things over its bound: "150000
// components; the limit is 100000".
func countMsg(n, limit int, what string) string {
	return strconv.Itoa(n) + " " + what + "; the limit is " + strconv.Itoa(limit)
}

// The field rules: each checks one value of a Catalog or Theme in plain Go
// and reports what it expected. A string that has structure (a color, a
// reference, an id) is parsed once, here, and what was parsed is returned
// for the later steps.

// checkRequired reports an empty string as "is required". It reports
// whether s is non-empty.
func checkRequired(sp scope, path, comp, s string) bool {
	if s == "" {
		sp.add(path, comp, "", ErrInvalid, "is required")
		return false
	}
	return true
}

// checkID checks a component id at path.
func checkID(sp scope, path, comp, id string) bool {
	if !checkRequired(sp, path, comp, id) {
		return false
	}
	if msg := componentIDProblem(id); msg != "" {
		sp.add(path, comp, "", ErrInvalid, msg)
		return false
	}
	return true
}

// componentIDProblem says what is wrong with id as a component id, or
// returns "" when nothing is: the one wording of the rule, for a
// component's own id, the ids the catalog names and a theme's override
// keys.
func componentIDProblem(id string) string {
	if len(id) > maxRefLen {
		return "is not a component id: it " + lengthMsg(len(id), maxRefLen, "bytes")
	}
	if err := colorref.CheckComponentID(id); err != nil {
		return describeErr(id, "is not a component id (lower-case words joined by hyphens)", err)
	}
	return ""
}

// checkName checks a display name: present, not blank and at most
// MaxNameChars characters.
func checkName(sp scope, path, comp, name string) {
	if n, over := nameChars(name); over {
		sp.add(path, comp, "", ErrTooLarge, lengthMsg(n, MaxNameChars, "characters"))
		return
	}
	if checkRequired(sp, path, comp, name) && strings.TrimSpace(name) == "" {
		sp.add(path, comp, "", ErrInvalid, "must not be blank")
	}
}

// nameChars counts the characters of a name and says whether they are
// over MaxNameChars; a name of no more bytes than that is not counted.
func nameChars(name string) (int, bool) {
	if len(name) <= MaxNameChars {
		return len(name), false
	}
	n := utf8.RuneCountInString(name)
	return n, n > MaxNameChars
}

// parseColorOrID parses a fallback or override value: a color in any
// notation colorref.Parse reads (kept in it) or a component id. On a
// problem it reports it and returns the zero Ref.
func parseColorOrID(sp scope, path func() string, comp string, sc Scheme, v string) colorref.Ref {
	if len(v) > maxRefLen {
		sp.add(path(), comp, sc, ErrTooLarge, lengthMsg(len(v), maxRefLen, "bytes"))
		return colorref.Ref{}
	}
	r, err := colorref.ParseRef(v)
	if err == nil && r.Kind() != colorref.KindVariable {
		return r
	}
	if err == nil {
		err = errors.New("a CSS variable cannot stand here")
	}
	sp.add(path(), comp, sc, ErrInvalid, describeErr(v, colorOrIDWhat, err))
	return colorref.Ref{}
}

// colorOrIDWhat is what a fallback or override value that is neither is
// said not to be.
const colorOrIDWhat = "is neither a color nor a component id"

// checkRange checks that *v, if set, lies in [lo, hi].
func checkRange(sp scope, path, comp string, v *float64, lo, hi float64) {
	switch {
	case v == nil:
	case math.IsNaN(*v) || *v < lo:
		sp.add(path, comp, "", ErrInvalid, fmt.Sprintf("must be at least %g, not %v", lo, *v))
	case *v > hi:
		sp.add(path, comp, "", ErrInvalid, fmt.Sprintf("must be at most %g, not %v", hi, *v))
	}
}

// checkOneOf checks that s is one of the allowed values.
func checkOneOf(sp scope, path, comp, s string, allowed ...string) {
	for _, a := range allowed {
		if s == a {
			return
		}
	}
	sp.add(path, comp, "", ErrInvalid, fmt.Sprintf("must be one of %s, not %q", strings.Join(allowed, ", "), s))
}

// checkNonNegative checks an integer layout field.
func checkNonNegative(sp scope, path string, n int) {
	if n < 0 {
		sp.add(path, "", "", ErrInvalid, fmt.Sprintf("must be at least 0, not %d", n))
	}
}

// checkImage accepts a media-relative path or an absolute http(s) URL.
//
// A relative path is one or more segments of ASCII letters, digits and
// "._~-" joined by "/", with no empty, "." or ".." segment: it cannot
// climb out of the media root, name a scheme (javascript:, data:) or need
// escaping. An absolute URL must be http or https with a host, in URI
// characters (imageURLProblem), so that a host may put it in an HTML
// attribute or a CSS url() as it is.
func checkImage(s string) error {
	if isAbsoluteURL(s) {
		if reason := imageURLProblem(s); reason != "" {
			return errors.New(reason)
		}
		u, err := url.Parse(s)
		if err != nil {
			return err
		}
		if reason := httpURLProblem(u); reason != "" {
			return errors.New(reason)
		}
		for seg := range strings.SplitSeq(u.Path, "/") {
			if seg == ".." {
				return errors.New(`".." segment`)
			}
		}
		return nil
	}
	if s == "" {
		return errors.New("empty path")
	}
	for seg := range strings.SplitSeq(s, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return errors.New("empty, \".\" or \"..\" segment")
		}
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("._~-", c) >= 0) {
				return fmt.Errorf("character %q not allowed in a media path", c)
			}
		}
	}
	return nil
}

func describeErr(s, what string, err error) string {
	msg := strconv.Quote(s) + " " + what
	if err != nil {
		var pe *colorref.ParseError
		if errors.As(err, &pe) {
			return msg + ": " + pe.Msg + " at offset " + strconv.Itoa(pe.Offset)
		}
		return msg + ": " + err.Error()
	}
	return msg
}

// checkThemeFields checks the field rules of one theme: everything but
// its color overrides, which need the catalog.
func checkThemeFields(t *Theme, sp scope) {
	if t.ID <= 0 {
		sp.add("id", "", "", ErrInvalid, fmt.Sprintf("must be greater than 0, not %d", t.ID))
	}
	checkName(sp, "name", "", t.Name)
	for path, field := range t.images() {
		if p := *field; p != nil {
			if len(*p) > MaxImageLen {
				sp.add(path, "", "", ErrTooLarge, lengthMsg(len(*p), MaxImageLen, "bytes"))
			} else if err := checkImage(*p); err != nil {
				sp.add(path, "", "", ErrInvalid, describeErr(*p, "is not a media path or an http(s) URL", err))
			}
		}
	}
	for _, f := range []struct {
		path, v string
	}{
		{"light_mode_logo_type", t.LightModeLogoType}, {"dark_mode_logo_type", t.DarkModeLogoType},
		{"compact_light_mode_logo_type", t.CompactLightModeLogoType}, {"compact_dark_mode_logo_type", t.CompactDarkModeLogoType},
	} {
		if f.v != "" {
			checkOneOf(sp, f.path, "", f.v, LogoTypeDefault, LogoTypeInverse)
		}
	}
	if t.LogoAlignment != "" {
		checkOneOf(sp, "logo_alignment", "", t.LogoAlignment, AlignLeft, AlignCenter, AlignRight)
	}
	checkNonNegative(sp, "logo_height", t.LogoHeight)
	checkNonNegative(sp, "logo_margin_left", t.LogoMarginLeft)
	checkNonNegative(sp, "logo_margin_top", t.LogoMarginTop)
	checkNonNegative(sp, "compact_logo_size", t.CompactLogoSize)
}

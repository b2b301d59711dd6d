package theming

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// The media base and the served theme records: the one media-base rule,
// and the encoding of a theme as the service serves it.

// DefaultMediaBase is the media base URL used when none is given.
const DefaultMediaBase = "/media/"

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

// servedTheme is the theme record as the service serves it: the Theme's
// fields, then the computed palette preview.
type servedTheme struct {
	Theme
	PalettePreview []string `json:"palette_preview"`
}

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

// served returns the record to encode: the theme with its media paths
// made URLs on base (absolute URLs stay as written) and its colors {} when
// it has none.
func (r *ResolvedTheme) served(base string, palette []string) servedTheme {
	t := r.theme
	if t.Colors == nil {
		t.Colors = map[string]PerScheme{}
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

// isAbsoluteURL reports whether an image value is an absolute http(s)
// URL, served as written; any other value is a media path.
func isAbsoluteURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

package theming

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The media base and the served theme records: the one media-base rule,
// and the encoding of a theme as the service serves it.

// DefaultMediaBase is the media base URL used when none is given.
const DefaultMediaBase = "/media/"

// ErrMediaBase is wrapped by the error for an unusable media base URL, a
// [*MediaBaseError].
var ErrMediaBase = errors.New("theming: invalid media base URL")

// MediaBaseError is the error for a media base URL that [NormalizeMediaBase]
// refuses: Base as it was given and Reason, what is wrong with it. It
// wraps [ErrMediaBase].
type MediaBaseError struct {
	Base   string
	Reason string
}

// Error returns "theming: invalid media base URL <quoted base>: <reason>".
func (e *MediaBaseError) Error() string {
	return ErrMediaBase.Error() + " " + strconv.Quote(e.Base) + ": " + e.Reason
}

// Unwrap returns [ErrMediaBase].
func (e *MediaBaseError) Unwrap() error { return ErrMediaBase }

// NormalizeMediaBase checks a media base URL and gives it a trailing
// slash; "" means [DefaultMediaBase]. It is the one media-base rule:
// [Snapshot.ThemesJSON], [Snapshot.ThemeJSON], httpadapter (its Options
// and its OpenAPI server URL) and the example servers' -media-url flags
// apply it, each when it is constructed.
//
// It accepts an absolute http or https URL with a host, or a path that
// starts with a single "/"; either in URI characters only (others
// escaped as %XX), without user information, query or fragment. It
// refuses, with a *[MediaBaseError]:
//   - a protocol-relative base ("//host/", and "/\host/" or "\\host",
//     which browsers read as "//host/"): every image URL of every theme
//     would go to whatever host it names, over the page's scheme;
//   - a scheme-less or relative base ("media/", "cdn.example.com/m/"):
//     it would resolve against each API path differently;
//   - any other scheme (javascript:, data:, ftp:) and an http(s) URL
//     without a host;
//   - a malformed URL (a bad %-escape, a bad host).
func NormalizeMediaBase(base string) (string, error) {
	if base == "" {
		return DefaultMediaBase, nil
	}
	if reason := baseURLProblem(base); reason != "" {
		return "", &MediaBaseError{Base: base, Reason: reason}
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base, nil
}

// baseURLProblem says what is wrong with s as a base URL under
// NormalizeMediaBase's rule, or returns "" when nothing is.
func baseURLProblem(s string) string {
	if i := strings.IndexFunc(s, notURIChar); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		if r == '\\' {
			return `a backslash is not allowed: browsers read it as "/", so "/\host/" and "\\host" are protocol-relative`
		}
		return fmt.Sprintf("character %q at offset %d is not allowed in a URL (escape it as %%XX)", r, i)
	}
	if strings.HasPrefix(s, "//") {
		return `a protocol-relative URL ("//host/...") would send every image to the host it names; write https://host/... or a path starting with a single "/"`
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "malformed URL: " + err.Error()
	}
	switch {
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "want no query or fragment"
	case u.Scheme == "" && !strings.HasPrefix(s, "/"):
		return `want an absolute http(s) URL or a path starting with "/"`
	case u.Scheme == "":
		return ""
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Sprintf("scheme %q: want http or https", u.Scheme)
	}
	return httpURLProblem(u)
}

// httpURLProblem says what is wrong with an http(s) URL that is to be
// served (a media base, or a theme's absolute image URL), or returns "":
// it needs a host and no user information.
func httpURLProblem(u *url.URL) string {
	switch {
	case u.Host == "" || u.Opaque != "":
		return "an http(s) URL needs a host"
	case u.User != nil:
		return "want no user information"
	}
	return ""
}

// notURIChar reports whether r may not stand in a URI (RFC 3986): only
// unreserved and reserved characters and "%" may.
func notURIChar(r rune) bool {
	return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
		strings.ContainsRune("-._~:/?#[]@!$&'()*+,;=%", r))
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
// encoded on each call, each record once, straight into the returned
// slice: the caller (httpadapter, once per snapshot) keeps the result.
// Encoded on the default base, the list is also what [Snapshot.Version]
// digests, so a host serving that base pays nothing more for the version.
// The error wraps [ErrMediaBase] for an unusable base.
func (s *Snapshot) ThemesJSON(mediaBase string) ([]byte, error) {
	base, err := NormalizeMediaBase(mediaBase)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := s.writeThemes(&buf, base); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	if base == DefaultMediaBase && s.cat.ok() {
		s.versionOnce.Do(func() { s.version = s.digest(b) })
	}
	if cap(b)-len(b) > len(b)/8 {
		// The caller keeps the list for the snapshot's life: do not make
		// it keep the buffer's growth room too (up to as much again).
		b = bytes.Clone(b)
	}
	return b, nil
}

// writeThemes writes the theme list on a normalized base to w, a buffer
// or a hash: '[', each record encoded once straight into w, ']'. The
// bytes are those json.Marshal gives for the list.
func (s *Snapshot) writeThemes(w io.Writer, base string) error {
	io.WriteString(w, "[")
	enc := json.NewEncoder(noNewline{w})
	for n, rt := range s.themes {
		if n > 0 {
			io.WriteString(w, ",")
		}
		if err := enc.Encode(rt.served(base, rt.res.palette)); err != nil {
			return fmt.Errorf("theming: encoding theme %d: %w", rt.theme.ID, err)
		}
	}
	_, err := io.WriteString(w, "]")
	return err
}

// noNewline writes what a json.Encoder writes without the newline that
// ends each value. Compact JSON has no other newline byte (one in a string
// is escaped), so a trailing '\n' is always the terminator.
type noNewline struct{ w io.Writer }

func (n noNewline) Write(p []byte) (int, error) {
	if len(p) > 0 && p[len(p)-1] == '\n' {
		k, err := n.w.Write(p[:len(p)-1])
		if err == nil {
			k++
		}
		return k, err
	}
	return n.w.Write(p)
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

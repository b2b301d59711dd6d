package theming

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The media base: the one media-base rule, and what an image value is
// (a media path or an absolute URL). served.go writes the theme records
// on a base.

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
	if reason := uriCharProblem(s, notURIChar); reason != "" {
		return reason
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

// uriCharProblem names the first character of s that bad refuses, with
// its offset, or returns "" when there is none: the one wording of a URL
// character refused, for the media base and a theme's image URLs.
func uriCharProblem(s string, bad func(rune) bool) string {
	i := strings.IndexFunc(s, bad)
	if i < 0 {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	if r == '\\' {
		return `a backslash is not allowed: browsers read it as "/", so "/\host/" and "\\host" are protocol-relative`
	}
	return fmt.Sprintf("character %q at offset %d is not allowed in a URL (escape it as %%XX)", r, i)
}

// imageURLProblem says what is wrong with the characters of an absolute
// image URL, or returns "": URI characters only, as for the media base,
// and none of "'", "(" and ")", which RFC 3986 admits but which end a
// single-quoted HTML attribute or an unquoted CSS url() (escaped, as
// %27, %28 and %29, they mean the same URL). So a URL an admin writes
// is safe in any of the places a host may put it: no quote, angle
// bracket, space, backslash or parenthesis comes through.
func imageURLProblem(s string) string {
	return uriCharProblem(s, func(r rune) bool { return notURIChar(r) || r == '\'' || r == '(' || r == ')' })
}

// notURIChar reports whether r may not stand in a URI (RFC 3986): only
// unreserved and reserved characters and "%" may.
func notURIChar(r rune) bool {
	return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
		strings.ContainsRune("-._~:/?#[]@!$&'()*+,;=%", r))
}

// isAbsoluteURL reports whether an image value is an absolute http(s)
// URL, served as written; any other value is a media path.
func isAbsoluteURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

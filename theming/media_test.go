package theming_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestNormalizeMediaBaseAccepts(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"the empty base is the default", "", "/media/"},
		{"a path keeps its slash", "/media/", "/media/"},
		{"a path gains a trailing slash", "/static/media", "/static/media/"},
		{"the root path", "/", "/"},
		{"an https URL", "https://cdn.example.com/media/", "https://cdn.example.com/media/"},
		{"an http URL with a port gains a slash", "http://127.0.0.1:8000/media", "http://127.0.0.1:8000/media/"},
		{"an IPv6 host", "http://[::1]:8000/m/", "http://[::1]:8000/m/"},
		{"a host alone", "https://cdn.example.com", "https://cdn.example.com/"},
		{"percent-escapes", "/media%20files/", "/media%20files/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := theming.NormalizeMediaBase(tt.give)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestNormalizeMediaBaseRefuses(t *testing.T) {
	tests := []struct {
		name   string
		give   string
		reason string // a part of the reason
	}{
		{"a protocol-relative base", "//cdn.example.com/media/", "protocol-relative"},
		{"a protocol-relative base of three slashes", "///cdn.example.com/", "protocol-relative"},
		{"a slash and a backslash, which browsers read as two slashes", `/\cdn.example.com/media/`, "backslash"},
		{"two backslashes", `\\cdn.example.com\media`, "backslash"},
		{"a scheme-less host", "cdn.example.com/media/", "want an absolute"},
		{"a relative path", "media/", "want an absolute"},
		{"a dot path", "./media/", "want an absolute"},
		{"a javascript: URL", "javascript:alert(1)", `scheme "javascript"`},
		{"a data: URL", "data:text/html,hi", `scheme "data"`},
		{"an ftp URL", "ftp://example.com/media/", `scheme "ftp"`},
		{"a mailto: URL", "mailto:a@example.com", `scheme "mailto"`},
		{"an https URL without a host", "https://", "needs a host"},
		{"an http URL with a path but no host", "http:/media/", "needs a host"},
		{"an opaque http URL", "http:media", "needs a host"},
		{"user information", "https://user:pw@cdn.example.com/", "user information"},
		{"a query", "/media/?v=1", "query"},
		{"an empty query", "/media/?", "query"},
		{"a fragment", "https://cdn.example.com/m/#top", "fragment"},
		{"a bad percent-escape", "/media%zz/", "malformed"},
		{"an unclosed IPv6 host", "http://[::1", "malformed"},
		{"a space", "/media files/", "not allowed"},
		{"a control character", "/media\n/", "not allowed"},
		{"a non-ASCII character", "/médias/", "not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := theming.NormalizeMediaBase(tt.give)
			require.Error(t, err, "NormalizeMediaBase(%q) = %q", tt.give, got)
			assert.Empty(t, got)
			assert.ErrorIs(t, err, theming.ErrMediaBase)
			var mb *theming.MediaBaseError
			require.True(t, errors.As(err, &mb), "errors.As finds a *MediaBaseError in %v", err)
			assert.Equal(t, tt.give, mb.Base)
			assert.Contains(t, mb.Reason, tt.reason)
			assert.Equal(t, fmt.Sprintf("theming: invalid media base URL %q: %s", tt.give, mb.Reason), err.Error())
		})
	}
}

// The encoders apply the same rule: a base NormalizeMediaBase refuses is
// refused by ThemesJSON and ThemeJSON with its error.
func TestThemesJSONRefusesWhatNormalizeMediaBaseRefuses(t *testing.T) {
	s := loadBase(t)
	for _, give := range []string{"//evil.example/", `/\evil.example/`, "javascript:alert(1)//"} {
		t.Run(give, func(t *testing.T) {
			_, err := s.ThemesJSON(give)
			var mb *theming.MediaBaseError
			require.True(t, errors.As(err, &mb), "ThemesJSON(%q): %v", give, err)
			assert.Equal(t, give, mb.Base)
			_, err = s.ThemeJSON(1, give)
			assert.ErrorIs(t, err, theming.ErrMediaBase, "ThemeJSON(1, %q)", give)
		})
	}
}

func ExampleNormalizeMediaBase() {
	for _, base := range []string{"", "https://cdn.example.com/media", "//cdn.example.com/media/"} {
		got, err := theming.NormalizeMediaBase(base)
		var mb *theming.MediaBaseError
		if errors.As(err, &mb) {
			fmt.Printf("%q refused: %s\n", mb.Base, mb.Reason)
			continue
		}
		fmt.Printf("%q -> %q\n", base, got)
	}
	// Output:
	// "" -> "/media/"
	// "https://cdn.example.com/media" -> "https://cdn.example.com/media/"
	// "//cdn.example.com/media/" refused: a protocol-relative URL ("//host/...") would send every image to the host it names; write https://host/... or a path starting with a single "/"
}

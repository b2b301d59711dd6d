package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// TestAbsoluteImageURLsTakeURICharactersOnly (issue 30, item 12): an
// absolute image URL, served as written, takes the characters the media
// base takes, without "'", "(" and ")": none of the characters that end
// an HTML attribute or a CSS url() comes through, and the problem names
// the character and its offset.
func TestAbsoluteImageURLsTakeURICharactersOnly(t *testing.T) {
	cc := defaultCatalog(t)
	check := func(url string) error {
		return cc.CheckTheme(theming.Theme{ID: 1, Name: "Images", Logo: &url})
	}
	for _, tc := range []struct{ url, char, offset string }{
		{`https://cdn.example.com/logo".png`, `'"'`, "28"},
		{`https://cdn.example.com/logo'.png`, `'\''`, "28"},
		{`https://cdn.example.com/<script>.png`, `'<'`, "24"},
		{`https://cdn.example.com/a>.png`, `'>'`, "25"},
		{`https://cdn.example.com/logo(1).png`, `'('`, "28"},
		{`https://cdn.example.com/logo1).png`, `')'`, "29"},
		{`https://cdn.example.com/my logo.png`, `' '`, "26"},
		{"https://cdn.example.com/logo\t.png", `'\t'`, "28"},
		{`https://cdn.example.com/logo{1}.png`, `'{'`, "28"},
		{`https://cdn.example.com/logó.png`, `'ó'`, "27"},
	} {
		t.Run(tc.url, func(t *testing.T) {
			err := check(tc.url)
			var ve *theming.ValidationError
			require.ErrorAs(t, err, &ve)
			require.Len(t, ve.Problems, 1)
			p := ve.Problems[0]
			assert.Equal(t, "logo", p.Path)
			assert.ErrorIs(t, p, theming.ErrInvalid)
			assert.Contains(t, p.Msg, "character "+tc.char+" at offset "+tc.offset+" is not allowed in a URL (escape it as %XX)")
		})
	}
	t.Run("a backslash is named as browsers read it", func(t *testing.T) {
		assert.ErrorContains(t, check(`https://cdn.example.com\logo.png`), "a backslash is not allowed")
	})
	for _, ok := range []string{
		"https://cdn.example.com/logo%20%281%29.png",
		"https://cdn.example.com/a/b.png?v=2&size=large#top",
		"http://cdn.example.com:8080/~x/a_b-c.svg",
		"https://cdn.example.com/brand%C3%B3.png",
	} {
		assert.NoError(t, check(ok), ok)
	}
}

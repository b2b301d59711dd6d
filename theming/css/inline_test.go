package css_test

import (
	"bytes"
	"encoding/json"
	"html/template"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// namer builds theme 2 of the base data under any name: the catalog is
// compiled once, so that the fuzz target spends its time on names.
type namer struct {
	cat    *theming.CompiledCatalog
	e      *fix.Engine
	themes []theming.Theme
}

func newNamer(t testing.TB) namer {
	t.Helper()
	var cat theming.Catalog
	require.NoError(t, json.Unmarshal([]byte(baseCatalog), &cat))
	var doc struct{ Themes []theming.Theme }
	require.NoError(t, json.Unmarshal([]byte(baseThemes), &doc))
	c, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	return namer{c, fix.New(c), doc.Themes}
}

// sheets returns both stylesheet forms of theme 2 renamed to name, or !ok
// when the data refuses the name.
func (n namer) sheets(t testing.TB, name string) (sheets map[string][]byte, ok bool) {
	t.Helper()
	themes := slices.Clone(n.themes)
	themes[1].Name = name
	s, err := n.cat.Snapshot(themes)
	if err != nil {
		return nil, false
	}
	rt, found := s.Theme(2)
	require.True(t, found)
	return map[string][]byte{"Stylesheet": css.Stylesheet(rt, n.e.HighContrast(rt)), "LightDark": css.LightDark(rt, n.e.HighContrast(rt))}, true
}

// styleElements tokenizes an HTML document with the HTML5 tokenizer of
// golang.org/x/net/html and returns the text of each style element, and
// the names of every other start tag it met.
func styleElements(t testing.TB, doc []byte) (styles []string, others []string) {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(doc))
	in := -1 // index in styles of the open style element
	for {
		switch z.Next() {
		case html.ErrorToken:
			require.ErrorIs(t, z.Err(), io.EOF, "tokenizing %q", doc)
			return styles, others
		case html.StartTagToken:
			name, _ := z.TagName()
			if string(name) == "style" {
				styles = append(styles, "")
				in = len(styles) - 1
				continue
			}
			others = append(others, string(name))
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "style" {
				in = -1
			}
		case html.TextToken:
			if in >= 0 {
				styles[in] += string(z.Text())
			}
		}
	}
}

// checkInlinable fails t unless sheet, inlined in a style element, is one
// raw-text element holding the whole sheet and nothing that HTML reads as
// markup.
func checkInlinable(t *testing.T, sheet []byte) {
	t.Helper()
	low := strings.ToLower(string(sheet))
	for _, bad := range []string{"</style", "<!--", "<script"} {
		assert.NotContains(t, low, bad, "the stylesheet %q", sheet)
	}
	doc := append(append([]byte("<style>"), sheet...), "</style>"...)
	styles, others := styleElements(t, doc)
	assert.Empty(t, others, "start tags besides style in %q", doc)
	if assert.Len(t, styles, 1, "style elements in %q", doc) {
		assert.Equal(t, string(sheet), styles[0], "the style element's text is the whole stylesheet")
	}
}

// TestAStylesheetIsSafeToInline: a theme name holding markup, which
// tenants' admins can write, comes out of the stylesheet unable to close
// the style element a host inlines it in with html/template and
// template.CSS (trusted CSS, written as is).
func TestAStylesheetIsSafeToInline(t *testing.T) {
	page := template.Must(template.New("page").Parse("<!DOCTYPE html><html><head><style>{{.}}</style></head><body></body></html>"))
	names := []struct{ name, give string }{
		{"a closing style tag and a script", "</style><script>alert(1)</script>"},
		{"a closing style tag in capitals", "</STYLE ><SCRIPT>alert(1)</SCRIPT>"},
		{"a comment opener", "<!-- x"},
		{"a closing comment and a script", "*/</style><script>alert(1)</script>/*"},
	}
	n := newNamer(t)
	for _, tt := range names {
		t.Run(tt.name, func(t *testing.T) {
			sheets, ok := n.sheets(t, tt.give)
			require.True(t, ok, "the data accepts the name %q", tt.give)
			for form, sheet := range sheets {
				checkInlinable(t, sheet)
				var b bytes.Buffer
				require.NoError(t, page.Execute(&b, template.CSS(sheet)))
				styles, others := styleElements(t, b.Bytes())
				assert.Equal(t, []string{"html", "head", "body"}, others, "%s: the page's start tags besides style", form)
				if assert.Len(t, styles, 1, "%s: style elements", form) {
					assert.Equal(t, string(sheet), styles[0], "%s: the style element's text is the whole stylesheet", form)
				}
				assert.NotContains(t, strings.ToLower(b.String()), "<script", "%s: the page", form)
			}
		})
	}
}

// FuzzStylesheetInlined: whatever a theme's name holds, the stylesheet
// inside a style element is one raw-text element whose text is the whole
// sheet.
func FuzzStylesheetInlined(f *testing.F) {
	for _, seed := range []string{"Ember", "</style><script>alert(1)</script>", "<!--", "</STYLE", "*/</style>/*", "<\x00/style>", "\u00e9</style>"} {
		f.Add(seed)
	}
	n := newNamer(f)
	f.Fuzz(func(t *testing.T, name string) {
		sheets, ok := n.sheets(t, name)
		if !ok {
			return
		}
		for _, sheet := range sheets {
			checkInlinable(t, sheet)
		}
	})
}

package dtcg_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

const darkFile = `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "hsl", "components": [0, 0, 5], "alpha": 1}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 95], "alpha": 1}}
  }
}
`

func importPlain(light string) (*dtcg.Imported, error) {
	fsys := fstest.MapFS{"light.json": {Data: []byte(light)}, "dark.json": {Data: []byte(darkFile)}}
	return dtcg.Import(fsys, "light.json", "dark.json")
}

// TestEachMustRuleIsAProblemWithItsPlace gives each of the format's MUST
// rules a light file that breaks it; line and column are counted by hand.
func TestEachMustRuleIsAProblemWithItsPlace(t *testing.T) {
	for _, tc := range []struct {
		name      string
		light     string
		sentinel  error
		pointer   string
		line, col int
	}{
		{"a name containing a dot is refused", `{
  "color": {
    "$type": "color",
    "a.b": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrName, "/color/a.b", 4, 5},
		{"a name containing a brace is refused", `{
  "color": {"$type": "color", "x{": {"$value": "{color.y}"}}
}`, dtcg.ErrName, "/color/x{", 2, 31},
		{"a name starting with $ is refused", `{
  "color": {
    "$type": "color",
    "$page": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrName, "/color/$page", 4, 5},
		{"an alias cycle is refused", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": "{color.text}"},
    "text": {"$value": "{color.page-background}"}
  }
}`, dtcg.ErrAliasCycle, "/color/page-background/$value", 4, 35},
		{"an alias to a missing token is refused", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": "{color.nothing}"},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrAliasTarget, "/color/page-background/$value", 4, 35},
		{"a token without a type is refused", `{
  "color": {
    "page-background": {"$value": {"colorSpace": "hsl", "components": [0, 0, 100]}},
    "text": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrNoType, "/color/page-background", 3, 24},
		{"a hue of 360 is out of range", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "hsl", "components": [360, 0, 100]}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrRange, "/color/page-background/$value/components/0", 4, 72},
		{"a lightness over 100 is out of range", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "hsl", "components": [0, 0, 100.5]}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrRange, "/color/page-background/$value/components/2", 4, 78},
		{"an srgb channel over 1 is out of range", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "srgb", "components": [1, 2, 1]}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrRange, "/color/page-background/$value/components/1", 4, 76},
		{"an alpha over 1 is out of range", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "hsl", "components": [0, 0, 100], "alpha": 1.5}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrRange, "/color/page-background/$value/alpha", 4, 93},
		{"an unknown color space is refused", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "cmyk", "components": [0, 0, 0]}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrColorSpace, "/color/page-background/$value/colorSpace", 4, 50},
		{"a wide-gamut color cannot become a catalog color", `{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}},
    "text": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}
  }
}`, dtcg.ErrNotCatalog, "/color/page-background/$value/colorSpace", 4, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := importPlain(tc.light)
			var ie *dtcg.ImportError
			require.ErrorAs(t, err, &ie)
			require.ErrorIs(t, err, tc.sentinel)
			var p *dtcg.Problem
			for _, q := range ie.Problems {
				if errors.Is(q, tc.sentinel) {
					p = q
					break
				}
			}
			require.NotNil(t, p)
			assert.Equal(t, "light.json", p.File)
			assert.Equal(t, tc.pointer, p.Pointer)
			assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{p.Line, p.Column}, p.Error())
		})
	}
}

func TestAColorOutsideHSLIsConvertedAndTheWarningSaysSo(t *testing.T) {
	im, err := importPlain(`{
  "color": {
    "$type": "color",
    "page-background": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
    "text": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5}}
  }
}`)
	require.NoError(t, err)
	require.Len(t, im.Warnings, 2)
	assert.ErrorIs(t, im.Warnings[1], dtcg.ErrConverted)
	assert.Equal(t, "light.json:5:24: /color/text/$value: srgb color converted to hsla(0, 100%, 50%, 0.5), the catalog's form", im.Warnings[1].Error())
	require.Len(t, im.Catalog.Components, 2)
	assert.Equal(t, theming.PerScheme{Light: "hsla(0, 100%, 50%, 0.5)", Dark: "hsl(0, 0%, 95%)"}, im.Catalog.Components[1].Fallback)
}

func TestPlainTokenFilesBecomeACatalogWithOneTheme(t *testing.T) {
	im, err := importPlain(`{
  "color": {
    "$type": "color",
    "page-background": {"$description": "Page", "$value": {"colorSpace": "hsl", "components": [0, 0, 100], "alpha": 1}},
    "text": {"$value": "{color.page-background}"}
  }
}`)
	require.NoError(t, err)
	assert.Equal(t, theming.Catalog{
		PageBackground: "page-background",
		PalettePreview: []string{},
		Components: []theming.Component{
			{ID: "page-background", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 5%)"}, Variables: []theming.Variable{{CSSVariable: "--page-background"}}},
			{ID: "text", Name: "text", Fallback: theming.PerScheme{Light: "page-background", Dark: "hsl(0, 0%, 95%)"}, Variables: []theming.Variable{{CSSVariable: "--text"}}},
		},
	}, im.Catalog)
	require.Len(t, im.Themes, 1)
	assert.Equal(t, 1, im.Themes[0].ID)
	assert.True(t, im.Themes[0].IsDefault)
	assert.Empty(t, im.Themes[0].Colors)
}

func TestResolverRulesAreProblems(t *testing.T) {
	for _, tc := range []struct {
		name     string
		resolver string
		sentinel error
		pointer  string
	}{
		{"a version other than 2025.10 is refused", `{"version": "2025.11", "resolutionOrder": [{"$ref": "#/sets/a"}], "sets": {"a": {"sources": []}}}`, dtcg.ErrResolver, "/version"},
		{"a modifier referencing a modifier is refused", `{"version": "2025.10",
 "modifiers": {"m": {"contexts": {"a": [{"$ref": "#/modifiers/n"}], "b": []}}, "n": {"contexts": {"a": [], "b": []}}},
 "resolutionOrder": [{"$ref": "#/modifiers/m"}]}`, dtcg.ErrResolver, "/modifiers/m/contexts/a/0/$ref"},
		{"a default that is no context is refused", `{"version": "2025.10",
 "modifiers": {"scheme": {"contexts": {"light": [], "dark": []}, "default": "dim"}},
 "resolutionOrder": [{"$ref": "#/modifiers/scheme"}]}`, dtcg.ErrResolver, "/modifiers/scheme/default"},
		{"a resolver without a scheme modifier cannot become a catalog", `{"version": "2025.10",
 "sets": {"a": {"sources": []}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}`, dtcg.ErrNotCatalog, "/modifiers"},
		{"a missing file is a problem at its reference", `{"version": "2025.10",
 "sets": {"a": {"sources": [{"$ref": "missing.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}`, dtcg.ErrRead, "/sets/a/sources/0/$ref"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dtcg.Import(fstest.MapFS{"r.json": {Data: []byte(tc.resolver)}}, "r.json")
			var ie *dtcg.ImportError
			require.ErrorAs(t, err, &ie)
			require.ErrorIs(t, err, tc.sentinel)
			assert.Equal(t, tc.pointer, ie.Problems[0].Pointer, ie.Error())
			assert.Equal(t, "r.json", ie.Problems[0].File)
			assert.Positive(t, ie.Problems[0].Line)
		})
	}
}

func TestMalformedJSONIsAProblemWithItsPlace(t *testing.T) {
	_, err := importPlain("{\n  \"color\": {,}\n}")
	var ie *dtcg.ImportError
	require.ErrorAs(t, err, &ie)
	require.ErrorIs(t, err, dtcg.ErrSyntax)
	assert.Equal(t, "light.json:2:13: /color: invalid character ',' looking for beginning of object key string at byte offset 15", ie.Problems[0].Error())
}

func TestSetsThatIncludeThemselvesOrMultiplyAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name, resolver, msg string
	}{
		{"a set that includes itself is a cycle", `{"version": "2025.10",
 "sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}},
 "resolutionOrder": [{"$ref": "#/sets/a"}]}`, "circular reference: #/sets/a includes itself"},
		{"sets that multiply their sources are bounded", `{"version": "2025.10",
 "sets": {"a": {"sources": [{"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}, {"$ref": "#/sets/b"}]},
          "b": {"sources": [{"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}, {"$ref": "#/sets/c"}]},
          "c": {"sources": [{"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}, {"$ref": "#/sets/d"}]},
          "d": {"sources": [{"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}, {"$ref": "#/sets/e"}]},
          "e": {"sources": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}},
 "resolutionOrder": [{"$ref": "#/sets/a"}]}`, "more than 10000 token sources"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dtcg.Import(fstest.MapFS{"r.json": {Data: []byte(tc.resolver)}}, "r.json")
			require.ErrorIs(t, err, dtcg.ErrResolver)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestProblemsPastTheLimitAreCounted(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color"`)
	for i := range theming.MaxProblems + 20 {
		fmt.Fprintf(&b, `, "c%d": {"$value": "{color.none}"}`, i)
	}
	b.WriteString("}}")
	_, err := importPlain(b.String())
	var ie *dtcg.ImportError
	require.ErrorAs(t, err, &ie)
	require.Len(t, ie.Problems, theming.MaxProblems+1, "the listed problems and the count of the rest")
	last := ie.Problems[theming.MaxProblems]
	assert.ErrorIs(t, last, theming.ErrTooManyProblems)
	assert.Equal(t, "and 20 more problems not listed", last.Msg, "theming's convention")
}

func TestAMissingFileIsAProblemOfItsOwn(t *testing.T) {
	_, err := dtcg.Import(fstest.MapFS{}, "light.json", "dark.json")
	var ie *dtcg.ImportError
	require.ErrorAs(t, err, &ie)
	require.Len(t, ie.Problems, 2)
	for i, name := range []string{"light.json", "dark.json"} {
		assert.ErrorIs(t, ie.Problems[i], dtcg.ErrRead)
		assert.Equal(t, name, ie.Problems[i].File)
		assert.Zero(t, ie.Problems[i].Line, "no place in a file that is not there")
	}
}

func TestFilesReferencedManyTimesOverAreBounded(t *testing.T) {
	var big strings.Builder
	big.WriteString(`{"color": {"$type": "color"`)
	for i := range 2000 {
		fmt.Fprintf(&big, `, "c%d": {"$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}`, i)
	}
	big.WriteString("}}")
	refs := strings.Repeat(`{"$ref": "big.json"}, `, 5000)
	resolver := `{"version": "2025.10", "sets": {"b": {"sources": [` + refs + `{"$ref": "big.json"}]}},
 "modifiers": {"scheme": {"contexts": {"light": [], "dark": []}}},
 "resolutionOrder": [{"$ref": "#/sets/b"}, {"$ref": "#/modifiers/scheme"}]}`
	_, err := dtcg.Import(fstest.MapFS{"r.json": {Data: []byte(resolver)}, "big.json": {Data: []byte(big.String())}}, "r.json")
	require.ErrorIs(t, err, dtcg.ErrNotCatalog)
	assert.Contains(t, err.Error(), "names in all")
}

func TestDuplicateKeysAreFoundInLargeObjectsToo(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"color": {"$type": "color"`)
	for i := range 40 {
		fmt.Fprintf(&b, `, "c%d": {"$value": "{color.c0}"}`, i)
	}
	b.WriteString(`, "c3": {"$value": "{color.c0}"}, "c39": {"$value": "{color.c0}"}}}`)
	_, err := importPlain(b.String())
	var ie *dtcg.ImportError
	require.ErrorAs(t, err, &ie)
	var dups []string
	for _, p := range ie.Problems {
		if errors.Is(p, dtcg.ErrSyntax) {
			dups = append(dups, p.Msg)
		}
	}
	assert.Equal(t, []string{`duplicate key "c3" in one object`, `duplicate key "c39" in one object`}, dups)
}

package theming_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestParseCatalogReadsTheDefaultCatalog(t *testing.T) {
	data, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	got, err := theming.ParseCatalog(data)
	require.NoError(t, err)
	want, err := theming.DefaultCatalog()
	require.NoError(t, err)
	assert.Equal(t, want, got)
	cc, err := theming.CompileCatalog(got)
	require.NoError(t, err)
	assert.Equal(t, len(want.Components), len(cc.Catalog().Components))
}

// TestParseCatalogPlacesEveryKindOfProblem gives ParseCatalog a file with
// each kind of problem; lines and columns are counted by hand.
func TestParseCatalogPlacesEveryKindOfProblem(t *testing.T) {
	page := `  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`
	for _, tc := range []struct {
		name      string
		data      []byte
		sentinel  error
		path      string
		line, col int
		msg       string
	}{
		{"a trailing comma", lines(
			`{"page_background": "page", "palette_preview": [], "components": [`,
			page+`,`, // the comma at column 130
			`]}`,
		), theming.ErrJSON, "components", 2, 130, "trailing comma before ']'"},
		{"a wrong type", lines(
			`{"page_background": "page", "palette_preview": 7, "components": [`, // 7 at column 48
			page,
			`]}`,
		), theming.ErrJSON, "palette_preview", 1, 48, "must be an array, not a number"},
		{"an unknown field", lines(
			`{"page_background": "page", "palette_preview": [], "themes": [], "components": [`, // "themes" at column 52
			page,
			`]}`,
		), theming.ErrUnknownField, "themes", 1, 52, `unknown field "themes"`},
		{"a duplicate key", lines(
			`{"page_background": "page", "palette_preview": [], "components": [`,
			page,
			`], "page_background": "page"}`, // the second key at column 4
		), theming.ErrDuplicate, "page_background", 3, 4, `duplicate key "page_background"`},
		{"a missing required array", lines(
			`{"page_background": "page", "palette_preview": []}`,
		), theming.ErrInvalid, "components", 1, 1, "is required"},
		{"a malformed hex color", lines(
			`{"page_background": "page", "palette_preview": [], "components": [`,
			`  {"component_id": "page", "name": "Page", "fallback": {"light": "#fffff", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`, // "#fffff" at column 66
			`]}`,
		), theming.ErrInvalid, "components[0].fallback.light", 2, 66, `"#fffff" is neither a color nor a component id`},
		{"a reference to a component the catalog lacks", lines(
			`{"page_background": "paper", "palette_preview": [], "components": [`, // "paper" at column 21
			page,
			`]}`,
		), theming.ErrUnknownComponent, "page_background", 1, 21, `"paper"`},
		{"a fallback cycle", lines(
			`{"page_background": "page", "palette_preview": [], "components": [`,
			page+`,`,
			`  {"component_id": "a", "name": "A", "fallback": {"light": "b", "dark": "page"}, "variables": []},`, // "b" at column 60
			`  {"component_id": "b", "name": "B", "fallback": {"light": "a", "dark": "page"}, "variables": []}`,
			`]}`,
		), theming.ErrCycle, "components[1].fallback.light", 3, 60, "cycle"},
		{"a file too large", []byte(`{"page_background": "` + strings.Repeat("x", theming.MaxInputSize) + `"}`),
			theming.ErrTooLarge, "", 1, 1, "the limit is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := theming.ParseCatalog(tc.data)
			assert.Zero(t, cat, "nothing half decoded")
			var verr *theming.ValidationError
			require.ErrorAs(t, err, &verr)
			require.ErrorIs(t, err, tc.sentinel)
			var p *theming.Problem
			for _, q := range verr.Problems {
				if errors.Is(q, tc.sentinel) {
					p = q
					break
				}
			}
			require.NotNil(t, p, "%v", err)
			assert.Equal(t, theming.CatalogFile, p.File)
			assert.Equal(t, tc.path, p.Path)
			assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{p.Line, p.Column}, p.Error())
			assert.Contains(t, p.Msg, tc.msg)
		})
	}
}

// A host with its own catalog file: every problem is placed in it.
func ExampleParseCatalog() {
	_, err := theming.ParseCatalog([]byte(`{
  "page_background": "page",
  "palette_preview": [],
  "components": [
    {"component_id": "page", "name": "Page", "fallback": {"light": "#1a73e8", "dark": "hsl(0, 0%, 10%)"}, "variables": []},
  ]
}`))
	fmt.Println(err)
	// Output:
	// theming: invalid data: 1 problem
	// 	catalog.json:5:123: components: trailing comma before ']' at byte offset 197: JSON allows no comma after the last member
}

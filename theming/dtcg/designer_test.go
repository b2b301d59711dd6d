package dtcg_test

import (
	"bytes"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/themekit/themekit/internal/orderedjson"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/dtcg"
)

// exportFS exports the rich catalog and its three themes into a MapFS.
func exportFS(t *testing.T) fstest.MapFS {
	cat, themes := richCatalog()
	files, err := dtcg.Export(cat, themes, dtcg.ExportOptions{})
	require.NoError(t, err)
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return fsys
}

// marker is set as the $description of the token an edit changes, so
// that the test finds its place in the file by text.
const marker = "EDITED-BY-THE-DESIGNER"

// setValue sets the $value of the token at path of file (and marks it),
// as a designer's editor writes the file back.
func setValue(t *testing.T, fsys fstest.MapFS, file string, value any, path ...string) {
	t.Helper()
	v, err := orderedjson.Parse(fsys[file].Data)
	require.NoError(t, err)
	tok, err := v.(*orderedjson.Object).Lookup(path...)
	require.NoError(t, err, "%v", path)
	tok.Delete("$description") // so that the marker comes after the value
	tok.Set("$value", value).Set("$description", marker)
	b, err := orderedjson.Marshal(v)
	require.NoError(t, err)
	fsys[file] = &fstest.MapFile{Data: b}
}

// valuePlace is the line and column of the $value of the marked token,
// found by text: the last `"$value": ` before the marker.
func valuePlace(t *testing.T, data []byte) [2]int {
	t.Helper()
	m := bytes.Index(data, []byte(marker))
	require.Positive(t, m)
	v := bytes.LastIndex(data[:m], []byte(`"$value": `)) + len(`"$value": `)
	return [2]int{bytes.Count(data[:v], []byte("\n")) + 1, v - bytes.LastIndexByte(data[:v], '\n')}
}

func hslValue(h, s, l float64) any {
	return new(orderedjson.Object).Set("colorSpace", "hsl").Set("components", []any{h, s, l}).Set("alpha", 1.0)
}

// themeOf returns the imported theme with id id.
func themeOf(t *testing.T, im *dtcg.Imported, id int) theming.Theme {
	for _, th := range im.Themes {
		if th.ID == id {
			return th
		}
	}
	t.Fatalf("no theme %d", id)
	return theming.Theme{}
}

// TestADesignersEditIsImportedOrNamed makes each edit a designer makes
// to an export, in theme 2's file, and imports the result: the edit
// changes the theme as written, or the import fails or warns naming the
// token's file, line and column.
func TestADesignersEditIsImportedOrNamed(t *testing.T) {
	const file = "theme-2.tokens.json"
	cat, themes := richCatalog()
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	snap, err := cc.Snapshot(themes)
	require.NoError(t, err)
	two, _ := snap.Theme(2)
	soft, _ := two.Variable(theming.Light, "--brand-soft")

	for _, tc := range []struct {
		name     string
		file     string // the file edited, when not theme 2's
		edit     func(t *testing.T, fsys fstest.MapFS)
		colors   map[string]theming.PerScheme // theme 2's overrides that must be there
		sentinel error                        // the problem or warning that must name the token
		msg      string
		place    func(data []byte) [2]int // where it is, when not at the marked $value
	}{
		{name: "a color the theme does not override, changed, becomes its override",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, hslValue(10, 20, 30), "themekit", "light", "normal", "color", "page")
			},
			colors: map[string]theming.PerScheme{"page": {Light: "hsl(10, 20%, 30%)"}, "brand": {Light: "hsla(120, 50%, 30%, 0.95)"}, "button": {Dark: "text"}}},
		{name: "an alias set on a token the theme does not override becomes an override naming the component",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "{color.accent}", "themekit", "dark", "normal", "color", "text")
			},
			colors: map[string]theming.PerScheme{"text": {Dark: "accent"}}},
		{name: "an override changed replaces the theme's value",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "{color.page}", "themekit", "dark", "normal", "color", "button")
			},
			colors: map[string]theming.PerScheme{"button": {Dark: "page"}}},
		{name: "the high-contrast value edited is refused at the token",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, hslValue(0, 0, 0), "themekit", "light", "more", "color", "page")
			},
			sentinel: dtcg.ErrNotCatalog, msg: "themekit.light.more.color.page is the high-contrast variant's value"},
		{name: "a derived variable edited is refused at the token",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, hslValue(0, 0, 0), "themekit", "dark", "normal", "variable", "brand-soft")
			},
			sentinel: dtcg.ErrNotCatalog, msg: "themekit.dark.normal.variable.brand-soft is a derived variable"},
		{name: "an alias to a derived variable takes its value, with a warning",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "{variable.brand-soft}", "themekit", "light", "normal", "color", "accent")
			},
			colors:   map[string]theming.PerScheme{"accent": {Light: soft.String()}},
			sentinel: dtcg.ErrConverted, msg: "themekit.light.normal.color.accent aliases {variable.brand-soft}, which is no component"},
		{name: "a hex string is converted, with a warning",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "#1a73e8", "themekit", "light", "normal", "color", "text")
			},
			colors:   map[string]theming.PerScheme{"text": {Light: "hsl(214.1, 81.7%, 50.6%)"}},
			sentinel: dtcg.ErrConverted, msg: `hex string "#1a73e8" converted to hsl(214.1, 81.7%, 50.6%)`},
		{name: "an alias with a typo is refused, with the token it was meant to be",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "{color.acent}", "themekit", "light", "normal", "color", "text")
			},
			sentinel: dtcg.ErrAliasTarget, msg: "alias {color.acent} names no token; did you mean {color.accent}?"},
		{name: "a cycle is refused once, with its members",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, file, "{color.page}", "themekit", "light", "normal", "color", "page")
			},
			sentinel: dtcg.ErrAliasCycle,
			msg:      "alias cycle of 4 tokens: {color.page} -> {themekit.selected.color.page} -> {themekit.light.selected.color.page} -> {themekit.light.normal.color.page} -> {color.page}",
			place:    nil},
		{name: "a token that is no color is left out, with a warning",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				data := fsys[file].Data
				i := bytes.Index(data, []byte(`"themekit": {`))
				fsys[file] = &fstest.MapFile{Data: append(append(append([]byte(nil), data[:i]...),
					`"size": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}, "$description": "`+marker+`"}},
  `...), data[i:]...)}
			},
			colors:   map[string]theming.PerScheme{"brand": {Light: "hsla(120, 50%, 30%, 0.95)"}},
			sentinel: dtcg.ErrIgnored, msg: "dimension token size.sm is not imported",
			place: func(data []byte) [2]int {
				i := bytes.Index(data, []byte(`{"$value": {"value": 4`))
				return [2]int{bytes.Count(data[:i], []byte("\n")) + 1, i - bytes.LastIndexByte(data[:i], '\n')}
			}},
		{name: "a catalog token changed is refused: it routes every theme's values", file: dtcg.CatalogFile,
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, dtcg.CatalogFile, hslValue(0, 0, 50), "color", "text")
			},
			sentinel: dtcg.ErrNotCatalog, msg: "color.text routes every theme's light value of color.text and must stay {themekit.selected.color.text}"},
		{name: "a high-contrast route changed is refused", file: dtcg.ContrastFile(dtcg.More),
			edit: func(t *testing.T, fsys fstest.MapFS) {
				setValue(t, fsys, dtcg.ContrastFile(dtcg.More), hslValue(0, 0, 50), "themekit", "dark", "selected", "variable", "brand-soft")
			},
			sentinel: dtcg.ErrNotCatalog, msg: "themekit.dark.selected.variable.brand-soft routes the more dark value of the derived variable --brand-soft"},
		{name: "a token of the theme's own file put on the route is the theme's value in both schemes",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				data := fsys[file].Data
				i := bytes.Index(data, []byte(`"themekit": {`))
				fsys[file] = &fstest.MapFile{Data: append(append(append([]byte(nil), data[:i]...),
					`"color": {"text": {"$type": "color", "$value": "{color.accent}"}},
  `...), data[i:]...)}
			},
			colors: map[string]theming.PerScheme{"text": {Light: "accent", Dark: "accent"}}},
		{name: "a trailing comma is named at the comma",
			edit: func(t *testing.T, fsys fstest.MapFS) {
				data := fsys[file].Data
				i := bytes.LastIndex(data, []byte("\n}"))
				fsys[file] = &fstest.MapFile{Data: append(append(append([]byte(nil), data[:i]...), ','), data[i:]...)}
			},
			sentinel: dtcg.ErrSyntax, msg: "trailing comma before '}'",
			place: func(data []byte) [2]int {
				i := bytes.LastIndex(data, []byte(",\n}"))
				return [2]int{bytes.Count(data[:i], []byte("\n")) + 1, i - bytes.LastIndexByte(data[:i], '\n')}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := exportFS(t)
			tc.edit(t, fsys)
			im, err := dtcg.Import(fsys, dtcg.ResolverFile)
			if tc.colors != nil {
				require.NoError(t, err)
				got := themeOf(t, im, 2).Colors
				for id, want := range tc.colors {
					assert.Equal(t, want, got[id], "theme 2's %s", id)
				}
				assert.Equal(t, themes[0].Colors, nilIfEmpty(themeOf(t, im, 1).Colors), "theme 1 untouched")
			}
			if tc.sentinel == nil {
				assert.Empty(t, im.Warnings)
				return
			}
			var found []*dtcg.Problem
			var ie *dtcg.ImportError
			if errors.As(err, &ie) {
				found = ie.Problems
			} else if im != nil {
				found = im.Warnings
			}
			var p *dtcg.Problem
			for _, q := range found {
				if errors.Is(q, tc.sentinel) {
					require.Nil(t, p, "named once: %v and %v", p, q)
					p = q
				}
			}
			require.NotNil(t, p, "%v %v", err, found)
			assert.Contains(t, p.Msg, tc.msg)
			if tc.sentinel == dtcg.ErrAliasCycle {
				assert.Positive(t, p.Line, "placed: %v", p)
				return
			}
			edited := file
			if tc.file != "" {
				edited = tc.file
			}
			assert.Equal(t, edited, p.File)
			place := valuePlace
			if tc.place != nil {
				place = func(_ *testing.T, data []byte) [2]int { return tc.place(data) }
			}
			assert.Equal(t, place(t, fsys[edited].Data), [2]int{p.Line, p.Column}, p.Error())
		})
	}
}

func nilIfEmpty(m map[string]theming.PerScheme) map[string]theming.PerScheme {
	if len(m) == 0 {
		return nil
	}
	return m
}

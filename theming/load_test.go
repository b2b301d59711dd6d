package theming_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestLoadAcceptsTheBaseData(t *testing.T) {
	s, err := theming.Load([]byte(baseCatalog), []byte(baseThemes))
	require.NoError(t, err)
	assert.Len(t, s.Components(), 6, "the hidden definition is not among the components")
	assert.Len(t, s.Themes(), 2)
}

func TestLoadRejects(t *testing.T) {
	cat := func(change func(m map[string]any)) []byte { return edit(t, baseCatalog, change) }
	themes := func(change func(m map[string]any)) []byte { return edit(t, baseThemes, change) }
	okCat, okThemes := []byte(baseCatalog), []byte(baseThemes)
	tests := []struct {
		name        string
		catalog     []byte
		themes      []byte
		wantFile    string
		wantPath    string
		wantErr     error
		wantMessage string // a part of the problem's message
	}{
		{"a duplicate component id", cat(func(m map[string]any) { comp(m, 1)["component_id"] = "page" }), okThemes,
			"catalog.json", "components[1].component_id", theming.ErrDuplicate, `duplicate component id "page" (first at components[0])`},
		{"a component id with capitals", cat(func(m map[string]any) { comp(m, 4)["component_id"] = "Body_Text" }), okThemes,
			"catalog.json", "components[4].component_id", theming.ErrInvalid, `"Body_Text" is not a component id`},
		{"an empty name", cat(func(m map[string]any) { comp(m, 0)["name"] = "" }), okThemes,
			"catalog.json", "components[0].name", theming.ErrInvalid, "is required"},
		{"a blank name", cat(func(m map[string]any) { comp(m, 0)["name"] = "   " }), okThemes,
			"catalog.json", "components[0].name", theming.ErrInvalid, "must not be blank"},
		{"a missing variables array", cat(func(m map[string]any) { delete(comp(m, 0), "variables") }), okThemes,
			"catalog.json", "components[0].variables", theming.ErrInvalid, "is required"},
		{"a null variables array", cat(func(m map[string]any) { comp(m, 0)["variables"] = nil }), okThemes,
			"catalog.json", "components[0].variables", theming.ErrInvalid, "is required"},
		{"a missing themes array", okCat, []byte(`{}`),
			"themes.json", "themes", theming.ErrInvalid, "is required"},
		{"an escaped key that names a known field twice", []byte(strings.Replace(baseCatalog, `"name": "Page",`, `"name": "Page", "n\u0061me": "Paper",`, 1)), okThemes,
			"catalog.json", "components[0].name", theming.ErrDuplicate, `duplicate key "name"`},
		{"a malformed hex fallback", cat(func(m map[string]any) { comp(m, 1)["fallback"].(map[string]any)["light"] = "#1a73g8" }), okThemes,
			"catalog.json", "components[1].fallback.light", theming.ErrInvalid, `"#1a73g8" is neither a color nor a component id`},
		{"a malformed fallback color", cat(func(m map[string]any) { comp(m, 0)["fallback"].(map[string]any)["dark"] = "hsl(0, 0, 10%)" }), okThemes,
			"catalog.json", "components[0].fallback.dark", theming.ErrInvalid, "saturation must be a percentage"},
		{"a fallback to a missing component", cat(func(m map[string]any) { comp(m, 2)["fallback"].(map[string]any)["dark"] = "nav-bgg" }), okThemes,
			"catalog.json", "components[2].fallback.dark", theming.ErrUnknownComponent, `unknown component "nav-bgg"`},
		{"a fallback to itself", cat(func(m map[string]any) { comp(m, 2)["fallback"].(map[string]any)["light"] = "button" }), okThemes,
			"catalog.json", "components[2].fallback.light", theming.ErrCycle, `component "button" falls back to itself`},
		{"a fallback cycle", cat(func(m map[string]any) { comp(m, 1)["fallback"].(map[string]any)["dark"] = "button-focus" }), okThemes,
			"catalog.json", "components[1].fallback.dark", theming.ErrCycle, "fallback cycle in dark scheme: primary -> button-focus -> button -> primary"},
		{"a fallback naming a CSS variable", cat(func(m map[string]any) { comp(m, 2)["fallback"].(map[string]any)["light"] = "--primary" }), okThemes,
			"catalog.json", "components[2].fallback.light", theming.ErrInvalid, "a CSS variable cannot stand here"},
		{"a visible fallback to a hidden component", cat(func(m map[string]any) { comp(m, 2)["fallback"].(map[string]any)["light"] = "old" }), okThemes,
			"catalog.json", "components[2].fallback.light", theming.ErrHiddenReference, `refers to hidden component "old"`},
		{"a css variable without the double dash", cat(func(m map[string]any) { comp(m, 0)["variables"] = []any{map[string]any{"css_variable": "page"}} }), okThemes,
			"catalog.json", "components[0].variables[0].css_variable", theming.ErrInvalid, "is not a CSS variable name"},
		{"a css variable defined twice", cat(func(m map[string]any) { comp(m, 4)["variables"] = []any{map[string]any{"css_variable": "--page"}} }), okThemes,
			"catalog.json", "components[4].variables[0].css_variable", theming.ErrDuplicate, `duplicate CSS variable "--page" (first at components[0].variables[0])`},
		{"an opacity above 1", cat(func(m map[string]any) { comp(m, 3)["variables"].([]any)[0].(map[string]any)["opacity"] = 1.5 }), okThemes,
			"catalog.json", "components[3].variables[0].opacity", theming.ErrInvalid, "must be at most 1"},
		{"a lightness above 100", cat(func(m map[string]any) { comp(m, 2)["variables"].([]any)[1].(map[string]any)["lightness"] = 101 }), okThemes,
			"catalog.json", "components[2].variables[1].lightness", theming.ErrInvalid, "must be at most 100"},
		{"a lightness offset below -100", cat(func(m map[string]any) { comp(m, 1)["variables"].([]any)[1].(map[string]any)["lightness_offset"] = -101 }), okThemes,
			"catalog.json", "components[1].variables[1].lightness_offset", theming.ErrInvalid, "must be at least -100"},
		{"a dark lightness offset above 100", cat(func(m map[string]any) {
			comp(m, 1)["variables"].([]any)[1].(map[string]any)["lightness_offset_dark"] = 101
		}), okThemes,
			"catalog.json", "components[1].variables[1].lightness_offset_dark", theming.ErrInvalid, "must be at most 100"},
		{"an unknown variable role", cat(func(m map[string]any) { comp(m, 2)["variables"].([]any)[1].(map[string]any)["role"] = "halo" }), okThemes,
			"catalog.json", "components[2].variables[1].role", theming.ErrInvalid, `must be one of decoration, disabled, surface, not "halo"`},
		{"a variable role that is not a string", cat(func(m map[string]any) { comp(m, 2)["variables"].([]any)[1].(map[string]any)["role"] = 1 }), okThemes,
			"catalog.json", "components[2].variables[1].role", theming.ErrJSON, "must be a string, not a number"},
		{"an unknown contrast target type", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[0].(map[string]any)["type"] = "border" }), okThemes,
			"catalog.json", "components[4].contrast_against[0].type", theming.ErrInvalid, `must be one of component, variable, hsl, not "border"`},
		{"an unknown contrast type", cat(func(m map[string]any) {
			comp(m, 4)["contrast_against"].([]any)[0].(map[string]any)["contrast_type"] = "large"
		}), okThemes,
			"catalog.json", "components[4].contrast_against[0].contrast_type", theming.ErrInvalid, `must be one of text, non-text, not "large"`},
		{"a contrast target naming a missing component", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[0].(map[string]any)["value"] = "pgae" }), okThemes,
			"catalog.json", "components[4].contrast_against[0].value", theming.ErrUnknownComponent, `unknown component "pgae"`},
		{"a contrast target naming a missing variable", cat(func(m map[string]any) {
			comp(m, 4)["contrast_against"].([]any)[1].(map[string]any)["value"] = "--buton-soft"
		}), okThemes,
			"catalog.json", "components[4].contrast_against[1].value", theming.ErrUnknownVariable, `no component defines CSS variable "--buton-soft"`},
		{"a variable target whose value is not a variable", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[1].(map[string]any)["value"] = "page" }), okThemes,
			"catalog.json", "components[4].contrast_against[1].value", theming.ErrInvalid, "is not a CSS variable name"},
		{"an hsl target that is not a color", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[2].(map[string]any)["value"] = "page" }), okThemes,
			"catalog.json", "components[4].contrast_against[2].value", theming.ErrInvalid, "is not an hsl() color"},
		{"a visible target naming a hidden component", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[0].(map[string]any)["value"] = "old" }), okThemes,
			"catalog.json", "components[4].contrast_against[0].value", theming.ErrHiddenReference, `refers to hidden component "old"`},
		{"a visible target naming a hidden component's variable", cat(func(m map[string]any) { comp(m, 4)["contrast_against"].([]any)[1].(map[string]any)["value"] = "--old" }), okThemes,
			"catalog.json", "components[4].contrast_against[1].value", theming.ErrHiddenReference, `refers to hidden component "old" through CSS variable "--old"; the served catalog must be self-contained`},
		{"a missing page background", cat(func(m map[string]any) { m["page_background"] = "canvas" }), okThemes,
			"catalog.json", "page_background", theming.ErrUnknownComponent, `unknown component "canvas"`},
		{"a translucent page background", cat(func(m map[string]any) { comp(m, 0)["fallback"].(map[string]any)["dark"] = "hsla(0, 0%, 10%, 0.9)" }), okThemes,
			"catalog.json", "page_background", theming.ErrInvalid, `the page background "page" resolves to hsla(0, 0%, 10%, 0.9) in dark scheme; it must be opaque`},
		{"a palette entry naming a hidden component", cat(func(m map[string]any) { m["palette_preview"] = []any{"primary", "old"} }), okThemes,
			"catalog.json", "palette_preview[1]", theming.ErrHiddenReference, `refers to hidden component "old"`},
		{"can_edit_opacity without default_opacity", cat(func(m map[string]any) { delete(comp(m, 5), "default_opacity") }), okThemes,
			"catalog.json", "components[5].default_opacity", theming.ErrInvalid, "can_edit_opacity and default_opacity go together"},
		{"a default opacity above 1", cat(func(m map[string]any) { comp(m, 5)["default_opacity"] = 2 }), okThemes,
			"catalog.json", "components[5].default_opacity", theming.ErrInvalid, "must be at most 1"},
		{"a misspelt key", cat(func(m map[string]any) { comp(m, 0)["fallback"].(map[string]any)["ligth"] = "x" }), okThemes,
			"catalog.json", "components[0].fallback.ligth", theming.ErrUnknownField, `unknown field "ligth" (known: dark, light)`},
		{"a name that is a number", cat(func(m map[string]any) { comp(m, 3)["name"] = 5 }), okThemes,
			"catalog.json", "components[3].name", theming.ErrJSON, "must be a string, not a number"},
		{"a hidden flag that is a string", cat(func(m map[string]any) { comp(m, 3)["hidden"] = "yes" }), okThemes,
			"catalog.json", "components[3].hidden", theming.ErrJSON, "must be true or false, not a string"},
		{"a duplicate JSON key", []byte(strings.Replace(baseCatalog, `"name": "Page",`, `"name": "Page", "name": "Paper",`, 1)), okThemes,
			"catalog.json", "components[0].name", theming.ErrDuplicate, `duplicate key "name"`},
		{"truncated JSON", []byte(baseCatalog[:200]), okThemes,
			"catalog.json", "components[0].fallback.dark", theming.ErrJSON, "unexpected end of JSON input"},
		{"not JSON at all", []byte("catalog: yes"), okThemes,
			"catalog.json", "", theming.ErrJSON, "invalid character"},
		{"trailing data after the document", append([]byte(baseCatalog), []byte(" {}")...), okThemes,
			"catalog.json", "", theming.ErrJSON, "unexpected data after the top-level value"},
		{"invalid UTF-8", []byte(strings.Replace(baseCatalog, "Page", "P\xffge", 1)), okThemes,
			"catalog.json", "", theming.ErrJSON, "invalid UTF-8 at byte offset"},
		{"nesting deeper than MaxDepth", []byte(`{"components": ` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`), okThemes,
			"catalog.json", "components" + strings.Repeat("[0]", theming.MaxDepth-1), theming.ErrTooLarge, "JSON nested deeper than 32 levels"},

		{"a duplicate theme id", okCat, themes(func(m map[string]any) { theme(m, 1)["id"] = 1 }),
			"themes.json", "themes[1].id", theming.ErrDuplicate, "duplicate theme id 1 (first at themes[0])"},
		{"a theme id of zero", okCat, themes(func(m map[string]any) { theme(m, 0)["id"] = 0 }),
			"themes.json", "themes[0].id", theming.ErrInvalid, "must be greater than 0"},
		{"a fractional theme id", okCat, themes(func(m map[string]any) { theme(m, 0)["id"] = 1.5 }),
			"themes.json", "themes[0].id", theming.ErrJSON, "must be an integer, not 1.5"},
		{"an empty theme name", okCat, themes(func(m map[string]any) { theme(m, 0)["name"] = "" }),
			"themes.json", "themes[0].name", theming.ErrInvalid, "is required"},
		{"two default themes", okCat, themes(func(m map[string]any) { theme(m, 0)["is_default"] = true }),
			"themes.json", "themes[1].is_default", theming.ErrDuplicate, "more than one default theme"},
		{"an unknown logo type", okCat, themes(func(m map[string]any) { theme(m, 0)["light_mode_logo_type"] = "FANCY" }),
			"themes.json", "themes[0].light_mode_logo_type", theming.ErrInvalid, `must be one of DEFAULT, INVERSE, not "FANCY"`},
		{"an unknown alignment", okCat, themes(func(m map[string]any) { theme(m, 0)["logo_alignment"] = "middle" }),
			"themes.json", "themes[0].logo_alignment", theming.ErrInvalid, `must be one of left, center, right, not "middle"`},
		{"a negative logo height", okCat, themes(func(m map[string]any) { theme(m, 0)["logo_height"] = -1 }),
			"themes.json", "themes[0].logo_height", theming.ErrInvalid, "must be at least 0"},
		{"a negative compact logo size", okCat, themes(func(m map[string]any) { theme(m, 1)["compact_logo_size"] = -4 }),
			"themes.json", "themes[1].compact_logo_size", theming.ErrInvalid, "must be at least 0"},
		{"a javascript: image", okCat, themes(func(m map[string]any) { theme(m, 0)["logo"] = "javascript:alert(1)" }),
			"themes.json", "themes[0].logo", theming.ErrInvalid, "is not a media path or an http(s) URL"},
		{"a data: image", okCat, themes(func(m map[string]any) { theme(m, 0)["favicon"] = "data:image/png;base64,AAAA" }),
			"themes.json", "themes[0].favicon", theming.ErrInvalid, "is not a media path or an http(s) URL"},
		{"an image path that climbs out of the media root", okCat, themes(func(m map[string]any) {
			theme(m, 0)["logo_site"].(map[string]any)["original"] = "themes/../../etc/passwd"
		}), "themes.json", "themes[0].logo_site.original", theming.ErrInvalid, `".." segment`},
		{"an absolute image path", okCat, themes(func(m map[string]any) { theme(m, 0)["favicon"] = "/etc/passwd" }),
			"themes.json", "themes[0].favicon", theming.ErrInvalid, "is not a media path"},
		{"an ftp image URL", okCat, themes(func(m map[string]any) { theme(m, 0)["favicon"] = "ftp://example.com/f.png" }),
			"themes.json", "themes[0].favicon", theming.ErrInvalid, "is not a media path"},
		{"an override of a missing component", okCat, themes(func(m map[string]any) {
			theme(m, 0)["colors"] = map[string]any{"nope": map[string]any{"light": "hsl(0, 0%, 0%)"}}
		}), "themes.json", "themes[0].colors.nope", theming.ErrUnknownComponent, `unknown component "nope"`},
		{"an override of a hidden component", okCat, themes(func(m map[string]any) {
			theme(m, 0)["colors"] = map[string]any{"old": map[string]any{"light": "hsl(0, 0%, 0%)"}}
		}), "themes.json", "themes[0].colors.old", theming.ErrHiddenReference, `refers to hidden component "old"`},
		{"an override with a malformed color", okCat, themes(func(m map[string]any) {
			theme(m, 0)["colors"] = map[string]any{"primary": map[string]any{"dark": "hsl(1 2% 3%"}}
		}), "themes.json", "themes[0].colors.primary.dark", theming.ErrInvalid, `missing ")"`},
		{"an override that closes a cycle", okCat, themes(func(m map[string]any) {
			theme(m, 0)["colors"] = map[string]any{"primary": map[string]any{"light": "button-focus"}}
		}), "themes.json", "themes[0].colors", theming.ErrCycle, "fallback cycle in light scheme under theme 1: primary -> button-focus -> button -> primary"},
		{"an override that makes the page translucent", okCat, themes(func(m map[string]any) {
			theme(m, 1)["colors"] = map[string]any{"page": map[string]any{"light": "scrim"}}
		}), "themes.json", "themes[1].colors", theming.ErrInvalid, `the page background "page" resolves to hsla(0, 0%, 0%, 0.5) in light scheme`},
		{"a stored palette preview", okCat, themes(func(m map[string]any) { theme(m, 0)["palette_preview"] = []any{} }),
			"themes.json", "themes[0].palette_preview", theming.ErrUnknownField, `unknown field "palette_preview"`},
		{"themes that are not a list", okCat, []byte(`{"themes": {}}`),
			"themes.json", "themes", theming.ErrJSON, "must be an array, not an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := theming.Load(tt.catalog, tt.themes)
			require.Error(t, err, "Load must fail")
			assert.Nil(t, s, "a failed load returns no snapshot")
			assert.ErrorIs(t, err, tt.wantErr)
			var verr *theming.ValidationError
			require.ErrorAs(t, err, &verr)
			var found *theming.Problem
			for _, p := range verr.Problems {
				if p.File == tt.wantFile && p.Path == tt.wantPath && errors.Is(p, tt.wantErr) {
					found = p
					break
				}
			}
			require.NotNil(t, found, "want a problem at %s: %s wrapping %v; got:\n%v", tt.wantFile, tt.wantPath, tt.wantErr, err)
			assert.Contains(t, found.Msg, tt.wantMessage, "message of the problem at %s", tt.wantPath)
			assert.Contains(t, err.Error(), found.Error(), "the error lists the problem")
		})
	}
}

func TestLoadReportsEveryProblemAtOnce(t *testing.T) {
	cat := edit(t, baseCatalog, func(m map[string]any) {
		comp(m, 0)["name"] = ""
		comp(m, 2)["fallback"].(map[string]any)["dark"] = "nav-bgg"
		comp(m, 4)["contrast_against"].([]any)[0].(map[string]any)["contrast_type"] = "large"
	})
	themes := edit(t, baseThemes, func(m map[string]any) { theme(m, 0)["logo_alignment"] = "middle" })
	_, err := theming.Load(cat, themes)
	var verr *theming.ValidationError
	require.ErrorAs(t, err, &verr)
	var paths []string
	for _, p := range verr.Problems {
		paths = append(paths, p.File+": "+p.Path)
	}
	assert.ElementsMatch(t, []string{
		"catalog.json: components[0].name",
		"catalog.json: components[2].fallback.dark",
		"catalog.json: components[4].contrast_against[0].contrast_type",
		"themes.json: themes[0].logo_alignment",
	}, paths)
	assert.True(t, strings.HasPrefix(err.Error(), "theming: invalid data: 4 problems\n"), "message: %s", err)
}

func TestLoadFSAndLoadDir(t *testing.T) {
	t.Run("LoadFS reads both files from the root", func(t *testing.T) {
		fsys := fstest.MapFS{
			"catalog.json": {Data: []byte(baseCatalog)},
			"themes.json":  {Data: []byte(baseThemes)},
		}
		s, err := theming.LoadFS(fsys)
		require.NoError(t, err)
		assert.Len(t, s.Themes(), 2)
	})
	t.Run("a missing file is an fs error", func(t *testing.T) {
		_, err := theming.LoadFS(fstest.MapFS{"catalog.json": {Data: []byte(baseCatalog)}})
		assert.ErrorIs(t, err, os.ErrNotExist)
		assert.Contains(t, err.Error(), "themes.json")
	})
	t.Run("LoadFS reads a directory through os.DirFS", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "catalog.json"), []byte(baseCatalog), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "themes.json"), []byte(baseThemes), 0o644))
		s, err := theming.LoadFS(os.DirFS(dir))
		require.NoError(t, err)
		assert.Len(t, s.Components(), 6)
	})
	t.Run("a file over MaxInputSize is refused without reading it all", func(t *testing.T) {
		big := make([]byte, theming.MaxInputSize+10)
		_, err := theming.LoadFS(fstest.MapFS{
			"catalog.json": {Data: big},
			"themes.json":  {Data: []byte(baseThemes)},
		})
		assert.ErrorIs(t, err, theming.ErrTooLarge)
	})
}

// lines joins its arguments with newlines: argument n is line n of the
// file, so that a test's expected line can be read off its table.
func lines(ls ...string) []byte { return []byte(strings.Join(ls, "\n")) }

// placeCatalog is a small valid catalog, one line per argument of lines,
// for the themes of TestProblemsInAFileHaveTheirLineAndColumn.
var placeCatalog = lines(
	`{"page_background": "page", "palette_preview": [], "components": [`,
	`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},`,
	`  {"component_id": "text", "name": "Text", "fallback": {"light": "page", "dark": "page"}, "variables": []}`,
	`]}`,
)

func TestProblemsInAFileHaveTheirLineAndColumn(t *testing.T) {
	okThemes := []byte(`{"themes": []}`)
	// The expected line and column of each case are counted by hand on
	// the lines of its file: columns count bytes from 1, a tab is one.
	tests := []struct {
		name           string
		catalog        []byte
		themes         []byte
		wantFile       string
		wantLine       int
		wantColumn     int
		wantPath       string
		wantErr        error
		wantMsgContain string
	}{
		{"a fallback naming an unknown component points at the value",
			lines(
				`{"page_background": "page",`,
				` "palette_preview": [],`,
				` "components": [`,
				`  {"component_id": "page", "name": "Page",`,
				`   "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},`,
				`   "variables": []},`,
				`  {"component_id": "text", "name": "Text",`,
				`   "fallback": {"light": "nav-bgg", "dark": "page"},`, // "nav-bgg" starts at column 26
				`   "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 8, 26, "components[1].fallback.light", theming.ErrUnknownComponent, `unknown component "nav-bgg"`},
		{"an unknown variable role points at the value",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},`,
				`   "variables": [{"css_variable": "--page", "role": "halo"}]}`, // "halo" starts at column 53
				`]}`,
			), okThemes, "catalog.json", 3, 53, "components[0].variables[0].role", theming.ErrInvalid, `must be one of decoration, disabled, surface, not "halo"`},
		{"a wrong type points at the value",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},`,
				`  {"component_id": "text",`,
				"\t\"name\": 5,", // a tab, then the key: 5 is at column 10
				`   "fallback": {"light": "page", "dark": "page"}, "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 4, 10, "components[1].name", theming.ErrJSON, "must be a string, not a number"},
		{"a duplicate key points at the second key",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "name": "Paper",`, // the second "name" at column 44
				`   "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 2, 44, "components[0].name", theming.ErrDuplicate, `duplicate key "name"`},
		{"an unknown key points at the key",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "colour": "red",`, // "colour" at column 44
				`   "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 2, 44, "components[0].colour", theming.ErrUnknownField, `unknown field "colour"`},
		{"a syntax error points at the offending byte",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page",`,
				`   "fallback": {"light": "hsl(0, 0%, 100%)" "dark": "hsl(0, 0%, 10%)"}, "variables": []}`, // the quote of "dark" at column 45
				`]}`,
			), okThemes, "catalog.json", 3, 45, "components[0].fallback", theming.ErrJSON, "invalid character '\"' after object key:value pair"},
		{"the end of a truncated file is where the input ends",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page"`, // 25 bytes: the end is column 26
			), okThemes, "catalog.json", 2, 26, "components[0]", theming.ErrJSON, "unexpected end of JSON input"},
		{"a byte order mark is named at the start of the file",
			append([]byte("\xef\xbb\xbf"), placeCatalog...), okThemes,
			"catalog.json", 1, 1, "", theming.ErrJSON, "file starts with a UTF-8 byte order mark; save it without one"},
		{"a missing required array points at the object that lacks it",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}},`, // the object opens at column 3
				`  {"component_id": "text", "name": "Text", "fallback": {"light": "page", "dark": "page"}, "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 2, 3, "components[0].variables", theming.ErrInvalid, "is required"},
		{"a rule the file does not spell out points at the nearest value it has",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},`,
				`  {"component_id": "text", "name": "Text", "fallback": {"light": "page", "dark": "page"}, "variables": [], "can_edit_opacity": true}`, // the object at column 3
				`]}`,
			), okThemes, "catalog.json", 3, 3, "components[1].default_opacity", theming.ErrInvalid, "default_opacity is missing"},
		{"a malformed hex color points at the value",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "#fffff", "dark": "hsl(0, 0%, 10%)"}, "variables": []}`, // "#fffff" at column 66
				`]}`,
			), okThemes, "catalog.json", 2, 66, "components[0].fallback.light", theming.ErrInvalid, "is neither a color nor a component id"},
		{"a fallback cycle points at the first component's fallback",
			lines(
				`{"page_background": "page", "palette_preview": [], "components": [`,
				`  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},`,
				`  {"component_id": "a", "name": "A", "fallback": {"light": "b", "dark": "page"}, "variables": []},`, // "b" at column 60
				`  {"component_id": "b", "name": "B", "fallback": {"light": "a", "dark": "page"}, "variables": []}`,
				`]}`,
			), okThemes, "catalog.json", 3, 60, "components[1].fallback.light", theming.ErrCycle, "fallback cycle in light scheme"},
		{"an override of an unknown component in themes.json points at its value",
			placeCatalog, lines(
				`{"themes": [`,
				`  {"id": 1, "name": "One", "is_default": true,`,
				`   "colors": {`,
				`     "text": {"light": "hsl(0, 0%, 0%)"},`,
				`     "nav-bgg": {"dark": "hsl(0, 0%, 0%)"}}}`, // the value's brace at column 17
				`]}`,
			), "themes.json", 5, 17, "themes[0].colors.nav-bgg", theming.ErrUnknownComponent, `unknown component "nav-bgg"`},
		{"a map key that needs quoting is found by its quoted path",
			placeCatalog, lines(
				`{"themes": [`,
				`  {"id": 1, "name": "One",`,
				`   "colors": {"Text": {"light": "page"}}}`, // the value of "Text" at column 23
				`]}`,
			), "themes.json", 3, 23, `themes[0].colors["Text"]`, theming.ErrInvalid, "is not a component id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := theming.Load(tt.catalog, tt.themes)
			probs := validationProblems(t, err)
			var found *theming.Problem
			for _, p := range probs {
				if p.File == tt.wantFile && p.Path == tt.wantPath && errors.Is(p, tt.wantErr) {
					found = p
				}
			}
			require.NotNil(t, found, "want a problem at %s: %s wrapping %v; got:\n%v", tt.wantFile, tt.wantPath, tt.wantErr, err)
			assert.Contains(t, found.Msg, tt.wantMsgContain, "the problem's message")
			assert.Equal(t, tt.wantLine, found.Line, "line of %v", found)
			assert.Equal(t, tt.wantColumn, found.Column, "column of %v", found)
			file := tt.catalog
			if tt.wantFile == theming.ThemesFile {
				file = tt.themes
			}
			assert.Equal(t, tt.wantLine-1, strings.Count(string(file[:found.Offset]), "\n"), "the offset %d is on the line", found.Offset)
			want := tt.wantFile + ":" + strconv.Itoa(tt.wantLine) + ":" + strconv.Itoa(tt.wantColumn) + ": "
			if tt.wantPath != "" {
				want += tt.wantPath + ": "
			}
			assert.Equal(t, want+found.Msg, found.Error(), "the problem's message starts with its place")
		})
	}
}

func TestBoundsOnTypedInput(t *testing.T) {
	page := theming.Component{ID: "page", Name: "Page", Fallback: theming.PerScheme{Light: "hsl(0, 0%, 100%)", Dark: "hsl(0, 0%, 10%)"}}
	catalogOf := func(n int) theming.Catalog {
		cat := theming.Catalog{PageBackground: "page", Components: make([]theming.Component, n)}
		cat.Components[0] = page
		for i := 1; i < n; i++ {
			cat.Components[i] = theming.Component{ID: "c" + strconv.Itoa(i), Name: "C", Fallback: theming.PerScheme{Light: "page", Dark: "page"}}
		}
		return cat
	}
	t.Run("a catalog of MaxComponents components compiles", func(t *testing.T) {
		_, err := theming.CompileCatalog(catalogOf(theming.MaxComponents))
		assert.NoError(t, err)
	})
	t.Run("a catalog of one component more is refused with ErrTooLarge at components", func(t *testing.T) {
		_, err := theming.CompileCatalog(catalogOf(theming.MaxComponents + 1))
		probs := validationProblems(t, err)
		require.Len(t, probs, 1, "one problem: %v", err)
		assert.ErrorIs(t, probs[0], theming.ErrTooLarge)
		assert.Equal(t, "components", probs[0].Path)
		assert.Equal(t, "components: 100001 components; the limit is 100000", probs[0].Error())
	})
	cc, err := theming.CompileCatalog(catalogOf(2))
	require.NoError(t, err, "a small catalog compiles")
	themesOf := func(n int) []theming.Theme {
		ths := make([]theming.Theme, n)
		for i := range ths {
			ths[i] = theming.Theme{ID: i + 1, Name: "T"}
		}
		return ths
	}
	t.Run("MaxThemes themes make a snapshot", func(t *testing.T) {
		s, err := cc.Snapshot(themesOf(theming.MaxThemes))
		require.NoError(t, err)
		assert.Len(t, s.Themes(), theming.MaxThemes)
	})
	t.Run("one theme more is refused with ErrTooLarge, strictly and leniently", func(t *testing.T) {
		_, err := cc.Snapshot(themesOf(theming.MaxThemes + 1))
		probs := validationProblems(t, err)
		require.Len(t, probs, 1, "one problem: %v", err)
		assert.ErrorIs(t, probs[0], theming.ErrTooLarge)
		assert.Equal(t, "10001 themes; the limit is 10000", probs[0].Error())
		s, err := cc.SnapshotLenient(themesOf(theming.MaxThemes + 1))
		assert.ErrorIs(t, err, theming.ErrTooLarge)
		require.NotNil(t, s, "a lenient snapshot is there even so")
		assert.Empty(t, s.Themes(), "and holds no theme")
	})
	t.Run("a theme with more than MaxComponents overrides is refused by its id", func(t *testing.T) {
		ths := themesOf(2)
		ths[1].Colors = make(map[string]theming.PerScheme, theming.MaxComponents+1)
		for i := range theming.MaxComponents + 1 {
			ths[1].Colors["x"+strconv.Itoa(i)] = theming.PerScheme{Light: "page"}
		}
		_, err := cc.Snapshot(ths)
		probs := validationProblems(t, err)
		require.Len(t, probs, 1, "one problem: %v", err)
		assert.ErrorIs(t, probs[0], theming.ErrTooLarge)
		assert.Equal(t, "theme 2: colors: 100001 color overrides; the limit is 100000", probs[0].Error())
	})
	t.Run("Load applies the component bound to catalog.json, with its place", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("{\"page_background\": \"page\", \"palette_preview\": [],\n\"components\": [")
		for i := range theming.MaxComponents + 1 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"component_id": "c` + strconv.Itoa(i) + `", "name": "C", "fallback": {"light": "hsl(0, 0%, 0%)", "dark": "hsl(0, 0%, 0%)"}, "variables": []}`)
		}
		b.WriteString("]}")
		_, err := theming.Load([]byte(b.String()), []byte(`{"themes": []}`))
		probs := validationProblems(t, err)
		require.Len(t, probs, 1, "one problem: %v", err)
		assert.ErrorIs(t, probs[0], theming.ErrTooLarge)
		assert.Equal(t, "catalog.json:2:15: components: 100001 components; the limit is 100000", probs[0].Error())
	})
}

package dtcg_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/dtcg"
	"github.com/themekit/themekit/theming/fix"
)

func TestExportImportExportIsByteIdenticalWithTheSameVersionAndAudit(t *testing.T) {
	for _, ds := range datasets(t) {
		t.Run(ds.name, func(t *testing.T) {
			opt := dtcg.ExportOptions{}
			first, err := dtcg.Export(ds.cat, ds.themes, opt)
			require.NoError(t, err)
			dir := writeFiles(t, first)
			im, err := dtcg.Import(os.DirFS(dir), dtcg.ResolverFile)
			require.NoError(t, err)
			assert.Empty(t, im.Warnings)
			second, err := dtcg.Export(im.Catalog, im.Themes, opt)
			require.NoError(t, err)
			require.Len(t, second, len(first))
			for i := range first {
				assert.Equal(t, first[i].Name, second[i].Name)
				assert.Equal(t, string(first[i].Data), string(second[i].Data), first[i].Name)
			}
			cb, err := im.CatalogJSON()
			require.NoError(t, err)
			tb, err := im.ThemesJSON()
			require.NoError(t, err)
			back, err := theming.Load(cb, tb)
			require.NoError(t, err)
			cc, err := theming.CompileCatalog(ds.cat)
			require.NoError(t, err)
			orig, err := cc.Snapshot(ds.themes)
			require.NoError(t, err)
			assert.Equal(t, orig.Version(), back.Version())
			// The audit as served (report.json): the same findings, in order.
			origAudit, err := fix.New(orig.CompiledCatalog()).Audit(orig, contrast.Policy{})
			require.NoError(t, err)
			backAudit, err := fix.New(back.CompiledCatalog()).Audit(back, contrast.Policy{})
			require.NoError(t, err)
			wantAudit, err := json.Marshal(origAudit)
			require.NoError(t, err)
			gotAudit, err := json.Marshal(backAudit)
			require.NoError(t, err)
			assert.JSONEq(t, string(wantAudit), string(gotAudit))
		})
	}
}

// decl matches a declaration of the stylesheet's light block.
var decl = regexp.MustCompile(`(?m)^  (--[a-z0-9_-]+): hsla?\(([^)]*)\);$`)

// TestTokenValuesAreTheNumbersTheStylesheetDeclares resolves each
// variable's token through the files of a theme in the light scheme and
// compares its numbers with the served stylesheet's text.
func TestTokenValuesAreTheNumbersTheStylesheetDeclares(t *testing.T) {
	for _, ds := range datasets(t) {
		t.Run(ds.name, func(t *testing.T) {
			files, err := dtcg.Export(ds.cat, ds.themes, dtcg.ExportOptions{})
			require.NoError(t, err)
			byName := map[string]map[string]any{}
			for _, f := range files {
				var m map[string]any
				require.NoError(t, json.Unmarshal(f.Data, &m))
				byName[f.Name] = m
			}
			cc, err := theming.CompileCatalog(ds.cat)
			require.NoError(t, err)
			snap, err := cc.Snapshot(ds.themes)
			require.NoError(t, err)
			for _, rt := range snap.Themes() {
				sheet := string(css.Stylesheet(rt, nil))
				light := sheet[:strings.Index(sheet, "@media")]
				merged := []map[string]any{byName[dtcg.CatalogFile], byName[dtcg.ThemeFile(rt.ID())], byName[dtcg.SchemeFile(theming.Light)], byName[dtcg.ContrastFile(dtcg.Normal)]}
				vars := cssVariables(t, merged)
				n := 0
				for _, m := range decl.FindAllStringSubmatch(light, -1) {
					got, ok := vars[m[1]]
					if !assert.True(t, ok, "no token carries %s", m[1]) {
						continue
					}
					n++
					assert.Equal(t, m[2], got, "theme %d %s", rt.ID(), m[1])
				}
				assert.Positive(t, n)
			}
		})
	}
}

// lookup finds a token by its dotted name in the merged documents, the
// last one that has it winning.
func lookup(docs []map[string]any, name string) map[string]any {
	var found map[string]any
	for _, d := range docs {
		var cur any = d
		for _, part := range strings.Split(name, ".") {
			m, ok := cur.(map[string]any)
			if !ok {
				cur = nil
				break
			}
			cur = m[part]
		}
		if m, ok := cur.(map[string]any); ok {
			found = m
		}
	}
	return found
}

// cssVariables resolves every token carrying a css_variable, checks that
// each name is carried once, and prints the value as the stylesheet's
// hsl() arguments.
func cssVariables(t *testing.T, docs []map[string]any) map[string]string {
	out := map[string]string{}
	cat := docs[0]
	for _, group := range []string{"color", "variable"} {
		g, _ := cat[group].(map[string]any)
		for name := range g {
			tk := lookup(docs, group+"."+name)
			x, _ := tk["$extensions"].(map[string]any)["dev.themekit"].(map[string]any)
			cv, _ := x["css_variable"].(string)
			if cv == "" || x["hidden"] == true {
				continue
			}
			_, dup := out[cv]
			require.False(t, dup, "%s is carried twice", cv)
			v := tk["$value"]
			for range 100 {
				s, ok := v.(string)
				if !ok {
					break
				}
				v = lookup(docs, strings.Trim(s, "{}"))["$value"]
			}
			c := v.(map[string]any)
			comps := c["components"].([]any)
			num := func(f any) string { b, _ := json.Marshal(f); return string(b) }
			s := num(comps[0]) + ", " + num(comps[1]) + "%, " + num(comps[2]) + "%"
			if a := c["alpha"].(float64); a != 1 {
				s += ", " + num(a)
			}
			out[cv] = s
		}
	}
	return out
}

func TestExportWritesTheThemeModifierOnlyWithTwoThemesOrMore(t *testing.T) {
	cat, themes := richCatalog()
	files, err := dtcg.Export(cat, themes[:1], dtcg.ExportOptions{})
	require.NoError(t, err)
	var r struct {
		Sets      map[string]any `json:"sets"`
		Modifiers map[string]any `json:"modifiers"`
	}
	require.NoError(t, json.Unmarshal(files[0].Data, &r))
	assert.Contains(t, r.Sets, "theme")
	assert.NotContains(t, r.Modifiers, "theme")
	assert.Contains(t, r.Modifiers, "scheme")
	assert.Contains(t, r.Modifiers, "contrast")
	dir := writeFiles(t, files)
	im, err := dtcg.Import(os.DirFS(dir), dtcg.ResolverFile)
	require.NoError(t, err)
	require.Len(t, im.Themes, 1)
	assert.Equal(t, "One", im.Themes[0].Name)
	_ = filepath.Join
}

func TestAVariantReplacesTheHighContrastVariantInTheMoreContext(t *testing.T) {
	cat, themes := richCatalog()
	files, err := dtcg.Export(cat, themes, dtcg.ExportOptions{Variant: variantOf(cat)})
	require.NoError(t, err)
	var doc map[string]any
	for _, f := range files {
		if f.Name == dtcg.ThemeFile(2) {
			require.NoError(t, json.Unmarshal(f.Data, &doc))
		}
	}
	tk := lookup([]map[string]any{doc}, "themekit.dark.more.color.page")
	require.NotNil(t, tk)
	assert.Equal(t, map[string]any{"colorSpace": "hsl", "components": []any{0.0, 0.0, 0.0}, "alpha": 1.0}, tk["$value"], "the variant's black page")
	tk = lookup([]map[string]any{doc}, "themekit.dark.normal.color.page")
	assert.Equal(t, map[string]any{"colorSpace": "hsl", "components": []any{220.0, 15.0, 8.0}, "alpha": 1.0}, tk["$value"], "the theme's own")
}

// TestEachCSSVariableIsCarriedByOneTokenInEveryContext counts the
// css_variable extensions of every file: only the catalog set, which
// every context merges, carries them, each name once; hidden components'
// tokens are flagged.
func TestEachCSSVariableIsCarriedByOneTokenInEveryContext(t *testing.T) {
	cat, themes := richCatalog()
	files, err := dtcg.Export(cat, themes, dtcg.ExportOptions{})
	require.NoError(t, err)
	carried := map[string]int{}
	hidden := map[string]bool{}
	var walk func(file string, v any)
	walk = func(file string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		if x, ok := m["dev.themekit"].(map[string]any); ok {
			if cv, ok := x["css_variable"].(string); ok {
				require.Equal(t, dtcg.CatalogFile, file, "%s carries %s", file, cv)
				carried[cv]++
				if x["hidden"] == true {
					hidden[cv] = true
				}
			}
		}
		for _, c := range m {
			walk(file, c)
		}
	}
	for _, f := range files {
		var doc any
		require.NoError(t, json.Unmarshal(f.Data, &doc))
		walk(f.Name, doc)
	}
	want := map[string]int{}
	for _, c := range cat.Components {
		for _, v := range c.Variables {
			want[v.CSSVariable] = 1
		}
	}
	assert.Equal(t, want, carried)
	assert.Equal(t, map[string]bool{"--shadow-base": true, "--shadow-strong": true, "--shadow": true}, hidden)
}

// A host that serves the stylesheet passes its engine, whose variants the
// "more" context then carries: the same bytes as the engine an export
// makes of its own.
func TestAnEngineGivenCarriesTheSameVariants(t *testing.T) {
	snap, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	own, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{})
	require.NoError(t, err)
	e := fix.New(snap.CompiledCatalog())
	given, err := dtcg.ExportSnapshot(snap, dtcg.ExportOptions{Engine: e})
	require.NoError(t, err)
	assert.Equal(t, own, given)
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
)

// catalog is a small catalog: a page, body text checked against it, and a
// muted text whose light-scheme color is the only variable between the
// test catalogs.
func catalog(muted string) string {
	return `{
  "page_background": "page",
  "palette_preview": ["page"],
  "components": [
    {"component_id": "page", "name": "Page",
     "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"},
     "variables": [{"css_variable": "--page"}]},
    {"component_id": "text", "name": "Text",
     "fallback": {"light": "hsl(0, 0%, 10%)", "dark": "hsl(0, 0%, 95%)"},
     "variables": [{"css_variable": "--text"}],
     "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"}]},
    {"component_id": "muted", "name": "Muted text",
     "fallback": {"light": "` + muted + `", "dark": "hsl(0, 0%, 70%)"},
     "variables": [{"css_variable": "--muted"}],
     "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"}]}
  ]
}`
}

// themes is a themes.json with one theme of the given name.
func themes(name string) string {
	n, _ := json.Marshal(name)
	return `{"themes": [{"id": 1, "name": ` + string(n) + `,
  "favicon": null, "logo": null, "logo_inverse": null, "compact_logo": null, "compact_logo_inverse": null,
  "logo_site": null, "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "DEFAULT", "logo_alignment": "left",
  "logo_height": 40, "logo_margin_left": 0, "logo_margin_top": 0,
  "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT", "compact_logo_size": 32,
  "default_group_banner": null, "default_event_banner": null, "default_user_profile_banner": null,
  "is_default": true}]}`
}

// dataDir writes a catalog and themes file into a new temporary directory.
func dataDir(t *testing.T, catalogJSON, themesJSON string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "catalog.json"), []byte(catalogJSON), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "themes.json"), []byte(themesJSON), 0o644))
	return dir
}

// The data sets of the tests. hsl(0, 0%, 60%) on white is 2.85:1 (WCAG
// formula by hand: L = ((0.6+0.055)/1.055)^2.4 = 0.3185, 1.05/0.3685), so
// the failing catalog fails one text rule, in the light scheme; its fix,
// hsl(0, 0%, 46.53%), is the last 0.01 step below the 4.5:1 boundary at
// 46.5319% (L = 1.055·Y^(1/2.4) − 0.055 with Y = 1.05/4.5 − 0.05). The
// APCA values, Lc 54.6 and 71.3, are apca-w3's APCAcontrast for those
// greys on white (node, contrast/testdata/gen's pinned copy).
func passingDir(t *testing.T) string {
	return dataDir(t, catalog("hsl(0, 0%, 40%)"), themes("Plain"))
}

func failingDir(t *testing.T) string {
	return dataDir(t, catalog("hsl(0, 0%, 60%)"), themes("Plain"))
}

// invalidDir has three problems: an unknown component in a fallback, a
// malformed color, and a theme without a name.
func invalidDir(t *testing.T) string {
	c := strings.Replace(catalog("hsl(0, 0%, 60%"), `"dark": "hsl(0, 0%, 95%)"`, `"dark": "txet"`, 1)
	return dataDir(t, c, themes(""))
}

func TestRunExitStatus(t *testing.T) {
	tests := []struct {
		name       string
		give       func(t *testing.T) []string
		want       int
		wantStdout []string
		wantStderr []string
	}{
		{
			name: "the embedded default data passes with status 0",
			give: func(*testing.T) []string { return nil },
			want: 0, wantStdout: []string{"embedded default data: 840 contrast rules checked under 4 theme(s) in 2 schemes: 840 passed, 0 failed.\nok\n"},
		},
		{
			name: "a passing catalog exits 0",
			give: func(t *testing.T) []string { return []string{"-data", passingDir(t)} },
			want: 0, wantStdout: []string{"4 contrast rules checked under 1 theme(s) in 2 schemes: 4 passed, 0 failed.\nok\n"},
		},
		{
			name: "a failing catalog exits 1 and suggests a verified fix",
			give: func(t *testing.T) []string { return []string{"-data", failingDir(t)} },
			want: 1,
			wantStdout: []string{
				"Plain (1)  light   muted on page  text  2.84:1   4.5:1     54.6     FAIL    hsl(0, 0%, 46.53%) (4.50:1, Lc 71.3)\n",
				"4 contrast rules checked under 1 theme(s) in 2 schemes: 3 passed, 1 failed (1 with a suggested fix).\nFAIL\n",
			},
		},
		{
			name: "invalid data exits 2 and lists every problem with its JSON path",
			give: func(t *testing.T) []string { return []string{"-data", invalidDir(t)} },
			want: 2,
			wantStderr: []string{
				"invalid data, 3 problem(s):\n",
				"  catalog.json: components[2].fallback.light: ",
				"  catalog.json: components[1].fallback.dark: unknown component \"txet\"\n",
				"  themes.json: themes[0].name: ",
			},
		},
		{
			name: "a missing directory exits 2",
			give: func(t *testing.T) []string { return []string{"-data", filepath.Join(t.TempDir(), "nothing")} },
			want: 2, wantStderr: []string{"catalog.json"},
		},
		{
			name: "an unknown flag exits 2 with the usage",
			give: func(*testing.T) []string { return []string{"-verbose"} },
			want: 2, wantStderr: []string{"usage: themecheck [-data DIR] [-json] [-html FILE]"},
		},
		{
			name: "a stray argument exits 2",
			give: func(*testing.T) []string { return []string{"theme.json"} },
			want: 2, wantStderr: []string{`unexpected argument "theme.json"`},
		},
		{
			name: "help exits 0",
			give: func(*testing.T) []string { return []string{"-h"} },
			want: 0, wantStderr: []string{"usage: themecheck"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.give(t)
			var stdout, stderr bytes.Buffer
			got := run(args, &stdout, &stderr)
			assert.Equal(t, tt.want, got, "run(%q) exit status\nstdout:\n%s\nstderr:\n%s", args, stdout.String(), stderr.String())
			for _, want := range tt.wantStdout {
				assert.Contains(t, stdout.String(), want, "run(%q) stdout", args)
			}
			for _, want := range tt.wantStderr {
				assert.Contains(t, stderr.String(), want, "run(%q) stderr", args)
			}
		})
	}
}

func TestRunPrintsAnAlignedTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", failingDir(t)}, &stdout, &stderr), stderr.String())
	lines := strings.Split(stdout.String(), "\n")
	header := lines[0]
	require.True(t, strings.HasPrefix(header, "THEME  "), "header first: %q", header)
	rows := lines[1:5]
	for _, col := range []string{"SCHEME", "PAIR", "TYPE", "RATIO", "REQUIRED", "APCA LC", "RESULT", "SUGGESTED FIX"} {
		at := strings.Index(header, col)
		require.Positive(t, at, "column %s in %q", col, header)
		for _, row := range rows {
			require.Greater(t, len(row), at, "row %q reaches column %s", row, col)
			assert.NotEqual(t, byte(' '), row[at], "column %s starts at byte %d in row %q", col, at, row)
			assert.Equal(t, byte(' '), row[at-1], "column %s is preceded by padding in row %q", col, row)
		}
	}
	for _, line := range lines {
		assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces in %q", line)
	}
}

func TestRunQuotesUnprintableNames(t *testing.T) {
	dir := dataDir(t, catalog("hsl(0, 0%, 60%)"), themes("Evil\x1b[2J\tname"))
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", dir}, &stdout, &stderr), stderr.String())
	assert.NotContains(t, stdout.String(), "\x1b", "no escape sequence reaches the terminal")
	assert.Contains(t, stdout.String(), `"Evil\x1b[2J\tname" (1)`, "the name is quoted")
}

// jsonOutput is the -json document as a client decodes it.
type jsonOutput struct {
	Source   string `json:"source"`
	OK       bool   `json:"ok"`
	Checked  int    `json:"checked"`
	Failed   int    `json:"failed"`
	Findings []struct {
		Theme     int    `json:"theme"`
		ThemeName string `json:"theme_name"`
		Scheme    string `json:"scheme"`
		Component string `json:"component"`
		Target    struct {
			Type         string `json:"type"`
			Value        string `json:"value"`
			ContrastType string `json:"contrast_type"`
		} `json:"target"`
		Foreground string  `json:"foreground"`
		Background string  `json:"background"`
		Backdrop   string  `json:"backdrop"`
		Ratio      float64 `json:"ratio"`
		Required   float64 `json:"required"`
		APCA       float64 `json:"apca"`
		Pass       bool    `json:"pass"`
		Suggestion *struct {
			Foreground string  `json:"foreground"`
			Ratio      float64 `json:"ratio"`
			APCA       float64 `json:"apca"`
		} `json:"suggestion"`
	} `json:"findings"`
}

func TestRunJSON(t *testing.T) {
	dir := failingDir(t)
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-json", "-data", dir}, &stdout, &stderr), stderr.String())
	var got jsonOutput
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&got), "decoding the -json output")
	assert.Equal(t, dir, got.Source)
	assert.False(t, got.OK)
	assert.Equal(t, 4, got.Checked)
	assert.Equal(t, 1, got.Failed)
	require.Len(t, got.Findings, 4)

	for _, f := range got.Findings {
		desc := f.Component + " on " + f.Target.Value + " in " + f.Scheme
		if f.Pass {
			assert.Nil(t, f.Suggestion, "%s passes and needs no suggestion", desc)
			continue
		}
		assert.Equal(t, "muted", f.Component)
		assert.Equal(t, "light", f.Scheme)
		assert.Equal(t, "hsl(0, 0%, 60%)", f.Foreground)
		require.NotNil(t, f.Suggestion, "%s fails and gets a suggestion", desc)
		assert.Equal(t, "hsl(0, 0%, 46.53%)", f.Suggestion.Foreground, "%s: suggestion", desc)

		// Re-check the suggestion from its printed form, as a client would.
		fg, err := colorref.ParseColor(f.Suggestion.Foreground)
		require.NoError(t, err)
		bg, err := colorref.ParseColor(f.Background)
		require.NoError(t, err)
		backdrop, err := colorref.ParseColor(f.Backdrop)
		require.NoError(t, err)
		ratio := contrast.RatioOver(fg, bg, backdrop)
		assert.GreaterOrEqual(t, ratio, f.Required, "%s: the printed suggestion passes", desc)
		assert.Equal(t, ratio, f.Suggestion.Ratio, "%s: the reported ratio is the re-checked one", desc)
	}
}

func TestRunJSONForInvalidData(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run([]string{"-json", "-data", invalidDir(t)}, &stdout, &stderr))
	var got struct {
		Error    string `json:"error"`
		Problems []struct {
			File    string `json:"file"`
			Path    string `json:"path"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "decoding %s", stdout.String())
	assert.Equal(t, "invalid data: 3 problem(s)", got.Error)
	var paths []string
	for _, p := range got.Problems {
		paths = append(paths, p.File+": "+p.Path)
		assert.NotEmpty(t, p.Message, "problem at %s has a message", p.Path)
	}
	assert.ElementsMatch(t, []string{
		"catalog.json: components[1].fallback.dark",
		"catalog.json: components[2].fallback.light",
		"themes.json: themes[0].name",
	}, paths)
	assert.Contains(t, stderr.String(), "invalid data, 3 problem(s)", "the problems go to stderr too")
}

func TestRunWritesTheHTMLReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.html")
	dir := dataDir(t, catalog("hsl(0, 0%, 60%)"), themes("<b>Plain</b>"))
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", dir, "-html", out}, &stdout, &stderr), "the status still reports the failure; %s", stderr.String())
	page, err := os.ReadFile(out)
	require.NoError(t, err, "the report is written")
	assert.True(t, strings.HasPrefix(string(page), "<!DOCTYPE html>"), "an HTML page")
	assert.Contains(t, string(page), "<title>Contrast report: "+dir+"</title>")
	assert.Contains(t, string(page), "&lt;b&gt;Plain&lt;/b&gt;", "the theme name is escaped")
	assert.Contains(t, string(page), "<code>hsl(0, 0%, 46.53%)</code>: 4.50:1", "the suggestion is shown")
	assert.Contains(t, stdout.String(), "FAIL\n", "the table is printed as well")
}

func TestRunFailsWhenTheHTMLReportCannotBeWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "missing", "report.html")
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"-data", passingDir(t), "-html", out}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "themecheck: writing the HTML report: ")
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
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
// the failing catalog fails one text rule, in the light scheme. Its fixes
// pass both methods (the default), as testdata/reference.py (python3,
// independent of this module) computes them: the component moves to
// hsl(0, 0%, 46.47%), exact 4.5101:1, rendered as grey 118, 4.5422:1,
// Lc 71.3; the target (the white page) to hsl(0, 0%, 19.6%), exact
// 4.5015:1, rendered 4.5002:1, Lc -41.6. Before contrast's suggestions
// checked both methods, the component's fix was 46.53%, the last 0.01
// step below the exact 4.5:1 boundary at 46.5319% (4.5003:1): Chromium
// renders it as grey 119, 4.478:1, which axe-core reports as a violation.
// The APCA values, Lc 54.6 and 71.3, agree with apca-w3's APCAcontrast
// for those greys on white (node, contrast/testdata/gen's pinned copy).
func passingDir(t *testing.T) string {
	return dataDir(t, catalog("hsl(0, 0%, 40%)"), themes("Plain"))
}

func failingDir(t *testing.T) string {
	return dataDir(t, catalog("hsl(0, 0%, 60%)"), themes("Plain"))
}

// greyDir is the catalog with muted a grey of the given lightness: 46.53%
// passes the exact method (4.5003:1) but renders as grey 119 (4.4781:1);
// 46.47% passes both (4.5101:1, rendered 4.5422:1) at Lc 71.3, below APCA's
// 75 (testdata/reference.py).
func greyDir(t *testing.T, lightness string) string {
	return dataDir(t, catalog("hsl(0, 0%, "+lightness+")"), themes("Plain"))
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
			want: 0, wantStdout: []string{"embedded default data: 1248 contrast rules checked under 4 theme(s) in 2 schemes, WCAG 2 AA, method both, APCA off: 1248 passed, 0 failed.\nok\n"},
		},
		{
			name: "a passing catalog exits 0",
			give: func(t *testing.T) []string { return []string{"-data", passingDir(t)} },
			want: 0, wantStdout: []string{"4 contrast rules checked under 1 theme(s) in 2 schemes, WCAG 2 AA, method both, APCA off: 4 passed, 0 failed.\nok\n"},
		},
		{
			name: "a failing catalog exits 1 and suggests verified fixes on both sides, nearest first",
			give: func(t *testing.T) []string { return []string{"-data", failingDir(t)} },
			want: 1,
			wantStdout: []string{
				"Plain (1)  light   muted on page  catalog (muted) / catalog (page)  text  2.84:1   2.84:1    4.5:1     54.6     FAIL    " +
					"component hsl(0, 0%, 46.47%) (4.51:1, Lc 71.3, set colors.muted.light to hsl(0, 0%, 46.47%)); or target hsl(0, 0%, 19.6%) (4.50:1, Lc -41.6)\n",
				"4 contrast rules checked under 1 theme(s) in 2 schemes, WCAG 2 AA, method both, APCA off: 3 passed, 1 failed (1 with a suggested fix).\nFAIL\n",
			},
		},
		{
			name: "a grey that passes exactly but renders as grey 119 fails under the default method",
			give: func(t *testing.T) []string { return []string{"-data", greyDir(t, "46.53%")} },
			want: 1,
			wantStdout: []string{
				"muted on page  catalog (muted) / catalog (page)  text  4.50:1   4.47:1    4.5:1     71.3     FAIL    component hsl(0, 0%, 46.47%) (4.51:1, Lc 71.3, set colors.muted.light to hsl(0, 0%, 46.47%)); or target hsl(0, 0%, 2.38%) (4.50:1, Lc -30.4)\n",
				"method both, APCA off: 3 passed, 1 failed",
			},
		},
		{
			name: "the same grey fails -method rendered",
			give: func(t *testing.T) []string { return []string{"-method", "rendered", "-data", greyDir(t, "46.53%")} },
			want: 1, wantStdout: []string{"WCAG 2 AA, method rendered, APCA off: 3 passed, 1 failed"},
		},
		{
			name: "the same grey passes -method exact",
			give: func(t *testing.T) []string { return []string{"-method", "exact", "-data", greyDir(t, "46.53%")} },
			want: 0, wantStdout: []string{"WCAG 2 AA, method exact, APCA off: 4 passed, 0 failed.\nok\n"},
		},
		{
			name: "-level AAA requires 7:1 of text",
			give: func(t *testing.T) []string { return []string{"-level", "AAA", "-data", passingDir(t)} },
			want: 1,
			wantStdout: []string{
				"muted on page  catalog (muted) / catalog (page)  text  5.74:1   5.74:1    7:1       78.8     FAIL",
				"WCAG 2 AAA, method both, APCA off: 3 passed, 1 failed",
			},
		},
		{
			name: "-apca fails a grey that reaches 4.5:1 but not Lc 75, and says which verdict failed",
			give: func(t *testing.T) []string { return []string{"-apca", "-data", greyDir(t, "46.47%")} },
			want: 1,
			wantStdout: []string{
				"light   muted on page  catalog (muted) / catalog (page)  text  4.51:1   4.54:1    4.5:1     71.3 (needs 75)   FAIL (APCA)  none: no lightness search for the APCA level here (-fix -apca searches it)\n",
				// The dark scheme's muted grey, 70% on 10%, passes 4.5:1 but
				// reaches only Lc -59.7 (reference.py).
				"dark    muted on page  catalog (muted) / catalog (page)  text  8.29:1   8.30:1    4.5:1     -59.7 (needs 75)  FAIL (APCA)  none: no lightness search for the APCA level here (-fix -apca searches it)\n",
				"WCAG 2 AA, method both, APCA on: 2 passed, 2 failed",
			},
		},
		{
			name: "-apca passes a grey that reaches Lc 75",
			give: func(t *testing.T) []string { return []string{"-apca", "-data", passingDir(t)} },
			want: 1, wantStdout: []string{"light   muted on page  catalog (muted) / catalog (page)  text  5.74:1   5.74:1    4.5:1     78.8 (needs 75)   pass         -\n"},
		},
		{
			name: "under -apca a failure counts as fixed only by a fix that reaches the APCA level too",
			give: func(t *testing.T) []string { return []string{"-apca", "-data", failingDir(t)} },
			want: 1,
			wantStdout: []string{
				"component hsl(0, 0%, 46.47%) (4.51:1, Lc 71.3, fails APCA); or target hsl(0, 0%, 19.6%) (4.50:1, Lc -41.6, fails APCA)\n",
				"APCA on: 2 passed, 2 failed (0 with a suggested fix).\nFAIL\n",
			},
		},
		{
			name: "a fix of a literal hsl target is marked as a catalog change",
			give: func(t *testing.T) []string {
				c := strings.Replace(catalog("hsl(0, 0%, 60%)"),
					`"dark": "hsl(0, 0%, 70%)"},
     "variables": [{"css_variable": "--muted"}],
     "contrast_against": [{"type": "component", "value": "page", "contrast_type": "text"}]`,
					`"dark": "hsl(0, 0%, 70%)"},
     "variables": [{"css_variable": "--muted"}],
     "contrast_against": [{"type": "hsl", "value": "hsl(0, 0%, 100%)", "contrast_type": "text"}]`, 1)
				return []string{"-data", dataDir(t, c, themes("Plain"))}
			},
			want:       1,
			wantStdout: []string{"muted on hsl(0, 0%, 100%)  catalog (muted) / literal        text  2.84:1   2.84:1    4.5:1     54.6     FAIL    component hsl(0, 0%, 46.47%) (4.51:1, Lc 71.3, set colors.muted.light to hsl(0, 0%, 46.47%)); or target (catalog) hsl(0, 0%, 19.6%) (4.50:1, Lc -41.6)\n"},
		},
		{
			name: "an unknown method exits 2",
			give: func(*testing.T) []string { return []string{"-method", "approximate"} },
			want: 2, wantStderr: []string{`invalid value "approximate" for flag -method: contrast: unknown method "approximate" (want both, exact or rendered)`},
		},
		{
			name: "an unknown level exits 2",
			give: func(*testing.T) []string { return []string{"-level", "A"} },
			want: 2, wantStderr: []string{`invalid value "A" for flag -level: contrast: unknown conformance level "A" (want AA or AAA)`},
		},
		{
			name: "invalid data exits 2 and lists every problem with its JSON path",
			give: func(t *testing.T) []string { return []string{"-data", invalidDir(t)} },
			want: 2,
			wantStderr: []string{
				"invalid data, 3 problem(s):\n",
				"catalog.json:13:28: components[2].fallback.light: ",
				"catalog.json:9:55: components[1].fallback.dark: unknown component \"txet\"\n",
				"themes.json:1:31: themes[0].name: ",
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
			want: 2, wantStderr: []string{"usage: themecheck [-data DIR] [-method exact|rendered|both] [-level AA|AAA] [-apca] [-json] [-html FILE]"},
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
	for _, col := range []string{"SCHEME", "PAIR", "TYPE", "EXACT", "RENDERED", "REQUIRED", "APCA LC", "RESULT", "SUGGESTED FIX"} {
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
	Method   string `json:"method"`
	Level    string `json:"level"`
	APCA     bool   `json:"apca"`
	OK       bool   `json:"ok"`
	Checked  int    `json:"checked"`
	Failed   int    `json:"failed"`
	Findings []struct {
		Theme     int    `json:"theme"`
		ThemeName string `json:"theme_name"`
		Scheme    string `json:"scheme"`
		Component string `json:"component"`
		Variable  string `json:"variable"`
		Target    struct {
			Type         string `json:"type"`
			Value        string `json:"value"`
			ContrastType string `json:"contrast_type"`
		} `json:"target"`
		Field        string  `json:"field"`
		Origin       string  `json:"origin"`
		TargetField  string  `json:"target_field"`
		TargetOrigin string  `json:"target_origin"`
		Foreground   string  `json:"foreground"`
		Background   string  `json:"background"`
		Backdrop     string  `json:"backdrop"`
		Ratio        float64 `json:"ratio"`
		Exact        float64 `json:"exact"`
		Rendered     float64 `json:"rendered"`
		Required     float64 `json:"required"`
		WCAGPass     bool    `json:"wcag_pass"`
		Lc           float64 `json:"lc"`
		LcRequired   float64 `json:"lc_required"`
		APCAPass     bool    `json:"apca_pass"`
		Pass         bool    `json:"pass"`
		Suggestions  []struct {
			Side       string  `json:"side"`
			Foreground string  `json:"foreground"`
			Background string  `json:"background"`
			Ratio      float64 `json:"ratio"`
			Exact      float64 `json:"exact"`
			Rendered   float64 `json:"rendered"`
			Lc         float64 `json:"lc"`
			Pass       bool    `json:"pass"`
			Distance   float64 `json:"distance"`
			Field      string  `json:"field"`
			To         string  `json:"to"`
			Applies    bool    `json:"applies"`
		} `json:"suggestions"`
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
	assert.Equal(t, "both", got.Method, "the default method is recorded")
	assert.Equal(t, "AA", got.Level)
	assert.False(t, got.APCA)
	assert.False(t, got.OK)
	assert.Equal(t, 4, got.Checked)
	assert.Equal(t, 1, got.Failed)
	require.Len(t, got.Findings, 4)

	for _, f := range got.Findings {
		desc := f.Component + " on " + f.Target.Value + " in " + f.Scheme
		if f.Pass {
			assert.Nil(t, f.Suggestions, "%s passes and needs no suggestion", desc)
			continue
		}
		assert.Equal(t, "muted", f.Component)
		assert.Equal(t, "light", f.Scheme)
		assert.Equal(t, "hsl(0, 0%, 60%)", f.Foreground)
		assert.InDelta(t, 2.849027755287037, f.Exact, 1e-9, "%s: exact ratio", desc)
		assert.InDelta(t, 2.849027755287037, f.Rendered, 1e-9, "%s: rendered ratio", desc)
		assert.Equal(t, min(f.Exact, f.Rendered), f.Ratio, "%s: the ratio the verdict rests on, under both", desc)
		assert.False(t, f.WCAGPass)
		require.Len(t, f.Suggestions, 2, "%s fails and gets a fix on each side", desc)
		want := []struct {
			side, fg, bg    string
			exact, rendered float64
		}{
			{"foreground", "hsl(0, 0%, 46.47%)", "hsl(0, 0%, 100%)", 4.510110092696793, 4.542224959605253},
			{"background", "hsl(0, 0%, 60%)", "hsl(0, 0%, 19.6%)", 4.501492728377916, 4.500178632541663},
		}
		for n, s := range f.Suggestions {
			assert.Equal(t, want[n].side, s.Side, "%s: fix %d", desc, n)
			assert.Equal(t, want[n].fg, s.Foreground, "%s: fix %d", desc, n)
			assert.Equal(t, want[n].bg, s.Background, "%s: fix %d", desc, n)
			assert.InDelta(t, want[n].exact, s.Exact, 1e-9, "%s: fix %d, exact ratio", desc, n)
			assert.InDelta(t, want[n].rendered, s.Rendered, 1e-9, "%s: fix %d, rendered ratio", desc, n)
			assert.True(t, s.Pass)

			// Re-check the fix from its printed form, as a client would.
			fg, err := colorref.ParseColor(s.Foreground)
			require.NoError(t, err)
			bg, err := colorref.ParseColor(s.Background)
			require.NoError(t, err)
			backdrop, err := colorref.ParseColor(f.Backdrop)
			require.NoError(t, err)
			exact, rendered := contrast.RatioOver(fg, bg, backdrop), contrast.RatioRendered(fg, bg, backdrop)
			assert.GreaterOrEqual(t, exact, f.Required, "%s: the printed fix %d passes the exact method", desc, n)
			assert.Greater(t, rendered, f.Required, "%s: the printed fix %d passes the rendered method", desc, n)
			assert.Equal(t, exact, s.Exact, "%s: the reported ratio is the re-checked one", desc)
			assert.Equal(t, min(exact, rendered), s.Ratio, "%s: the verdict's ratio is the lower, under both", desc)
		}
		assert.Less(t, f.Suggestions[0].Distance, f.Suggestions[1].Distance, "nearest first")
	}
}

func TestRunJSONRecordsThePolicy(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-json", "-method", "rendered", "-level", "AAA", "-apca", "-data", passingDir(t)}, &stdout, &stderr), stderr.String())
	var got jsonOutput
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&got))
	assert.Equal(t, "rendered", got.Method)
	assert.Equal(t, "AAA", got.Level)
	assert.True(t, got.APCA)
	for _, f := range got.Findings {
		if f.Component == "muted" && f.Scheme == "light" {
			assert.Equal(t, 7.0, f.Required)
			assert.Equal(t, 75.0, f.LcRequired)
			assert.True(t, f.APCAPass, "Lc 78.8 reaches 75")
			assert.False(t, f.WCAGPass, "5.74:1 is short of 7:1")
			assert.False(t, f.Pass)
		}
	}
}

func TestRunJSONForInvalidData(t *testing.T) {
	var stdout, stderr bytes.Buffer
	var got struct {
		Error    string `json:"error"`
		Problems []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Path    string `json:"path"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	dir := invalidDir(t)
	require.Equal(t, 2, run([]string{"-json", "-data", dir}, &stdout, &stderr))
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "decoding %s", stdout.String())
	assert.Equal(t, "invalid data: 3 problem(s)", got.Error)
	var paths []string
	for _, p := range got.Problems {
		rel, err := filepath.Rel(dir, p.File)
		require.NoError(t, err, "the file %s is under the -data directory", p.File)
		paths = append(paths, fmt.Sprintf("%s:%d:%d: %s", rel, p.Line, p.Column, p.Path))
		assert.NotEmpty(t, p.Message, "problem at %s has a message", p.Path)
	}
	assert.ElementsMatch(t, []string{
		"catalog.json:9:55: components[1].fallback.dark",
		"catalog.json:13:28: components[2].fallback.light",
		"themes.json:1:31: themes[0].name",
	}, paths)
	assert.Contains(t, stderr.String(), "invalid data, 3 problem(s)", "the problems go to stderr too")
}

// TestRunPrintsProblemsAsCompilersDo checks that each problem is a line
// FILE:LINE:COL: PATH: MESSAGE with FILE as the command line names it, so
// that an editor jumps to it. The places are counted by hand on catalog()
// and themes(): "txet" is on line 9 at column 55, the muted color's
// unclosed "hsl(0, 0%, 60%" on line 13 at column 28, and the empty theme
// name on line 1 at column 31.
func TestRunPrintsProblemsAsCompilersDo(t *testing.T) {
	dir := invalidDir(t)
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run([]string{"-data", dir}, &stdout, &stderr))
	got := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	require.Len(t, got, 4, "a heading and one line per problem: %s", stderr.String())
	cat, th := filepath.Join(dir, "catalog.json"), filepath.Join(dir, "themes.json")
	assert.Equal(t, []string{
		cat + `:9:55: components[1].fallback.dark: unknown component "txet"`,
		cat + `:13:28: components[2].fallback.light: "hsl(0, 0%, 60%" is neither a color nor a component id: missing ")" at offset 14`,
		th + `:1:31: themes[0].name: is required`,
	}, got[1:])
	for _, line := range got[1:] {
		file, _, ok := strings.Cut(line, ":")
		require.True(t, ok, "%q has a file", line)
		_, err := os.Stat(file)
		assert.NoError(t, err, "the file %s of %q exists as written", file, line)
	}
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
	assert.Contains(t, string(page), "<code>hsl(0, 0%, 46.47%)</code>: 4.51:1 exact, 4.54:1 rendered", "the component's fix is shown with both ratios")
	assert.Contains(t, string(page), "<code>hsl(0, 0%, 19.6%)</code>: 4.50:1", "the target's fix is shown")
	assert.Contains(t, string(page), "method <strong>both</strong>", "the policy is named")
	assert.Contains(t, stdout.String(), "FAIL\n", "the table is printed as well")
}

func TestRunFailsWhenTheHTMLReportCannotBeWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "missing", "report.html")
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"-data", passingDir(t), "-html", out}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "themecheck: writing the HTML report: ")
}

// sidebarDir is the default catalog with one theme whose brand is too
// light for the sidebar's active item on its own tint (see theming's
// TestFixThemeHoldsOnceApplied).
func sidebarDir(t *testing.T) string {
	cat, err := fs.ReadFile(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
	th := strings.Replace(themes("Sidebar"), `{"id": 1,`, `{"colors": {"primary": {"light": "hsl(214, 82%, 51%)"}}, "id": 1,`, 1)
	return dataDir(t, string(cat), th)
}

func TestRunFix(t *testing.T) {
	tests := []struct {
		name       string
		args       func(in, out string) []string
		in         func(t *testing.T) string
		want       int
		wantStdout []string
		level      contrast.Level
	}{
		{"the sidebar brand moves to the lightness that holds once applied",
			func(in, out string) []string { return []string{"-data", in, "-fix", out} }, sidebarDir, 0,
			[]string{"Sidebar (1)  colors.primary.light  hsl(214, 82%, 51%)  hsl(214, 82%, 43.59%)  lightness -7.41\n", "ok\n"}, contrast.AA},
		{"the small failing catalog gets the muted text's own field",
			func(in, out string) []string { return []string{"-data", in, "-fix", out} }, failingDir, 0,
			[]string{"colors.muted.light  (catalog: hsl(0, 0%, 60%))  hsl(0, 0%, 46.47%)  lightness -13.53\n"}, contrast.AA},
		{"-level AAA fixes for 7:1",
			func(in, out string) []string { return []string{"-data", in, "-fix", out, "-level", "AAA"} }, passingDir, 0,
			[]string{"WCAG 2 AAA, method both", "ok\n"}, contrast.AAA},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, out := tt.in(t), filepath.Join(t.TempDir(), "fixed")
			var stdout, stderr bytes.Buffer
			require.Equal(t, tt.want, run(tt.args(in, out), &stdout, &stderr), stderr.String())
			for _, w := range tt.wantStdout {
				assert.Contains(t, stdout.String(), w)
			}
			catIn, err := os.ReadFile(filepath.Join(in, "catalog.json"))
			require.NoError(t, err)
			catOut, err := os.ReadFile(filepath.Join(out, "catalog.json"))
			require.NoError(t, err)
			assert.Equal(t, catIn, catOut, "the catalog's bytes are unchanged")
			snap, err := theming.LoadFS(os.DirFS(out))
			require.NoError(t, err, "the output loads")
			rep, err := fix.New(snap.CompiledCatalog()).Audit(snap, contrast.Policy{Level: tt.level})
			require.NoError(t, err)
			assert.True(t, rep.OK(), "the fixed themes pass: %d rules fail", rep.Failed)
		})
	}
}

func TestRunFixSaysWhichRulesCannotHold(t *testing.T) {
	// Text checked on white as text and on black: at AAA no grey holds.
	cat := `{"page_background": "page", "palette_preview": [], "components": [
  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},
  {"component_id": "text", "name": "Text", "fallback": {"light": "hsl(0, 0%, 50%)", "dark": "hsl(0, 0%, 50%)"}, "variables": [],
   "contrast_against": [{"type": "hsl", "value": "hsl(0, 0%, 100%)", "contrast_type": "text"},
                        {"type": "hsl", "value": "hsl(0, 0%, 0%)", "contrast_type": "text"}]}]}`
	in, out := dataDir(t, cat, themes("Plain")), filepath.Join(t.TempDir(), "fixed")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", in, "-fix", out, "-level", "AAA"}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "colors.text.light must satisfy: text on hsl(0, 0%, 100%) needs lightness 0–")
	assert.Contains(t, stdout.String(), "FAIL\n")
}

func TestRunGenerate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-generate", "hsl(50, 100%, 50%)", "-o", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "brand hsl(50, 100%, 50%) fails primary on page-background (non-text) in the light scheme; taken at hsl(50, 100%, ")
	snap, err := theming.LoadFS(os.DirFS(out))
	require.NoError(t, err)
	require.Len(t, snap.Themes(), 1)
	rt := snap.Themes()[0]
	assert.Equal(t, 1, rt.ID())
	assert.Contains(t, rt.Name(), "Generated: brand hsl(50, 100%, 50%) taken at hsl(50, 100%, ")
	e := fix.New(snap.CompiledCatalog())
	assert.True(t, strings.HasPrefix(string(css.Stylesheet(rt, e.HighContrast(rt))), "/* theme 1: Generated: brand hsl(50, 100%, 50%) taken at "), "the moved brand shows in the served stylesheet")
	assert.True(t, rt.Theme().IsDefault)
	all, err := e.Audit(snap, contrast.Policy{})
	require.NoError(t, err)
	assert.True(t, all.OK())
	variants, err := snap.CompiledCatalog().Snapshot([]theming.Theme{e.HighContrast(rt).Theme.Theme()})
	require.NoError(t, err)
	rep, err := e.Audit(variants, fix.HighContrastPolicy())
	require.NoError(t, err)
	assert.True(t, rep.OK(), "the variant passes AAA")

	t.Run("a brand guide's hex color is taken exactly when it passes its own rules", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "hex")
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run([]string{"-generate", "#1877F2", "-o", out}, &stdout, &stderr), stderr.String())
		brand, err := colorref.ParseHex("#1877F2")
		require.NoError(t, err)
		assert.Contains(t, stdout.String(), "brand "+brand.String()+": taken as given by primary\n")
		snap, err := theming.LoadFS(os.DirFS(out))
		require.NoError(t, err)
		c, _ := snap.Themes()[0].Color(theming.Light, "primary")
		assert.Equal(t, brand.Rounded(), c)
		require.Equal(t, 2, run([]string{"-generate", "#1877F", "-o", out}, &stdout, &stderr), "five digits")
		assert.Contains(t, stderr.String(), "-generate: ")
	})

	for _, bad := range [][]string{
		{"-generate", "red", "-o", out},
		{"-generate", "hsl(50, 100%, 50%)"},
		{"-generate", "hsl(50, 100%, 50%)", "-o", out, "-json"},
		{"-o", out},
		{"-fix", out, "-generate", "hsl(1, 1%, 1%)"},
		{"-contrast", "less"},
		{"-generate", "hsl(50, 100%, 50%)", "-o", out, "-brand", "no-such"},
	} {
		assert.Equal(t, 2, run(bad, &stdout, &stderr), "%q is a usage error", bad)
	}
}

func TestRunContrastMore(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-contrast", "more"}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "embedded default data (high-contrast variants): 1248 contrast rules checked under 4 theme(s) in 2 schemes, WCAG 2 AAA, method both, APCA off: 1248 passed, 0 failed.\nok\n")
	require.Equal(t, 1, run([]string{"-level", "AAA"}, &stdout, &stderr), "the themes themselves do not pass AAA")
}

// A theme whose variant cannot reach AAA (a mid-grey page no fix moves):
// -contrast more fails, naming the rules at the ratio each reaches.
func TestRunContrastMoreFailsWhereAVariantCannotReachAAA(t *testing.T) {
	cat, err := fs.ReadFile(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
	grey := `{"themes": [{"id": 1, "name": "Grey page", "is_default": true, "colors": {"page-background": {"light": "hsl(0, 0%, 46%)"}}}]}`
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", dataDir(t, string(cat), grey), "-contrast", "more"}, &stdout, &stderr), stderr.String())
	out := stdout.String()
	assert.Contains(t, out, "(high-contrast variants): 312 contrast rules checked under 1 theme(s) in 2 schemes, WCAG 2 AAA, method both, APCA off")
	assert.Contains(t, out, "FAIL\n")
	assert.Regexp(t, `Grey page \(1\)\s+light\s+text-primary on page-background\s+.*FAIL`, out)
}

func TestRunGenerateImpossibleBrand(t *testing.T) {
	// The brand is checked as text on white, black and mid grey: no
	// lightness of it passes all three.
	cat := `{"page_background": "page", "palette_preview": [], "components": [
  {"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 10%)"}, "variables": []},
  {"component_id": "primary", "name": "Brand", "fallback": {"light": "hsl(210, 50%, 40%)", "dark": "hsl(210, 50%, 70%)"}, "variables": [],
   "contrast_against": [{"type": "hsl", "value": "hsl(0, 0%, 100%)", "contrast_type": "text"},
                        {"type": "hsl", "value": "hsl(0, 0%, 0%)", "contrast_type": "text"},
                        {"type": "hsl", "value": "hsl(0, 0%, 50%)", "contrast_type": "text"}]}]}`
	in, out := dataDir(t, cat, themes("Plain")), filepath.Join(t.TempDir(), "gen")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run([]string{"-data", in, "-generate", "hsl(210, 50%, 40%)", "-o", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), `no lightness of brand color hsl(210, 50%, 40%) lets "primary" pass its contrast rules in the light scheme`)
	assert.Contains(t, stdout.String(), "FAIL\n")
	assert.NoFileExists(t, filepath.Join(out, "themes.json"), "nothing is written")
}

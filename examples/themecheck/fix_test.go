package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
)

// translucentDir is testdata/translucent: muted text at alpha 0.3 on a
// white page, which no lightness lets reach 4.5:1 (black at 0.3 is
// 2.10:1 exact, 2.09:1 rendered, by testdata/reference.py's exact() and
// rendered()). At alpha 0.54 it reaches it: hsla(0, 0%, 0.98%, 0.54) is
// 4.5004:1 exact and 4.5422:1 rendered, while at 0.99% the exact ratio
// is 4.4996:1 and at alpha 0.53 black itself is 4.4245:1 (reference.py),
// so 0.54 is the least alpha and 0.98% the nearest lightness at it.
func translucentDir(*testing.T) string { return filepath.Join("testdata", "translucent") }

// sidebarFixDir is the default catalog with testdata/sidebar/themes.json:
// a brand too light for the sidebar's active item, the buttons' text and
// the links that follow it (sidebarDir's theme, from a file).
func sidebarFixDir(t *testing.T) string {
	cat, err := fs.ReadFile(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
	th, err := os.ReadFile(filepath.Join("testdata", "sidebar", "themes.json"))
	require.NoError(t, err)
	return dataDir(t, string(cat), string(th))
}

// defaultDir is the embedded default data, as -data takes it.
func defaultDir(t *testing.T) string {
	cat, err := fs.ReadFile(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
	th, err := fs.ReadFile(theming.DefaultFS(), "themes.json")
	require.NoError(t, err)
	return dataDir(t, string(cat), string(th))
}

// overrides returns every theme field a snapshot's themes set, by theme
// id and field name.
func overrides(t *testing.T, dir string) map[int]map[string]string {
	t.Helper()
	snap, err := theming.LoadFS(os.DirFS(dir))
	require.NoError(t, err)
	out := map[int]map[string]string{}
	for _, rt := range snap.Themes() {
		m := map[string]string{}
		for id, v := range rt.Theme().Colors {
			for _, sc := range theming.Schemes() {
				if s := v.For(sc); s != "" {
					m[theming.FieldName(id, sc)] = s
				}
			}
		}
		out[rt.ID()] = m
	}
	return out
}

// changed returns the fields whose value differs between two themes'
// overrides, either way.
func changed(before, after map[string]string) []string {
	var out []string
	for f, v := range after {
		if before[f] != v {
			out = append(out, f)
		}
	}
	for f := range before {
		if _, ok := after[f]; !ok {
			out = append(out, f)
		}
	}
	return out
}

// TestRunFixOptions runs -fix with the engine's options as flags on the
// theme files in testdata, and checks what it prints, its exit status,
// and the themes it wrote: loaded again and audited under the policy,
// they pass exactly when the command says so, and the fields it was told
// to keep are kept.
func TestRunFixOptions(t *testing.T) {
	tests := []struct {
		name       string
		in         func(t *testing.T) string
		args       []string
		policy     contrast.Policy
		want       int
		wantStdout []string
		// check looks at the fields the fix changed, per theme.
		check func(t *testing.T, before, after map[int]map[string]string)
	}{
		{
			name: "translucent text without -alpha fails, says no lightness reaches, and points to -alpha",
			in:   translucentDir, want: 1,
			wantStdout: []string{
				"colors.muted.light must satisfy: muted on page needs lightness none\n",
				"a failing rule paints a translucent color: -alpha lets the fix raise its alpha\n",
				"3 passed, 1 failed.\nFAIL\n",
			},
		},
		{
			name: "-alpha raises translucent text to the least alpha at which a lightness passes, at the nearest such lightness",
			in:   translucentDir, args: []string{"-alpha"}, want: 0,
			wantStdout: []string{
				"Plain (1)  colors.muted.light  (catalog: hsla(0, 0%, 10%, 0.3))  hsla(0, 0%, 0.98%, 0.54)  lightness -9.02, alpha +0.24\n",
				"4 passed, 0 failed.\nok\n",
			},
			check: func(t *testing.T, _, after map[int]map[string]string) {
				assert.Equal(t, "hsla(0, 0%, 0.98%, 0.54)", after[1]["colors.muted.light"])
			},
		},
		{
			name: "-pin on the translucent field keeps it, and the rule fails even with -alpha",
			in:   translucentDir, args: []string{"-alpha", "-pin", "colors.muted.light"}, want: 1,
			wantStdout: []string{"muted on page (text, light) 1.93:1\n", "FAIL\n"},
			check: func(t *testing.T, before, after map[int]map[string]string) {
				assert.Empty(t, changed(before[1], after[1]))
			},
		},
		{
			name: "-allow \"\" allows no field to change",
			in:   translucentDir, args: []string{"-alpha", "-allow", ""}, want: 1,
			check: func(t *testing.T, before, after map[int]map[string]string) {
				assert.Empty(t, changed(before[1], after[1]))
			},
		},
		{
			name: "without options the brand itself moves",
			in:   sidebarFixDir, want: 0,
			wantStdout: []string{"Sidebar (1)  colors.primary.light  hsl(214, 82%, 51%)  hsl(214, 82%, 43.59%)  lightness -7.41\n"},
			check: func(t *testing.T, before, after map[int]map[string]string) {
				assert.ElementsMatch(t, []string{"colors.primary.light"}, changed(before[1], after[1]))
			},
		},
		{
			name: "-pin keeps the brand and fixes the components that follow it instead",
			in:   sidebarFixDir, args: []string{"-pin", "colors.primary.light"}, want: 0,
			wantStdout: []string{"Sidebar (1)  colors.sidebar-active-item.light ", "312 passed, 0 failed.\nok\n"},
			check: func(t *testing.T, before, after map[int]map[string]string) {
				assert.Equal(t, "hsl(214, 82%, 51%)", after[1]["colors.primary.light"])
				assert.NotContains(t, changed(before[1], after[1]), "colors.primary.light")
				assert.NotEmpty(t, changed(before[1], after[1]))
			},
		},
		{
			name: "-pin takes fields repeated and separated by commas, and keeps them all though the links then fail",
			in:   sidebarFixDir, args: []string{"-pin", "colors.primary.light,colors.link.light", "-pin", "colors.primary-button.light"}, want: 1,
			wantStdout: []string{"link on page-background (text, light) 4.13:1", "308 passed, 4 failed.\nFAIL\n"},
			check: func(t *testing.T, before, after map[int]map[string]string) {
				for _, f := range []string{"colors.primary.light", "colors.link.light", "colors.primary-button.light"} {
					assert.NotContains(t, changed(before[1], after[1]), f)
				}
			},
		},
		{
			name: "-allow limits the fix to the fields it names and says which rules still fail",
			in:   sidebarFixDir, args: []string{"-allow", "colors.link.light"}, want: 1,
			wantStdout: []string{
				"Sidebar (1)  colors.link.light  (catalog: hsl(214, 82%, 51%))  hsl(214, 82%, 48.41%)  lightness -2.59\n",
				"cannot pass under WCAG 2 AA, method both: primary-button-text on primary-button (text, light)",
				"308 passed, 4 failed.\nFAIL\n",
			},
			check: func(t *testing.T, before, after map[int]map[string]string) {
				assert.ElementsMatch(t, []string{"colors.link.light"}, changed(before[1], after[1]))
			},
		},
		{
			// The default data fails 259 of its 1,248 judged pairs under
			// APCA. The fix reaches the Lc for all but the muted nav text,
			// whose opacity is the catalog's variable's (0.75), which no
			// theme field, lightness or -alpha, can raise.
			name: "-fix -apca reaches APCA's Lc on the default data but for the nav bar's muted text, whose opacity is the catalog's",
			in:   defaultDir, args: []string{"-apca"}, policy: contrast.Policy{APCA: true}, want: 1,
			wantStdout: []string{
				"fixed for WCAG 2 AA, method both, APCA on.\n",
				"fix: theme 1: 4 contrast rule(s) cannot pass under WCAG 2 AA, method both, APCA on: nav-text's --nav-text-muted on nav-bar (text, light)",
				"1248 contrast rules checked under 4 theme(s) in 2 schemes, WCAG 2 AA, method both, APCA on: 1232 passed, 16 failed.\nFAIL\n",
			},
		},
		{
			name: "-fix -apca says the rules it cannot fix fail under APCA's policy",
			in:   translucentDir, args: []string{"-apca"}, policy: contrast.Policy{APCA: true}, want: 1,
			wantStdout: []string{
				"fix: theme 1: 1 contrast rule(s) cannot pass under WCAG 2 AA, method both, APCA on: muted on page (text, light)",
				"a failing rule paints a translucent color: -alpha lets the fix raise its alpha\n",
				"WCAG 2 AA, method both, APCA on: 3 passed, 1 failed.\nFAIL\n",
			},
		},
		{
			name: "-fix -apca -level AAA -alpha fixes the translucent text for the whole policy",
			in:   translucentDir, args: []string{"-apca", "-level", "AAA", "-alpha"}, policy: contrast.Policy{Level: contrast.AAA, APCA: true}, want: 0,
			wantStdout: []string{"WCAG 2 AAA, method both, APCA on: 4 passed, 0 failed.\nok\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, out := tt.in(t), filepath.Join(t.TempDir(), "fixed")
			before, err := theming.LoadFS(os.DirFS(in))
			require.NoError(t, err)
			rep, err := fix.New(before.CompiledCatalog()).Audit(before, tt.policy)
			require.NoError(t, err)
			require.False(t, rep.OK(), "the input fails under the policy before the fix")

			args := append([]string{"-data", in, "-fix", out}, tt.args...)
			var stdout, stderr bytes.Buffer
			got := run(args, &stdout, &stderr)
			require.Equal(t, tt.want, got, "run(%q)\nstdout:\n%s\nstderr:\n%s", args, stdout.String(), stderr.String())
			for _, w := range tt.wantStdout {
				assert.Contains(t, stdout.String(), w)
			}

			// The proof, apart from the command's own re-audit: the files
			// it wrote, loaded and audited again.
			after, err := theming.LoadFS(os.DirFS(out))
			require.NoError(t, err, "the output loads")
			rep, err = fix.New(after.CompiledCatalog()).Audit(after, tt.policy)
			require.NoError(t, err)
			assert.Equal(t, tt.want == 0, rep.OK(), "the written themes pass exactly when the command exits 0: %d of %d rules fail", rep.Failed, rep.Checked)
			if tt.check != nil {
				tt.check(t, overrides(t, in), overrides(t, out))
			}
		})
	}
}

func TestRunFixRefusesBadOptions(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"an unknown field given to -pin exits 2 and writes nothing", []string{"-pin", "colors.nope.light"},
			`themecheck: -pin, -allow: theming: unknown theme field "colors.nope.light"`},
		{"a field without a scheme given to -allow exits 2", []string{"-allow", "colors.muted"}, "themecheck: -pin, -allow: theming: unknown theme field"},
		{"-fix with -json is a usage error", []string{"-json"}, "-fix takes only -data, -method, -level, -apca, -alpha, -pin and -allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "fixed")
			var stdout, stderr bytes.Buffer
			args := append([]string{"-data", translucentDir(t), "-fix", out}, tt.args...)
			require.Equal(t, 2, run(args, &stdout, &stderr), "stdout:\n%s", stdout.String())
			assert.Contains(t, stderr.String(), tt.wantStderr)
			assert.NoDirExists(t, out)
		})
	}
	for _, args := range [][]string{{"-alpha"}, {"-pin", "colors.muted.light"}, {"-allow", "colors.muted.light"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, &stdout, &stderr), "%q without -fix", args)
		assert.Contains(t, stderr.String(), "-alpha, -pin and -allow go with -fix")
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunExportsAndImportsDesignTokensWithTheSameAudit(t *testing.T) {
	out, back := t.TempDir(), t.TempDir()
	var direct, stderr bytes.Buffer
	status := run([]string{"-json", "-export-dtcg", out}, &direct, &stderr)
	require.NotEqual(t, 2, status, stderr.String())
	_, err := os.Stat(filepath.Join(out, "themes.resolver.json"))
	require.NoError(t, err)

	var imported bytes.Buffer
	stderr.Reset()
	assert.Equal(t, status, run([]string{"-json", "-import-dtcg", filepath.Join(out, "themes.resolver.json"), "-o", back}, &imported, &stderr), stderr.String())
	for _, f := range []string{"catalog.json", "themes.json"} {
		_, err := os.Stat(filepath.Join(back, f))
		assert.NoError(t, err, f)
	}
	// The reports differ only in the source they name.
	assert.Equal(t, direct.String(), strings.ReplaceAll(imported.String(), `"`+back+`"`, `"embedded default data"`))
}

func TestRunPrintsImportProblemsAsCompilersDo(t *testing.T) {
	dir := t.TempDir()
	light, dark := filepath.Join(dir, "light.json"), filepath.Join(dir, "dark.json")
	require.NoError(t, os.WriteFile(light, []byte("{\n  \"color\": {\"$type\": \"color\", \"a.b\": {\"$value\": \"{color.c}\"}}\n}\n"), 0o644))
	require.NoError(t, os.WriteFile(dark, []byte("{}\n"), 0o644))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"-import-dtcg", light + "," + dark, "-o", t.TempDir()}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), light+`:2:31: /color/a.b: name "a.b" contains "{", "}" or "."`+"\n")
}

func TestRunRefusesImportWithoutAnOutputDirectory(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"-import-dtcg", "x.json"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "-import-dtcg FILE goes with -o OUTDIR")
}

func TestRunImportReadsNothingOutsideTheTokenDirectory(t *testing.T) {
	base := t.TempDir()
	tokens := filepath.Join(base, "tokens")
	var stdout, stderr bytes.Buffer
	require.NotEqual(t, 2, run([]string{"-export-dtcg", tokens}, &stdout, &stderr), stderr.String())
	// A file outside the directory, and a theme file that links to it.
	secret := filepath.Join(base, "secret.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"themekit": {"$SECRET-KEY-NAME": 1}}`), 0o600))
	theme := filepath.Join(tokens, "theme-1.tokens.json")
	require.NoError(t, os.Remove(theme))
	require.NoError(t, os.Symlink(secret, theme))

	stderr.Reset()
	assert.Equal(t, 2, run([]string{"-import-dtcg", filepath.Join(tokens, "themes.resolver.json"), "-o", t.TempDir()}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "cannot read theme-1.tokens.json", "the link is refused")
	assert.NotContains(t, stderr.String(), "SECRET", "nothing of the file outside is quoted")
}

func TestRunImportTakesADesignersEditAndRefusesOneTheCatalogCannotHold(t *testing.T) {
	tokens := t.TempDir()
	var stdout, stderr bytes.Buffer
	require.NotEqual(t, 2, run([]string{"-export-dtcg", tokens}, &stdout, &stderr), stderr.String())
	theme := filepath.Join(tokens, "theme-1.tokens.json")
	data, err := os.ReadFile(theme)
	require.NoError(t, err)
	// The first light value of theme 1 (the page background), edited as
	// a hex string; then, in a second copy, its high-contrast value.
	light := strings.Index(string(data), `"normal": {`)
	more := strings.Index(string(data), `"more": {`)
	require.Positive(t, light)
	require.Positive(t, more)
	edit := func(after int) []byte {
		i := after + strings.Index(string(data[after:]), `"$value": {`) + len(`"$value": `)
		j := i + strings.Index(string(data[i:]), "},") + 1
		return []byte(string(data[:i]) + `"#102030"` + string(data[j:]))
	}

	require.NoError(t, os.WriteFile(theme, edit(light), 0o644))
	out := t.TempDir()
	stderr.Reset()
	assert.NotEqual(t, 2, run([]string{"-import-dtcg", filepath.Join(tokens, "themes.resolver.json"), "-o", out}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stderr.String(), "warning: "+theme+":", "the conversion is named with its place")
	assert.Contains(t, stderr.String(), `hex string "#102030" converted to`)
	themes, err := os.ReadFile(filepath.Join(out, "themes.json"))
	require.NoError(t, err)
	assert.Contains(t, string(themes), `"page-background": {`+"\n"+`          "light": "hsl(`, "the edit is theme 1's override")

	require.NoError(t, os.WriteFile(theme, edit(more), 0o644))
	stderr.Reset()
	assert.Equal(t, 2, run([]string{"-import-dtcg", filepath.Join(tokens, "themes.resolver.json"), "-o", t.TempDir()}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "is the high-contrast variant's value")
	assert.Contains(t, stderr.String(), theme+":")
}

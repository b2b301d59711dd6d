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

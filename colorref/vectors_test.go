package colorref_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
)

// readJSON decodes a testdata file into v.
func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err, "reading %s", path)
	require.NoError(t, json.Unmarshal(b, v), "decoding %s", path)
}

// TestColorJSVectors compares ParseColor and SRGB with Color.js, an
// independent implementation of CSS Color 4 (testdata/hsl-vectors.json;
// regenerate with testdata/gen/generate.mjs).
func TestColorJSVectors(t *testing.T) {
	var file struct {
		Generator string `json:"generator"`
		Vectors   []struct {
			Input string  `json:"input"`
			R     float64 `json:"r"`
			G     float64 `json:"g"`
			B     float64 `json:"b"`
			Alpha float64 `json:"alpha"`
		} `json:"vectors"`
	}
	readJSON(t, "testdata/hsl-vectors.json", &file)
	require.GreaterOrEqual(t, len(file.Vectors), 100, "vectors from %s", file.Generator)
	for _, v := range file.Vectors {
		c, err := colorref.ParseColor(v.Input)
		if !assert.NoError(t, err, "ParseColor(%q): Color.js accepts it", v.Input) {
			continue
		}
		r, g, b, a := c.SRGB()
		assert.InDeltaSlice(t, []float64{v.R, v.G, v.B, v.Alpha}, []float64{r, g, b, a}, 1e-9,
			"sRGB of %q against %s", v.Input, file.Generator)
	}
}

// TestChromiumAgreesOnValidity checks ParseColor's accept/reject decisions
// against Chromium's CSS.supports('color', s) (testdata/css-supports.json).
// Chromium accepts a few strings this package rejects by design: other
// color syntaxes, calc() and an unclosed parenthesis (out_of_scope).
func TestChromiumAgreesOnValidity(t *testing.T) {
	var file struct {
		Generator  string   `json:"generator"`
		Accepted   []string `json:"accepted"`
		Rejected   []string `json:"rejected"`
		OutOfScope []string `json:"out_of_scope"`
	}
	readJSON(t, "testdata/css-supports.json", &file)
	require.NotEmpty(t, file.Accepted)
	require.NotEmpty(t, file.Rejected)
	outOfScope := make(map[string]bool)
	for _, s := range file.OutOfScope {
		outOfScope[s] = true
	}
	for _, s := range file.Accepted {
		_, err := colorref.ParseColor(s)
		if outOfScope[s] {
			assert.Error(t, err, "ParseColor(%q) rejects what is out of this package's scope", s)
			continue
		}
		assert.NoError(t, err, "ParseColor(%q): %s accepts it", s, file.Generator)
	}
	for _, s := range file.Rejected {
		_, err := colorref.ParseColor(s)
		assert.ErrorIs(t, err, colorref.ErrSyntax, "ParseColor(%q): %s rejects it", s, file.Generator)
	}
}

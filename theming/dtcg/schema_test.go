package dtcg_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/themekit/themekit/theming/dtcg"
)

// schemas compiles the vendored official schemas, each loaded under its
// published URL, and returns the resolver and format schemas.
func schemas(t *testing.T) (resolver, format *jsonschema.Schema) {
	t.Helper()
	c := jsonschema.NewCompiler()
	root := filepath.Join("testdata", "schemas")
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		return c.AddResource("https://www.designtokens.org/schemas/"+filepath.ToSlash(rel), doc)
	}))
	resolver, err := c.Compile(dtcg.ResolverSchema)
	require.NoError(t, err)
	format, err = c.Compile(dtcg.FormatSchema)
	require.NoError(t, err)
	return resolver, format
}

func validate(s *jsonschema.Schema, data []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

func TestEveryFileExportWritesValidatesAgainstTheOfficialSchemas(t *testing.T) {
	resolver, format := schemas(t)
	for _, ds := range datasets(t) {
		t.Run(ds.name, func(t *testing.T) {
			files, err := dtcg.Export(ds.cat, ds.themes, dtcg.ExportOptions{})
			require.NoError(t, err)
			require.Equal(t, dtcg.ResolverFile, files[0].Name)
			for _, f := range files {
				s := format
				if f.Name == dtcg.ResolverFile {
					s = resolver
				}
				assert.NoError(t, validate(s, f.Data), f.Name)
			}
		})
	}
}

func TestTheSchemasRefuseInvalidFixtures(t *testing.T) {
	resolver, format := schemas(t)
	for _, tc := range []struct {
		name     string
		resolver bool
		doc      string
	}{
		{"a token name with a dot", false, `{"a.b": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}}`},
		{"a token name starting with $", false, `{"$nope": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 0, 0]}}}`},
		{"a hue of 360", false, `{"a": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [360, 0, 0]}}}`},
		{"a saturation over 100", false, `{"a": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 101, 0]}}}`},
		{"an alpha over 1", false, `{"a": {"$type": "color", "$value": {"colorSpace": "hsl", "components": [0, 0, 0], "alpha": 1.5}}}`},
		{"an unknown color space", false, `{"a": {"$type": "color", "$value": {"colorSpace": "cmyk", "components": [0, 0, 0]}}}`},
		{"a resolver of another version", true, `{"version": "2025.11", "resolutionOrder": [{"$ref": "#/sets/a"}]}`},
		{"a modifier with one context", true, `{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}`},
		{"a modifier referencing a modifier", true, `{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [{"$ref": "#/modifiers/n"}], "b": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}`},
	} {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			s := format
			if tc.resolver {
				s = resolver
			}
			assert.Error(t, validate(s, []byte(tc.doc)))
		})
	}
}

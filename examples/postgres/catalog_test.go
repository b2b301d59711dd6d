package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// catalogFile writes the embedded catalog.json to a temporary directory
// with edit applied to its text, and returns the file's path.
func catalogFile(t *testing.T, edit func(string) string) string {
	t.Helper()
	data, err := theming.DefaultFS().Open(theming.CatalogFile)
	require.NoError(t, err)
	defer data.Close()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(data)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "catalog.json")
	require.NoError(t, os.WriteFile(path, []byte(edit(buf.String())), 0o644))
	return path
}

func TestABadCatalogFileIsRefusedWithItsPlace(t *testing.T) {
	tests := []struct {
		name    string
		path    func(t *testing.T) string
		wantErr []string
	}{
		{"a file that does not exist", func(t *testing.T) string { return filepath.Join(t.TempDir(), "nope.json") },
			[]string{"postgres: -catalog ", "nope.json: open "}},
		{"a doubled comma", func(t *testing.T) string {
			return catalogFile(t, func(s string) string { return strings.Replace(s, `"Page background"`, `"Page background",`, 1) })
		}, []string{"postgres: -catalog ", "catalog.json:15:33: components[0]: invalid character ','"}},
		{"a fallback that is no color", func(t *testing.T) string {
			return catalogFile(t, func(s string) string {
				return strings.Replace(s, `"light": "hsl(220, 20%, 97%)"`, `"light": "hsl(220, 20%"`, 1)
			})
		}, []string{"postgres: -catalog ", `catalog.json:17:18: components[0].fallback.light: "hsl(220, 20%" is neither a color nor a component id`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// No database is reached: the catalog is read first.
			code := run(context.Background(), []string{"-dsn", "postgres://127.0.0.1:1/x", "-catalog", tt.path(t)}, &stdout, &stderr)
			assert.Equal(t, 1, code)
			for _, want := range tt.wantErr {
				assert.Contains(t, stderr.String(), want)
			}
		})
	}
}

func TestAReplicaServesTheCatalogFileItIsGiven(t *testing.T) {
	db, _ := startDB(t)
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(context.Background(), []string{"-dsn", db.DSN, "-seed"}, &stdout, &stderr), stderr.String())
	path := catalogFile(t, func(s string) string { return strings.Replace(s, `"Page background"`, `"Canvas of the page"`, 1) })
	r := startReplica(t, db.DSN, config{CatalogFile: path}, nil)
	status, body := r.get(t, "acme", "/api/v2/theme/component-defs/", "")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, `"Canvas of the page"`)
	assert.NotContains(t, body, `"Page background"`)
}

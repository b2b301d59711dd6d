package httpadapter_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/gendata"
	"github.com/themekit/themekit/theming"
)

func TestTheOpenAPIDocumentFollowsTheCatalog(t *testing.T) {
	small, err := theming.Load(gendata.Catalog(3), gendata.Themes(2))
	require.NoError(t, err)
	large, err := theming.Load(gendata.Catalog(50), gendata.Themes(2))
	require.NoError(t, err)
	store := theming.NewStore(small)
	ts := serve(t, schemaHandler(httpadapter.Options{Source: store}, ""))

	enum := func(schema string) (string, []any) {
		resp, body := do(t, ts, http.MethodGet, schemaPath, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		doc := decodeJSON(t, body).(map[string]any)
		e, _ := dig(doc, "components", "schemas")[schema].(map[string]any)["enum"].([]any)
		return resp.Header.Get("ETag"), e
	}
	ids := func(s *theming.Snapshot) []any {
		var out []any
		for _, c := range s.Components() {
			out = append(out, c.ID)
		}
		return out
	}

	etag1, got := enum("ComponentId")
	assert.Equal(t, ids(small), got, "the ids of the catalog served")
	store.Replace(large)
	etag2, got := enum("ComponentId")
	assert.Equal(t, ids(large), got, "after a reload, the new catalog's ids")
	assert.NotEqual(t, etag1, etag2, "the ETag follows the catalog")

	resp, _ := do(t, ts, http.MethodGet, schemaPath, map[string]string{"If-None-Match": etag1})
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a client holding the old document gets the new one")
}

func TestWithoutASnapshotTheDocumentHasNoCatalog(t *testing.T) {
	ts := serve(t, schemaHandler(httpadapter.Options{Source: &theming.Store{}, UserVary: []string{}}, ""))
	resp, body := do(t, ts, http.MethodGet, schemaPath, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the description holds while the data is not there")
	doc := decodeJSON(t, body).(map[string]any)
	schemas := dig(doc, "components", "schemas")
	assert.Nil(t, schemas["ComponentId"].(map[string]any)["enum"], "ids are plain strings")
	assert.Equal(t, readJSONFile(t, "openapi.json").(map[string]any)["paths"], doc["paths"])
}

package httpadapter_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/gendata"
	"github.com/themekit/themekit/theming"
)

func TestTheOpenAPIDocumentFollowsTheCatalog(t *testing.T) {
	small, err := theming.Load(gendata.Catalog(3), gendata.Themes(2))
	require.NoError(t, err)
	large, err := theming.Load(gendata.Catalog(50), gendata.Themes(2))
	require.NoError(t, err)
	store := theming.NewCurrent(small)
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
	ts := serve(t, schemaHandler(httpadapter.Options{Source: &theming.Current{}, UserVary: []string{}}, ""))
	resp, body := do(t, ts, http.MethodGet, schemaPath, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, "the description holds while the data is not there")
	doc := decodeJSON(t, body).(map[string]any)
	schemas := dig(doc, "components", "schemas")
	assert.Nil(t, schemas["ComponentId"].(map[string]any)["enum"], "ids are plain strings")
	assert.Equal(t, readJSONFile(t, "openapi.json").(map[string]any)["paths"], doc["paths"])
}

func TestSnapshotsOfOneCompiledCatalogShareOneOpenAPIDocument(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	tenantA, err := cc.Snapshot(themes)
	require.NoError(t, err)
	tenantB, err := cc.Snapshot(themes[:1])
	require.NoError(t, err)

	tenant := map[string]*theming.Snapshot{"a": tenantA, "b": tenantB}
	h := httpadapter.New(httpadapter.Options{Source: sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		return tenant[ctx.Value(docTenantKey{}).(string)], nil
	}), SourceVary: []string{"X-Tenant"}}).OpenAPI()
	ts := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), docTenantKey{}, r.Header.Get("X-Tenant"))))
	}))
	respA, bodyA := do(t, ts, http.MethodGet, "/", map[string]string{"X-Tenant": "a"})
	respB, bodyB := do(t, ts, http.MethodGet, "/", map[string]string{"X-Tenant": "b"})
	require.Equal(t, http.StatusOK, respA.StatusCode)
	require.Equal(t, http.StatusOK, respB.StatusCode)
	assert.Equal(t, respA.Header.Get("ETag"), respB.Header.Get("ETag"), "one catalog, one document, whatever the tenant's themes")
	assert.Equal(t, bodyA, bodyB)

	// A third tenant of the same catalog is served the document made
	// for the first: its first request builds nothing (building one
	// allocates some hundreds of kilobytes).
	tenant["c"], err = cc.Snapshot(themes[1:2])
	require.NoError(t, err)
	req := httptest.NewRequest(http.MethodHead, "/", nil).WithContext(context.WithValue(context.Background(), docTenantKey{}, "c"))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	runtime.ReadMemStats(&after)
	require.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, respA.Header.Get("ETag"), w.Header().Get("ETag"))
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(32<<10), "bytes allocated serving a new tenant of a known catalog")
}

type docTenantKey struct{}

package httpadapter_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func TestIfNoneMatch(t *testing.T) {
	snap := defaultSnapshot(t)
	themes, err := snap.ThemesJSON("")
	require.NoError(t, err)
	tag := etagOf(themes)
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	tests := []struct {
		name   string
		method string
		give   string // If-None-Match
		accept string
		want   int
	}{
		{"the current tag is not modified", "GET", tag, "", 304},
		{"a HEAD with the current tag is not modified", "HEAD", tag, "", 304},
		{"the current tag marked weak is not modified (weak comparison)", "GET", "W/" + tag, "", 304},
		{"a list holding the current tag is not modified", "GET", `"aaaa", W/"b,c", ` + tag, "", 304},
		{"* is not modified", "GET", "*", "", 304},
		{"another tag gets the body", "GET", `"0123456789abcdef0123456789abcdef"`, "", 200},
		{"the tag without quotes gets the body", "GET", tag[1 : len(tag)-1], "", 200},
		{"the compact form's tag does not match the indented form", "GET", tag, "application/json; indent=4", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, tt.method, themesPath, map[string]string{"If-None-Match": tt.give, "Accept": tt.accept})
			assert.Equal(t, tt.want, resp.StatusCode, "%s with If-None-Match %s", tt.method, tt.give)
			assert.NotEmpty(t, resp.Header.Get("ETag"), "%s with If-None-Match %s", tt.method, tt.give)
			assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "%s with If-None-Match %s", tt.method, tt.give)
			assert.Contains(t, varyTokens(resp), "Accept", "%s with If-None-Match %s", tt.method, tt.give)
			if tt.want == http.StatusNotModified {
				assert.Empty(t, body, "%s with If-None-Match %s", tt.method, tt.give)
				assert.Equal(t, tag, resp.Header.Get("ETag"), "%s with If-None-Match %s", tt.method, tt.give)
			}
		})
	}
}

func TestEachRepresentationHasItsOwnStrongTag(t *testing.T) {
	snap := defaultSnapshot(t)
	defs := snap.ComponentDefsJSON()
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	tests := []struct {
		name   string
		accept string
		want   string
	}{
		{"compact JSON", "application/json", etagOf(defs)},
		{"JSON indented by 2", "application/json; indent=2", etagOf(indent(t, defs, 2))},
		{"JSON indented by 4", "application/json; indent=4", etagOf(indent(t, defs, 4))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodGet, defsPath, map[string]string{"Accept": tt.accept})
			require.Equal(t, http.StatusOK, resp.StatusCode, "GET with Accept %q", tt.accept)
			assert.Equal(t, tt.want, resp.Header.Get("ETag"), "GET with Accept %q", tt.accept)
			assert.Equal(t, etagOf(body), resp.Header.Get("ETag"), "GET with Accept %q: the tag is the body's hash", tt.accept)
		})
	}

	t.Run("the browsable page's tag is its own hash and revalidates", func(t *testing.T) {
		resp, body := do(t, ts, http.MethodGet, defsPath+"?format=api", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, "GET ?format=api")
		assert.Equal(t, etagOf(body), resp.Header.Get("ETag"), "GET ?format=api")
		resp, body = do(t, ts, http.MethodGet, defsPath+"?format=api", map[string]string{"If-None-Match": etagOf(body)})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode, "GET ?format=api with its tag")
		assert.Empty(t, body, "GET ?format=api with its tag")
	})

	t.Run("a new snapshot changes the tag", func(t *testing.T) {
		edited := snapshotWith(t, func(th []map[string]any) []map[string]any {
			th[0]["name"] = "Renamed"
			return th
		})
		store := theming.NewCurrent(snap)
		ts := serve(t, httpadapter.New(httpadapter.Options{Source: store}))
		before, _ := do(t, ts, http.MethodGet, themesPath, nil)
		store.Replace(edited)
		after, body := do(t, ts, http.MethodGet, themesPath, map[string]string{"If-None-Match": before.Header.Get("ETag")})
		assert.Equal(t, http.StatusOK, after.StatusCode, "GET after a reload with the old tag")
		assert.Contains(t, string(body), `"name":"Renamed"`, "GET after a reload")
		assert.NotEqual(t, before.Header.Get("ETag"), after.Header.Get("ETag"), "GET after a reload")
	})
}

func TestCacheControl(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct {
		name string
		opts httpadapter.Options
		path string
		want string
	}{
		{"the catalog revalidates by default", httpadapter.Options{}, defsPath, "no-cache"},
		{"the theme list revalidates by default", httpadapter.Options{}, themesPath, "no-cache"},
		{"the theme for the user is private by default", httpadapter.Options{}, configPath, "private, no-cache"},
		{"CacheControl sets the shared endpoints'", httpadapter.Options{CacheControl: "public, max-age=60"}, themesPath, "public, max-age=60"},
		{"CacheControl leaves the user endpoint private", httpadapter.Options{CacheControl: "public, max-age=60"}, configPath, "private, no-cache"},
		{"UserCacheControl sets the user endpoint's", httpadapter.Options{UserCacheControl: "private, max-age=30"}, configPath, "private, max-age=30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Source = theming.NewCurrent(snap)
			ts := serve(t, httpadapter.New(tt.opts))
			resp, _ := do(t, ts, http.MethodGet, tt.path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", tt.path)
			assert.Equal(t, tt.want, resp.Header.Get("Cache-Control"), "GET %s", tt.path)
		})
	}
}

package main

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
)

// mediaURLs collects every string in a JSON document that starts with
// base.
func mediaURLs(v any, base string, out map[string]bool) {
	switch v := v.(type) {
	case string:
		if strings.HasPrefix(v, base) {
			out[v] = true
		}
	case []any:
		for _, e := range v {
			mediaURLs(e, base, out)
		}
	case map[string]any:
		for _, e := range v {
			mediaURLs(e, base, out)
		}
	}
}

// TestEveryImageURLLoads collects the image URLs of every seeded tenant's
// theme list and of every demo user's theme, at the default media base
// (/media/), and loads each from the replica: each is the embedded image
// it names, served as an image.
func TestEveryImageURLLoads(t *testing.T) {
	db, _ := startDB(t)
	r := startReplica(t, db.DSN, config{}, nil)
	users, err := demo.LoadUsers("")
	require.NoError(t, err)
	media, err := fs.Sub(theming.DefaultFS(), "media")
	require.NoError(t, err)

	found := map[string]bool{}
	for _, tenant := range []string{"acme", "globex"} {
		paths := []struct{ path, user string }{{"/api/v2/theme/", ""}, {"/api/v2/theme/config/", ""}}
		for u := range users {
			paths = append(paths, struct{ path, user string }{"/api/v2/theme/config/", u})
		}
		for _, p := range paths {
			status, body := r.get(t, tenant, p.path, p.user)
			require.Equal(t, http.StatusOK, status, "GET %s for %s as %q", p.path, tenant, p.user)
			var doc any
			require.NoError(t, json.Unmarshal([]byte(body), &doc), "GET %s for %s as %q", p.path, tenant, p.user)
			mediaURLs(doc, theming.DefaultMediaBase, found)
		}
	}
	// acme has the four default themes: every embedded image is named.
	var files int
	require.NoError(t, fs.WalkDir(media, ".", func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files++
		}
		return err
	}))
	require.NotZero(t, files, "images under the embedded media/")
	assert.Equal(t, files, len(found), "distinct image URLs in the responses vs. files under media/")

	for u := range found {
		t.Run(u+" loads", func(t *testing.T) {
			want, err := fs.ReadFile(media, strings.TrimPrefix(u, theming.DefaultMediaBase))
			require.NoError(t, err, "the embedded file %s names", u)
			req, err := http.NewRequest(http.MethodGet, r.srv.URL+u, nil)
			require.NoError(t, err)
			req.Host = "acme.localhost" // as a page of the tenant loads it
			resp, err := r.srv.Client().Do(req)
			require.NoError(t, err)
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", u)
			assert.True(t, strings.HasPrefix(resp.Header.Get("Content-Type"), "image/"), "GET %s: Content-Type %q", u, resp.Header.Get("Content-Type"))
			assert.Equal(t, want, body, "GET %s: the embedded image", u)
		})
	}
}

package httpadapter_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/nginxtest"
	"github.com/themekit/themekit/theming"
)

// previewKey marks a request whose requester previews a draft: the
// test's stand-in for a host's middleware, which decides who may.
type previewKey struct{}

// previewHandler serves the default data, and to a request with
// ?preview in its query the snapshot live.Preview(draft): the draft of
// theme 1, renamed and with another primary color.
func previewHandler(t testing.TB, opts httpadapter.Options) (http.Handler, *theming.Snapshot) {
	t.Helper()
	live := defaultSnapshot(t)
	rt, ok := live.Theme(1)
	require.True(t, ok)
	draft := rt.Theme()
	draft.Name = "Harbor, draft"
	draft.SetOverride("primary", theming.Light, "hsl(280, 60%, 35%)")
	preview, err := live.Preview(draft)
	require.NoError(t, err)
	opts.Source = sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		if ctx.Value(previewKey{}) != nil {
			return preview, nil
		}
		return live, nil
	})
	a := httpadapter.New(opts)
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", a)
	mux.Handle(cssPath, a.Stylesheet())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("preview") {
			r = r.WithContext(context.WithValue(r.Context(), previewKey{}, true))
		}
		mux.ServeHTTP(w, r)
	}), live
}

// A preview is served by every endpoint with Cache-Control: private,
// no-store, and the live responses keep their headers and ETags.
func TestAPreviewIsNeverCached(t *testing.T) {
	h, _ := previewHandler(t, httpadapter.Options{})
	ts := serve(t, h)
	paths := []struct {
		path      string
		wantDraft string // in the preview's body; "" where the draft does not show
		wantCC    string // the live Cache-Control
	}{
		{defsPath, "", "no-cache"},
		{themesPath, `"name":"Harbor, draft"`, "no-cache"},
		{configPath, `"name":"Harbor, draft"`, "private, no-cache"},
		{colorsPath, `"name":"Harbor, draft"`, "private, no-cache"},
		{cssPath, "--primary: hsl(280, 60%, 35%);", "private, no-cache"},
	}
	for _, p := range paths {
		t.Run(p.path+" serves the preview to its requester alone, uncached", func(t *testing.T) {
			live, liveBody := do(t, ts, http.MethodGet, p.path, nil)
			require.Equal(t, http.StatusOK, live.StatusCode)
			etag := live.Header.Get("ETag")
			require.NotEmpty(t, etag)

			prev, prevBody := do(t, ts, http.MethodGet, p.path+"?preview", nil)
			require.Equal(t, http.StatusOK, prev.StatusCode)
			assert.Equal(t, "private, no-store", prev.Header.Get("Cache-Control"))
			assert.Equal(t, live.Header.Get("Vary"), prev.Header.Get("Vary"))
			if p.wantDraft != "" {
				assert.Contains(t, string(prevBody), p.wantDraft)
				assert.NotContains(t, string(liveBody), p.wantDraft)
				assert.NotEqual(t, etag, prev.Header.Get("ETag"))
			}

			again, againBody := do(t, ts, http.MethodGet, p.path, nil)
			assert.Equal(t, p.wantCC, again.Header.Get("Cache-Control"))
			assert.Equal(t, etag, again.Header.Get("ETag"), "the live ETag is unchanged by the preview")
			assert.Equal(t, liveBody, againBody)
		})
	}
	t.Run("a preview's browsable page shows its Cache-Control", func(t *testing.T) {
		_, body := do(t, ts, http.MethodGet, configPath+"?preview&format=api", nil)
		assert.Contains(t, string(body), "private, no-store")
	})
}

// Behind nginx's proxy cache, with Cache-Control that lets it store
// every live response and a cache key that ignores the query (so a stored
// preview would be served to everyone), a preview is never stored: the
// live requests after it are served the live data, and the live data
// stays cached.
func TestASharedCacheNeverStoresAPreview(t *testing.T) {
	h, live := previewHandler(t, httpadapter.Options{CacheControl: "public, max-age=60", UserCacheControl: "public, max-age=60", UserVary: []string{}})
	upstream := serve(t, h)
	proxy := nginxtest.Start(t, nginxtest.Options{Upstream: upstream.Listener.Addr().String(), CacheKey: "$scheme$proxy_host$uri"})
	rt, _ := live.Theme(1)
	get := func(target string) (string, string) {
		resp, err := http.Get(proxy + target)
		require.NoError(t, err)
		body := readAll(t, resp)
		require.Equal(t, http.StatusOK, resp.StatusCode, target)
		return body, resp.Header.Get("X-Cache")
	}
	for _, path := range []string{themesPath, configPath, colorsPath, cssPath} {
		t.Run(path, func(t *testing.T) {
			body, _ := get(path + "?preview")
			require.Contains(t, body, "Harbor, draft")
			body, _ = get(path + "?preview")
			require.Contains(t, body, "Harbor, draft", "the previewer sees the draft again: nothing was stored")
			body, cache := get(path)
			assert.NotContains(t, body, "Harbor, draft")
			assert.Contains(t, body, rt.Name())
			assert.Equal(t, "MISS", cache, "the preview was not stored under the shared key")
			body, cache = get(path)
			assert.Equal(t, "HIT", cache, "the live response is stored")
			assert.False(t, strings.Contains(body, "draft"))
		})
	}
}

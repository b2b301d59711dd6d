package httpadapter_test

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/nginxtest"
	"github.com/themekit/themekit/theming"
)

// nginxCache starts nginx as a caching reverse proxy in front of
// upstream and returns its base URL. Responses carry X-Cache with nginx's
// $upstream_cache_status (MISS, HIT, ...).
func nginxCache(t *testing.T, upstream string) string {
	t.Helper()
	return nginxtest.Start(t, nginxtest.Options{Upstream: upstream})
}

// TestASharedCacheKeepsUsersApart puts nginx's proxy cache in front of
// the API and checks that the cache settings do what the package doc
// promises of a shared cache. The client is Go's, which asks for gzip:
// what nginx stores and serves are the compressed forms.
func TestASharedCacheKeepsUsersApart(t *testing.T) {
	snap := defaultSnapshot(t)
	prefs := map[string]int{"alice": 2, "bob": 3}
	hook := func(r *http.Request) (int, error) { return prefs[r.Header.Get("X-User")], nil }
	name := func(id int) string {
		th, ok := snap.Theme(id)
		require.True(t, ok, "theme %d", id)
		return `"name":"` + th.Name() + `"`
	}
	type step struct {
		path, user string
		wantName   string // a substring of the body
		wantCache  string // X-Cache: "" (not cached), MISS or HIT
	}
	tests := []struct {
		name  string
		opts  httpadapter.Options
		steps []step
	}{
		{"by default nothing per user is stored", httpadapter.Options{UserVary: []string{"X-User"}}, []step{
			{configPath, "alice", name(2), ""},
			{configPath, "bob", name(3), ""},
			{configPath, "alice", name(2), ""},
		}},
		{"a public shared endpoint is stored and served to everyone", httpadapter.Options{CacheControl: "public, max-age=60"}, []step{
			{themesPath, "alice", name(1), "MISS"},
			{themesPath, "bob", name(1), "HIT"},
		}},
		{"even a public user endpoint is kept apart by Vary", httpadapter.Options{UserCacheControl: "public, max-age=60", UserVary: []string{"X-User"}}, []step{
			{configPath, "alice", name(2), "MISS"},
			{configPath, "bob", name(3), "MISS"},
			{configPath, "alice", name(2), "HIT"},
			{configPath, "bob", name(3), "HIT"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Source = theming.NewCurrent(snap)
			tt.opts.PreferredTheme = hook
			upstream := httptest.NewServer(httpadapter.New(tt.opts))
			t.Cleanup(upstream.Close)
			proxy := nginxCache(t, upstream.Listener.Addr().String())
			for i, st := range tt.steps {
				req, err := http.NewRequest(http.MethodGet, proxy+st.path, nil)
				require.NoError(t, err)
				req.Header.Set("X-User", st.user)
				resp, err := http.DefaultClient.Do(req)
				require.NoError(t, err, "step %d: GET %s as %s", i, st.path, st.user)
				body := readAll(t, resp)
				require.Equal(t, http.StatusOK, resp.StatusCode, "step %d: GET %s as %s", i, st.path, st.user)
				assert.Contains(t, body, st.wantName, "step %d: GET %s as %s through the cache", i, st.path, st.user)
				if st.wantCache == "" {
					assert.NotContains(t, []string{"HIT", "STALE", "REVALIDATED"}, resp.Header.Get("X-Cache"),
						"step %d: GET %s as %s: X-Cache", i, st.path, st.user)
				} else {
					assert.Equal(t, st.wantCache, resp.Header.Get("X-Cache"), "step %d: GET %s as %s: X-Cache", i, st.path, st.user)
				}
			}
		})
	}
}

// originLog records what the origin behind the cache was asked and
// answered.
type originLog struct {
	mu    sync.Mutex
	calls []string // "If-None-Match value -> status"
}

func (o *originLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		o.mu.Lock()
		defer o.mu.Unlock()
		o.calls = append(o.calls, fmt.Sprintf("%s -> %d", r.Header.Get("If-None-Match"), rec.status))
	})
}

func (o *originLog) take() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.calls
	o.calls = nil
	return c
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// TestASharedCacheRevalidatesAndPicksUpReloads runs the shared endpoints
// behind nginx with docs/serving.md's setting for nginx (which, unlike RFC
// 9111, stores nothing marked no-cache): within s-maxage the cache
// answers alone; after it, the cache revalidates with If-None-Match and
// the origin answers 304; after a reload at the origin the next
// revalidation brings the new body to clients.
func TestASharedCacheRevalidatesAndPicksUpReloads(t *testing.T) {
	snap := defaultSnapshot(t)
	store := theming.NewCurrent(snap)
	var origin originLog
	upstream := httptest.NewServer(origin.wrap(httpadapter.New(httpadapter.Options{
		Source: store, CacheControl: "public, max-age=0, s-maxage=1",
	})))
	t.Cleanup(upstream.Close)
	proxy := nginxCache(t, upstream.Listener.Addr().String())
	get := func(path string) (body, xcache, etag string) {
		t.Helper()
		resp, err := http.Get(proxy + path)
		require.NoError(t, err, "GET %s", path)
		body = readAll(t, resp)
		require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s through the cache", path)
		return body, resp.Header.Get("X-Cache"), resp.Header.Get("Etag")
	}
	expire := func() { time.Sleep(2100 * time.Millisecond) } // past s-maxage=1, at nginx's one-second clock

	for _, path := range []string{defsPath, themesPath} {
		first, xc, etag := get(path)
		assert.Equal(t, "MISS", xc, "the first GET %s goes to the origin", path)
		assert.Equal(t, []string{" -> 200"}, origin.take(), "the origin's answer to the first GET %s", path)

		again, xc, _ := get(path)
		assert.Equal(t, "HIT", xc, "a second GET %s within s-maxage is served from the cache", path)
		assert.Equal(t, first, again)
		assert.Empty(t, origin.take(), "the origin is not asked within s-maxage")

		expire()
		again, xc, _ = get(path)
		assert.Equal(t, "REVALIDATED", xc, "after s-maxage GET %s is revalidated", path)
		assert.Equal(t, first, again, "a revalidated body is the cached one")
		assert.Equal(t, []string{etag + " -> 304"}, origin.take(), "the cache asks with If-None-Match and the origin answers 304")
	}

	// A reload at the origin: theme 1 renamed.
	themes, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
	require.NoError(t, err)
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	th1, _ := snap.Theme(1)
	renamed, err := theming.Load(catalog, []byte(strings.Replace(string(themes), `"name": "`+th1.Name()+`"`, `"name": "Reloaded"`, 1)))
	require.NoError(t, err)
	store.Replace(renamed)

	expire()
	body, xc, _ := get(themesPath)
	assert.Equal(t, "EXPIRED", xc, "after a reload the revalidation fetches the new body")
	assert.Contains(t, body, `"name":"Reloaded"`, "the reloaded theme list reaches the client")
	calls := origin.take()
	require.Len(t, calls, 1)
	assert.Regexp(t, `^".+" -> 200$`, calls[0], "the cache asked with its old ETag and got the new version")
	body, xc, _ = get(themesPath)
	assert.Equal(t, "HIT", xc)
	assert.Contains(t, body, `"name":"Reloaded"`, "the cache now serves the new version")
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}

// TestASharedCacheKeepsCodingsAndTenantsApart puts nginx's proxy cache in
// front of public shared endpoints: each content coding is stored and
// served only to clients that asked for it (nginx keys on Vary), and with
// SourceVary naming the tenant header each tenant gets its own catalog
// and theme list.
func TestASharedCacheKeepsCodingsAndTenantsApart(t *testing.T) {
	acme := defaultSnapshot(t)
	globex := snapshotWith(t, func(th []map[string]any) []map[string]any {
		th[0]["name"] = "Globex"
		return th
	})
	tenants := map[string]*theming.Snapshot{"acme": acme, "globex": globex}
	src := sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		if s, ok := tenants[tenantOf(ctx)]; ok {
			return s, nil
		}
		return nil, fmt.Errorf("tenant %q: %w", tenantOf(ctx), theming.ErrUnknownTenant)
	})
	api := httpadapter.New(httpadapter.Options{
		Source: src, CacheControl: "public, max-age=60", SourceVary: []string{"X-Tenant"},
	})
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), tenantKey{}, r.Header.Get("X-Tenant"))))
	}))
	t.Cleanup(upstream.Close)
	proxy := nginxCache(t, upstream.Listener.Addr().String())
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	t.Cleanup(client.CloseIdleConnections)

	name := func(s *theming.Snapshot) string {
		th, _ := s.Theme(1)
		return `"name":"` + th.Name() + `"`
	}
	steps := []struct {
		tenant, encoding string
		wantCoding       string // Content-Encoding
		wantName         string
		wantCache        string
	}{
		{"acme", "br", "br", name(acme), "MISS"},
		{"acme", "gzip", "gzip", name(acme), "MISS"},
		{"acme", "", "", name(acme), "MISS"},
		{"acme", "br", "br", name(acme), "HIT"},
		{"acme", "gzip", "gzip", name(acme), "HIT"},
		{"acme", "", "", name(acme), "HIT"},
		{"globex", "br", "br", name(globex), "MISS"},
		{"globex", "br", "br", name(globex), "HIT"},
		{"acme", "br", "br", name(acme), "HIT"},
	}
	for i, st := range steps {
		req, err := http.NewRequest(http.MethodGet, proxy+themesPath, nil)
		require.NoError(t, err)
		req.Header.Set("X-Tenant", st.tenant)
		if st.encoding != "" {
			req.Header.Set("Accept-Encoding", st.encoding)
		}
		resp, err := client.Do(req)
		require.NoError(t, err, "step %d", i)
		raw := []byte(readAll(t, resp))
		desc := fmt.Sprintf("step %d: GET %s as %s with Accept-Encoding %q", i, themesPath, st.tenant, st.encoding)
		require.Equal(t, http.StatusOK, resp.StatusCode, desc)
		assert.Equal(t, st.wantCoding, resp.Header.Get("Content-Encoding"), desc)
		assert.Contains(t, string(decode(t, st.wantCoding, raw)), st.wantName, desc)
		assert.Equal(t, etagOf(raw), resp.Header.Get("Etag"), "%s: the tag of the bytes received", desc)
		assert.Equal(t, st.wantCache, resp.Header.Get("X-Cache"), desc)
	}

	resp, err := client.Get(proxy + defsPath) // no X-Tenant: the Source's 404
	require.NoError(t, err)
	assert.Equal(t, `{"detail":"Not found."}`, readAll(t, resp))
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a request naming no tenant")
}

type tenantKey struct{}

func tenantOf(ctx context.Context) string {
	s, _ := ctx.Value(tenantKey{}).(string)
	return s
}

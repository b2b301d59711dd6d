package main

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/nginxtest"
)

// nginxTenantCache is the nginx setting docs/replicas.md gives for caching a
// multi-tenant host in front of upstream: the upstream sees the client's
// Host (it names the tenant), and the cache key includes it.
func nginxTenantCache(upstream string) nginxtest.Options {
	return nginxtest.Options{
		Upstream:   upstream,
		Directives: []string{"proxy_set_header Host $host;"},
		CacheKey:   "$scheme$host$request_uri",
	}
}

// TestNginxCachesPerTenant puts nginx's proxy cache, configured as
// docs/replicas.md says, in front of a replica whose shared endpoints are
// public for a minute: each tenant's theme list is stored and served from the
// cache, never one tenant's to another. It also checks that Vary: Host
// alone (SourceVary) keeps the tenants apart under nginx's default cache
// key.
func TestNginxCachesPerTenant(t *testing.T) {
	db, _ := startDB(t)
	r := startReplica(t, db.DSN, config{CacheControl: "public, max-age=0, s-maxage=60"}, nil)
	withHost := nginxTenantCache(r.srv.Listener.Addr().String())
	byVary := withHost
	byVary.CacheKey = "" // nginx's default, $scheme$proxy_host$request_uri
	tests := []struct {
		name string
		give nginxtest.Options
	}{
		{"with the Host in the cache key", withHost},
		{"with the default cache key, by Vary: Host", byVary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testTenantCache(t, r, nginxtest.Start(t, tt.give))
		})
	}
}

func testTenantCache(t *testing.T, r *replica, proxy string) {

	fetch := func(tenant string) (string, string) {
		req, err := http.NewRequest(http.MethodGet, proxy+"/api/v2/theme/", nil)
		require.NoError(t, err)
		req.Host = tenant + ".localhost"
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.Equal(t, 200, resp.StatusCode)
		return resp.Header.Get("X-Cache"), string(body)
	}
	_, acme := r.get(t, "acme", "/api/v2/theme/", "")
	_, globex := r.get(t, "globex", "/api/v2/theme/", "")
	require.NotEqual(t, acme, globex)

	steps := []struct {
		tenant, wantCache, wantBody string
	}{
		{"acme", "MISS", acme},
		{"globex", "MISS", globex},
		{"acme", "HIT", acme},
		{"globex", "HIT", globex},
	}
	for i, st := range steps {
		cache, body := fetch(st.tenant)
		assert.Equal(t, st.wantCache, cache, "step %d (%s)", i, st.tenant)
		assert.Equal(t, st.wantBody, body, "step %d (%s): %s", i, st.tenant, strings.TrimSpace(body[:min(60, len(body))]))
	}
}

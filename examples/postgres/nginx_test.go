package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nginxTenantCache is the nginx setting the README gives for caching a
// multi-tenant host: the upstream sees the client's Host (it names the
// tenant), and the cache key includes it. %[1]s is the upstream address.
const nginxTenantCache = `
    location / {
      proxy_pass http://%[1]s;
      proxy_set_header Host $host;
      proxy_cache themes;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_revalidate on;
      add_header X-Cache $upstream_cache_status always;
    }`

// startNginx runs nginx with one server block whose location is
// location, and returns its address.
func startNginx(t *testing.T, location string) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		if _, e := os.Stat("/usr/sbin/nginx"); e == nil {
			bin, err = "/usr/sbin/nginx", nil
		}
	}
	if err != nil {
		t.Skip("the nginx test needs nginx (apt-get install nginx)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	conf := filepath.Join(dir, "nginx.conf")
	require.NoError(t, os.WriteFile(conf, []byte(fmt.Sprintf(`
daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path %[1]s/body;
  proxy_temp_path %[1]s/proxy;
  fastcgi_temp_path %[1]s/fastcgi;
  uwsgi_temp_path %[1]s/uwsgi;
  scgi_temp_path %[1]s/scgi;
  proxy_cache_path %[1]s/cache keys_zone=themes:1m;
  server {
    listen %[2]s;
%[3]s
  }
}
`, dir, addr, location)), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-e", filepath.Join(dir, "error.log"), "-c", conf)
	require.NoError(t, cmd.Start(), "starting nginx")
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	}, 10*time.Second, 20*time.Millisecond, "nginx listening on %s", addr)
	return addr
}

// TestNginxCachesPerTenant puts nginx's proxy cache, configured as the
// README says, in front of a replica whose shared endpoints are public
// for a minute: each tenant's theme list is stored and served from the
// cache, never one tenant's to another. It also checks that Vary: Host
// alone (SourceVary) keeps the tenants apart under nginx's default cache
// key.
func TestNginxCachesPerTenant(t *testing.T) {
	db, _ := startDB(t)
	r := startReplica(t, db.DSN, config{CacheControl: "public, max-age=0, s-maxage=60"}, nil)
	tests := []struct {
		name     string
		location string
	}{
		{"with the Host in the cache key", nginxTenantCache},
		{"with the default cache key, by Vary: Host", strings.Replace(nginxTenantCache, "proxy_cache_key $scheme$host$request_uri;", "", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testTenantCache(t, r, startNginx(t, fmt.Sprintf(tt.location, r.srv.Listener.Addr().String())))
		})
	}
}

func testTenantCache(t *testing.T, r *replica, proxy string) {

	fetch := func(tenant string) (string, string) {
		req, err := http.NewRequest(http.MethodGet, "http://"+proxy+"/api/v2/theme/", nil)
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

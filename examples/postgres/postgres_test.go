package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/tenant"
)

// TestServe checks what a seeded database serves: acme's records are
// those of the embedded themes.json, served from files by a plain Store
// (so every column makes the round trip), globex has themes 2 and 3, and
// host names that name no tenant are 404s.
func TestServe(t *testing.T) {
	db, _ := startDB(t)
	r := startReplica(t, db.DSN, config{MediaURL: "https://cdn.example/media/"}, nil)

	fromFiles, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	files := httptest.NewServer(httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(fromFiles), MediaBase: "https://cdn.example/media/"}))
	defer files.Close()
	want := func(path string) string {
		resp, err := files.Client().Get(files.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		var b bytes.Buffer
		_, err = b.ReadFrom(resp.Body)
		require.NoError(t, err)
		return b.String()
	}

	tests := []struct {
		name       string
		tenant     string
		path       string
		wantStatus int
		wantBody   string
	}{
		{"acme's theme list is the embedded themes.json's", "acme", "/api/v2/theme/", 200, want("/api/v2/theme/")},
		{"acme's catalog is the embedded catalog", "acme", "/api/v2/theme/component-defs/", 200, want("/api/v2/theme/component-defs/")},
		{"globex's catalog is the same catalog", "globex", "/api/v2/theme/component-defs/", 200, want("/api/v2/theme/component-defs/")},
		{"an unknown tenant is a 404", "initech", "/api/v2/theme/", 404, `{"detail":"Not found."}`},
		{"an unknown tenant's stylesheet is a 404", "initech", "/theme.css", 404, `{"detail":"Not found."}`},
		{"a host name that is an address names no tenant", "127.0.0.1", "/api/v2/theme/", 404, `{"detail":"Not found."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := r.get(t, tt.tenant, tt.path, "")
			assert.Equal(t, tt.wantStatus, status)
			assert.Equal(t, tt.wantBody, body)
		})
	}

	t.Run("globex has themes 2 and 3 only", func(t *testing.T) {
		status, body := r.get(t, "globex", "/api/v2/theme/", "")
		require.Equal(t, 200, status)
		var themes []struct {
			ID int `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(body), &themes))
		var ids []int
		for _, th := range themes {
			ids = append(ids, th.ID)
		}
		assert.Equal(t, []int{2, 3}, ids)
	})

	t.Run("the demo user's theme is served per tenant", func(t *testing.T) {
		// carol prefers theme 4, which globex does not have: globex
		// serves its default, the lowest id.
		_, body := r.get(t, "acme", "/theme.css", "carol")
		assert.True(t, strings.HasPrefix(body, "/* theme 4: "), body[:40])
		_, body = r.get(t, "globex", "/theme.css", "carol")
		assert.True(t, strings.HasPrefix(body, "/* theme 2: "), body[:40])
	})

	t.Run("the shared endpoints vary on Host", func(t *testing.T) {
		resp, err := http.NewRequest(http.MethodGet, r.srv.URL+"/api/v2/theme/", nil)
		require.NoError(t, err)
		resp.Host = "acme.localhost"
		res, err := r.srv.Client().Do(resp)
		require.NoError(t, err)
		res.Body.Close()
		var vary []string
		for _, v := range res.Header.Values("Vary") {
			for f := range strings.SplitSeq(v, ",") {
				vary = append(vary, strings.TrimSpace(f))
			}
		}
		assert.Contains(t, vary, "Host")
	})
}

func TestTenantOf(t *testing.T) {
	tests := []struct{ give, want string }{
		{"acme.localhost:8080", "acme"},
		{"ACME.example.com", "acme"},
		{"globex.localhost", "globex"},
		{"localhost:8080", "localhost"},
		{"127.0.0.1:8080", ""},
		{"[::1]:8080", ""},
		{"[acme]:8080", ""},
		{"ac me.localhost", ""},
		{"acme%2e.localhost", ""},
		{"", ""},
		{strings.Repeat("a", 63) + ".localhost", strings.Repeat("a", 63)},
		{strings.Repeat("a", 64) + ".localhost", ""},
		{strings.Repeat("a", 1<<20) + ".localhost:8080", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tenantOf(tt.give), "%.80q", tt.give)
	}
}

// setNavBar commits acme theme 1's light nav-bar color as
// hsl(10, 80%, pct%) and returns the CSS declaration that shows it.
func setNavBar(t testing.TB, ctx context.Context, exec func(context.Context, string, ...any) error, pct int) string {
	t.Helper()
	v := fmt.Sprintf("hsl(10, 80%%, %d%%)", pct)
	require.NoError(t, exec(ctx, `insert into theme_colors values ('acme', 1, 'nav-bar', 'light', $1)
		on conflict (tenant_id, theme_id, component_id, scheme) do update set value = excluded.value`, v))
	return "--nav-bar: " + v + ";"
}

// TestPropagation: three replicas on one database; each committed color
// change reaches all three, each told by its notification (nothing
// polls). It records the delay from commit to the notification and to the
// first response that carries the change, per replica, over 100 changes,
// for BENCHMARKS.md (p50 about 10 ms, p99 under 100 ms on a quiet
// machine). It waits for each change as long as a loaded machine may
// take, up to 30 s, and fails only when one never comes: a second, the
// bound it once asserted, is crossed under -race at load 10-15.
func TestPropagation(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	var replicas []*replica
	notified := make([]*invalidations, 3)
	for k := range notified {
		notified[k] = &invalidations{}
		replicas = append(replicas, startReplica(t, db.DSN, config{}, func(o *pgsource.Options) {
			o.Notified = notified[k].notified
		}))
	}
	exec := func(ctx context.Context, sql string, args ...any) error {
		_, err := pool.Exec(ctx, sql, args...)
		return err
	}
	for _, r := range replicas { // build acme on every replica
		status, _ := r.get(t, "acme", "/theme.css", "dave")
		require.Equal(t, 200, status)
	}

	const changes = 100
	var delays, notifyDelays []time.Duration
	for i := range changes {
		pct := 10 + i%80 // never the same value twice in a row
		var start time.Time
		var wg sync.WaitGroup
		results := make([]time.Duration, len(replicas))
		want := setNavBar(t, ctx, func(ctx context.Context, sql string, args ...any) error {
			start = time.Now() // the statement commits on its own
			return exec(ctx, sql, args...)
		}, pct)
		for k, r := range replicas {
			wg.Go(func() {
				deadline := start.Add(30 * time.Second)
				for time.Now().Before(deadline) {
					if _, body, err := r.fetch("acme", "/theme.css", "dave"); err == nil && strings.Contains(body, want) {
						results[k] = time.Since(start)
						return
					}
					time.Sleep(200 * time.Microsecond)
				}
				results[k] = -1
			})
		}
		wg.Wait()
		for k, d := range results {
			require.GreaterOrEqual(t, d, time.Duration(0), "change %d (%s) did not reach replica %d within 30 s", i, want, k)
			// The hook runs just after the invalidation, so it may trail
			// the first response that shows the change by a moment.
			require.Eventually(t, func() bool { return notified[k].since(start) >= 0 }, 30*time.Second, time.Millisecond,
				"replica %d served change %d (%s) but heard no notification for acme since its commit", k, i, want)
			notifyDelays = append(notifyDelays, notified[k].since(start))
		}
		delays = append(delays, results...)
	}
	p := func(d []time.Duration, q float64) time.Duration {
		slices.Sort(d)
		return d[int(q*float64(len(d)-1))].Round(10 * time.Microsecond)
	}
	t.Logf("commit (from the statement's start) to notification received (Invalidate called), %d changes x %d replicas: p50 %v, p99 %v, max %v",
		changes, len(replicas), p(notifyDelays, .5), p(notifyDelays, .99), p(notifyDelays, 1))
	t.Logf("commit to first response with the change (polling every 200µs): p50 %v, p99 %v, max %v",
		p(delays, .5), p(delays, .99), p(delays, 1))

	t.Run("the replicas agree on the version of the data", func(t *testing.T) {
		var versions []string
		for _, r := range replicas {
			s, err := r.source.Snapshot(tenant.With(ctx, "acme"))
			require.NoError(t, err)
			versions = append(versions, s.Version())
		}
		assert.NotEmpty(t, versions[0])
		assert.Equal(t, []string{versions[0], versions[0], versions[0]}, versions)
	})

	t.Run("a deleted tenant is a 404 on every replica", func(t *testing.T) {
		for _, r := range replicas {
			status, _ := r.get(t, "globex", "/api/v2/theme/", "")
			require.Equal(t, 200, status)
		}
		require.NoError(t, exec(ctx, "delete from tenants where id = 'globex'"))
		for k, r := range replicas {
			// As long as a loaded machine may take; milliseconds on a
			// quiet one.
			assert.Eventually(t, func() bool {
				status, _, err := r.fetch("globex", "/api/v2/theme/", "")
				return err == nil && status == 404
			}, 30*time.Second, time.Millisecond, "replica %d", k)
		}
	})
}

// invalidations notes when the last notification for acme came.
type invalidations struct {
	mu   sync.Mutex
	last time.Time
}

// notified is the source's Notified hook: tenant was just invalidated.
func (iv *invalidations) notified(tenant string) {
	if tenant == "acme" {
		iv.mu.Lock()
		iv.last = time.Now()
		iv.mu.Unlock()
	}
}

// since returns how long after start the last acme notification came.
func (iv *invalidations) since(start time.Time) time.Duration {
	iv.mu.Lock()
	defer iv.mu.Unlock()
	return iv.last.Sub(start)
}

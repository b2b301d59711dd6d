package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// revisionsOn is the revision store on pool, for the test's admin.
func revisionsOn(t testing.TB, pool *pgxpool.Pool) pgsource.Revisions {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	return pgsource.Revisions{DB: pool, Catalog: cc}
}

// addSolo creates the tenant solo with one theme, the default data's
// theme 2 (Ember), saved and published as revision 1.
func addSolo(t testing.TB, pool *pgxpool.Pool) theming.Theme {
	t.Helper()
	ctx := context.Background()
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	ember := themes[1]
	ember.IsDefault = true
	revs := revisionsOn(t, pool)
	require.NoError(t, revs.CreateTenant(ctx, "solo"))
	r, err := revs.Save(ctx, "solo", ember, 0, revision.Change{Author: "test"})
	require.NoError(t, err)
	require.NoError(t, revs.Publish(ctx, "solo", ember.ID, r.Number, 0, revision.Change{Author: "test"}))
	return ember
}

// TestABadRowOnATenantsOnlyThemeUnderLoad: three replicas serve the
// tenant solo, whose only theme is Ember, to readers that never stop,
// while a row written past the library breaks the theme. No reader gets
// anything but a 200 with Ember, before, during and after the change;
// every replica says the theme is left out and serves its last good
// version, and logs it once, and a line at a steady rate.
func TestABadRowOnATenantsOnlyThemeUnderLoad(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	addSolo(t, pool)
	var replicas []*replica
	for range 3 {
		replicas = append(replicas, startReplica(t, db.DSN, config{LeftOutEvery: 50 * time.Millisecond}, nil))
	}
	paths := []string{"/theme.css", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/api/v2/theme/"}
	for _, r := range replicas {
		status, body := r.get(t, "solo", "/theme.css", "")
		require.Equal(t, 200, status)
		require.True(t, strings.HasPrefix(body, "/* theme 2: Ember */"), body[:40])
	}

	const bad = "hsl(221, 72%"
	var (
		requests, failed atomic.Int64
		firstFailure     sync.Once
		stop             = make(chan struct{})
		readers          sync.WaitGroup
	)
	for w := range 8 {
		readers.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 2))
			for {
				select {
				case <-stop:
					return
				default:
				}
				r, path := replicas[rnd.IntN(len(replicas))], paths[rnd.IntN(len(paths))]
				status, body, err := r.fetch("solo", path, "")
				requests.Add(1)
				if err != nil || status/100 != 2 || !strings.Contains(body, "Ember") || strings.Contains(body, bad) {
					failed.Add(1)
					firstFailure.Do(func() { t.Errorf("GET %s: status %d, error %v, body %.120q", path, status, err, body) })
				}
			}
		})
	}
	time.Sleep(200 * time.Millisecond) // readers before the change
	_, err := pool.Exec(ctx, `insert into theme_colors values ('solo', 2, 'nav-bar', 'light', $1)
		on conflict (tenant_id, theme_id, component_id, scheme) do update set value = excluded.value`, bad)
	require.NoError(t, err)
	for k, r := range replicas {
		require.Eventually(t, func() bool {
			left := r.source.LeftOut()
			return len(left) == 1 && left[0].Tenant == "solo" && left[0].ThemeID == 2 && left[0].LastGood
		}, 5*time.Second, time.Millisecond, "replica %d reports the theme left out, its last good version served", k)
	}
	time.Sleep(200 * time.Millisecond) // readers after the change
	close(stop)
	readers.Wait()
	t.Logf("%d requests across the change, %d not a 200 with the last good theme", requests.Load(), failed.Load())
	assert.Zero(t, failed.Load())
	for k, r := range replicas {
		logs := r.logs.String()
		assert.Equal(t, 1, countLines(logs, "theme left out: it does not validate", "tenant=solo", "theme=2"), "replica %d logs the problem once", k)
		assert.Contains(t, logs, `msg="themes left out" count=1 themes="solo/2 (1 problems, last good version served)"`, "replica %d's steady line", k)
	}
}

// TestATenantWithNoThemes is served the catalog's defaults as its one
// theme, not a 404, unless the host asks for the 404.
func TestATenantWithNoThemes(t *testing.T) {
	db, pool := startDB(t)
	_, err := pool.Exec(context.Background(), "insert into tenants (id) values ('empty')")
	require.NoError(t, err)
	r := startReplica(t, db.DSN, config{}, nil)
	status, body := r.get(t, "empty", "/api/v2/theme/", "")
	assert.Equal(t, 200, status)
	assert.Contains(t, body, `"id":1,"name":"Default"`)
	status, body = r.get(t, "empty", "/theme.css", "")
	assert.Equal(t, 200, status)
	assert.True(t, strings.HasPrefix(body, "/* theme 1: Default */"), body[:40])

	strict := startReplica(t, db.DSN, config{}, func(o *pgsource.Options) { o.Tenant.NoDefaultTheme = true })
	status, _ = strict.get(t, "empty", "/theme.css", "")
	assert.Equal(t, 404, status, "with NoDefaultTheme")
}

// TestPublishPropagation: two replicas on one database; each publish of a
// new revision of acme's theme 1 reaches both. It records the delay from
// Publish's return (its commit) to the first response of each replica
// that carries the revision, over 100 publishes.
func TestPublishPropagation(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	replicas := []*replica{startReplica(t, db.DSN, config{}, nil), startReplica(t, db.DSN, config{}, nil)}
	for _, r := range replicas {
		status, _ := r.get(t, "acme", "/theme.css", "dave")
		require.Equal(t, 200, status)
	}
	revs := revisionsOn(t, pool)
	h, err := revs.Head(ctx, "acme", 1)
	require.NoError(t, err)
	r, err := revs.Revision(ctx, "acme", 1, h.Live)
	require.NoError(t, err)
	th, base, live := r.Theme, h.Newest, h.Live

	const publishes = 100
	var delays []time.Duration
	for i := range publishes {
		v := fmt.Sprintf("hsl(%d, 45%%, 15%%)", 200+i%40) // the fallback's blues, darker: every one passes
		th.SetOverride("nav-bar", theming.Light, v)
		r, err := revs.Save(ctx, "acme", th, base, revision.Change{Author: "bench"})
		require.NoError(t, err)
		base = r.Number
		require.NoError(t, revs.Publish(ctx, "acme", 1, r.Number, live, revision.Change{Author: "bench"}))
		start := time.Now()
		live = r.Number
		want := "--nav-bar: " + v + ";"
		results := make([]time.Duration, len(replicas))
		var wg sync.WaitGroup
		for k, rep := range replicas {
			wg.Go(func() {
				for deadline := start.Add(time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Microsecond) {
					if _, body, err := rep.fetch("acme", "/theme.css", "dave"); err == nil && strings.Contains(body, want) {
						results[k] = time.Since(start)
						return
					}
				}
				results[k] = -1
			})
		}
		wg.Wait()
		for k, d := range results {
			require.GreaterOrEqual(t, d, time.Duration(0), "publish %d did not reach replica %d within 1s", i, k)
		}
		delays = append(delays, results...)
	}
	slices.Sort(delays)
	q := func(f float64) time.Duration {
		return delays[int(f*float64(len(delays)-1))].Round(10 * time.Microsecond)
	}
	t.Logf("publish (its commit) to the first response with the revision, %d publishes x %d replicas (polling every 200µs): p50 %v, p99 %v, max %v",
		publishes, len(replicas), q(.5), q(.99), q(1))
}

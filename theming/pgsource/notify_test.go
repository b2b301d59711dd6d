package pgsource_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/tenant"
)

// flooder connects as a role that may log in and nothing else: no
// privilege on any table, as any role of the database's other users.
func flooder(t testing.TB, srv *pgtest.Server, pool *pgxpool.Pool) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	_, err := pool.Exec(ctx, "create role flooder login")
	require.NoError(t, err)
	cfg, err := pgx.ParseConfig(srv.DSN)
	require.NoError(t, err)
	cfg.User = "flooder"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(context.Background()) })
	_, err = conn.Exec(ctx, "select 1 from themes")
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr, "premise: the role cannot read the themes")
	require.Equal(t, "42501", pgErr.Code, "premise: insufficient privilege")
	return conn
}

// notify sends one notification naming tenant on the source's channel.
func notify(t testing.TB, conn *pgx.Conn, tenant string) {
	t.Helper()
	_, err := conn.Exec(context.Background(), "select pg_notify($1, $2)", pgsource.DefaultChannel, tenant)
	require.NoError(t, err)
}

// flood notifies tenant about rate times a second until stop is closed,
// and returns how many it sent.
func flood(conn *pgx.Conn, tenant string, rate int, stop <-chan struct{}) int {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	sent := 0
	for {
		select {
		case <-stop:
			return sent
		case <-tick.C:
			if _, err := conn.Exec(context.Background(), "select pg_notify($1, $2)", pgsource.DefaultChannel, tenant); err != nil {
				return sent
			}
			sent++
		}
	}
}

// countingReplica starts a replica whose reads of a tenant are counted
// and whose notifications are reported on notified.
func countingReplica(t testing.TB, pool *pgxpool.Pool) (r *replica, reads *atomic.Int64, notified chan string) {
	t.Helper()
	reads, notified = &atomic.Int64{}, make(chan string, 1<<16)
	r = startReplica(t, pool, func(o *pgsource.Options) {
		o.Query = func(ctx context.Context, db pgsource.Querier, tenant string) ([]theming.Theme, error) {
			reads.Add(1)
			return pgsource.Tables{}.Read(ctx, db, tenant)
		}
		o.Notified = func(tenant string) { notified <- tenant }
	})
	return r, reads, notified
}

// TestANotificationIsAHint: notifications from a role with no privilege
// on the tables change nothing that is served. The finding: each one
// replaced the tenant's snapshot, so the adapter rendered and compressed
// every document again.
func TestANotificationIsAHint(t *testing.T) {
	srv, pool := startDB(t, "")
	addTenant(t, pool, "acme")
	spoofer := flooder(t, srv, pool)
	r, reads, notified := countingReplica(t, pool)
	first, err := r.snapshot("acme")
	require.NoError(t, err)

	t.Run("a notification that changed nothing keeps the same snapshot", func(t *testing.T) {
		before := reads.Load()
		notify(t, spoofer, "acme")
		awaitNotice(t, notified, "acme")
		s, err := r.snapshot("acme")
		require.NoError(t, err)
		assert.Same(t, first, s)
		assert.Equal(t, before+1, reads.Load(), "the rows were read again")
	})
	t.Run("under a flood, requests cost about one read per RecheckInterval and no build, and a change is served within it", func(t *testing.T) {
		before := reads.Load()
		stop, sent := make(chan struct{}), make(chan int)
		go func() { sent <- flood(spoofer, "acme", 200, stop) }()
		const during = 2 * time.Second
		var renamed, served time.Time
		snaps := map[*theming.Snapshot]bool{}
		for start := time.Now(); time.Since(start) < during; {
			if renamed.IsZero() && time.Since(start) > during/2 {
				rename(t, pool, "themes", "acme", "Harbor, renamed in a flood")
				renamed = time.Now()
			}
			s, err := r.snapshot("acme")
			require.NoError(t, err)
			snaps[s] = true
			if rt, _ := s.Theme(1); served.IsZero() && rt.Name() == "Harbor, renamed in a flood" {
				served = time.Now()
			}
		}
		close(stop)
		n := <-sent
		got := reads.Load() - before
		t.Logf("%d notifications in %v: %d reads of the tenant; the change served %v after its commit",
			n, during, got, served.Sub(renamed).Round(time.Millisecond))
		assert.Greater(t, n, 100, "premise: the flood ran")
		assert.LessOrEqual(t, got, int64(2*during/pgsource.DefaultRecheckInterval+2))
		assert.Len(t, snaps, 2, "snapshots served: the first, and the one of the change")
		require.False(t, served.IsZero(), "the change is served")
		assert.Less(t, served.Sub(renamed), pgsource.DefaultRecheckInterval+time.Second)
	})
	t.Run("changes one after another are each served as soon as they are notified", func(t *testing.T) {
		time.Sleep(pgsource.DefaultRecheckInterval + 100*time.Millisecond) // the flood's last merge is over
		for len(notified) > 0 {
			<-notified
		}
		_, err := r.snapshot("acme") // its re-check of the flood's last notification finds nothing new
		require.NoError(t, err)
		time.Sleep(pgsource.DefaultRecheckInterval + 50*time.Millisecond)
		for _, name := range []string{"Harbor, renamed", "Harbor, renamed again"} {
			s, err := r.snapshot("acme")
			require.NoError(t, err)
			rename(t, pool, "themes", "acme", name)
			awaitNotice(t, notified, "acme")
			assert.Equal(t, name, r.themeName(t, "acme"), "served at once: the last re-check found a change")
			again, err := r.snapshot("acme")
			require.NoError(t, err)
			assert.NotSame(t, s, again)
		}
	})
}

// awaitNotice waits until ch reports a notification for tenant, failing
// the test after 5 s.
func awaitNotice(t testing.TB, ch <-chan string, tenant string) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case got := <-ch:
			if got == tenant {
				return
			}
		case <-deadline:
			t.Fatalf("no notification for %q in 5 s", tenant)
		}
	}
}

// TestNotifyFloodKeepsThroughput measures the adapter's endpoints (the
// theme config, the theme list and the catalog, Brotli-compressed as a
// browser asks), over real connections, in alternating windows without and
// with a flood of 200 notifications a second from a role with no
// privilege on the tables, and compares the responses served. The
// finding: /theme.css fell from 234,914 responses to 514 in 2 s under
// about 150 a second. The windows alternate so that the other work of a
// shared machine weighs on both alike.
//
// The flood's own cost (the server's and the listener's work for each
// notification, the re-checks) shares this machine's cores with the
// responses, and on a loaded 2-core machine one measurement may land a
// little under 0.9 by chance; the test measures up to three times and
// passes on the first that holds 0.9. A return of the finding fails all
// three: its /theme.css served 0.002 of its responses under the flood.
func TestNotifyFloodKeepsThroughput(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: it measures throughput for 7 s or more (README's go test ./... and CI run it)")
	}
	srv, pool := startDB(t, "")
	addTenant(t, pool, "acme")
	spoofer := flooder(t, srv, pool)
	r, reads, _ := countingReplica(t, pool)
	var api http.Handler = httpadapter.New(httpadapter.Options{Source: r.Source})
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		api.ServeHTTP(w, req.WithContext(tenant.With(req.Context(), "acme")))
	}))
	t.Cleanup(web.Close)

	const attempts = 3
	best := 0.0
	for attempt := 1; attempt <= attempts && best < 0.9; attempt++ {
		readsBefore := reads.Load()
		m := measureFlood(t, web, spoofer)
		ratio := float64(m.flooded) / float64(m.quiet)
		t.Logf("attempt %d: %v without notifications: %d responses; %v with %d notifications: %d responses (%.3f); %d reads of the tenant",
			attempt, m.each, m.quiet, m.each, m.sent, m.flooded, ratio, reads.Load()-readsBefore)
		// The flooder aims at 200 a second; a loaded machine slows it
		// (214 in 3.2 s at load 16). At 40 a second the finding still
		// showed: its /theme.css fell to 0.002 under about 150.
		require.Greater(t, m.sent, int64(m.each/time.Second*40), "premise: the flood ran, at 40 notifications a second or more")
		best = max(best, ratio)
	}
	assert.GreaterOrEqual(t, best, 0.9, "throughput under the flood over throughput without it, the best of %d measurements", attempts)
}

// floodMeasure is one measurement of TestNotifyFloodKeepsThroughput: the
// responses served without and with the flood, each over the time each,
// and the notifications sent.
type floodMeasure struct {
	quiet, flooded, sent int64
	each                 time.Duration
}

// measureFlood loads web's endpoints from four clients for eight pairs of
// 400 ms windows, the second of each pair under a flood of notifications
// from spoofer, and counts the responses served in each kind of window.
func measureFlood(t *testing.T, web *httptest.Server, spoofer *pgx.Conn) floodMeasure {
	t.Helper()
	var flooding atomic.Bool
	var served [2]atomic.Int64 // responses without, with the flood
	stop := make(chan struct{})
	var wg sync.WaitGroup
	paths := []string{"/api/v2/theme/config/", "/api/v2/theme/", "/api/v2/theme/component-defs/"}
	for w := range 4 {
		wg.Go(func() {
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				req, err := http.NewRequest(http.MethodGet, web.URL+paths[i%len(paths)], nil)
				require.NoError(t, err)
				req.Header.Set("Accept-Encoding", "br") // made once per snapshot, as a browser asks
				resp, err := web.Client().Do(req)
				if !assert.NoError(t, err) {
					return
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if assert.NoError(t, err) && assert.Equal(t, http.StatusOK, resp.StatusCode) {
					if flooding.Load() {
						served[1].Add(1)
					} else {
						served[0].Add(1)
					}
				}
			}
		})
	}
	var sent atomic.Int64
	const pairs, window = 8, 400 * time.Millisecond
	for range pairs {
		time.Sleep(window)
		flooding.Store(true)
		floodStop := make(chan struct{})
		done := make(chan struct{})
		go func() { sent.Add(int64(flood(spoofer, "acme", 200, floodStop))); close(done) }()
		time.Sleep(window)
		close(floodStop)
		<-done
		flooding.Store(false)
	}
	close(stop)
	wg.Wait()
	return floodMeasure{quiet: served[0].Load(), flooded: served[1].Load(), sent: sent.Load(), each: pairs * window}
}

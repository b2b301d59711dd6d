package pgsource_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
)

// TestANotificationFloodCostsTheSameWhateverItNames: a role with no
// privilege on the tables notifies every tenant in turn, as fast as it
// can, while a client asks for each of them every 10 ms. The finding: each tenant
// was re-read about once per RecheckInterval, so the reads grew with the
// tenants named: 331 reads with 25 tenants and 1,024 with 100 in 3 s,
// against 16-17 for a flood naming one. Now the tenants a flood names are
// re-checked together, in one read per RecheckInterval. The reads are
// counted by PostgreSQL (scans of the themes table, which every read of a
// tenant makes once, in pg_stat_user_tables), at 25 and at 100 tenants
// named, 1 s each; a change committed in the second flood is served
// within RecheckInterval, and no other tenant is built again.
func TestANotificationFloodCostsTheSameWhateverItNames(t *testing.T) {
	srv, pool := startDB(t, "")
	const most = 100
	seedTenants(t, pool, most)
	spoofer := flooder(t, srv, pool)
	r := startReplica(t, pool, nil)
	names := make([]string, most)
	first := make(map[string]*theming.Snapshot, most)
	for i := range names {
		names[i] = fmt.Sprint("t", i+1)
		s, err := r.snapshot(names[i])
		require.NoError(t, err)
		first[names[i]] = s
	}

	const during = time.Second
	reads := map[int]int64{}
	for _, n := range []int{25, most} {
		before := themeScans(t, pool)
		f := startFlood(r, spoofer, names[:n])
		time.Sleep(during)
		sent, asked := f.stop()
		reads[n] = themeScans(t, pool) - before
		t.Logf("%d tenants named: %d notifications and %d requests in %v: %d reads of the database",
			n, sent, asked, during, reads[n])
		require.Greater(t, sent, int64(2*n), "premise: the flood named every tenant, more than once")
		assert.LessOrEqual(t, reads[n], int64(during/pgsource.DefaultRecheckInterval+3),
			"about one read per RecheckInterval, however many tenants are named")
	}
	assert.LessOrEqual(t, reads[most], 2*reads[25]+2, "the reads do not grow with the tenants named")

	// A change committed in such a flood is served within RecheckInterval:
	// its tenant is re-checked with the others.
	f := startFlood(r, spoofer, names)
	time.Sleep(2 * pgsource.DefaultRecheckInterval)
	rename(t, pool, "themes", "t50", "Theme 1, renamed in a flood")
	committed := time.Now()
	var served time.Duration
	for served == 0 && time.Since(committed) < 5*time.Second {
		if r.themeName(t, "t50") == "Theme 1, renamed in a flood" {
			served = time.Since(committed)
		}
	}
	f.stop()
	t.Logf("a change committed in the flood served %v after its commit", served.Round(time.Millisecond))
	require.NotZero(t, served, "the change is served")
	assert.Less(t, served, pgsource.DefaultRecheckInterval+time.Second)
	for _, name := range names {
		if name == "t50" {
			continue
		}
		s, err := r.snapshot(name)
		require.NoError(t, err)
		assert.Same(t, first[name], s, "%s: no rebuild: its rows never changed", name)
	}
}

// manyFlood is a flood of notifications naming tenants in turn, as fast as
// the flooder can send them, while a client asks for each of them every
// 10 ms (so that each tenant invalidated is read).
type manyFlood struct {
	end            chan struct{}
	done           chan struct{}
	sent, requests atomic.Int64
}

func startFlood(r *replica, spoofer *pgx.Conn, tenants []string) *manyFlood {
	f := &manyFlood{end: make(chan struct{}), done: make(chan struct{}, 2)}
	go func() {
		defer func() { f.done <- struct{}{} }()
		for i := 0; ; i++ {
			select {
			case <-f.end:
				return
			default:
			}
			if _, err := spoofer.Exec(context.Background(), "select pg_notify($1, $2)", pgsource.DefaultChannel, tenants[i%len(tenants)]); err != nil {
				return
			}
			f.sent.Add(1)
		}
	}()
	go func() {
		defer func() { f.done <- struct{}{} }()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-f.end:
				return
			case <-tick.C:
			}
			for _, name := range tenants {
				if _, err := r.snapshot(name); err == nil {
					f.requests.Add(1)
				}
			}
		}
	}()
	return f
}

// stop ends the flood and returns the notifications sent and the
// requests answered.
func (f *manyFlood) stop() (sent, requests int64) {
	close(f.end)
	<-f.done
	<-f.done
	return f.sent.Load(), f.requests.Load()
}

// seedTenants makes tenants t1 ... tn, each with four themes and an
// override in theme 1, written in SQL.
func seedTenants(t testing.TB, pool *pgxpool.Pool, n int) {
	t.Helper()
	ctx := context.Background()
	for _, sql := range []string{
		"insert into tenants (id) select 't' || g from generate_series(1, $1) g",
		"insert into themes (tenant_id, id, name) select 't' || g, i, 'Theme ' || i from generate_series(1, $1) g, generate_series(1, 4) i",
		`insert into theme_colors (tenant_id, theme_id, component_id, scheme, value)
			select 't' || g, 1, 'primary', 'light', 'hsl(210, 50%, 40%)' from generate_series(1, $1) g`,
	} {
		_, err := pool.Exec(ctx, sql, n)
		require.NoError(t, err)
	}
}

// themeScans returns how many scans of the themes table PostgreSQL has
// counted: one per read of a tenant (Tables.Read) and one per re-check of
// many (a flood's tenants, read together).
func themeScans(t testing.TB, pool *pgxpool.Pool) int64 {
	t.Helper()
	return counted(t, pool, `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) from pg_stat_user_tables where relname = 'themes'`)
}

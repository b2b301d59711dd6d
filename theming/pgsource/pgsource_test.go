package pgsource_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// logBuffer is a slog destination the test reads.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func catalog(t testing.TB) *theming.CompiledCatalog {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	return cc
}

// startDB starts PostgreSQL with sql applied (if "", the schema
// pgsource.Migrate makes).
func startDB(t testing.TB, sql string) (*pgtest.Server, *pgxpool.Pool) {
	t.Helper()
	srv := pgtest.Start(t)
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, srv.DSN)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	if sql == "" {
		_, err = pgsource.Migrate(ctx, pool, catalog(t))
	} else {
		_, err = pool.Exec(ctx, sql)
	}
	require.NoError(t, err)
	return srv, pool
}

// addTenant creates tenant on a migrated database with the default
// themes, each saved and published as revision 1.
func addTenant(t testing.TB, pool *pgxpool.Pool, tenant string) {
	t.Helper()
	ctx := context.Background()
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	revs := pgsource.Revisions{DB: pool, Catalog: catalog(t)}
	require.NoError(t, revs.CreateTenant(ctx, tenant))
	for _, th := range themes {
		r, err := revs.Save(ctx, tenant, th, 0, revision.Change{Author: "test"})
		require.NoError(t, err)
		require.NoError(t, revs.Publish(ctx, tenant, th.ID, r.Number, 0, revision.Change{Author: "test"}))
	}
}

// addTenantTo writes tenant with the default themes through tables, on
// a database of the contract alone (Tables.Save).
func addTenantTo(t testing.TB, pool *pgxpool.Pool, tables pgsource.Tables, tenant string) {
	t.Helper()
	ctx := context.Background()
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	_, err = pool.Exec(ctx, "insert into "+or(tables.Tenants, "tenants")+" (id) values ($1)", tenant)
	require.NoError(t, err)
	for _, th := range themes {
		require.NoError(t, tables.Save(ctx, pool, catalog(t), tenant, th))
	}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// replica is a Source following the database, run until the test ends.
type replica struct {
	*pgsource.Source
	logs      *logBuffer
	listening atomic.Int32
	listened  chan struct{} // a value each time it listens
}

func startReplica(t testing.TB, pool *pgxpool.Pool, tune func(*pgsource.Options)) *replica {
	t.Helper()
	r := &replica{logs: &logBuffer{}, listened: make(chan struct{}, 16)}
	opts := pgsource.Options{Pool: pool, Catalog: catalog(t), Logger: slog.New(slog.NewTextHandler(r.logs, nil)),
		Listening: func() {
			r.listening.Add(1)
			r.listened <- struct{}{}
		}}
	if tune != nil {
		tune(&opts)
	}
	s, err := pgsource.New(context.Background(), opts)
	require.NoError(t, err)
	r.Source = s
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		assert.ErrorIs(t, <-done, context.Canceled)
	})
	r.waitListening(t, 10*time.Second)
	return r
}

func (r *replica) waitListening(t testing.TB, d time.Duration) {
	t.Helper()
	select {
	case <-r.listened:
	case <-time.After(d):
		t.Fatalf("not listening within %v; log:\n%s", d, r.logs)
	}
}

func (r *replica) snapshot(name string) (*theming.Snapshot, error) {
	return r.Snapshot(tenant.With(context.Background(), name))
}

// themeName returns the name of tenant's theme 1 as r serves it.
func (r *replica) themeName(t testing.TB, tenant string) string {
	t.Helper()
	s, err := r.snapshot(tenant)
	require.NoError(t, err)
	rt, ok := s.Theme(1)
	require.True(t, ok)
	return rt.Name()
}

func rename(t testing.TB, pool *pgxpool.Pool, table, tenant, name string) {
	t.Helper()
	_, err := pool.Exec(context.Background(), "update "+table+" set name = $1 where tenant_id = $2 and id = 1", name, tenant)
	require.NoError(t, err)
}

// TestFrozenListener: the backend of the listener's connection is
// stopped (SIGSTOP: the connection stays open and answers nothing, as a
// silently dead one). The keep-alive ping notices within PingEvery +
// PingTimeout, the listener reconnects and invalidates every tenant, and
// a change committed while it was frozen reaches the next request.
func TestFrozenListener(t *testing.T) {
	_, pool := startDB(t, "")
	addTenant(t, pool, "acme")
	r := startReplica(t, pool, nil) // the default ping interval and deadline
	ctx := context.Background()
	require.Equal(t, "Harbor", r.themeName(t, "acme"), "premise: theme 1 of the default themes")

	var pid int
	require.NoError(t, pool.QueryRow(ctx, "select pid from pg_stat_activity where query ilike 'listen %'").Scan(&pid))
	require.NoError(t, syscall.Kill(pid, syscall.SIGSTOP))
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGCONT) })
	frozen := time.Now()

	rename(t, pool, "themes", "acme", "Harbor, renamed while frozen")
	assert.Equal(t, "Harbor", r.themeName(t, "acme"), "premise: the notification was not received")

	bound := pgsource.DefaultPingEvery + pgsource.DefaultPingTimeout
	r.waitListening(t, bound+3*time.Second)
	took := time.Since(frozen)
	t.Logf("a frozen LISTEN backend was replaced after %v (ping every %v, deadline %v)", took.Round(time.Millisecond), pgsource.DefaultPingEvery, pgsource.DefaultPingTimeout)
	// Detection within the bound, then closing the dead connection (at
	// most 1s), the first reconnect delay (at most 150ms) and slack for a
	// loaded machine: far under the old 15s interval and 15s deadline.
	assert.Less(t, took, bound+2*time.Second)
	assert.Equal(t, "Harbor, renamed while frozen", r.themeName(t, "acme"), "the change made while frozen")
	assert.Contains(t, r.logs.String(), "lost the database connection; reconnecting")
}

// TestMissesCostNoTransactions: requests for tenant names that are no
// tenant, at a high rate, cost one database transaction per name while
// the miss is remembered, counted in pg_stat_database.xact_commit; with
// misses not remembered (MissTTL < 0), one per request.
func TestMissesCostNoTransactions(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	names := make([]string, 100)
	for i := range names {
		names[i] = fmt.Sprintf("rnd%08x", rand.Uint32())
	}
	const requests = 4000
	for _, tt := range []struct {
		name    string
		ttl     time.Duration
		atMost  int64
		atLeast int64
	}{
		{"remembered misses cost one transaction per name", 0, int64(len(names)) + 20, 0},
		{"without remembering, every request is a transaction", -1, 1 << 62, requests},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := pgsource.New(context.Background(), pgsource.Options{Pool: pool, Catalog: catalog(t), Tenant: tenant.Options{MissTTL: tt.ttl}})
			require.NoError(t, err)
			before := xacts(t, pool)
			// One client, so that no two requests share a load: the
			// count is of requests, not of how they overlapped.
			rnd := rand.New(rand.NewPCG(1, 3))
			for range requests {
				_, err := s.Snapshot(tenant.With(ctx, names[rnd.IntN(len(names))]))
				require.ErrorIs(t, err, theming.ErrUnknownTenant)
			}
			delta := xacts(t, pool) - before
			t.Logf("%d requests for %d unknown tenant names: %d transactions", requests, len(names), delta)
			assert.LessOrEqual(t, delta, tt.atMost)
			assert.GreaterOrEqual(t, delta, tt.atLeast)
		})
	}
}

// TestNamesNoTenantCanHaveCostNoTransactions: names that PostgreSQL's
// text cannot hold (invalid UTF-8, NUL) and names too long to be a tenant
// are unknown without a trip to the database, and log nothing. The
// finding: each request for such a name was a failed round trip and a log
// line, never remembered.
func TestNamesNoTenantCanHaveCostNoTransactions(t *testing.T) {
	_, pool := startDB(t, "")
	addTenant(t, pool, "acme")
	logs := &logBuffer{}
	s, err := pgsource.New(context.Background(), pgsource.Options{Pool: pool, Catalog: catalog(t), Logger: slog.New(slog.NewTextHandler(logs, nil))})
	require.NoError(t, err)
	names := []string{"\xffacme", "acme\xe2\x82", "ac\x00me", strings.Repeat("a", tenant.MaxNameLen+1), strings.Repeat("a", 1<<20)}
	const requests = 1000
	before := xacts(t, pool)
	for i := range requests {
		_, err := s.Snapshot(tenant.With(context.Background(), names[i%len(names)]))
		require.ErrorIs(t, err, theming.ErrUnknownTenant)
	}
	delta := xacts(t, pool) - before
	t.Logf("%d requests for %d names no tenant can have: %d transactions", requests, len(names), delta)
	assert.LessOrEqual(t, delta, int64(20), "transactions (the test's own reads of the count among them)")
	assert.NotContains(t, logs.String(), "tenant load failed")
	_, err = s.Snapshot(tenant.With(context.Background(), "acme"))
	assert.NoError(t, err, "premise: the database answers")
}

// xacts returns how many transactions the database has committed or
// rolled back, after waiting for the backends to report theirs.
func xacts(t testing.TB, pool *pgxpool.Pool) int64 {
	t.Helper()
	return counted(t, pool, "select xact_commit + xact_rollback from pg_stat_database where datname = current_database()")
}

// counted returns the count a query of PostgreSQL's statistics gives,
// after waiting for the backends to report theirs.
func counted(t testing.TB, pool *pgxpool.Pool, query string) int64 {
	t.Helper()
	ctx := context.Background()
	time.Sleep(1500 * time.Millisecond) // backends flush their counts at most once a second
	var n int64
	require.NoError(t, pool.QueryRow(ctx, "select pg_stat_clear_snapshot()").Scan(new(any)))
	require.NoError(t, pool.QueryRow(ctx, query).Scan(&n))
	return n
}

// TestOptions: a host whose tables and channel have other names, and
// one that reads its themes with its own query.
func TestOptions(t *testing.T) {
	tables := pgsource.Tables{Tenants: "org", Themes: "org_themes", Colors: "org_colors"}
	schema := strings.ReplaceAll(pgsource.Schema, "pg_notify('themekit_tenant'", "pg_notify('org_changes'") +
		";\nalter table tenants rename to org; alter table themes rename to org_themes; alter table theme_colors rename to org_colors;"
	_, pool := startDB(t, schema)
	addTenantTo(t, pool, tables, "acme")
	var queried atomic.Int32
	r := startReplica(t, pool, func(o *pgsource.Options) {
		o.Tables, o.Channel = tables, "org_changes"
		o.Query = func(ctx context.Context, db pgsource.Querier, tenant string) ([]theming.Theme, error) {
			queried.Add(1)
			return tables.Read(ctx, db, tenant)
		}
	})

	t.Run("the tenant is read from the host's tables by the host's query", func(t *testing.T) {
		assert.Equal(t, "Harbor", r.themeName(t, "acme"))
		assert.EqualValues(t, 1, queried.Load())
	})
	t.Run("a change is notified on the host's channel", func(t *testing.T) {
		rename(t, pool, "org_themes", "acme", "Harbor on org")
		assert.Eventually(t, func() bool { return r.themeName(t, "acme") == "Harbor on org" }, 2*time.Second, 5*time.Millisecond)
	})
	t.Run("an unknown tenant is a 404's error", func(t *testing.T) {
		_, err := r.snapshot("initech")
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
		_, err = r.snapshot("")
		assert.ErrorIs(t, err, theming.ErrUnknownTenant, "no tenant named")
	})
	t.Run("a tenant created later is served at once: its notification forgets the miss", func(t *testing.T) {
		addTenantTo(t, pool, tables, "initech")
		assert.Eventually(t, func() bool { _, err := r.snapshot("initech"); return err == nil }, 2*time.Second, 5*time.Millisecond)
	})
}

// TestSave: Tables.Save, the save of a host without revisions, on a
// database of the contract alone; on one that keeps revisions it is
// refused, naming the revision API, and writes nothing.
func TestSave(t *testing.T) {
	cc := catalog(t)
	ctx := context.Background()

	t.Run("on a database that keeps revisions it is refused and writes nothing", func(t *testing.T) {
		_, pool := startDB(t, "")
		addTenant(t, pool, "acme")
		themes, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		th := themes[1]
		th.Name = "Saved past the revisions"
		err = pgsource.Tables{}.Save(ctx, pool, cc, "acme", th)
		require.ErrorIs(t, err, pgsource.ErrUseRevisions)
		assert.Contains(t, err.Error(), "Revisions.Save")
		assert.Contains(t, err.Error(), "Revisions.Publish")
		again, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		assert.Equal(t, themes, again)
	})

	_, pool := startDB(t, pgsource.Schema) // the contract alone, as before revisions
	addTenantTo(t, pool, pgsource.Tables{}, "acme")
	themes, err := pgsource.Tables{}.Read(ctx, pool, "acme")
	require.NoError(t, err)
	require.Len(t, themes, 4)

	t.Run("a theme reads back as it was saved", func(t *testing.T) {
		th := themes[1]
		th.Name = "Saved"
		th.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(10.5 50% 40%)"}, "link": {Dark: "primary"}}
		require.NoError(t, pgsource.Tables{}.Save(ctx, pool, cc, "acme", th))
		again, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		assert.Equal(t, th, again[1])
	})
	t.Run("a theme that does not validate is refused and nothing is written", func(t *testing.T) {
		th := themes[2]
		th.Name = "Not saved"
		th.Colors = map[string]theming.PerScheme{"primary": {Light: "#ffff0"}}
		err := pgsource.Tables{}.Save(ctx, pool, cc, "acme", th)
		var ve *theming.ValidationError
		require.ErrorAs(t, err, &ve)
		assert.Equal(t, "colors.primary.light", ve.Problems[0].Path)
		again, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		assert.Equal(t, themes[2], again[2])
	})
	t.Run("a tenant that does not exist is refused", func(t *testing.T) {
		err := pgsource.Tables{}.Save(ctx, pool, cc, "initech", themes[0])
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
	})
}

func TestNewRefusesBadOptions(t *testing.T) {
	cc := catalog(t)
	pool, err := pgxpool.New(context.Background(), "postgres://127.0.0.1:1/x") // never connected
	require.NoError(t, err)
	defer pool.Close()
	for _, tt := range []struct {
		name string
		opts pgsource.Options
		want error
	}{
		{"no pool", pgsource.Options{Catalog: cc}, pgsource.ErrOptions},
		{"no catalog", pgsource.Options{Pool: pool}, pgsource.ErrOptions},
		{"a Load of the host's", pgsource.Options{Pool: pool, Catalog: cc, Tenant: tenant.Options{Load: func(context.Context, string) (*theming.Snapshot, error) { return nil, nil }}}, pgsource.ErrOptions},
		{"an empty catalog", pgsource.Options{Pool: pool, Catalog: &theming.CompiledCatalog{}}, theming.ErrNoCatalog},
	} {
		t.Run("New refuses "+tt.name, func(t *testing.T) {
			_, err := pgsource.New(context.Background(), tt.opts)
			assert.ErrorIs(t, err, tt.want)
		})
	}
	t.Run("New refuses a database it cannot connect to, and says why", func(t *testing.T) {
		_, err := pgsource.New(context.Background(), pgsource.Options{Pool: pool, Catalog: cc})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "pgsource: connecting to the database: ")
		assert.Contains(t, err.Error(), "127.0.0.1")
	})
}

// TestFrozenDatabase: the backend that serves the source's loads is
// stopped (SIGSTOP: a hung database). A request after an invalidation
// gets the tenant's last snapshot after the short ReloadWait, not after
// the 10s load timeout, and the log says so; once the database answers
// again, the new data is served.
func TestFrozenDatabase(t *testing.T) {
	srv, pool := startDB(t, "")
	addTenant(t, pool, "acme")
	cfg, err := pgxpool.ParseConfig(srv.DSN)
	require.NoError(t, err)
	cfg.MaxConns = 1 // one backend to freeze
	loads, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(loads.Close)
	logs := &logBuffer{}
	s, err := pgsource.New(context.Background(), pgsource.Options{Pool: loads, Catalog: catalog(t), Logger: slog.New(slog.NewTextHandler(logs, nil))})
	require.NoError(t, err)
	r := &replica{Source: s, logs: logs}
	require.Equal(t, "Harbor", r.themeName(t, "acme"))

	var pid int
	require.NoError(t, loads.QueryRow(context.Background(), "select pg_backend_pid()").Scan(&pid))
	require.NoError(t, syscall.Kill(pid, syscall.SIGSTOP))
	var thawed sync.Once
	thaw := func() { thawed.Do(func() { _ = syscall.Kill(pid, syscall.SIGCONT) }) }
	t.Cleanup(thaw)

	rename(t, pool, "themes", "acme", "Harbor, renamed while the database hung")
	s.Invalidate("acme")
	start := time.Now()
	name := r.themeName(t, "acme")
	took := time.Since(start)
	t.Logf("first request after the invalidation, database frozen: %v", took.Round(time.Millisecond))
	assert.Equal(t, "Harbor", name, "the last good snapshot")
	assert.Less(t, took, time.Second, "not the 10s load timeout")
	assert.GreaterOrEqual(t, took, tenant.DefaultReloadWait)
	assert.Contains(t, logs.String(), "tenant: reload is slow; serving the last snapshot")

	thaw()
	assert.Eventually(t, func() bool { return r.themeName(t, "acme") == "Harbor, renamed while the database hung" }, 5*time.Second, 5*time.Millisecond)
}

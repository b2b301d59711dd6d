package pgsource_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/pgtest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// startReplicas starts n replicas at once, each as a host starts one: its
// own pool, Migrate, New, and Run until it listens. It returns how many
// migrations each applied, and each one's error.
func startReplicas(t *testing.T, dsn string, n int) (applied []int, errs []error) {
	t.Helper()
	applied, errs = make([]int, n), make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			ctx := context.Background()
			pool, err := pgxpool.New(ctx, dsn)
			if err != nil {
				errs[i] = err
				return
			}
			t.Cleanup(pool.Close)
			if applied[i], err = pgsource.Migrate(ctx, pool, catalog(t)); err != nil {
				errs[i] = err
				return
			}
			listening := make(chan struct{}, 1)
			s, err := pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: catalog(t), Logger: slog.New(slog.DiscardHandler),
				Listening: func() { listening <- struct{}{} }})
			if err != nil {
				errs[i] = err
				return
			}
			runCtx, cancel := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { defer close(done); s.Run(runCtx) }()
			t.Cleanup(func() { cancel(); <-done })
			<-listening
		})
	}
	close(start)
	wg.Wait()
	return applied, errs
}

func schemaRows(t *testing.T, pool *pgxpool.Pool) []int {
	t.Helper()
	rows, err := pool.Query(context.Background(), "select version from "+pgsource.SchemaTable+" order by version")
	require.NoError(t, err)
	var out []int
	for rows.Next() {
		var v int
		require.NoError(t, rows.Scan(&v))
		out = append(out, v)
	}
	require.NoError(t, rows.Err())
	return out
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func TestFourReplicasStartingAtOnce(t *testing.T) {
	all := []int{1, 2, 3}
	require.Equal(t, len(all), pgsource.SchemaVersion)

	t.Run("on a fresh database all four are up, and the schema is applied once", func(t *testing.T) {
		srv := pgtest.Start(t)
		applied, errs := startReplicas(t, srv.DSN, 4)
		for i, err := range errs {
			assert.NoError(t, err, "replica %d", i)
		}
		assert.Equal(t, len(all), sum(applied), "migrations applied, over the four: %v", applied)
		pool, err := pgxpool.New(context.Background(), srv.DSN)
		require.NoError(t, err)
		defer pool.Close()
		assert.Equal(t, all, schemaRows(t, pool))
	})

	t.Run("on an existing database of the old schema, its themes kept and given a first revision", func(t *testing.T) {
		_, pool := startDB(t, pgsource.Schema) // what hosts applied before migrations
		addTenantTo(t, pool, pgsource.Tables{}, "acme")
		ctx := context.Background()
		before, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		dsn := pool.Config().ConnString()
		applied, errs := startReplicas(t, dsn, 4)
		for i, err := range errs {
			assert.NoError(t, err, "replica %d", i)
		}
		assert.Equal(t, len(all), sum(applied), "migrations applied, over the four: %v (1 again, idempotent, 2 and 3)", applied)
		assert.Equal(t, all, schemaRows(t, pool))

		after, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		assert.Equal(t, before, after, "the themes' rows are as they were")
		revs := pgsource.Revisions{DB: pool, Catalog: catalog(t)}
		for _, th := range before {
			h, err := revs.History(ctx, "acme", th.ID, revision.Page{})
			require.NoError(t, err)
			require.Len(t, h, 1, "theme %d", th.ID)
			assert.True(t, h[0].Live)
			assert.Equal(t, th, h[0].Theme)
			assert.Equal(t, revision.Diff(theming.Theme{ID: th.ID}, th), h[0].Changes)
			l, err := revs.Log(ctx, "acme", th.ID, revision.Page{})
			require.NoError(t, err)
			require.Len(t, l, 1, "theme %d's log", th.ID)
			assert.Equal(t, revision.Publication{ThemeID: th.ID, Seq: 1, Action: revision.ActionPublish, To: 1,
				Change: revision.Change{Author: "themekit", Note: "migration 2"}, At: l[0].At}, l[0])
		}
		t.Run("and the admin path works on them at once", func(t *testing.T) {
			next := before[0]
			next.Name += ", edited"
			r, err := revs.Save(ctx, "acme", next, 1, revision.Change{Author: "alice"})
			require.NoError(t, err)
			assert.Equal(t, []revision.FieldChange{{Field: "name", From: before[0].Name, To: next.Name}}, r.Changes)
			require.NoError(t, revs.Publish(ctx, "acme", next.ID, r.Number, 1, revision.Change{Author: "alice"}))
		})
	})

	t.Run("a database at the version is left alone, one the next release migrated is run on, and one newer is ErrSchemaNewer", func(t *testing.T) {
		_, pool := startDB(t, "")
		ctx := context.Background()
		n, err := pgsource.Migrate(ctx, pool, catalog(t))
		require.NoError(t, err)
		assert.Zero(t, n)
		next := pgsource.SchemaVersion + 1
		_, err = pool.Exec(ctx, "insert into "+pgsource.SchemaTable+" (version, name, runs_from) values ($1, 'the next release, additive', $2)",
			next, pgsource.SchemaVersion)
		require.NoError(t, err)
		n, err = pgsource.Migrate(ctx, pool, catalog(t))
		assert.NoError(t, err, "a schema the next release migrated, that this one runs on")
		assert.Zero(t, n)
		_, err = pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: catalog(t)})
		assert.NoError(t, err)

		_, err = pool.Exec(ctx, "insert into "+pgsource.SchemaTable+" (version, name, runs_from) values ($1, 'from the future', $1)", next+1)
		require.NoError(t, err)
		_, err = pgsource.Migrate(ctx, pool, catalog(t))
		require.ErrorIs(t, err, pgsource.ErrSchemaNewer)
		assert.ErrorContains(t, err, fmt.Sprintf("the schema is version %d, which releases of schema version %d and later run on; this release's is %d",
			next+1, next+1, pgsource.SchemaVersion))
		_, err = pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: catalog(t)})
		assert.ErrorIs(t, err, pgsource.ErrSchemaNewer, "New checks too")
		assert.Equal(t, []int{1, 2, 3, next, next + 1}, schemaRows(t, pool), "nothing changed")
	})
}

// A replica whose role may read the tables and nothing else starts on a
// migrated database: Migrate finds nothing to do without taking a lock
// or changing anything.
func TestMigrateAsAReadOnlyRole(t *testing.T) {
	srv, pool := startDB(t, "")
	ctx := context.Background()
	_, err := pool.Exec(ctx, "create role replica login; grant select on all tables in schema public to replica")
	require.NoError(t, err)
	cfg, err := pgxpool.ParseConfig(srv.DSN)
	require.NoError(t, err)
	cfg.ConnConfig.User = "replica"
	ro, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	defer ro.Close()
	n, err := pgsource.Migrate(ctx, ro, catalog(t))
	require.NoError(t, err)
	assert.Zero(t, n)
	s, err := pgsource.New(ctx, pgsource.Options{Pool: ro, Catalog: catalog(t)})
	require.NoError(t, err)
	_, err = s.Snapshot(tenant.With(ctx, "nobody"))
	assert.ErrorIs(t, err, theming.ErrUnknownTenant, "the replica reads")

	t.Run("on a schema newer than it runs on, the role without CREATE gets ErrSchemaNewer, not a permission error", func(t *testing.T) {
		_, err := pool.Exec(ctx, "revoke create on schema public from public, replica")
		require.NoError(t, err)
		_, err = pool.Exec(ctx, "insert into "+pgsource.SchemaTable+" (version, name, runs_from) values (99, 'from the future', 99)")
		require.NoError(t, err)
		_, err = pgsource.Migrate(ctx, ro, catalog(t))
		require.ErrorIs(t, err, pgsource.ErrSchemaNewer)
		assert.NotContains(t, err.Error(), "permission denied")
		_, err = pgsource.New(ctx, pgsource.Options{Pool: ro, Catalog: catalog(t)})
		assert.ErrorIs(t, err, pgsource.ErrSchemaNewer)
	})
}

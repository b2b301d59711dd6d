package pgsource_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
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

// badRows writes, past any store, theme 5 (its nav-bar color cut short)
// and theme 6 (a blank name) for tenant: rows that do not validate.
func badRows(t *testing.T, pool *pgxpool.Pool, tenant string) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `insert into themes (tenant_id, id, name) values ($1, 5, 'Broken'), ($1, 6, ' ')`, tenant)
	require.NoError(t, err)
	_, err = pool.Exec(context.Background(), `insert into theme_colors values ($1, 5, 'nav-bar', 'light', 'hsl(10, 80%')`, tenant)
	require.NoError(t, err)
}

// asReleaseTwoLeftIt brings a database of the contract alone to schema
// version 2 as the release of version 2 did: every theme's rows a first
// revision, live, whether it validates or not.
func asReleaseTwoLeftIt(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	_, err := pool.Exec(ctx, pgsource.RevisionsSQL+`;
		create table `+pgsource.SchemaTable+` (version int primary key, name text not null, applied_at timestamptz not null default now());
		insert into `+pgsource.SchemaTable+` (version, name) values (1, 'one'), (2, 'two')`)
	require.NoError(t, err)
	rows, err := pool.Query(ctx, "select id from tenants")
	require.NoError(t, err)
	tenants, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	for _, name := range tenants {
		themes, err := pgsource.Tables{}.Read(ctx, pool, name)
		require.NoError(t, err)
		for _, th := range themes {
			_, err := pool.Exec(ctx, `insert into theme_revisions (tenant_id, theme_id, number, theme, author, note, changes, published_at, published_by, published_note)
				values ($1, $2, 1, $3, 'themekit', 'the theme as it was before revisions', coalesce($4::jsonb, '[]'), now(), 'themekit', 'migration 2')`,
				name, th.ID, th, revision.Diff(theming.Theme{ID: th.ID}, th))
			require.NoError(t, err)
			_, err = pool.Exec(ctx, "insert into theme_live values ($1, $2, 1)", name, th.ID)
			require.NoError(t, err)
		}
	}
}

// TestEveryThemeGetsALiveRevisionThatValidates: a theme whose rows do not
// validate is recorded, never made live, and given a live revision that
// validates (its last valid one, else the catalog's defaults under its
// id and name), whichever schema the database comes from; every replica,
// restarted or not, then serves the same.
func TestEveryThemeGetsALiveRevisionThatValidates(t *testing.T) {
	ctx := context.Background()
	standIn := revision.Change{Author: "themekit", Note: "migration 3: the catalog's defaults, for a theme with no revision that validates"}
	check := func(t *testing.T, pool *pgxpool.Pool, wantLog []revision.Publication) {
		t.Helper()
		revs := pgsource.Revisions{DB: pool, Catalog: catalog(t)}
		for id, name := range map[int]string{5: "Broken", 6: "Theme 6"} {
			h, err := revs.Head(ctx, "acme", id)
			require.NoError(t, err)
			assert.Equal(t, revision.Head{Newest: 2, Live: 2}, h, "theme %d", id)
			hist, err := revs.History(ctx, "acme", id, revision.Page{})
			require.NoError(t, err)
			require.Len(t, hist, 2)
			assert.Equal(t, theming.Theme{ID: id, Name: name}, hist[0].Theme, "theme %d: the stand-in", id)
			assert.Equal(t, standIn, hist[0].Change)
			assert.False(t, hist[1].Live, "theme %d: the rows, recorded, never live", id)
			assert.Error(t, catalog(t).CheckTheme(hist[1].Theme), "premise: theme %d's rows do not validate", id)
		}
		l, err := revs.Log(ctx, "acme", 5, revision.Page{})
		require.NoError(t, err)
		for i := range l {
			l[i].At = time.Time{}
		}
		assert.Equal(t, wantLog, l)
		h, err := revs.Head(ctx, "acme", 1)
		require.NoError(t, err)
		assert.Equal(t, revision.Head{Newest: 1, Live: 1}, h, "a theme that validates keeps its one revision, live")

		// Every replica serves the stand-in: one started now, and one
		// that served the theme before it was restarted.
		first := startReplica(t, pool, nil)
		rt, ok := mustSnapshot(t, first, "acme").Theme(5)
		require.True(t, ok)
		assert.Equal(t, "Broken", rt.Name())
		assert.Empty(t, rt.Theme().Colors, "the catalog's colors")
		second := startReplica(t, pool, nil)
		rt2, _ := mustSnapshot(t, second, "acme").Theme(5)
		assert.Equal(t, rt.Theme(), rt2.Theme())
	}

	t.Run("from the contract alone, the bad rows are never live", func(t *testing.T) {
		_, pool := startDB(t, pgsource.Schema)
		addTenantTo(t, pool, pgsource.Tables{}, "acme")
		badRows(t, pool, "acme")
		_, err := pgsource.Migrate(ctx, pool, catalog(t))
		require.NoError(t, err)
		check(t, pool, []revision.Publication{{ThemeID: 5, Seq: 1, Action: revision.ActionPublish, To: 2, Change: standIn}})
	})
	t.Run("from schema version 2, the bad rows live, they are live no more", func(t *testing.T) {
		_, pool := startDB(t, pgsource.Schema)
		addTenantTo(t, pool, pgsource.Tables{}, "acme")
		badRows(t, pool, "acme")
		asReleaseTwoLeftIt(t, pool)
		_, err := pgsource.Migrate(ctx, pool, catalog(t))
		require.NoError(t, err)
		check(t, pool, []revision.Publication{
			{ThemeID: 5, Seq: 2, Action: revision.ActionPublish, From: 1, To: 2,
				Change: revision.Change{Author: "themekit", Note: standIn.Note + " (revision 1 does not validate)"}},
			{ThemeID: 5, Seq: 1, Action: revision.ActionPublish, To: 1, Change: revision.Change{Author: "themekit", Note: "migration 2"}},
		})
	})
	t.Run("from schema version 2, a theme written past it gets its rows as a first revision, live", func(t *testing.T) {
		_, pool := startDB(t, pgsource.Schema)
		addTenantTo(t, pool, pgsource.Tables{}, "acme")
		asReleaseTwoLeftIt(t, pool)
		_, err := pool.Exec(ctx, "insert into themes (tenant_id, id, name) values ('acme', 7, 'Written by hand')")
		require.NoError(t, err)
		_, err = pgsource.Migrate(ctx, pool, catalog(t))
		require.NoError(t, err)
		revs := pgsource.Revisions{DB: pool, Catalog: catalog(t)}
		r, err := revs.Revision(ctx, "acme", 7, 1)
		require.NoError(t, err)
		assert.True(t, r.Live && r.Outside, "live, marked as written past the store")
		assert.Equal(t, "Written by hand", r.Theme.Name)
		l, err := revs.Log(ctx, "acme", 7, revision.Page{})
		require.NoError(t, err)
		require.Len(t, l, 1)
		assert.Equal(t, [3]any{revision.ActionOutside, 0, 1}, [3]any{l[0].Action, l[0].From, l[0].To})
	})
}

func mustSnapshot(t *testing.T, r *replica, tenant string) *theming.Snapshot {
	t.Helper()
	s, err := r.snapshot(tenant)
	require.NoError(t, err)
	return s
}

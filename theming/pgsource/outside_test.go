package pgsource_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// TestChangesPastTheStore: what plain SQL does to a database that keeps
// revisions is recorded, never silently undone, and served alike by
// every replica.
func TestChangesPastTheStore(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	addTenant(t, pool, "acme")
	revs := pgsource.Revisions{DB: pool, Catalog: catalog(t)}
	exec := func(t *testing.T, sql string, args ...any) {
		t.Helper()
		_, err := pool.Exec(ctx, sql, args...)
		require.NoError(t, err)
	}

	t.Run("a color changed by plain SQL is named by the next publish, recorded, and not reverted", func(t *testing.T) {
		h, err := revs.Head(ctx, "acme", 1)
		require.NoError(t, err)
		live, err := revs.Revision(ctx, "acme", 1, h.Live)
		require.NoError(t, err)
		draft := live.Theme
		draft.Name = "Harbor, edited"
		r, err := revs.Save(ctx, "acme", draft, h.Newest, revision.Change{Author: "alice"})
		require.NoError(t, err)
		exec(t, "update theme_colors set value = 'hsl(221, 80%, 35%)' where tenant_id = 'acme' and theme_id = 1 and component_id = 'link' and scheme = 'light'")

		err = revs.Publish(ctx, "acme", 1, r.Number, h.Live, revision.Change{Author: "alice"})
		var ce *revision.ConflictError
		require.ErrorAs(t, err, &ce)
		assert.EqualError(t, err, `revision: conflict: publish of theme 1 from live revision 1, but the theme served was changed past the store `+
			`(recorded as revision 3, live now): colors.link.light "hsl(221, 80%, 40%)" -> "hsl(221, 80%, 35%)"`)
		themes, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		assert.Equal(t, "hsl(221, 80%, 35%)", themes[0].Colors["link"].Light, "not reverted")
		hist, err := revs.History(ctx, "acme", 1, revision.Page{Limit: 1})
		require.NoError(t, err)
		assert.True(t, hist[0].Outside && hist[0].Live)
		assert.Equal(t, []revision.FieldChange{{Field: "colors.link.light", From: "hsl(221, 80%, 40%)", To: "hsl(221, 80%, 35%)"}}, hist[0].Changes,
			"revision 3's changes from the live revision, not from revision 2, the draft")
	})

	t.Run("a change of theme_live by plain SQL is logged by the database, with the role that made it", func(t *testing.T) {
		exec(t, "update theme_live set number = 1 where tenant_id = 'acme' and theme_id = 1")
		l, err := revs.Log(ctx, "acme", 1, revision.Page{Limit: 1})
		require.NoError(t, err)
		assert.Equal(t, [5]any{revision.ActionOutside, 3, 1, "postgres", "theme_live changed past pgsource.Revisions"},
			[5]any{l[0].Action, l[0].From, l[0].To, l[0].Author, l[0].Note})
	})

	t.Run("the log is append-only, but for a tenant's deletion", func(t *testing.T) {
		_, err := pool.Exec(ctx, "update theme_publications set author = 'mallory'")
		assert.ErrorContains(t, err, "themekit: theme_publications is append-only")
		_, err = pool.Exec(ctx, "delete from theme_publications where tenant_id = 'acme'")
		assert.ErrorContains(t, err, "themekit: theme_publications is append-only")
		require.NoError(t, revs.CreateTenant(ctx, "gone"))
		r, err := revs.Save(ctx, "gone", theming.Theme{ID: 1, Name: "Soon gone"}, 0, revision.Change{})
		require.NoError(t, err)
		require.NoError(t, revs.Publish(ctx, "gone", 1, r.Number, 0, revision.Change{}))
		exec(t, "delete from tenants where id = 'gone'")
		var left int
		require.NoError(t, pool.QueryRow(ctx, "select count(*) from theme_publications where tenant_id = 'gone'").Scan(&left))
		assert.Zero(t, left)
	})

	t.Run("in a host's transaction, the conflict of a change past the store is recorded with it, and the transaction usable", func(t *testing.T) {
		exec(t, "update themes set name = 'Ember, by hand' where tenant_id = 'acme' and id = 2")
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		in := revs
		in.DB = tx
		err = in.Archive(ctx, "acme", 2, 1, revision.Change{Author: "carol"})
		var ce *revision.ConflictError
		require.True(t, errors.As(err, &ce) && ce.Outside, "%v", err)
		assert.Equal(t, "archive", ce.Op)
		var one int
		require.NoError(t, tx.QueryRow(ctx, "select 1").Scan(&one))
		require.NoError(t, tx.Commit(ctx))
		h, err := revs.Head(ctx, "acme", 2)
		require.NoError(t, err)
		assert.Equal(t, revision.Head{Newest: 2, Live: 2}, h, "the change, recorded and live")
		require.NoError(t, revs.Archive(ctx, "acme", 2, 2, revision.Change{Author: "carol"}))
	})

	t.Run("a theme written past the store whose row goes bad is served alike by every replica, restarted or not", func(t *testing.T) {
		exec(t, "insert into themes (tenant_id, id, name) values ('acme', 9, 'By hand')")
		exec(t, "insert into theme_colors values ('acme', 9, 'nav-bar', 'light', 'hsl(10, 80%, 30%)')")
		before := startReplica(t, pool, nil)
		rt, ok := mustSnapshot(t, before, "acme").Theme(9)
		require.True(t, ok)
		require.Equal(t, "By hand", rt.Name(), "premise: the replica served the theme written by hand")
		exec(t, "update theme_colors set value = 'hsl(10, 80%' where tenant_id = 'acme' and theme_id = 9")
		assert.Eventually(t, func() bool {
			rt, ok := mustSnapshot(t, before, "acme").Theme(9)
			return ok && len(rt.Theme().Colors) == 0
		}, 5e9, 5e6, "the replica that served it serves its stand-in, not what it served before")
		after := startReplica(t, pool, nil)
		rt1, _ := mustSnapshot(t, before, "acme").Theme(9)
		rt2, ok := mustSnapshot(t, after, "acme").Theme(9)
		require.True(t, ok)
		assert.Equal(t, rt1.Theme(), rt2.Theme())
		assert.Equal(t, "By hand", rt2.Name())
	})
}

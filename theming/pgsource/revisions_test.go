package pgsource_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/revision/revisiontest"
)

// TestRevisionsPassTheConformanceSuite runs revisiontest's suite on
// PostgreSQL: the store is a replica's Revisions, the source the replica,
// which learns of each publish by its notification; each subtest has a
// tenant of its own.
func TestRevisionsPassTheConformanceSuite(t *testing.T) {
	_, pool := startDB(t, "")
	r := startReplica(t, pool, nil)
	var n atomic.Int32
	revisiontest.TestStore(t, func(t *testing.T) revisiontest.Env {
		name := fmt.Sprint("suite", n.Add(1))
		_, err := pool.Exec(context.Background(), "insert into tenants (id) values ($1)", name)
		require.NoError(t, err)
		return revisiontest.Env{Store: r.Revisions(), Source: r, Tenant: name, Catalog: catalog(t), Policy: contrast.Policy{}}
	})
}

func TestRevisions(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	_, err := pool.Exec(ctx, "insert into tenants (id) values ('acme')")
	require.NoError(t, err)
	first, second := startReplica(t, pool, nil), startReplica(t, pool, nil)
	revs := first.Revisions()
	th := theming.Theme{ID: 1, Name: "Harbor"}

	t.Run("a publish on one replica is served by the other", func(t *testing.T) {
		r, err := revs.Save(ctx, "acme", th, 0, revision.Change{Author: "alice"})
		require.NoError(t, err)
		require.NoError(t, revs.Publish(ctx, "acme", 1, r.Number, 0, revision.Change{Author: "alice"}))
		assert.Eventually(t, func() bool { return second.themeName(t, "acme") == "Harbor" }, 2*time.Second, 5*time.Millisecond)
	})
	t.Run("a publish writes the revision into the contract's tables", func(t *testing.T) {
		themes, err := pgsource.Tables{}.Read(ctx, pool, "acme")
		require.NoError(t, err)
		require.Len(t, themes, 1)
		assert.Equal(t, "Harbor", themes[0].Name)
	})
	t.Run("a tenant that does not exist is refused", func(t *testing.T) {
		_, err := revs.Save(ctx, "initech", th, 0, revision.Change{})
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
	})
	t.Run("in a host's transaction: a save and the host's audit row commit together", func(t *testing.T) {
		_, err := pool.Exec(ctx, "create table audit_log (who text, what text)")
		require.NoError(t, err)
		h, err := revs.History(ctx, "acme", 1)
		require.NoError(t, err)
		save := func(base int, commit bool) error {
			tx, err := pool.Begin(ctx)
			require.NoError(t, err)
			defer tx.Rollback(ctx)
			in := revs
			in.DB = tx
			r, err := in.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor, audited"}, base, revision.Change{Author: "carol"})
			if err != nil {
				return err
			}
			_, err = tx.Exec(ctx, "insert into audit_log values ($1, $2)", "carol", fmt.Sprint("theme 1 revision ", r.Number))
			require.NoError(t, err)
			if commit {
				require.NoError(t, tx.Commit(ctx))
			}
			return nil
		}
		require.NoError(t, save(h[0].Number, false))
		after, _ := revs.History(ctx, "acme", 1)
		assert.Len(t, after, len(h), "rolled back with the host's transaction")
		require.NoError(t, save(h[0].Number, true))
		after, _ = revs.History(ctx, "acme", 1)
		assert.Len(t, after, len(h)+1)
		var rows int
		require.NoError(t, pool.QueryRow(ctx, "select count(*) from audit_log").Scan(&rows))
		assert.Equal(t, 1, rows)

		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		in := revs
		in.DB = tx
		_, err = in.Save(ctx, "acme", th, h[0].Number, revision.Change{Author: "dave"})
		require.ErrorIs(t, err, revision.ErrConflict)
		var one int
		assert.NoError(t, tx.QueryRow(ctx, "select 1").Scan(&one), "the host's transaction is still usable after the conflict")
	})
	t.Run("a revision row written past the library that does not decode is refused at publish", func(t *testing.T) {
		h, err := revs.History(ctx, "acme", 1)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `update theme_revisions set theme = '{"id": 1, "name": "", "colors": {"primary": {"light": "hsl(1, 2%"}}}'
			where tenant_id = 'acme' and theme_id = 1 and number = $1`, h[0].Number)
		require.NoError(t, err)
		err = revs.Publish(ctx, "acme", 1, h[0].Number, 1, revision.Change{})
		var ve *theming.ValidationError
		assert.True(t, errors.As(err, &ve), "%v", err)
	})
}

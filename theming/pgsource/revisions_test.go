package pgsource_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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
// tenant of its own. Changes past the store are plain SQL on the
// contract's tables.
func TestRevisionsPassTheConformanceSuite(t *testing.T) {
	_, pool := startDB(t, "")
	r := startReplica(t, pool, nil)
	var n atomic.Int32
	revisiontest.TestStore(t, func(t *testing.T) revisiontest.Env {
		return revisiontest.Env{Store: r.Revisions(), Source: r, Tenant: fmt.Sprint("suite", n.Add(1)), Catalog: catalog(t),
			Policy: contrast.Policy{}, Outside: writeBySQL(pool)}
	})
}

// writeBySQL writes a theme's name, default flag and colors into the
// contract's tables as a host's plain SQL would, past the store; a nil
// theme deletes it.
func writeBySQL(pool *pgxpool.Pool) func(ctx context.Context, tenant string, id int, th *theming.Theme) error {
	return func(ctx context.Context, tenant string, id int, th *theming.Theme) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "delete from themes where tenant_id = $1 and id = $2", tenant, id); err != nil || th == nil {
				return err
			}
			if _, err := tx.Exec(ctx, "insert into themes (tenant_id, id, name, is_default) values ($1, $2, $3, $4)",
				tenant, id, th.Name, th.IsDefault); err != nil {
				return err
			}
			for comp, o := range th.Colors {
				for _, sc := range theming.Schemes() {
					if v := o.For(sc); v != "" {
						if _, err := tx.Exec(ctx, "insert into theme_colors values ($1, $2, $3, $4, $5)", tenant, id, comp, string(sc), v); err != nil {
							return err
						}
					}
				}
			}
			return nil
		})
	}
}

func TestRevisions(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	first, second := startReplica(t, pool, nil), startReplica(t, pool, nil)
	revs := first.Revisions()
	require.NoError(t, revs.CreateTenant(ctx, "acme"))
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
		h, err := revs.History(ctx, "acme", 1, revision.Page{})
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
		after, _ := revs.History(ctx, "acme", 1, revision.Page{})
		assert.Len(t, after, len(h), "rolled back with the host's transaction")
		require.NoError(t, save(h[0].Number, true))
		after, _ = revs.History(ctx, "acme", 1, revision.Page{})
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
		h, err := revs.History(ctx, "acme", 1, revision.Page{})
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `update theme_revisions set theme = '{"id": 1, "name": "", "colors": {"primary": {"light": "hsl(1, 2%"}}}'
			where tenant_id = 'acme' and theme_id = 1 and number = $1`, h[0].Number)
		require.NoError(t, err)
		err = revs.Publish(ctx, "acme", 1, h[0].Number, 1, revision.Change{})
		var ve *theming.ValidationError
		assert.True(t, errors.As(err, &ve), "%v", err)
	})
}

package pgsource_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// TestTheDatabaseStoresRefuseAThemeOverItsBounds: a save through the
// revision store and through Tables.Save goes through CheckTheme, so a
// theme with a string over its bound (the finding: a 9 MiB name saved and
// published through examples/chihost's form) is refused with ErrTooLarge
// by theme and field, and nothing is written.
func TestTheDatabaseStoresRefuseAThemeOverItsBounds(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	addTenant(t, pool, pgsource.Tables{}, "acme")
	r := startReplica(t, pool, nil)
	long := theming.Theme{ID: 9, Name: strings.Repeat("n", 9<<20)}
	refused := func(t *testing.T, err error) {
		t.Helper()
		var ve *theming.ValidationError
		require.ErrorAs(t, err, &ve)
		require.Len(t, ve.Problems, 1)
		assert.ErrorIs(t, ve.Problems[0], theming.ErrTooLarge)
		assert.Equal(t, "theme 9: name: is 9437184 characters long; the limit is 200", ve.Problems[0].Error())
	}
	t.Run("the revision store", func(t *testing.T) {
		_, err := r.Revisions().Save(ctx, "acme", long, 0, revision.Change{Author: "mallory"})
		refused(t, err)
		history, err := r.Revisions().History(ctx, "acme", 9)
		require.NoError(t, err)
		assert.Empty(t, history, "nothing is stored")
	})
	t.Run("Tables.Save", func(t *testing.T) {
		refused(t, pgsource.Tables{}.Save(ctx, pool, catalog(t), "acme", long))
		var n int
		require.NoError(t, pool.QueryRow(ctx, "select count(*) from themes where tenant_id = 'acme' and id = 9").Scan(&n))
		assert.Zero(t, n, "nothing is written")
	})
}

package pgsource_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// TestTheDatabaseStoreRefusesAThemeOverItsBounds: a save through the
// revision store goes through CheckTheme, so a theme with a string over
// its bound (the finding: a 9 MiB name saved and published through
// examples/chihost's form) is refused with ErrTooLarge by theme and field,
// and no revision is written.
func TestTheDatabaseStoreRefusesAThemeOverItsBounds(t *testing.T) {
	_, pool := startDB(t, "")
	ctx := context.Background()
	_, err := pool.Exec(ctx, "insert into tenants (id) values ('acme')")
	require.NoError(t, err)
	r := startReplica(t, pool, nil)
	_, err = r.Revisions().Save(ctx, "acme", theming.Theme{ID: 9, Name: strings.Repeat("n", 9<<20)}, 0, revision.Change{Author: "mallory"})
	var ve *theming.ValidationError
	require.ErrorAs(t, err, &ve)
	var name *theming.Problem
	for _, p := range ve.Problems {
		if p.Path == "name" {
			name = p
		}
	}
	require.NotNil(t, name, "a problem at the name: %v", err)
	assert.ErrorIs(t, name, theming.ErrTooLarge)
	assert.Equal(t, "theme 9: name: is 9437184 characters long; the limit is 200", name.Error())
	var n int
	require.NoError(t, pool.QueryRow(ctx, "select count(*) from theme_revisions where tenant_id = 'acme'").Scan(&n))
	assert.Zero(t, n, "no revision is written")
}

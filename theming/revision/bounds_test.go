package revision_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

// TestTheMemoryStoreRefusesAThemeOverItsBounds: a save goes through
// CheckTheme, so a theme with a string over its bound (a 1 MiB name, the
// finding's) is refused with ErrTooLarge by theme and field. (pgsource's
// store: TestTheDatabaseStoreRefusesAThemeOverItsBounds.)
func TestTheMemoryStoreRefusesAThemeOverItsBounds(t *testing.T) {
	ctx := context.Background()
	m := revision.NewMemory(defaultCatalog(t), contrast.Policy{})
	_, err := m.Save(ctx, "acme", theming.Theme{ID: 3, Name: strings.Repeat("n", 1<<20)}, 0, revision.Change{Author: "mallory"})
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
	assert.Equal(t, "theme 3: name: is 1048576 characters long; the limit is 200", name.Error())
}

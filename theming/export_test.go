package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/internal/kernel"
	"github.com/themekit/themekit/theming"
)

// The seam the contrast engine reaches the core through opens for the
// module's own token alone.
func TestInternalExportOpensForTheModulesTokenAlone(t *testing.T) {
	const msg = "theming: Internal.Export is for the themekit module's own packages"
	t.Run("a token of the right type that is not the module's panics", func(t *testing.T) {
		assert.PanicsWithValue(t, msg, func() { theming.Internal.Export(&kernel.NotForPublicUse{}) })
	})
	t.Run("a nil token panics", func(t *testing.T) {
		assert.PanicsWithValue(t, msg, func() { theming.Internal.Export(nil) })
	})
	t.Run("a copy of the module's token panics: its address is what counts", func(t *testing.T) {
		token := kernel.AllowInternalUse
		assert.PanicsWithValue(t, msg, func() { theming.Internal.Export(&token) })
	})
	t.Run("the module's token opens it", func(t *testing.T) {
		assert.NotPanics(t, func() { theming.Internal.Export(&kernel.AllowInternalUse) })
	})
}

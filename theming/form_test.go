package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestFieldAndSetField(t *testing.T) {
	th := theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(10, 50%, 40%)"}}}

	t.Run("a field reads the override as written, and an unset one reads empty", func(t *testing.T) {
		v, err := th.Field("colors.primary.light")
		require.NoError(t, err)
		assert.Equal(t, "hsl(10, 50%, 40%)", v)
		v, err = th.Field("colors.primary.dark")
		require.NoError(t, err)
		assert.Empty(t, v)
		v, err = th.Field("colors.link.light")
		require.NoError(t, err)
		assert.Empty(t, v)
	})
	t.Run("setting a field keeps the other scheme, and clearing both removes the override", func(t *testing.T) {
		th := th
		th.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(10, 50%, 40%)"}}
		require.NoError(t, th.SetField("colors.primary.dark", "link"))
		assert.Equal(t, theming.PerScheme{Light: "hsl(10, 50%, 40%)", Dark: "link"}, th.Colors["primary"])
		require.NoError(t, th.SetField("colors.primary.light", ""))
		require.NoError(t, th.SetField("colors.primary.dark", ""))
		assert.NotContains(t, th.Colors, "primary")
	})
	for _, bad := range []string{"name", "colors.primary", "colors.primary.dim", "colors..light", "colors.Primary.light"} {
		t.Run("a name that is no field is refused: "+bad, func(t *testing.T) {
			th := th
			th.Colors = map[string]theming.PerScheme{}
			_, err := th.Field(bad)
			assert.ErrorIs(t, err, theming.ErrUnknownThemeField)
			assert.ErrorIs(t, th.SetField(bad, "hsl(0, 0%, 0%)"), theming.ErrUnknownThemeField)
			assert.Empty(t, th.Colors, "nothing set")
		})
	}
}

package theming_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

func TestNewFromDefaultValues(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	s, err := theming.New(cat, themes)
	require.NoError(t, err)
	want, err := theming.LoadDefault()
	require.NoError(t, err)
	assert.Equal(t, want.ComponentDefsJSON(), s.ComponentDefsJSON())
	got, err := s.ThemesJSON("")
	require.NoError(t, err)
	wantThemes, err := want.ThemesJSON("")
	require.NoError(t, err)
	assert.Equal(t, string(wantThemes), string(got))
	assert.NotEmpty(t, s.Version())
	assert.NotNil(t, s.Catalog())
}

func TestNewWithNilThemes(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	s, err := theming.New(cat, nil)
	require.NoError(t, err)
	_, err = s.ChooseTheme(0)
	assert.ErrorIs(t, err, theming.ErrNoThemes)
}

func TestCheckThemeNamesTheTheme(t *testing.T) {
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	require.NoError(t, cc.CheckTheme(themes[0]))
	bad := themes[0]
	bad.ID = 10
	bad.Colors = map[string]theming.ColorOverride{"nav-bgg": {Light: "hsl(0, 0%, 0%)"}}
	err = cc.CheckTheme(bad)
	assert.ErrorIs(t, err, theming.ErrUnknownComponent)
	assert.Contains(t, err.Error(), `theme 10: colors.nav-bgg: unknown component "nav-bgg"`)
}

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

// The base catalog's visible components, in its order (old is hidden).
func TestThemeFieldsAreTheVisibleComponentsFieldsInCatalogOrder(t *testing.T) {
	cc := compileBase(t)
	var got []string
	for f := range cc.ThemeFields() {
		got = append(got, f)
	}
	assert.Equal(t, []string{
		"colors.page.light", "colors.page.dark", "colors.primary.light", "colors.primary.dark",
		"colors.button.light", "colors.button.dark", "colors.button-focus.light", "colors.button-focus.dark",
		"colors.text.light", "colors.text.dark", "colors.scrim.light", "colors.scrim.dark",
	}, got)
	for f := range cc.ThemeFields() {
		_, _, err := theming.ParseField(f)
		assert.NoError(t, err, "%s is a theme field", f)
		break // a consumer may stop early
	}
	for range (&theming.CompiledCatalog{}).ThemeFields() {
		t.Fatal("the zero CompiledCatalog has no fields")
	}
}

// A form shows each problem at the field it is about: the problems of
// one theme's field together, fields in the order of their first problem.
func TestValidationErrorByField(t *testing.T) {
	cc := compileBase(t)
	th := theming.Theme{ID: 4, Name: " ", Colors: map[string]theming.PerScheme{
		"primary": {Light: "#1a73e8f", Dark: "not a color"},
		"nav-bgg": {Light: "hsl(0, 0%, 0%)"},
	}, LogoHeight: -1}
	err := cc.CheckTheme(th)
	var ve *theming.ValidationError
	require.ErrorAs(t, err, &ve)
	got := ve.ByField()
	var fields []string
	count := 0
	for _, ff := range got {
		assert.Equal(t, 4, ff.ThemeID)
		fields = append(fields, ff.Field)
		for _, p := range ff.Problems {
			assert.Equal(t, ff.Field, p.Path, "each problem is listed at its own path")
			count++
		}
	}
	assert.ElementsMatch(t, []string{"name", "colors.nav-bgg", "colors.primary.light", "colors.primary.dark", "logo_height"}, fields)
	assert.Equal(t, len(ve.Problems), count, "every problem is listed once")
	first := map[string]int{}
	for n, p := range ve.Problems {
		if _, ok := first[p.Path]; !ok {
			first[p.Path] = n
		}
	}
	for n := 1; n < len(got); n++ {
		assert.Less(t, first[got[n-1].Field], first[got[n].Field], "fields in the order of their first problem")
	}
	assert.Nil(t, (*theming.ValidationError)(nil).ByField())
}

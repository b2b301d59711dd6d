package revision_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

func TestDiff(t *testing.T) {
	ptr := func(s string) *string { return &s }
	base := theming.Theme{ID: 3, Name: "Harbor", Colors: map[string]theming.PerScheme{
		"primary": {Light: "hsl(10, 50%, 40%)"},
		"link":    {Dark: "primary"},
	}, LogoHeight: 40}
	tests := []struct {
		name string
		edit func(th *theming.Theme)
		want []revision.FieldChange
	}{
		{"an unchanged theme has no changes", func(*theming.Theme) {}, nil},
		{"a color is named as the audit names it", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(10, 50%, 30%)"}, "link": {Dark: "primary"}}
		}, []revision.FieldChange{{Field: "colors.primary.light", From: "hsl(10, 50%, 40%)", To: "hsl(10, 50%, 30%)"}}},
		{"added and removed overrides come first, in name order", func(th *theming.Theme) {
			th.Colors = map[string]theming.PerScheme{"primary": {Light: "hsl(10, 50%, 40%)", Dark: "link"}, "surface": {Light: "hsl(0, 0%, 100%)"}}
			th.Name = "Harbor II"
		}, []revision.FieldChange{
			{Field: "colors.link.dark", From: "primary", To: ""},
			{Field: "colors.primary.dark", From: "", To: "link"},
			{Field: "colors.surface.light", From: "", To: "hsl(0, 0%, 100%)"},
			{Field: "name", From: "Harbor", To: "Harbor II"},
		}},
		{"other fields by their JSON names, in record order, an image pair as two", func(th *theming.Theme) {
			th.IsDefault = true
			th.LogoHeight = 48
			th.Favicon = ptr("themes/3/favicon.png")
			th.DefaultEventBanner = &theming.ImagePair{Thumbnail: ptr("b-t.png"), Original: ptr("b.png")}
		}, []revision.FieldChange{
			{Field: "favicon", From: "", To: "themes/3/favicon.png"},
			{Field: "logo_height", From: "40", To: "48"},
			{Field: "default_event_banner.thumbnail", From: "", To: "b-t.png"},
			{Field: "default_event_banner.original", From: "", To: "b.png"},
			{Field: "is_default", From: "false", To: "true"},
		}},
		{"the id is not a change", func(th *theming.Theme) { th.ID = 4 }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			to := base
			tt.edit(&to)
			assert.Equal(t, tt.want, revision.Diff(base, to))
		})
	}
	t.Run("a first revision's changes are every field it sets", func(t *testing.T) {
		got := revision.Diff(theming.Theme{ID: 3}, base)
		assert.Equal(t, []revision.FieldChange{
			{Field: "colors.link.dark", From: "", To: "primary"},
			{Field: "colors.primary.light", From: "", To: "hsl(10, 50%, 40%)"},
			{Field: "name", From: "", To: "Harbor"},
			{Field: "logo_height", From: "0", To: "40"},
		}, got)
	})
}

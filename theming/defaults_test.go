package theming_test

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
)

// TestDefaultData checks the embedded data against what the library
// promises of it: a realistic catalog with deep chains, hidden
// definitions, overlays and at least three themes, one of them default,
// with every image present.
func TestDefaultData(t *testing.T) {
	s, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	comps := s.Components()
	assert.GreaterOrEqual(t, len(comps), 40, "visible components")

	var cat theming.Catalog
	raw, err := fs.ReadFile(theming.DefaultFS(), "catalog.json")
	require.NoError(t, err)
	require.NoError(t, jsonUnmarshal(raw, &cat))
	hidden := 0
	byID := map[string]theming.Component{}
	for _, c := range cat.Components {
		byID[c.ID] = c
		if c.Hidden {
			hidden++
		}
	}
	assert.GreaterOrEqual(t, hidden, 2, "hidden definitions")

	deepest := 0
	for _, c := range comps {
		depth := 0
		for cur := c; ; depth++ {
			next, ok := byID[cur.Fallback.Light]
			if !ok {
				break
			}
			cur = next
		}
		deepest = max(deepest, depth)
	}
	assert.GreaterOrEqual(t, deepest, 3, "a fallback chain at least three deep")

	overlays := 0
	for _, c := range comps {
		if c.CanEditOpacity != nil && *c.CanEditOpacity {
			overlays++
			assert.NotNil(t, c.DefaultOpacity, "%s has a default opacity", c.ID)
			assert.Empty(t, c.ContrastAgainst, "overlay %s has no contrast rules", c.ID)
		}
	}
	assert.GreaterOrEqual(t, overlays, 3, "overlays for modals, tooltips and skeletons")

	themes := s.Themes()
	assert.GreaterOrEqual(t, len(themes), 3)
	defaults := 0
	for _, rt := range themes {
		th := rt.Theme()
		if th.IsDefault {
			defaults++
		}
		assert.NotEmpty(t, th.Colors, "theme %d overrides colors", th.ID)
		assert.Len(t, rt.PalettePreview(), 7, "theme %d palette preview", th.ID)
		for _, p := range []*string{th.Favicon, th.Logo, th.LogoInverse, th.CompactLogo, th.CompactLogoInverse} {
			if p != nil {
				_, err := fs.Stat(theming.DefaultFS(), "media/"+*p)
				assert.NoError(t, err, "theme %d image %s", th.ID, *p)
			}
		}
	}
	assert.Equal(t, 1, defaults, "exactly one default theme")
}

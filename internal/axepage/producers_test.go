package axepage_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/colorref"
	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/internal/axepage"
	"github.com/themekit/themekit/theming"
)

// TestProducedThemesPassInChromium is issue 20's proof in the browser:
// every theme that FixTheme (at AA, and at AAA for the high-contrast
// variant) and Generate return, served as its stylesheet and rendered on
// a page built from the catalog, gets no
// violation from axe-core's color-contrast (AA) in light and dark, and
// none from color-contrast-enhanced (AAA) with prefers-contrast: more
// emulated or data-contrast="more" set, where the stylesheet's variant
// must show exactly HighContrast's colors. Non-text rules need 3:1 on
// the computed colors throughout.
func TestProducedThemesPassInChromium(t *testing.T) {
	snap := defaultSnapshot(t)
	cc := snap.CompiledCatalog()
	b := axepage.Launch(t)

	// check serves themes as a host would, then their variant both ways.
	check := func(t *testing.T, themes []theming.Theme) {
		t.Helper()
		res := b.CheckThemes(t, cc, themes, axepage.Options{})
		assert.Equal(t, 2*len(themes), res.Pages)

		hc := make([]theming.Theme, len(themes))
		for i, th := range themes {
			var err error
			hc[i], _, err = cc.FixTheme(th, theming.FixOptions{Policy: theming.HighContrastPolicy(), Alpha: true})
			require.NoError(t, err, "the high-contrast variant of theme %d", th.ID)
		}
		b.CheckThemes(t, cc, hc, axepage.Options{Level: contrast.AAA})

		want, err := cc.Snapshot(hc)
		require.NoError(t, err)
		more := axepage.Options{ContrastMore: true, Level: contrast.AAA, Expect: want}
		b.CheckThemes(t, cc, themes, more)
		more.ByAttribute = true
		b.CheckThemes(t, cc, themes, more)
	}

	t.Run("the default themes and their high-contrast variants pass", func(t *testing.T) {
		var themes []theming.Theme
		for _, rt := range snap.Themes() {
			themes = append(themes, rt.Theme())
		}
		check(t, themes)
	})

	t.Run("themes broken several ways pass once FixTheme's result is served", func(t *testing.T) {
		broken := []map[string]theming.PerScheme{
			{"primary": {Light: "hsl(214, 82%, 51%)"}},                                 // sidebar-active-item on its own derived background
			{"text-primary": {Light: "hsl(222, 25%, 70%)"}},                            // text too light
			{"primary": {Light: "hsl(221, 72%, 75%)"}},                                 // a brand too light for its buttons
			{"text-secondary": {Light: "hsla(220, 12%, 70%, 0.85)"}},                   // a translucent text
			{"primary": {Dark: "hsl(217, 90%, 30%)"}},                                  // a dark-only failure
			{"link": {Light: "secondary"}, "secondary": {Light: "hsl(262, 48%, 80%)"}}, // an override others fall back to
		}
		var fixed []theming.Theme
		for i, colors := range broken {
			th := theming.Theme{ID: i + 1, Name: fmt.Sprintf("Broken %d", i+1), Colors: colors}
			before, err := cc.AuditTheme(th, contrast.Policy{})
			require.NoError(t, err)
			require.False(t, before.OK(), "theme %d is broken before the fix", th.ID)
			f, edits, err := cc.FixTheme(th, theming.FixOptions{})
			require.NoError(t, err, "FixTheme of theme %d", th.ID)
			require.NotEmpty(t, edits)
			fixed = append(fixed, f)
		}
		check(t, fixed)
	})

	t.Run("themes Generate makes from one brand color pass", func(t *testing.T) {
		var generated []theming.Theme
		for i, brand := range []string{"hsl(214, 82%, 51%)", "hsl(48, 100%, 50%)", "hsl(140, 70%, 70%)", "hsl(330, 60%, 20%)"} {
			c, err := colorref.ParseColor(brand)
			require.NoError(t, err)
			g, err := cc.Generate(c, theming.GenerateOptions{})
			require.NoError(t, err, "Generate(%s)", brand)
			g.Theme.ID, g.Theme.IsDefault = i+1, i == 0
			generated = append(generated, g.Theme)
		}
		check(t, generated)
	})
}

package axepage_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/themekit/themekit/internal/testkit/axepage"
)

// TestForcedColorsPassInChromium: with forced-colors: active emulated and
// every element opted out (forced-color-adjust: none), the stylesheet's
// forced-colors block maps each rule's two sides to system colors that
// pass the rule in Chromium's own palettes, light and dark: axe-core's
// color-contrast on text, 3:1 on the computed colors for non-text. The
// rules on a literal white, which the stylesheet does not paint, are
// left out.
func TestForcedColorsPassInChromium(t *testing.T) {
	snap := defaultSnapshot(t)
	res := axepage.Check(t, snap, axepage.Options{ForcedColors: true, Themes: []int{1, 3}})
	assert.Equal(t, 4, res.Pages)
	// 76 text pairs per scheme since issue 37 judges every variable, less
	// the 4 on the literal white (nav-bar's and group-header's, two
	// variables each); 80 non-text pairs.
	assert.Equal(t, 4*(76-4), res.TextRules)
	assert.Equal(t, 4*80, res.NonText)
}

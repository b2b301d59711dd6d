// Package gendata generates the synthetic catalogs and themes that the
// scale benchmarks, pathological-input tests and load tests share, so that
// every figure in BENCHMARKS.md and RELIABILITY.md is measured on the same
// shape of data.
package gendata

import (
	"fmt"
	"strings"
)

// Catalog returns a catalog.json of n components: a page background, then
// chains of 50, each component falling back to the one before it and every
// 50th to a color, so chains run up to 50 deep. Each component has two
// variables and one non-text contrast rule against the page.
func Catalog(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"page_background": "page", "palette_preview": ["page"], "components": [`)
	b.WriteString(`{"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 8%)"}, "variables": [{"css_variable": "--page"}]}`)
	for i := 1; i < n; i++ {
		light, dark := fmt.Sprintf("c%d", i-1), fmt.Sprintf("c%d", i-1)
		if i%50 == 1 {
			light = fmt.Sprintf("hsl(%d, 60%%, 30%%)", i%360)
			dark = fmt.Sprintf("hsl(%d, 60%%, 80%%)", i%360)
		}
		fmt.Fprintf(&b, `,{"component_id": "c%d", "name": "Component %d", "fallback": {"light": %q, "dark": %q}, `+
			`"variables": [{"css_variable": "--c%d"}, {"css_variable": "--c%d-hover", "lightness_offset": -5, "opacity": 0.9}], `+
			`"contrast_against": [{"type": "component", "value": "page", "contrast_type": "non-text"}]}`, i, i, light, dark, i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// Themes returns a themes.json of three themes for Catalog(n), each
// overriding the root of every tenth chain in the light scheme; theme 1 is
// the default.
func Themes(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"themes": [`)
	for id := 1; id <= 3; id++ {
		if id > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`{"colors": {`)
		for i := 1; i < n; i += 500 {
			if i > 1 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"c%d": {"light": "hsl(%d, 50%%, 25%%)"}`, i, id*40)
		}
		fmt.Fprintf(&b, `}, "id": %d, "name": "Theme %d", "favicon": "themes/%d/favicon.png", "logo": null, "logo_inverse": null,
		  "compact_logo": null, "compact_logo_inverse": null, "logo_site": null,
		  "light_mode_logo_type": "DEFAULT", "dark_mode_logo_type": "INVERSE", "logo_alignment": "left",
		  "logo_height": 40, "logo_margin_left": 0, "logo_margin_top": 0,
		  "compact_light_mode_logo_type": "DEFAULT", "compact_dark_mode_logo_type": "DEFAULT",
		  "compact_logo_size": 32, "default_group_banner": null, "default_event_banner": null,
		  "default_user_profile_banner": null, "is_default": %t}`, id, id, id, id == 1)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

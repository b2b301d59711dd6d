package theming_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/themekit/themekit/theming"
)

// generatedCatalog returns a catalog of n components: chains of 50, each
// component falling back to the one before it and every 50th to a color,
// so chains run up to 50 deep. Each has two variables and one contrast
// rule against the page.
func generatedCatalog(n int) []byte {
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

// generatedThemes returns three themes, each overriding the root of every
// tenth chain.
func generatedThemes(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"themes": [`)
	for id := 1; id <= 3; id++ {
		if id > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`{"colors": {`)
		first := true
		for i := 1; i < n; i += 500 {
			if !first {
				b.WriteByte(',')
			}
			first = false
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

var benchSizes = []int{1_000, 10_000, 100_000}

// BenchmarkLoad measures load + validate + resolve (every theme, both
// schemes, all derived variables) and the encoded catalog.
func BenchmarkLoad(b *testing.B) {
	for _, n := range benchSizes {
		cat, themes := generatedCatalog(n), generatedThemes(n)
		b.Run(fmt.Sprintf("components=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(cat) + len(themes)))
			for b.Loop() {
				if _, err := theming.Load(cat, themes); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAudit measures the contrast audit of a loaded snapshot: n rules
// × 3 themes × 2 schemes. Each iteration loads a fresh snapshot outside
// the timer, since the audit is computed once per snapshot.
func BenchmarkAudit(b *testing.B) {
	for _, n := range benchSizes {
		cat, themes := generatedCatalog(n), generatedThemes(n)
		b.Run(fmt.Sprintf("components=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				s, err := theming.Load(cat, themes)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if rep := s.Audit(); rep.Checked != (n-1)*6 {
					b.Fatalf("checked %d rules", rep.Checked)
				}
			}
		})
	}
}

func TestGeneratedCatalogLoads(t *testing.T) {
	s, err := theming.Load(generatedCatalog(1000), generatedThemes(1000))
	if err != nil {
		t.Fatal(err)
	}
	rt, _ := s.Theme(2)
	// c49 falls back through c48 ... to c1, which theme 2 overrides in light.
	c, _ := rt.Color(theming.Light, "c49")
	if c.String() != "hsl(80, 50%, 25%)" {
		t.Fatalf("c49 = %v, want the override of c1", c)
	}
}

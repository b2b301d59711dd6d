package httpadapter_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// scaleData returns a catalog of n components and three themes shaped as
// theming's scale benchmarks make them (theming/bench_test.go): chains of
// 50, two variables and one contrast rule each, and themes overriding the
// root of every tenth chain.
func scaleData(n int) (catalog, themes []byte) {
	var b strings.Builder
	b.WriteString(`{"page_background": "page", "palette_preview": ["page"], "components": [`)
	b.WriteString(`{"component_id": "page", "name": "Page", "fallback": {"light": "hsl(0, 0%, 100%)", "dark": "hsl(0, 0%, 8%)"}, "variables": [{"css_variable": "--page"}]}`)
	for i := 1; i < n; i++ {
		light, dark := fmt.Sprintf("c%d", i-1), fmt.Sprintf("c%d", i-1)
		if i%50 == 1 {
			light, dark = fmt.Sprintf("hsl(%d, 60%%, 30%%)", i%360), fmt.Sprintf("hsl(%d, 60%%, 80%%)", i%360)
		}
		fmt.Fprintf(&b, `,{"component_id": "c%d", "name": "Component %d", "fallback": {"light": %q, "dark": %q}, `+
			`"variables": [{"css_variable": "--c%d"}, {"css_variable": "--c%d-hover", "lightness_offset": -5, "opacity": 0.9}], `+
			`"contrast_against": [{"type": "component", "value": "page", "contrast_type": "non-text"}]}`, i, i, light, dark, i, i)
	}
	b.WriteString(`]}`)
	catalog = []byte(b.String())

	b.Reset()
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
	return catalog, []byte(b.String())
}

// BenchmarkScale serves each endpoint from catalogs of 1,000 to 100,000
// components. "request" is a GET once the snapshot's representations
// exist (every request between two reloads); "first" is the first GET
// after a reload, which builds them (the handler is made anew, outside
// the timer, so that its per-snapshot cache is empty).
//
//	go test -run '^$' -bench Scale -benchmem ./httpadapter/
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		cat, themes := scaleData(n)
		snap, err := theming.Load(cat, themes)
		if err != nil {
			b.Fatal(err)
		}
		opts := httpadapter.Options{
			Source:         theming.NewStore(snap),
			PreferredTheme: func(*http.Request) (int, error) { return 2, nil },
		}
		endpoints := []struct {
			name string
			make func(httpadapter.Options) http.Handler
			path string
		}{
			{"component-defs", httpadapter.New, defsPath},
			{"themes", httpadapter.New, themesPath},
			{"config", httpadapter.New, configPath},
			{"stylesheet", httpadapter.Stylesheet, "/theme.css"},
		}
		for _, e := range endpoints {
			req := httptest.NewRequest(http.MethodGet, e.path, nil)
			b.Run(fmt.Sprintf("components=%d/%s/request", n, e.name), func(b *testing.B) {
				h := e.make(opts)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				run(b, h, req, http.StatusOK)
				b.ReportMetric(float64(w.Body.Len()), "body-bytes")
			})
			b.Run(fmt.Sprintf("components=%d/%s/first", n, e.name), func(b *testing.B) {
				b.ReportAllocs()
				w := &benchWriter{h: make(http.Header)}
				for b.Loop() {
					b.StopTimer()
					h := e.make(opts)
					clear(w.h)
					w.code = 0
					b.StartTimer()
					h.ServeHTTP(w, req)
				}
				if w.code != http.StatusOK {
					b.Fatalf("GET %s: status %d", e.path, w.code)
				}
			})
		}
	}
}

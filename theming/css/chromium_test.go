package css_test

import (
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/axepage"
	"github.com/themekit/themekit/internal/testkit/browsertest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// sheetPage is a page with one stylesheet inline and three elements
// below the root: one that follows it, and one each with
// data-color-scheme light and dark.
var sheetPage = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sheet</title>
<style>{{.}}</style></head>
<body><div id="plain"></div><div id="light" data-color-scheme="light"></div><div id="dark" data-color-scheme="dark"></div></body></html>
`))

// computeAll is a script that reads every variable named in names on
// the root and on the three elements, for each setting of the root's
// data-color-scheme (none, light, dark) and data-contrast (none, more):
// the computed values, keyed "<root attributes> <element> <variable>".
const computeAll = `((names) => {
  const root = document.documentElement, out = {};
  for (const cs of ["", "light", "dark"]) {
    for (const dc of ["", "more"]) {
      cs ? root.setAttribute("data-color-scheme", cs) : root.removeAttribute("data-color-scheme");
      dc ? root.setAttribute("data-contrast", dc) : root.removeAttribute("data-contrast");
      for (const el of [root, ...document.querySelectorAll("body > div")]) {
        const style = getComputedStyle(el), id = el.id || "root";
        for (const n of names) out["scheme=" + (cs || "-") + " contrast=" + (dc || "-") + " " + id + " " + n] = style.getPropertyValue(n);
      }
    }
  }
  root.removeAttribute("data-color-scheme");
  root.removeAttribute("data-contrast");
  return out;
})(%s)`

// TestLightDarkComputesAsStylesheetInChromium loads each default theme's
// two sheets, with its high-contrast variant, in headless Chromium, and
// reads every variable's computed value under each emulated
// prefers-color-scheme, prefers-contrast and forced-colors, on the root
// and on elements that set data-color-scheme, with the root's
// data-color-scheme and data-contrast in each state: the light-dark()
// sheet must give every variable the value Stylesheet gives it in every
// one of those contexts. The values the variant moves must be the
// variant's own (checked against the engine's colors, as 8-bit channels)
// under prefers-contrast: more, so that the comparison is not of two
// sheets that both ignore it.
func TestLightDarkComputesAsStylesheetInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	b := axepage.Launch(t)
	snap := defaultSnapshot(t)
	e := fix.New(snap.CompiledCatalog())
	pages := map[string]string{}
	for _, rt := range snap.Themes() {
		v := e.HighContrast(rt)
		for kind, sheet := range map[string][]byte{"stylesheet": css.Stylesheet(rt, v), "light-dark": css.LightDark(rt, v)} {
			var page strings.Builder
			require.NoError(t, sheetPage.Execute(&page, template.CSS(sheet)))
			pages[fmt.Sprintf("/%d/%s", rt.ID(), kind)] = page.String()
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)

	type context struct{ scheme, contrast, forced string }
	var contexts []context
	for _, scheme := range []string{"light", "dark"} {
		for _, contrast := range []string{"no-preference", "more"} {
			for _, forced := range []string{"none", "active"} {
				contexts = append(contexts, context{scheme, contrast, forced})
			}
		}
	}
	compared := 0
	for _, rt := range snap.Themes() {
		var names []string
		for name := range rt.Variables(theming.Light) {
			names = append(names, name)
		}
		quoted := "[\"" + strings.Join(names, "\", \"") + "\"]"
		read := func(kind string) map[context]map[string]string {
			b.Open(t, srv.URL+fmt.Sprintf("/%d/%s", rt.ID(), kind))
			out := map[context]map[string]string{}
			for _, c := range contexts {
				b.Emulate(t, map[string]string{"prefers-color-scheme": c.scheme, "prefers-contrast": c.contrast, "forced-colors": c.forced})
				var values map[string]string
				b.Eval(t, fmt.Sprintf(computeAll, quoted), &values)
				require.Len(t, values, 3*2*4*len(names))
				out[c] = values
			}
			return out
		}
		want, got := read("stylesheet"), read("light-dark")
		hc := e.HighContrast(rt).Theme
		for _, c := range contexts {
			differ := 0
			for key, w := range want[c] {
				compared++
				if got[c][key] != w {
					differ++
					if differ <= 5 {
						t.Errorf("theme %d, %+v, %s: light-dark() sheet %q, Stylesheet %q", rt.ID(), c, key, got[c][key], w)
					}
				}
			}
			if differ > 5 {
				t.Errorf("theme %d, %+v: %d values differ in all", rt.ID(), c, differ)
			}
			if c.contrast != "more" || c.forced != "none" {
				continue
			}
			// The variant applies: each variable on the root is the
			// variant's value in the emulated scheme.
			sc := theming.Scheme(c.scheme)
			for _, name := range names {
				hv, ok := hc.Variable(sc, name)
				require.True(t, ok, name)
				r, g, bl, a := hv.RGBA8()
				for _, kind := range []map[context]map[string]string{want, got} {
					v, err := browsertest.RGBA8(kind[c]["scheme=- contrast=- root "+name])
					require.NoError(t, err)
					assert.Equal(t, [4]uint8{r, g, bl, a}, v, "theme %d, %s under prefers-contrast: more in %s", rt.ID(), name, sc)
				}
			}
		}
	}
	t.Logf("compared %d computed values of %d themes in %d contexts", compared, len(snap.Themes()), len(contexts)*3*2*4)
}

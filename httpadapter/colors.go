package httpadapter

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/themekit/themekit/theming"
)

// ThemeColors returns a handler that serves the colors of the theme for
// the requesting user (as opts.PreferredTheme tells), resolved, for
// every request it receives: each CSS variable of the stylesheet
// ([Stylesheet]) with its value in each color scheme, as the hsl() or
// hsla() string the stylesheet writes and as 8-bit sRGB hex, the
// integers a browser computes for it:
//
//	{"id": 2, "name": "Night",
//	 "light": {"--nav-bg": {"hsl": "hsl(222, 50%, 20%)", "hex": "#1a2b4d"}, ...},
//	 "dark": {...}}
//
// It is for clients that cannot read CSS (a native app, a canvas chart,
// an e-mail renderer, a CSS-in-JS library): none of them needs to
// re-implement the catalog's fallback chains. Keys are in catalog order.
// New serves it at {prefix}/api/v2/theme/colors/, beside the theme
// config, with the same rules: content negotiation, the browsable page,
// ETags and 304s, the compressed forms, DRF's OPTIONS metadata,
// opts.UserCacheControl and opts.UserVary. The document of each theme is
// made once per snapshot. It panics if opts is misconfigured.
func ThemeColors(opts Options) http.Handler {
	c := newConfig(opts)
	return c.withCORS(themeColors(c))
}

func themeColors(c *config) *endpoint {
	e := newEndpoint(c, "Theme Colors", "Return the colors of the theme for the requesting user, resolved: every CSS variable per color scheme.", true)
	cache := newWeakCache[theming.Snapshot](func(s *theming.Snapshot) (map[int]*doc, error) {
		docs := make(map[int]*doc)
		for _, t := range s.Themes() {
			docs[t.ID()] = newDoc(resolvedColorsJSON(t), c.compress)
		}
		return docs, nil
	})
	e.find = func(r *http.Request, s *theming.Snapshot) (*doc, error) {
		docs, err := cache.get(s, s)
		if err != nil {
			return nil, err
		}
		t, err := chooseTheme(c, r, s)
		if err != nil {
			return nil, err
		}
		if d, ok := docs[t.ID()]; ok {
			return d, nil
		}
		return nil, errorf("theme %d has no colors document", t.ID())
	}
	return e
}

// resolvedColorsJSON is the compact JSON of a theme's resolved colors:
// its id and name, then per scheme every variable's hsl string (the
// stylesheet's form, colorref's canonical one) and hex color
// ([colorref.Color.Hex], Chromium's 8-bit integers).
func resolvedColorsJSON(t *theming.ResolvedTheme) []byte {
	b := []byte(`{"id":`)
	b = strconv.AppendInt(b, int64(t.ID()), 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, t.Name())
	for _, sc := range theming.Schemes() {
		b = append(b, ',')
		b = appendJSONString(b, string(sc))
		b = append(b, ":{"...)
		first := true
		for name, v := range t.Variables(sc) {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, name)
			b = append(b, `:{"hsl":`...)
			b = appendJSONString(b, v.String())
			b = append(b, `,"hex":`...)
			b = appendJSONString(b, v.Hex())
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it.
func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

// varyOrigin is the Vary token of a response that CORS headers depend on.
var varyOrigin = []string{"Origin"}

// sharedVary returns the joined Vary of the shared endpoints.
func sharedVary(c *config) []string {
	_, joined := c.varyOf("Accept", false)
	return joined
}

// unknownPath answers a path under the prefix that is no endpoint: a 404
// with the headers the OpenAPI document gives the endpoints' 404 (Allow,
// the shared endpoints' Vary, no-store), so that a client sees one shape
// of 404.
func (m *mux) unknownPath(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h["Allow"] = m.c.k.allow
	addVary(h, nil, m.vary)
	m.c.notFound(w, r)
}

package httpadapter

import (
	"net/http"

	"github.com/themekit/themekit/theming"
)

// viewKind tells how an endpoint is reached and rendered.
type viewKind uint8

const (
	// apiView is a DRF view under Options.Prefix, routed by
	// Adapter.ServeHTTP: JSON or the browsable page, as negotiated.
	apiView viewKind = iota
	// stylesheetView is Adapter.Stylesheet, mounted where the host
	// likes: text/css, no negotiation.
	stylesheetView
	// documentView is Adapter.OpenAPI, mounted where the host likes:
	// application/json, no negotiation.
	documentView
)

// pathThemes is the theme list's path under the prefix, the root of the
// API's paths.
const pathThemes = "/api/v2/theme/"

// numAPIViews is the number of apiView rows in the endpoint table.
const numAPIViews = 4

// endpointSpec is one row of the endpoint table.
type endpointSpec struct {
	kind viewKind
	// path is, for an apiView, its path under Options.Prefix, with its
	// trailing slash (the path without the slash is redirected to it);
	// for every kind, the key of its path item in openapi.json ("" for
	// none).
	path string
	// user says that the answer depends on the requesting user
	// (Options.PreferredTheme): UserCacheControl, and UserVary in Vary
	// and in the OpenAPI document's parameters. The others use
	// CacheControl.
	user bool
	// name is DRF's view name (the browsable page's title, the OPTIONS
	// metadata) and the endpoint logged with a request's error; desc is
	// DRF's view description.
	name, desc string
	// docs builds an apiView's document finder, with its caches; nil
	// for the other kinds.
	docs func(c *config) findDoc
}

// findDoc returns the document an apiView serves r from snapshot s.
type findDoc func(r *http.Request, s *theming.Snapshot) (*doc, error)

// endpoints is the endpoint table: every path the adapter serves, in the
// order the OpenAPI document lists them. It drives the routing under the
// prefix, the trailing-slash redirects, the check for a handler mounted
// at the wrong prefix, each endpoint's Cache-Control and Vary, and the
// header parameters the OpenAPI document declares for each path.
var endpoints = [...]endpointSpec{
	{kind: apiView, path: "/api/v2/theme/component-defs/",
		name: "Component Def List", desc: "Return all component definitions except hidden ones.",
		docs: componentDefDocs},
	{kind: apiView, path: pathThemes,
		name: "Theme List", desc: "Return the themes.",
		docs: themeListDocs},
	{kind: apiView, path: "/api/v2/theme/config/", user: true,
		name: "Theme Config", desc: "Return one theme, chosen taking the requesting user into account.",
		docs: themeConfigDocs},
	{kind: apiView, path: "/api/v2/theme/colors/", user: true,
		name: "Theme Colors", desc: "Return the colors of the theme for the requesting user, resolved: every CSS variable per color scheme.",
		docs: themeColorDocs},
	{kind: stylesheetView, path: stylesheetKey, user: true, name: "Stylesheet"},
	{kind: documentView, name: "OpenAPI"},
}

// apiViewOf returns the first of the API's views that is per user, or
// shared: the one whose headers stand for all of that kind (in the
// OpenAPI document's Vary components).
func apiViewOf(user bool) *endpointSpec {
	for i := range endpoints {
		if e := &endpoints[i]; e.kind == apiView && e.user == user {
			return e
		}
	}
	panic("httpadapter: the endpoint table has no such view") // the table is fixed
}

// stylesheetKey is the key of the stylesheet's path item in openapi.json;
// the document moves it to Options.StylesheetPath.
const stylesheetKey = "/theme.css"

// componentDefDocs serves the catalog. It is the same for every snapshot
// built from one compiled catalog (one per tenant, say): its forms are
// made once per compiled catalog and shared. A snapshot without one
// (theming.Load) has its own. The cached doc refers to neither key, so
// both are reclaimable.
func componentDefDocs(c *config) findDoc {
	build := func(s *theming.Snapshot, ch *charge) (*doc, error) {
		return newDoc(s.ComponentDefsJSON(), c.compress, ch), nil
	}
	bySnap := newWeakCache[theming.Snapshot](c.budget, build)
	byCatalog := newWeakCache[theming.CompiledCatalog](c.budget, build)
	return func(_ *http.Request, s *theming.Snapshot) (*doc, error) {
		if cc := s.CompiledCatalog(); cc != nil {
			return byCatalog.get(cc, s)
		}
		return bySnap.get(s, s)
	}
}

// themeListDocs serves the themes with their palette previews. A
// preview's list is kept by its bytes (see preview.go): the list is
// encoded once per preview snapshot to find it.
func themeListDocs(c *config) findDoc {
	encode := func(s *theming.Snapshot, ch *charge) (*doc, error) {
		b, err := s.ThemesJSON(c.mediaBase)
		if err != nil {
			return nil, err
		}
		return newDoc(b, c.compress, ch), nil
	}
	cache := newWeakCache[theming.Snapshot](c.budget, encode)
	shared := newContentCache[*doc](c.budget)
	keys := newWeakCache[theming.Snapshot](nil, func(s *theming.Snapshot, _ *charge) (contentKey, error) {
		b, err := s.ThemesJSON(c.mediaBase)
		return contentKeyOf(nil, b), err
	})
	return func(_ *http.Request, s *theming.Snapshot) (*doc, error) {
		if _, ok := c.previewed(s); ok {
			key, err := keys.get(s, s)
			if err != nil {
				return nil, err
			}
			return shared.get(key, func(ch *charge) (*doc, error) { return encode(s, ch) })
		}
		return cache.get(s, s)
	}
}

// themeConfigDocs serves the theme for the requesting user, with an
// empty palette_preview.
func themeConfigDocs(c *config) findDoc {
	return perTheme(c, func(s *theming.Snapshot, t *theming.ResolvedTheme) ([]byte, error) {
		return s.ThemeJSON(t.ID(), c.mediaBase)
	})
}

// themeColorDocs serves the colors of the theme for the requesting user,
// resolved (see resolvedColorsJSON).
func themeColorDocs(c *config) findDoc {
	return perTheme(c, func(_ *theming.Snapshot, t *theming.ResolvedTheme) ([]byte, error) {
		return resolvedColorsJSON(t), nil
	})
}

// perTheme serves one document per theme of a snapshot, encoded by
// encode once per snapshot, picked for the requesting user; a preview's
// once per previewed theme and catalog (see preview.go).
func perTheme(c *config, encode func(*theming.Snapshot, *theming.ResolvedTheme) ([]byte, error)) findDoc {
	cache := newWeakCache[theming.Snapshot](c.budget, func(s *theming.Snapshot, ch *charge) (*themeTable[*doc], error) {
		return newThemeTable(s, func(t *theming.ResolvedTheme) (*doc, error) {
			b, err := encode(s, t)
			if err != nil {
				return nil, err
			}
			return newDoc(b, c.compress, ch), nil
		})
	})
	shared := newContentCache[*doc](c.budget)
	return func(r *http.Request, s *theming.Snapshot) (*doc, error) {
		if p, ok := c.previewed(s); ok {
			if _, err := c.preference(r); err != nil {
				return nil, err // as pick answers it
			}
			return shared.get(p.key, func(ch *charge) (*doc, error) {
				b, err := encode(s, p.rt)
				if err != nil {
					return nil, err
				}
				return newDoc(b, c.compress, ch), nil
			})
		}
		docs, err := cache.get(s, s)
		if err != nil {
			return nil, err
		}
		return docs.pick(c, r, s)
	}
}

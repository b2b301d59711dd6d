package httpadapter

import (
	_ "embed"
	"net/http"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/internal/orderedjson"
	"github.com/themekit/themekit/theming"
)

// openAPIJSON is the OpenAPI 3.1 document of the API, written by hand
// (see the package documentation for why) and checked by the tests
// against the OpenAPI 3.1 meta-schema and against live responses.
//
//go:embed openapi.json
var openAPIJSON []byte

// openAPI serves the OpenAPI document (see Adapter.OpenAPI).
type openAPI struct {
	*endpointSpec
	headers
	c         *config
	generic   *httpwire.Rep // the document without a catalog's ids
	bySnap    *weakCache[theming.Snapshot, *httpwire.Rep]
	byCatalog *weakCache[theming.CompiledCatalog, *httpwire.Rep]
}

func newOpenAPI(c *config, spec *endpointSpec) *openAPI {
	generic, err := openAPIDocument(c, nil)
	if err != nil {
		// The embedded document is fixed and tested; only a broken build
		// gets here.
		panic("httpadapter: the embedded OpenAPI document: " + err.Error())
	}
	h := &openAPI{endpointSpec: spec, headers: c.headersOf(spec), c: c, generic: httpwire.NewRep(generic, c.compress)}
	// The document names the catalog's component ids and CSS variables:
	// like the catalog endpoint's forms, it is made once per compiled
	// catalog and shared by every snapshot built from it (thousands of
	// tenants, one document), or once per snapshot without one.
	build := func(s *theming.Snapshot, ch *charge) (*httpwire.Rep, error) {
		body, err := openAPIDocument(c, s)
		if err != nil {
			return nil, err
		}
		return httpwire.NewChargedRep(body, c.compress, ch.fn()), nil
	}
	h.bySnap = newWeakCache[theming.Snapshot](c.budget, build)
	h.byCatalog = newWeakCache[theming.CompiledCatalog](c.budget, build)
	return h
}

func (e *openAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.c.plainMethod(w, r, e.vary, e.varyJoined) {
		return
	}
	h := w.Header()
	s, err := e.c.snapshot(r.Context())
	var rp *httpwire.Rep
	if err == nil {
		if cc := s.CompiledCatalog(); cc != nil {
			rp, err = e.byCatalog.get(cc, s)
		} else {
			rp, err = e.bySnap.get(s, s)
		}
	}
	if err != nil {
		// Without a snapshot the API answers errors, but its description
		// holds: the document without the catalog's ids, which are then
		// plain strings. Its ETag differs, so clients fetch the full one
		// once the data is there.
		rp = e.generic
	}
	h["Cache-Control"] = e.cc
	rp.Write(w, r, e.c.k.json)
}

// openAPIDocument returns the embedded document completed for the host
// and the snapshot s: its server URL (c.server), its Cache-Control values, the
// request headers its Source and user hook read, whether it compresses,
// whether it answers CORS, where the stylesheet is, and the catalog's
// component ids and CSS variable names as enums and closed records (none
// when s is nil). Key order is the file's.
func openAPIDocument(c *config, s *theming.Snapshot) ([]byte, error) {
	v, err := orderedjson.Parse(openAPIJSON)
	if err != nil {
		return nil, errorf("openapi.json: %w", err)
	}
	root, ok := v.(*orderedjson.Object)
	if !ok {
		return nil, errorf("not a JSON object")
	}
	server := c.server
	if server == "" {
		server = "/"
	}
	var fail error
	at := func(path ...string) *orderedjson.Object {
		o, err := root.Lookup(path...)
		if err != nil && fail == nil {
			fail = errorf("openapi.json: %w", err)
		}
		return o
	}

	at("servers", "0").Set("url", server)
	at("components", "headers", "Cache-Control", "schema").Set("const", c.sharedCC[0])
	at("components", "headers", "Cache-Control-User", "schema").Set("const", c.userCC[0])

	sourceDesc := "Read by the host's data source to choose the data (a tenant, say); responses vary on it."
	userDesc := "Read by the host to tell the requesting user's preferred theme; responses vary on it."
	for _, e := range endpoints {
		if e.path == "" {
			continue
		}
		item := at("paths", e.path)
		params, _ := item.Get("parameters").([]any)
		params = appendHeaderParams(root, params, c.sourceVary, sourceDesc)
		if e.user {
			params = appendHeaderParams(root, params, c.userVary, userDesc)
		}
		item.Set("parameters", params)
	}
	// The Vary the API's endpoints send, as they build it.
	shared, user := c.headersOf(apiViewOf(false)), c.headersOf(apiViewOf(true))
	at("components", "headers", "Vary").Set("description", shared.varyJoined[0]+", merged with any Vary the host set.")
	at("components", "headers", "Vary-User").Set("description", user.varyJoined[0]+", merged with any Vary the host set.")
	if !c.compress {
		at("components", "parameters", "Accept-Encoding").Set("description", "Not read: this host sends every body uncompressed.")
		at("components", "headers", "Content-Encoding").Set("description", "Never sent: this host sends every body uncompressed.")
	}
	placeStylesheet(at("paths"), c.stylesheetPath, strings.TrimSuffix(c.server, c.prefix))
	if c.cors != nil {
		addCORSHeaders(at("components", "headers"), at("components", "responses"), at("paths"))
	}
	userTheme(at("components", "schemas"))
	if s != nil {
		catalogTypes(at("components", "schemas"), s)
	}
	if fail != nil {
		return nil, fail
	}
	return orderedjson.Marshal(root)
}

// appendHeaderParams adds a header parameter for each name that params
// does not declare yet, inline or by $ref into root's components.
func appendHeaderParams(root *orderedjson.Object, params []any, names []string, desc string) []any {
	for _, name := range names {
		if hasHeaderParam(root, params, name) {
			continue
		}
		p := new(orderedjson.Object)
		p.Set("name", name)
		p.Set("in", "header")
		p.Set("description", desc)
		p.Set("required", false)
		schema := new(orderedjson.Object)
		schema.Set("type", "string")
		p.Set("schema", schema)
		params = append(params, p)
	}
	return params
}

// hasHeaderParam reports whether params declares a header named name
// (case-insensitively, as header names compare).
func hasHeaderParam(root *orderedjson.Object, params []any, name string) bool {
	for _, p := range params {
		o, ok := p.(*orderedjson.Object)
		if !ok {
			continue
		}
		if ref, ok := o.Get("$ref").(string); ok {
			key, _ := strings.CutPrefix(ref, "#/components/parameters/")
			if o, _ = root.Lookup("components", "parameters", key); o == nil {
				continue
			}
		}
		if n, ok := o.Get("name").(string); ok && strings.EqualFold(n, name) && o.Get("in") == "header" {
			return true
		}
	}
	return false
}

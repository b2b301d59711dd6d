package httpadapter

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
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
	build := func(s *theming.Snapshot) (*httpwire.Rep, error) {
		body, err := openAPIDocument(c, s)
		if err != nil {
			return nil, err
		}
		return httpwire.NewRep(body, c.compress), nil
	}
	h.bySnap = newWeakCache[theming.Snapshot](build)
	h.byCatalog = newWeakCache[theming.CompiledCatalog](build)
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
	dec := json.NewDecoder(bytes.NewReader(openAPIJSON))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	root, ok := v.(*jsonObject)
	if !ok {
		return nil, errorf("not a JSON object")
	}
	server := c.server
	if server == "" {
		server = "/"
	}
	var fail error
	at := func(path ...string) *jsonObject {
		o, err := root.object(path...)
		if err != nil && fail == nil {
			fail = err
		}
		return o
	}

	at("servers", "0").set("url", server)
	at("components", "headers", "Cache-Control", "schema").set("const", c.sharedCC[0])
	at("components", "headers", "Cache-Control-User", "schema").set("const", c.userCC[0])

	sourceDesc := "Read by the host's data source to choose the data (a tenant, say); responses vary on it."
	userDesc := "Read by the host to tell the requesting user's preferred theme; responses vary on it."
	for _, e := range endpoints {
		if e.path == "" {
			continue
		}
		item := at("paths", e.path)
		params, _ := item.get("parameters").([]any)
		params = appendHeaderParams(root, params, c.sourceVary, sourceDesc)
		if e.user {
			params = appendHeaderParams(root, params, c.userVary, userDesc)
		}
		item.set("parameters", params)
	}
	// The Vary the API's endpoints send, as they build it.
	shared, user := c.headersOf(apiViewOf(false)), c.headersOf(apiViewOf(true))
	at("components", "headers", "Vary").set("description", shared.varyJoined[0]+", merged with any Vary the host set.")
	at("components", "headers", "Vary-User").set("description", user.varyJoined[0]+", merged with any Vary the host set.")
	if !c.compress {
		at("components", "parameters", "Accept-Encoding").set("description", "Not read: this host sends every body uncompressed.")
		at("components", "headers", "Content-Encoding").set("description", "Never sent: this host sends every body uncompressed.")
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
	var b bytes.Buffer
	if err := marshalTo(&b, root); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// appendHeaderParams adds a header parameter for each name that params
// does not declare yet, inline or by $ref into root's components.
func appendHeaderParams(root *jsonObject, params []any, names []string, desc string) []any {
	for _, name := range names {
		if hasHeaderParam(root, params, name) {
			continue
		}
		p := &jsonObject{}
		p.set("name", name)
		p.set("in", "header")
		p.set("description", desc)
		p.set("required", false)
		schema := &jsonObject{}
		schema.set("type", "string")
		p.set("schema", schema)
		params = append(params, p)
	}
	return params
}

// hasHeaderParam reports whether params declares a header named name
// (case-insensitively, as header names compare).
func hasHeaderParam(root *jsonObject, params []any, name string) bool {
	for _, p := range params {
		o, ok := p.(*jsonObject)
		if !ok {
			continue
		}
		if ref, ok := o.get("$ref").(string); ok {
			key, _ := strings.CutPrefix(ref, "#/components/parameters/")
			if o, _ = root.object("components", "parameters", key); o == nil {
				continue
			}
		}
		if n, ok := o.get("name").(string); ok && strings.EqualFold(n, name) && o.get("in") == "header" {
			return true
		}
	}
	return false
}

// jsonObject is a JSON object that keeps its members in order, so that
// the served document reads as openapi.json does.
type jsonObject []jsonMember

type jsonMember struct {
	key   string
	value any // *jsonObject, []any, string, json.Number, bool or nil
}

// decodeOrdered decodes the next JSON value of dec, objects as
// *jsonObject. dec must use numbers (UseNumber).
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '{':
		o := &jsonObject{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			*o = append(*o, jsonMember{k.(string), v})
		}
		_, err = dec.Token()
		return o, err
	case '[':
		a := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.Token()
		return a, err
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// get returns the value of key, or nil.
func (o *jsonObject) get(key string) any {
	if o == nil {
		return nil
	}
	for _, m := range *o {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// set replaces the value of key, or adds the member at the end. A nil o
// ignores it.
func (o *jsonObject) set(key string, v any) {
	if o == nil {
		return
	}
	for i := range *o {
		if (*o)[i].key == key {
			(*o)[i].value = v
			return
		}
	}
	*o = append(*o, jsonMember{key, v})
}

// object follows path (object keys, and decimal indices into arrays) to
// an object.
func (o *jsonObject) object(path ...string) (*jsonObject, error) {
	var v any = o
	for i, step := range path {
		switch x := v.(type) {
		case *jsonObject:
			v = x.get(step)
		case []any:
			var n int
			if _, err := fmt.Sscan(step, &n); err != nil || n < 0 || n >= len(x) {
				v = nil
			} else {
				v = x[n]
			}
		default:
			v = nil
		}
		if v == nil {
			return nil, errorf("no %s", strings.Join(path[:i+1], "."))
		}
	}
	obj, ok := v.(*jsonObject)
	if !ok {
		return nil, errorf("%s is not an object", strings.Join(path, "."))
	}
	return obj, nil
}

// marshalTo writes v as compact JSON, objects in their order, with <, >
// and & as themselves.
func marshalTo(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case *jsonObject:
		b.WriteByte('{')
		for i, m := range *x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := marshalTo(b, m.key); err != nil {
				return err
			}
			b.WriteByte(':')
			if err := marshalTo(b, m.value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := marshalTo(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		enc := json.NewEncoder(b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(x); err != nil {
			return err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
	}
	return nil
}

package httpadapter

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/themekit/themekit/theming"
)

// openAPIJSON is the OpenAPI 3.1 document of the API, written by hand
// (see the package documentation for why) and checked by the tests
// against the OpenAPI 3.1 meta-schema and against live responses.
//
//go:embed openapi.json
var openAPIJSON []byte

// OpenAPI returns a handler that serves the OpenAPI 3.1 document of the
// API that New(opts) serves, as JSON, for every request it receives:
//
//	mux.Handle("/api/v2/theme/", httpadapter.New(opts))
//	mux.Handle("/api/v2/schema/", httpadapter.OpenAPI(opts, ""))
//
// Give it the Options given to New: the document's server is serverURL
// followed by opts.Prefix; its Cache-Control headers are the configured
// ones; the request headers of opts.SourceVary and, on the theme for the
// user, of opts.UserVary are declared as header parameters; and, with
// opts.DisableCompression, it says that bodies are never compressed.
//
// serverURL is where the host's root is, as clients reach it: an
// absolute http(s) URL ("https://api.example.com"), or a path starting
// with "/" that the client resolves against the document's own URL. Put
// the path a router strips in it: behind
// http.StripPrefix("/theming", New(opts)) it is "/theming" (or
// "https://api.example.com/theming"). "" is the same as "/": the API is
// on the host that serves the document, under opts.Prefix.
//
// The document names the catalog: the component ids and CSS variable
// names of the snapshot the Source gives for the request are enums, and
// the themes' colors and the resolved colors are records keyed by them,
// so that a client generated from it refuses a misspelt id at compile
// time. It is built once per compiled catalog (or per snapshot built
// without one), and its ETag changes with the catalog; while the Source has no snapshot to give (an error), the
// document without those enums is served. With opts.StylesheetPath it
// describes the stylesheet there; with opts.CORS it declares the CORS
// response headers. GET and HEAD get it (application/json)
// with the endpoints' caching rules: a strong ETag per content coding,
// If-None-Match answered with 304, opts.CacheControl, and gzip, br or zstd
// as Accept-Encoding asks unless opts.DisableCompression is set (see
// Compression in the package documentation); OPTIONS
// gets 204 with Allow; other methods 405. It has no browsable rendering
// and no format parameter. It panics if opts is misconfigured (see
// Options) or serverURL is not a URL as described.
func OpenAPI(opts Options, serverURL string) http.Handler {
	c := newConfig(opts)
	server, err := checkServerURL(serverURL)
	if err != nil {
		panic(err.Error())
	}
	server += c.prefix
	generic, err := openAPIDocument(c, server, nil)
	if err != nil {
		// The embedded document is fixed and tested; only a broken build
		// gets here.
		panic("httpadapter: the embedded OpenAPI document: " + err.Error())
	}
	h := &openAPI{c: c, generic: newRep(generic, c.compress)}
	h.vary, h.varyJoined = c.varyOf("", false)
	// The document names the catalog's component ids and CSS variables:
	// like the catalog endpoint's forms, it is made once per compiled
	// catalog and shared by every snapshot built from it (thousands of
	// tenants, one document), or once per snapshot without one.
	build := func(s *theming.Snapshot) (*rep, error) {
		body, err := openAPIDocument(c, server, s)
		if err != nil {
			return nil, err
		}
		return newRep(body, c.compress), nil
	}
	h.bySnap = newWeakCache[theming.Snapshot](build)
	h.byCatalog = newWeakCache[theming.CompiledCatalog](build)
	return c.withCORS(h)
}

type openAPI struct {
	c          *config
	generic    *rep // the document without a catalog's ids
	vary       []string
	varyJoined []string
	bySnap     *weakCache[theming.Snapshot, *rep]
	byCatalog  *weakCache[theming.CompiledCatalog, *rep]
}

func (e *openAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.c.plainMethod(w, r, e.vary, e.varyJoined) {
		return
	}
	h := w.Header()
	s, err := e.c.snapshot(r.Context())
	var rp *rep
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
	h["Cache-Control"] = e.c.sharedCC
	rp.write(w, r, e.c.k.json)
}

// checkServerURL checks OpenAPI's serverURL under theming's base URL rule
// ([theming.NormalizeMediaBase]: a server URL is a base URL too) and
// returns it without a trailing slash: "" and "/" become "".
func checkServerURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if _, err := theming.NormalizeMediaBase(s); err != nil {
		var mb *theming.MediaBaseError
		if errors.As(err, &mb) {
			return "", errorf("OpenAPI server URL %q: %s", s, mb.Reason)
		}
		return "", errorf("OpenAPI server URL %q: %v", s, err)
	}
	return strings.TrimRight(s, "/"), nil
}

// openAPIDocument returns the embedded document completed for the host
// and the snapshot s: its server URL, its Cache-Control values, the
// request headers its Source and user hook read, whether it compresses,
// whether it answers CORS, where the stylesheet is, and the catalog's
// component ids and CSS variable names as enums and closed records (none
// when s is nil). Key order is the file's.
func openAPIDocument(c *config, server string, s *theming.Snapshot) ([]byte, error) {
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
	for _, path := range []string{pathComponentDefs, pathThemes, pathThemeConfig, pathThemeColors, stylesheetPath} {
		item := at("paths", path)
		params, _ := item.get("parameters").([]any)
		params = appendHeaderParams(root, params, c.sourceVary, sourceDesc)
		if path == pathThemeConfig || path == pathThemeColors || path == stylesheetPath {
			params = appendHeaderParams(root, params, c.userVary, userDesc)
		}
		item.set("parameters", params)
	}
	// The Vary the endpoints send, as they build it.
	_, shared := c.varyOf("Accept", false)
	_, user := c.varyOf("Accept", true)
	at("components", "headers", "Vary").set("description", shared[0]+", merged with any Vary the host set.")
	at("components", "headers", "Vary-User").set("description", user[0]+", merged with any Vary the host set.")
	if !c.compress {
		at("components", "parameters", "Accept-Encoding").set("description", "Not read: this host sends every body uncompressed.")
		at("components", "headers", "Content-Encoding").set("description", "Never sent: this host sends every body uncompressed.")
	}
	placeStylesheet(root, at("paths"), c.stylesheetPath, strings.TrimSuffix(server, c.prefix))
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

package httpadapter

import (
	"slices"

	"github.com/themekit/themekit/internal/orderedjson"

	"github.com/themekit/themekit/theming"
)

// placeStylesheet moves the stylesheet's path item to where the host
// serves it (at), with the host's root (server) as its server, since the
// stylesheet is not under the API's prefix; with at "" it removes it.
func placeStylesheet(paths *orderedjson.Object, at, server string) {
	item, _ := paths.Get(stylesheetKey).(*orderedjson.Object)
	paths.Delete(stylesheetKey)
	if at == "" || item == nil {
		return
	}
	if server == "" {
		server = "/"
	}
	if srv, err := item.Lookup("servers", "0"); err == nil {
		srv.Set("url", server)
	}
	paths.Set(at, item)
}

// The CORS response headers the document declares when CORS is on.
var corsHeaders = []struct{ name, desc string }{
	{"Access-Control-Allow-Origin", "The requesting page's origin (or *), when it is one the host allows (CORS)."},
	{"Access-Control-Allow-Credentials", "true when the host lets pages send credentials (CORS)."},
	{"Access-Control-Expose-Headers", "The response headers a cross-origin script may read (CORS)."},
}

// The headers of a preflight's answer besides corsHeaders.
var preflightHeaders = []struct{ name, desc string }{
	{"Access-Control-Allow-Methods", "The method the preflight asked for, when allowed (GET or HEAD)."},
	{"Access-Control-Allow-Headers", "The request headers the preflight asked for, when all are allowed."},
	{"Access-Control-Max-Age", "Seconds the browser may keep this answer, when the host set a maximum age."},
	{"Vary-Preflight", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers."},
}

// headerObject is a header component: optional, a string.
func headerObject(desc string) *orderedjson.Object {
	o := new(orderedjson.Object)
	o.Set("description", desc)
	o.Set("required", false)
	schema := new(orderedjson.Object)
	schema.Set("type", "string")
	o.Set("schema", schema)
	return o
}

func headerRef(name string) *orderedjson.Object {
	ref := new(orderedjson.Object)
	ref.Set("$ref", "#/components/headers/"+name)
	return ref
}

// addCORSHeaders declares the CORS headers and adds them, optional, to
// every response; it declares the preflight's answer (204) on every
// OPTIONS operation of paths.
func addCORSHeaders(headers, responses, paths *orderedjson.Object) {
	for _, h := range corsHeaders {
		headers.Set(h.name, headerObject(h.desc))
	}
	if responses == nil {
		return
	}
	defer func() {
		for _, h := range preflightHeaders {
			headers.Set(h.name, headerObject(h.desc))
		}
		pre := new(orderedjson.Object)
		pre.Set("description", "A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method), answered without reaching the endpoint; no body. An origin, method or header the host does not allow gets no Access-Control-Allow-Origin, and the browser stops there.")
		hs := new(orderedjson.Object)
		for _, h := range corsHeaders[:2] {
			hs.Set(h.name, headerRef(h.name))
		}
		for _, h := range preflightHeaders {
			name := h.name
			if name == "Vary-Preflight" {
				name = "Vary"
			}
			hs.Set(name, headerRef(h.name))
		}
		pre.Set("headers", hs)
		responses.Set("Preflight", pre)
		if paths == nil {
			return
		}
		for _, v := range paths.All() {
			item, ok := v.(*orderedjson.Object)
			if !ok {
				continue
			}
			if op, ok := item.Get("options").(*orderedjson.Object); ok {
				if rs, ok := op.Get("responses").(*orderedjson.Object); ok {
					ref := new(orderedjson.Object)
					ref.Set("$ref", "#/components/responses/Preflight")
					rs.Set("204", ref)
				}
			}
		}
	}()
	for _, v := range responses.All() {
		resp, ok := v.(*orderedjson.Object)
		if !ok {
			continue
		}
		hs, ok := resp.Get("headers").(*orderedjson.Object)
		if !ok {
			hs = new(orderedjson.Object)
			resp.Set("headers", hs)
		}
		for _, h := range corsHeaders {
			hs.Set(h.name, headerRef(h.name))
		}
	}
}

// userTheme completes the UserTheme schema from Theme: every property of
// Theme, with UserTheme's own palette_preview (an empty array), so that
// one declaration of a theme's fields serves both and generators see a
// plain object rather than an allOf.
func userTheme(schemas *orderedjson.Object) {
	theme, err := schemas.Lookup("Theme")
	if err != nil {
		return
	}
	user, err := schemas.Lookup("UserTheme")
	if err != nil {
		return
	}
	own, _ := user.Lookup("properties")
	props := new(orderedjson.Object)
	if tp, err := theme.Lookup("properties"); err == nil {
		for k, v := range tp.All() {
			if ov := own.Get(k); ov != nil {
				v = ov
			}
			props.Set(k, v)
		}
	}
	out := new(orderedjson.Object)
	out.Set("type", "object")
	out.Set("description", user.Get("description"))
	out.Set("properties", props)
	out.Set("required", theme.Get("required"))
	out.Set("additionalProperties", false)
	schemas.Set("UserTheme", out)
}

// catalogTypes writes what the snapshot's catalog names into the
// schemas: the component ids and CSS variable names as enums, the
// themes' colors as a record with one optional key per component id, and
// the resolved colors of a scheme as a record with one required key per
// CSS variable. Closed records are what make a generated client refuse a
// misspelt id at compile time.
func catalogTypes(schemas *orderedjson.Object, s *theming.Snapshot) {
	var ids, vars []string
	for _, c := range s.Components() {
		ids = append(ids, c.ID)
		for _, v := range c.Variables {
			if !slices.Contains(vars, v.CSSVariable) {
				vars = append(vars, v.CSSVariable)
			}
		}
	}
	// Themes may override visible components only (theming refuses a
	// reference to a hidden one), so the visible ids are every key a
	// theme's colors can have: the document depends on the catalog alone.
	if len(ids) > 0 {
		closeEnum(schemas, "ComponentId", ids)
		closeRecord(schemas, "ColorOverrides", ids, "ColorOverride", false)
	}
	if len(vars) > 0 {
		closeEnum(schemas, "CssVariable", vars)
		closeRecord(schemas, "ResolvedScheme", vars, "ResolvedColor", true)
	}
}

// closeEnum narrows the string schema name to values, the first of them
// its example (the file's example may not be in this catalog).
func closeEnum(schemas *orderedjson.Object, name string, values []string) {
	if o, err := schemas.Lookup(name); err == nil {
		o.Set("examples", []any{values[0]})
		o.Set("enum", anySlice(values))
	}
}

// closeRecord turns the record schema name, open to any key its
// propertyNames allow, into a closed one with a property of schema elem
// for each of keys; required makes every key required.
func closeRecord(schemas *orderedjson.Object, name string, keys []string, elem string, required bool) {
	o, err := schemas.Lookup(name)
	if err != nil {
		return
	}
	props := new(orderedjson.Object)
	for _, k := range keys {
		ref := new(orderedjson.Object)
		ref.Set("$ref", "#/components/schemas/"+elem)
		props.Set(k, ref)
	}
	o.Delete("propertyNames")
	o.Set("properties", props)
	if required {
		o.Set("required", anySlice(keys))
	}
	o.Set("additionalProperties", false)
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

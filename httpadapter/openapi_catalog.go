package httpadapter

import (
	"slices"

	"github.com/themekit/themekit/theming"
)

// placeStylesheet moves the stylesheet's path item to where the host
// serves it (at), with the host's root (server) as its server, since the
// stylesheet is not under the API's prefix; with at "" it removes it.
func placeStylesheet(paths *jsonObject, at, server string) {
	item, _ := paths.get(stylesheetKey).(*jsonObject)
	paths.remove(stylesheetKey)
	if at == "" || item == nil {
		return
	}
	if server == "" {
		server = "/"
	}
	if srv, err := item.object("servers", "0"); err == nil {
		srv.set("url", server)
	}
	paths.set(at, item)
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
func headerObject(desc string) *jsonObject {
	o := &jsonObject{}
	o.set("description", desc)
	o.set("required", false)
	schema := &jsonObject{}
	schema.set("type", "string")
	o.set("schema", schema)
	return o
}

func headerRef(name string) *jsonObject {
	ref := &jsonObject{}
	ref.set("$ref", "#/components/headers/"+name)
	return ref
}

// addCORSHeaders declares the CORS headers and adds them, optional, to
// every response; it declares the preflight's answer (204) on every
// OPTIONS operation of paths.
func addCORSHeaders(headers, responses, paths *jsonObject) {
	for _, h := range corsHeaders {
		headers.set(h.name, headerObject(h.desc))
	}
	if responses == nil {
		return
	}
	defer func() {
		for _, h := range preflightHeaders {
			headers.set(h.name, headerObject(h.desc))
		}
		pre := &jsonObject{}
		pre.set("description", "A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method), answered without reaching the endpoint; no body. An origin, method or header the host does not allow gets no Access-Control-Allow-Origin, and the browser stops there.")
		hs := &jsonObject{}
		for _, h := range corsHeaders[:2] {
			hs.set(h.name, headerRef(h.name))
		}
		for _, h := range preflightHeaders {
			name := h.name
			if name == "Vary-Preflight" {
				name = "Vary"
			}
			hs.set(name, headerRef(h.name))
		}
		pre.set("headers", hs)
		responses.set("Preflight", pre)
		if paths == nil {
			return
		}
		for _, m := range *paths {
			item, ok := m.value.(*jsonObject)
			if !ok {
				continue
			}
			if op, ok := item.get("options").(*jsonObject); ok {
				if rs, ok := op.get("responses").(*jsonObject); ok {
					ref := &jsonObject{}
					ref.set("$ref", "#/components/responses/Preflight")
					rs.set("204", ref)
				}
			}
		}
	}()
	for _, m := range *responses {
		resp, ok := m.value.(*jsonObject)
		if !ok {
			continue
		}
		hs, ok := resp.get("headers").(*jsonObject)
		if !ok {
			hs = &jsonObject{}
			resp.set("headers", hs)
		}
		for _, h := range corsHeaders {
			hs.set(h.name, headerRef(h.name))
		}
	}
}

// userTheme completes the UserTheme schema from Theme: every property of
// Theme, with UserTheme's own palette_preview (an empty array), so that
// one declaration of a theme's fields serves both and generators see a
// plain object rather than an allOf.
func userTheme(schemas *jsonObject) {
	theme, err := schemas.object("Theme")
	if err != nil {
		return
	}
	user, err := schemas.object("UserTheme")
	if err != nil {
		return
	}
	own, _ := user.object("properties")
	props := &jsonObject{}
	if tp, err := theme.object("properties"); err == nil {
		for _, m := range *tp {
			if v := own.get(m.key); v != nil {
				props.set(m.key, v)
			} else {
				props.set(m.key, m.value)
			}
		}
	}
	out := &jsonObject{}
	out.set("type", "object")
	out.set("description", user.get("description"))
	out.set("properties", props)
	out.set("required", theme.get("required"))
	out.set("additionalProperties", false)
	schemas.set("UserTheme", out)
}

// catalogTypes writes what the snapshot's catalog names into the
// schemas: the component ids and CSS variable names as enums, the
// themes' colors as a record with one optional key per component id, and
// the resolved colors of a scheme as a record with one required key per
// CSS variable. Closed records are what make a generated client refuse a
// misspelt id at compile time.
func catalogTypes(schemas *jsonObject, s *theming.Snapshot) {
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
func closeEnum(schemas *jsonObject, name string, values []string) {
	if o, err := schemas.object(name); err == nil {
		o.set("examples", []any{values[0]})
		o.set("enum", anySlice(values))
	}
}

// closeRecord turns the record schema name, open to any key its
// propertyNames allow, into a closed one with a property of schema elem
// for each of keys; required makes every key required.
func closeRecord(schemas *jsonObject, name string, keys []string, elem string, required bool) {
	o, err := schemas.object(name)
	if err != nil {
		return
	}
	props := &jsonObject{}
	for _, k := range keys {
		ref := &jsonObject{}
		ref.set("$ref", "#/components/schemas/"+elem)
		props.set(k, ref)
	}
	o.remove("propertyNames")
	o.set("properties", props)
	if required {
		o.set("required", anySlice(keys))
	}
	o.set("additionalProperties", false)
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// remove deletes key, if present.
func (o *jsonObject) remove(key string) {
	if o == nil {
		return
	}
	*o = slices.DeleteFunc(*o, func(m jsonMember) bool { return m.key == key })
}

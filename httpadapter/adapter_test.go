package httpadapter_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

func TestNewServesTheThreeEndpoints(t *testing.T) {
	snap := defaultSnapshot(t)
	themes, err := snap.ThemesJSON("")
	require.NoError(t, err)
	theme1, err := snap.ThemeJSON(1, "")
	require.NoError(t, err)
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))

	tests := []struct {
		name string
		give string
		want []byte
	}{
		{"the catalog lists the visible component definitions", defsPath, snap.ComponentDefsJSON()},
		{"the theme list has every theme with its palette preview", themesPath, themes},
		{"the theme for a user without preference is the default theme", configPath, theme1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodGet, tt.give, nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "GET %s", tt.give)
			assert.Equal(t, "application/json", resp.Header.Get("Content-Type"), "GET %s", tt.give)
			assert.Equal(t, string(tt.want), string(body), "GET %s", tt.give)
			assert.Equal(t, etagOf(tt.want), resp.Header.Get("ETag"), "GET %s", tt.give)
		})
	}
}

func TestPathsWithoutTheirSlashRedirect(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct {
		name   string
		mount  func(http.Handler) http.Handler
		prefix string // the handler's Prefix option
		give   string
		want   string // Location
	}{
		{"the catalog path redirects", nil, "", "/api/v2/theme/component-defs", "/api/v2/theme/component-defs/"},
		{"the theme list path redirects", nil, "", "/api/v2/theme", "/api/v2/theme/"},
		{"the config path redirects keeping the query", nil, "", "/api/v2/theme/config?format=api&x=%2F", "/api/v2/theme/config/?format=api&x=%2F"},
		{"a redirect under the Prefix option keeps the prefix", nil, "/theming", "/theming/api/v2/theme?a=1", "/theming/api/v2/theme/?a=1"},
		{"a redirect behind http.StripPrefix keeps the stripped prefix", func(h http.Handler) http.Handler {
			return http.StripPrefix("/theming", h)
		}, "", "/theming/api/v2/theme/config", "/theming/api/v2/theme/config/"},
		{"a POST is redirected too, as Django does", nil, "", "/api/v2/theme", "/api/v2/theme/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h http.Handler = httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), Prefix: tt.prefix})
			if tt.mount != nil {
				h = tt.mount(h)
			}
			ts := serve(t, h)
			method := http.MethodGet
			if strings.HasPrefix(tt.name, "a POST") {
				method = http.MethodPost
			}
			resp, body := do(t, ts, method, tt.give, nil)
			assert.Equal(t, http.StatusMovedPermanently, resp.StatusCode, "%s %s", method, tt.give)
			assert.Equal(t, tt.want, resp.Header.Get("Location"), "%s %s", method, tt.give)
			assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "%s %s", method, tt.give)
			assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"), "%s %s: Django's redirect", method, tt.give)
			assert.Equal(t, "0", resp.Header.Get("Content-Length"), "%s %s", method, tt.give)
			assert.Empty(t, body, "%s %s", method, tt.give)

			resp, _ = do(t, ts, http.MethodGet, tt.want, nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "GET %s (the Location of %s)", tt.want, tt.give)
		})
	}
}

func TestRedirectIsNeverToAnotherHost(t *testing.T) {
	ts := serve(t, http.StripPrefix("/x", httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))})))
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	// The path is sent raw: a client asking for //evil.example/... must
	// not be sent to evil.example.
	give := "/x//evil.example/api/v2/theme"
	_, err = io.WriteString(conn, "GET "+give+" HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusMovedPermanently {
		loc := resp.Header.Get("Location")
		assert.False(t, strings.HasPrefix(loc, "//"), "Location %q for GET %s is scheme-relative", loc, give)
		assert.True(t, strings.HasPrefix(loc, "/"), "Location %q for GET %s is not a path", loc, give)
	}
}

// TestUnknownPathsAreNotFound: a path under the prefix that is no
// endpoint is answered as Django's URL resolver answers it, before any
// view: a 404 with DRF's JSON body, whatever the method, and no Allow
// (there is no resource whose methods it could list) and no Vary (the
// answer depends on no request header), but Vary: Origin with CORS on,
// whose headers depend on it. The headers are compared whole, so that
// one the 404 does not need shows up.
func TestUnknownPathsAreNotFound(t *testing.T) {
	paths := []struct {
		name string
		give string
	}{
		{"an unknown path under the API", "/api/v2/theme/nope/"},
		{"an endpoint's path with more after it", "/api/v2/theme/config/extra"},
		{"an endpoint's path with more after it and a slash", "/api/v2/theme/config/extra/"},
		{"an endpoint's path in capitals (Django's paths are case-sensitive)", "/api/v2/theme/CONFIG/"},
		{"the API root", "/api/v2/"},
		{"the prefix itself", ""},
		{"a path that only starts like an endpoint", "/api/v2/theme/config/x"},
	}
	methods := []string{http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	// Headers a client sends that the endpoints vary on: none of them
	// changes the 404.
	asks := []map[string]string{
		nil,
		{"Accept": "text/html", "Accept-Encoding": "gzip, br", "X-Tenant": "acme", userHeader: "3"},
	}
	const origin = "https://app.example.com"
	servers := []struct {
		name string
		opts httpadapter.Options
		want http.Header // besides Content-Length and Date
	}{
		{"the adapter", httpadapter.Options{}, http.Header{
			"Content-Type": {"application/json"}, "Cache-Control": {"no-store"}, "X-Content-Type-Options": {"nosniff"},
		}},
		{"the adapter with CORS, to an allowed origin", httpadapter.Options{CORS: &httpadapter.CORS{AllowedOrigins: []string{origin}}}, http.Header{
			"Content-Type": {"application/json"}, "Cache-Control": {"no-store"}, "X-Content-Type-Options": {"nosniff"},
			"Vary": {"Origin"},
		}},
	}
	for _, sv := range servers {
		opts := sv.opts
		opts.Source, opts.Prefix = theming.NewCurrent(defaultSnapshot(t)), "/p"
		opts.SourceVary, opts.PreferredTheme, opts.UserVary = []string{"X-Tenant"}, preferredFromHeader, []string{userHeader}
		ts := serve(t, httpadapter.New(opts))
		for _, p := range paths {
			for _, m := range methods {
				t.Run(fmt.Sprintf("%s: %s (%s) is Django's 404", sv.name, m, p.name), func(t *testing.T) {
					for _, ask := range asks {
						header := map[string]string{}
						maps.Copy(header, ask)
						if opts.CORS != nil {
							header["Origin"] = origin
						}
						resp, body := do(t, ts, m, "/p"+p.give, header)
						assert.Equal(t, http.StatusNotFound, resp.StatusCode, "%s /p%s %v", m, p.give, ask)
						got := resp.Header.Clone()
						got.Del("Content-Length")
						got.Del("Date")
						// CORS's own headers are rs/cors's, as on every
						// response; they are there.
						for name := range got {
							if strings.HasPrefix(name, "Access-Control-") {
								got.Del(name)
							}
						}
						if opts.CORS != nil && m == http.MethodGet {
							assert.Equal(t, origin, resp.Header.Get("Access-Control-Allow-Origin"), "%s /p%s %v", m, p.give, ask)
						}
						assert.Equal(t, sv.want, got, "%s /p%s %v: the headers", m, p.give, ask)
						if m == http.MethodHead {
							assert.Empty(t, body, "HEAD /p%s", p.give)
						} else {
							assert.Equal(t, `{"detail":"Not found."}`, string(body), "%s /p%s %v", m, p.give, ask)
						}
					}
				})
			}
		}
	}
}

func TestEveryResponseCarriesAllowNosniffAndVary(t *testing.T) {
	failing := sourceFunc(func(context.Context) (*theming.Snapshot, error) { return nil, errors.New("down") })
	empty := snapshotWith(t, func([]map[string]any) []map[string]any { return nil })
	tests := []struct {
		name   string
		source theming.Source
		method string
		give   string
		accept string
		want   int
	}{
		{"a GET", nil, http.MethodGet, themesPath, "", 200},
		{"a HEAD", nil, http.MethodHead, configPath, "", 200},
		{"an OPTIONS", nil, http.MethodOptions, defsPath, "", 200},
		{"a POST", nil, http.MethodPost, themesPath, "", 405},
		{"a bad format", nil, http.MethodGet, themesPath + "?format=xml", "", 404},
		{"an unsatisfiable Accept", nil, http.MethodGet, themesPath, "image/png", 406},
		{"a browsable page", nil, http.MethodGet, defsPath + "?format=api", "", 200},
		{"a failing source", failing, http.MethodGet, themesPath, "", 500},
		{"no theme for the user", theming.NewCurrent(empty), http.MethodGet, configPath, "", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.source
			if src == nil {
				src = theming.NewCurrent(defaultSnapshot(t))
			}
			ts := serve(t, httpadapter.New(httpadapter.Options{Source: src, Logger: (&logBuffer{}).logger()}))
			resp, _ := do(t, ts, tt.method, tt.give, map[string]string{"Accept": tt.accept})
			require.Equal(t, tt.want, resp.StatusCode, "%s %s", tt.method, tt.give)
			assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "%s %s", tt.method, tt.give)
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "%s %s", tt.method, tt.give)
			assert.Contains(t, varyTokens(resp), "Accept", "%s %s", tt.method, tt.give)
		})
	}
}

func TestVaryIsMergedWithTheHosts(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct {
		name     string
		give     []string // Vary values the host sets before the handler runs
		path     string
		userVary []string
		want     []string
	}{
		{"nothing set gets Accept and Accept-Encoding", nil, themesPath, nil, []string{"Accept, Accept-Encoding"}},
		{"a host's Origin is kept and Accept added", []string{"Origin"}, themesPath, nil, []string{"Origin", "Accept, Accept-Encoding"}},
		{"a host's accept in any case is not repeated", []string{"accept, Origin"}, themesPath, nil, []string{"accept, Origin", "Accept-Encoding"}},
		{"a host's accept-encoding in any case is not repeated", []string{"accept-encoding"}, themesPath, nil, []string{"accept-encoding", "Accept"}},
		{"a host's * covers everything", []string{"*"}, themesPath, nil, []string{"*"}},
		{"the user endpoint adds its user headers", nil, configPath, nil, []string{"Accept, Accept-Encoding, Cookie, Authorization"}},
		{"the user endpoint adds only the missing ones", []string{"Cookie"}, configPath, nil, []string{"Cookie", "Accept, Accept-Encoding, Authorization"}},
		{"UserVary names the headers the hook reads", []string{"Origin"}, configPath, []string{"x-demo-user"}, []string{"Origin", "Accept, Accept-Encoding, X-Demo-User"}},
		{"an empty UserVary adds none", nil, configPath, []string{}, []string{"Accept, Accept-Encoding"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), UserVary: tt.userVary})
			ts := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				for _, v := range tt.give {
					w.Header().Add("Vary", v)
				}
				h.ServeHTTP(w, r)
			}))
			resp, _ := do(t, ts, http.MethodGet, tt.path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s with Vary %q", tt.path, tt.give)
			assert.Equal(t, tt.want, resp.Header.Values("Vary"), "GET %s with Vary %q set by the host", tt.path, tt.give)
		})
	}
}

// rawExchange sends a request over a fresh connection and returns the
// status line and headers and everything the server sent after them, so
// that a HEAD response is seen byte for byte.
func rawExchange(t *testing.T, addr, method, target string) (http.Header, string, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = io.WriteString(conn, method+" "+target+" HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
	require.NoError(t, err)
	all, err := io.ReadAll(conn)
	require.NoError(t, err, "reading the whole %s response", method)
	head, rest, ok := strings.Cut(string(all), "\r\n\r\n")
	require.True(t, ok, "the %s response has no end of headers: %q", method, all)
	lines := strings.Split(head, "\r\n")
	h := http.Header{}
	for _, l := range lines[1:] {
		k, v, _ := strings.Cut(l, ":")
		h.Add(k, strings.TrimSpace(v))
	}
	return h, lines[0], []byte(rest)
}

func TestHeadHasGetsHeadersAndNoBody(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	addr := ts.Listener.Addr().String()
	tests := []struct {
		name string
		give string
	}{
		{"the catalog", defsPath},
		{"the theme list", themesPath},
		{"the theme for the user", configPath},
		{"an indented form", themesPath + "?format=json"},
		{"a browsable page", themesPath + "?format=api"},
		{"a bad format", themesPath + "?format=yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getH, getStatus, getBody := rawExchange(t, addr, http.MethodGet, tt.give)
			headH, headStatus, headBody := rawExchange(t, addr, http.MethodHead, tt.give)
			assert.Equal(t, getStatus, headStatus, "HEAD %s", tt.give)
			assert.Empty(t, headBody, "HEAD %s sent a body", tt.give)
			getH.Del("Date")
			headH.Del("Date")
			if strings.Contains(tt.give, "format=api") {
				// The page shows the request line, so its bytes and tag differ.
				getH.Del("Etag")
				headH.Del("Etag")
				getH.Del("Content-Length")
				headH.Del("Content-Length")
			} else {
				assert.Equal(t, []string{strconv.Itoa(len(getBody))}, headH.Values("Content-Length"), "HEAD %s", tt.give)
			}
			assert.Equal(t, getH, headH, "HEAD %s", tt.give)
		})
	}
}

func TestOptionsSendsTheMetadata(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	const parses = `"renders":["application/json","text/html"],"parses":["application/json","application/x-www-form-urlencoded","multipart/form-data"]}`
	tests := []struct {
		name string
		give string
		want string
	}{
		{"the catalog", defsPath, `{"name":"Component Def List","description":"Return all component definitions except hidden ones.",` + parses},
		{"the theme list", themesPath, `{"name":"Theme List","description":"Return the themes.",` + parses},
		{"the theme for the user", configPath, `{"name":"Theme Config","description":"Return one theme, chosen taking the requesting user into account.",` + parses},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodOptions, tt.give, nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "OPTIONS %s", tt.give)
			assert.Equal(t, tt.want, string(body), "OPTIONS %s", tt.give)
			assert.Equal(t, "application/json", resp.Header.Get("Content-Type"), "OPTIONS %s", tt.give)
		})
	}
}

func TestOtherMethodsAreNotAllowed(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, "PURGE"} {
		t.Run(method+" is answered 405 naming the method", func(t *testing.T) {
			resp, body := do(t, ts, method, themesPath, nil)
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s %s", method, themesPath)
			assert.Equal(t, `{"detail":"Method \"`+method+`\" not allowed."}`, string(body), "%s %s", method, themesPath)
			assert.Equal(t, "GET, HEAD, OPTIONS", resp.Header.Get("Allow"), "%s %s", method, themesPath)
		})
	}
}

func TestFormatParameter(t *testing.T) {
	snap := defaultSnapshot(t)
	themes, err := snap.ThemesJSON("")
	require.NoError(t, err)
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	tests := []struct {
		name     string
		method   string
		give     string
		accept   string
		wantCode int
		wantType string
		wantBody string // "" when not compared
	}{
		{"json forces JSON over a browser's Accept", "GET", "?format=json", "text/html", 200, "application/json", string(themes)},
		{"json keeps an indent asked for in Accept", "GET", "?format=json", "application/json; indent=2", 200, "application/json", string(indent(t, themes, 2))},
		{"api forces the page over a JSON Accept", "GET", "?format=api", "application/json", 200, "text/html; charset=utf-8", ""},
		{"the last format counts", "GET", "?format=json&format=api", "", 200, "text/html; charset=utf-8", ""},
		{"an escaped format is decoded", "GET", "?%66ormat=%61pi", "", 200, "text/html; charset=utf-8", ""},
		{"an empty format is no format", "GET", "?format=", "", 200, "application/json", string(themes)},
		{"an unknown format is not found", "GET", "?format=xml", "", 404, "application/json", `{"detail":"Not found."}`},
		{"a bad format is checked before the method", "POST", "?format=xml", "", 404, "application/json", `{"detail":"Not found."}`},
		{"a bad format wins over a bad Accept", "GET", "?format=xml", "image/png", 404, "application/json", `{"detail":"Not found."}`},
		{"a format that differs only in case is unknown", "GET", "?format=JSON", "", 404, "application/json", `{"detail":"Not found."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, tt.method, themesPath+tt.give, map[string]string{"Accept": tt.accept})
			assert.Equal(t, tt.wantCode, resp.StatusCode, "%s %s, Accept %q", tt.method, tt.give, tt.accept)
			assert.Equal(t, tt.wantType, resp.Header.Get("Content-Type"), "%s %s, Accept %q", tt.method, tt.give, tt.accept)
			if tt.wantBody != "" {
				assert.Equal(t, tt.wantBody, string(body), "%s %s, Accept %q", tt.method, tt.give, tt.accept)
			}
		})
	}
}

func TestAcceptNegotiation(t *testing.T) {
	snap := defaultSnapshot(t)
	defs := snap.ComponentDefsJSON()
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap)}))
	const html = "text/html; charset=utf-8"
	tests := []struct {
		name     string
		give     string
		wantCode int
		wantType string
		wantBody []byte // nil when not compared
	}{
		{"no Accept gets compact JSON", "", 200, "application/json", defs},
		{"*/* gets JSON", "*/*", 200, "application/json", defs},
		{"application/json gets JSON", "application/json", 200, "application/json", defs},
		{"application/* gets JSON", "application/*", 200, "application/json", defs},
		{"indent=4 pretty-prints with 4 spaces", "application/json; indent=4", 200, "application/json", indent(t, defs, 4)},
		{"indent is clamped to 8", "application/json; indent=12", 200, "application/json", indent(t, defs, 8)},
		{"indent=0 is compact", "application/json; indent=0", 200, "application/json", defs},
		{"a malformed indent is ignored", "application/json; indent=four", 200, "application/json", defs},
		{"text/html gets the page", "text/html", 200, html, nil},
		{"text/* gets the page", "text/*", 200, html, nil},
		{"a browser's Accept gets the page", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8", 200, html, nil},
		{"equal quality goes to JSON", "text/html, application/json", 200, "application/json", defs},
		{"a higher q for HTML wins", "application/json;q=0.5, text/html", 200, html, nil},
		{"a higher q for JSON wins", "text/html;q=0.4, application/json;q=0.9", 200, "application/json", defs},
		{"q=0 refuses JSON even under */*", "application/json;q=0, */*", 200, html, nil},
		{"q=0 refuses the page even under */*", "text/html;q=0, */*", 200, "application/json", defs},
		{"an exact range beats a wildcard at equal q", "*/*;q=0.5, text/html;q=0.5", 200, html, nil},
		{"several Accept ranges across a list with spaces", " image/png ,  application/json ; q=0.2 ", 200, "application/json", defs},
		{"nothing acceptable is a 406", "image/png", 406, "application/json", []byte(`{"detail":"Could not satisfy the request Accept header."}`)},
		{"only q=0 ranges is a 406", "application/json;q=0, text/html;q=0", 406, "application/json", nil},
		{"a malformed range is skipped", "garbage, application/json", 200, "application/json", defs},
		{"only malformed ranges is a 406", "garbage", 406, "application/json", nil},
		{"a malformed q makes its range skipped", "text/html;q=high, application/json;q=0.1", 200, "application/json", defs},
		{"q=NaN is no q-value: its range is skipped", "text/html;q=NaN, application/json;q=0", 406, "application/json", nil},
		{"q=5e-1 is no q-value: its range is skipped", "text/html;q=5e-1, application/json;q=0.1", 200, "application/json", defs},
		{"media types compare case-insensitively", "Application/JSON", 200, "application/json", defs},
		// DRF 3.14's media_type_matches: a "*" on either part matches.
		{"*/html gets the page, as in DRF", "*/html", 200, html, nil},
		{"*/json gets JSON, as in DRF", "*/json", 200, "application/json", defs},
		{"*/xml matches nothing", "*/xml", 406, "application/json", nil},
		{"type/* before */sub, as DRF's precedence orders them", "text/*, */json", 200, html, nil},
		{"*/html and */* have one DRF precedence: JSON first", "*/html, */*", 200, "application/json", defs},
		{"*/html refused with q=0 even under */*", "*/html;q=0, */*", 200, "application/json", defs},
		{"a bare * is no media range", "*", 406, "application/json", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodGet, defsPath, map[string]string{"Accept": tt.give})
			assert.Equal(t, tt.wantCode, resp.StatusCode, "GET with Accept %q", tt.give)
			assert.Equal(t, tt.wantType, resp.Header.Get("Content-Type"), "GET with Accept %q", tt.give)
			if tt.wantBody != nil {
				assert.Equal(t, string(tt.wantBody), string(body), "GET with Accept %q", tt.give)
			}
		})
	}
}

func TestNegotiationPrecedesTheMethod(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	resp, body := do(t, ts, http.MethodDelete, themesPath, map[string]string{"Accept": "image/png"})
	assert.Equal(t, http.StatusNotAcceptable, resp.StatusCode, "DELETE with Accept image/png")
	assert.Equal(t, `{"detail":"Could not satisfy the request Accept header."}`, string(body), "DELETE with Accept image/png")
}

func TestErrorsFollowTheNegotiatedRendering(t *testing.T) {
	ts := serve(t, httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))}))
	tests := []struct {
		name     string
		give     string
		accept   string
		wantType string
		wantBody string
	}{
		{"an indented 405", themesPath, "application/json; indent=2", "application/json", "{\n  \"detail\": \"Method \\\"PUT\\\" not allowed.\"\n}"},
		{"a browsable 405", themesPath + "?format=api", "", "text/html; charset=utf-8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodPut, tt.give, map[string]string{"Accept": tt.accept})
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "PUT %s", tt.give)
			assert.Equal(t, tt.wantType, resp.Header.Get("Content-Type"), "PUT %s", tt.give)
			if tt.wantBody != "" {
				assert.Equal(t, tt.wantBody, string(body), "PUT %s", tt.give)
			} else {
				assert.Contains(t, string(body), "HTTP 405 Method Not Allowed", "PUT %s", tt.give)
			}
		})
	}
}

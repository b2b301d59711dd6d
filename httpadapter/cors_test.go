package httpadapter_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
)

const (
	appOrigin   = "https://app.example.com"
	otherOrigin = "https://evil.example.net"
)

func corsOptions(t testing.TB) httpadapter.Options {
	return httpadapter.Options{
		Source:         theming.NewCurrent(defaultSnapshot(t)),
		PreferredTheme: preferredFromHeader,
		UserVary:       []string{userHeader},
		CORS:           &httpadapter.CORS{AllowedOrigins: []string{appOrigin}, AllowCredentials: true, MaxAge: 10 * time.Minute},
	}
}

func TestCORSLetsTheAllowedOriginReadEveryResponse(t *testing.T) {
	ts := serve(t, schemaHandler(corsOptions(t), ""))
	for _, target := range []string{defsPath, themesPath, configPath, colorsPath, cssPath, schemaPath, "/api/v2/theme/no-such-endpoint/"} {
		tests := []struct {
			name   string
			header map[string]string
		}{
			{"a plain GET", nil},
			{"a gzip GET", map[string]string{"Accept-Encoding": "gzip"}},
			{"a user's GET", map[string]string{userHeader: "2"}},
		}
		for _, tt := range tests {
			t.Run(target+" "+tt.name+" carries the CORS headers, on the 304 too", func(t *testing.T) {
				h := map[string]string{"Origin": appOrigin}
				for k, v := range tt.header {
					h[k] = v
				}
				resp, _ := do(t, ts, http.MethodGet, target, h)
				assert.Equal(t, appOrigin, resp.Header.Get("Access-Control-Allow-Origin"))
				assert.Equal(t, "true", resp.Header.Get("Access-Control-Allow-Credentials"))
				exposed := strings.Join(resp.Header.Values("Access-Control-Expose-Headers"), ", ")
				assert.True(t, strings.EqualFold("ETag, Allow, Retry-After", exposed), "exposed: %q (names compare case-insensitively)", exposed)
				require.Len(t, resp.Header.Values("Vary"), 1, "one Vary line: %q", resp.Header.Values("Vary"))
				assert.True(t, hasVaryToken(resp.Header.Get("Vary"), "Origin"), "Vary %q lists Origin", resp.Header.Get("Vary"))
				etag := resp.Header.Get("ETag")
				if etag == "" {
					return // the 404
				}
				h["If-None-Match"] = etag
				again, _ := do(t, ts, http.MethodGet, target, h)
				require.Equal(t, http.StatusNotModified, again.StatusCode)
				assert.Equal(t, appOrigin, again.Header.Get("Access-Control-Allow-Origin"), "the 304 keeps it")
				assert.True(t, hasVaryToken(again.Header.Get("Vary"), "Origin"))
			})
		}
	}
}

func hasVaryToken(v, tok string) bool {
	for _, t := range strings.Split(v, ",") {
		if strings.EqualFold(strings.TrimSpace(t), tok) {
			return true
		}
	}
	return false
}

func TestCORSPreflightsFollowTheFetchStandard(t *testing.T) {
	ts := serve(t, schemaHandler(corsOptions(t), ""))
	tests := []struct {
		name       string
		header     map[string]string
		wantStatus int
		wantOrigin string // "" expects no Access-Control-Allow-Origin
		wantHeader string
		wantBody   bool // the endpoint's own OPTIONS answer
	}{
		{"a preflight for the user header from the allowed origin is answered 204 with it",
			map[string]string{"Origin": appOrigin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": strings.ToLower(userHeader)},
			http.StatusNoContent, appOrigin, strings.ToLower(userHeader), false},
		{"a preflight for If-None-Match is allowed too",
			map[string]string{"Origin": appOrigin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match"},
			http.StatusNoContent, appOrigin, "if-none-match", false},
		{"a preflight from another origin gets no permission",
			map[string]string{"Origin": otherOrigin, "Access-Control-Request-Method": "GET"},
			http.StatusNoContent, "", "", false},
		{"a preflight for a header the host does not read gets no permission",
			map[string]string{"Origin": appOrigin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-unknown"},
			http.StatusNoContent, "", "", false},
		{"a preflight for POST gets no permission",
			map[string]string{"Origin": appOrigin, "Access-Control-Request-Method": "POST"},
			http.StatusNoContent, "", "", false},
		{"an OPTIONS that is no preflight still gets DRF's metadata",
			map[string]string{"Origin": appOrigin},
			http.StatusOK, appOrigin, "", true},
		{"an OPTIONS with Access-Control-Request-Method but no Origin is no preflight",
			map[string]string{"Access-Control-Request-Method": "GET"},
			http.StatusOK, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, ts, http.MethodOptions, configPath, tt.header)
			assert.Equal(t, tt.wantStatus, resp.StatusCode)
			assert.Equal(t, tt.wantOrigin, resp.Header.Get("Access-Control-Allow-Origin"))
			assert.Equal(t, tt.wantHeader, resp.Header.Get("Access-Control-Allow-Headers"))
			if tt.wantBody {
				assert.Contains(t, string(body), `"name":"Theme Config"`)
				return
			}
			assert.Empty(t, body)
			if tt.wantOrigin != "" {
				assert.Equal(t, "GET", resp.Header.Get("Access-Control-Allow-Methods"))
				assert.Equal(t, "600", resp.Header.Get("Access-Control-Max-Age"))
				assert.Equal(t, "true", resp.Header.Get("Access-Control-Allow-Credentials"))
			}
		})
	}
}

func TestCORSIsOffByDefaultAndRefusesOtherOrigins(t *testing.T) {
	off := corsOptions(t)
	off.CORS = nil
	tests := []struct {
		name   string
		opts   httpadapter.Options
		origin string
	}{
		{"without the option no origin is allowed", off, appOrigin},
		{"with it, an origin it does not list is refused", corsOptions(t), otherOrigin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := serve(t, schemaHandler(tt.opts, ""))
			resp, body := do(t, ts, http.MethodGet, themesPath, map[string]string{"Origin": tt.origin})
			require.Equal(t, http.StatusOK, resp.StatusCode, "the server still answers: CORS protects readers")
			assert.NotEmpty(t, body)
			for name := range resp.Header {
				assert.False(t, strings.HasPrefix(name, "Access-Control-"), "no %s", name)
			}
		})
	}
}

func TestCORSOptionsAreChecked(t *testing.T) {
	tests := []struct {
		name string
		cors httpadapter.CORS
		want string
	}{
		{"no origins", httpadapter.CORS{}, "AllowedOrigins is empty"},
		{"any origin with credentials", httpadapter.CORS{AllowedOrigins: []string{"*"}, AllowCredentials: true}, "cannot be combined"},
		{"any https origin with credentials", httpadapter.CORS{AllowedOrigins: []string{"https://*"}, AllowCredentials: true}, `"https://*": a pattern cannot be combined with AllowCredentials`},
		{"a subdomain pattern with credentials", httpadapter.CORS{AllowedOrigins: []string{"https://*.example.com"}, AllowCredentials: true}, "a pattern cannot be combined"},
		{"a pattern whose star is no whole label", httpadapter.CORS{AllowedOrigins: []string{"https://*example.com"}}, "whole leading labels"},
		{"a star for the whole host", httpadapter.CORS{AllowedOrigins: []string{"https://*"}}, "whole leading labels"},
		{"an origin with a path", httpadapter.CORS{AllowedOrigins: []string{"https://app.example.com/x"}}, "has a path"},
		{"a bare host", httpadapter.CORS{AllowedOrigins: []string{"app.example.com"}}, "is not an origin"},
		{"a negative max age", httpadapter.CORS{AllowedOrigins: []string{appOrigin}, MaxAge: -time.Second}, "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is refused at construction", func(t *testing.T) {
			c := tt.cors
			msg := panicMessage(func() { httpadapter.New(httpadapter.Options{Source: &theming.Current{}, CORS: &c}) })
			assert.Contains(t, msg, tt.want)
			assert.True(t, strings.HasPrefix(msg, "httpadapter: "), msg)
		})
	}
}

// TestAnOriginPatternAdmitsWholeLabelsOnEveryHandler: with the pattern
// https://*.example.com, a page on a subdomain reads every handler's
// responses and gets its preflights answered; a page on
// https://evilexample.com, which rs/cors's own wildcard matching admitted
// for the pattern https://*example.com, gets no CORS header.
func TestAnOriginPatternAdmitsWholeLabelsOnEveryHandler(t *testing.T) {
	opts := corsOptions(t)
	opts.CORS = &httpadapter.CORS{AllowedOrigins: []string{"https://*.example.com"}}
	ts := serve(t, schemaHandler(opts, ""))
	for _, target := range []string{themesPath, configPath, cssPath, schemaPath} {
		for origin, want := range map[string]string{
			"https://app.example.com":   "https://app.example.com",
			"https://a.b.example.com":   "https://a.b.example.com",
			"https://evilexample.com":   "",
			"https://example.com":       "",
			"https://app.example.com.x": "",
		} {
			t.Run(target+" from "+origin, func(t *testing.T) {
				resp, _ := do(t, ts, http.MethodGet, target, map[string]string{"Origin": origin})
				assert.Equal(t, want, resp.Header.Get("Access-Control-Allow-Origin"), "GET")
				pre, _ := do(t, ts, http.MethodOptions, target, map[string]string{"Origin": origin, "Access-Control-Request-Method": "GET"})
				assert.Equal(t, want, pre.Header.Get("Access-Control-Allow-Origin"), "preflight")
				assert.Empty(t, pre.Header.Get("Access-Control-Allow-Credentials"))
			})
		}
	}
}

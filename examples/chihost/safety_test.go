package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/nginxtest"
	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming/revision"
)

// TestTheHostIsSafeToExpose checks what makes the host safe to expose
// with plain HTTP requests (the browser tests drive the same in
// Chromium), each check on a database of its own, all on one PostgreSQL
// server.
func TestTheHostIsSafeToExpose(t *testing.T) {
	pg := pgtest.Start(t)
	for i, tc := range []struct {
		name string
		run  func(t *testing.T, dsn string)
	}{
		{"a cross-origin POST is refused", testACrossOriginPostIsRefused},
		{"no cache stores an admin page", testNoCacheStoresAnAdminPage},
		{"a resubmitted 409 page reverts nothing", testAResubmitted409PageRevertsNothing},
		{"a form over its limits is refused", testAFormOverItsLimitsIsRefused},
		{"every route answers the methods it allows", testEveryRouteAnswersTheMethodsItAllows},
		{"a stale preview is served live", testAStalePreviewIsServedLive},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsn := database(t, pg, fmt.Sprint("safety_", i))
			seed(t, dsn)
			tc.run(t, dsn)
		})
	}
}

// database creates the database name on pg and returns its DSN.
func database(t *testing.T, pg *pgtest.Server, name string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pg.DSN)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "create database "+name)
	require.NoError(t, err)
	return strings.Replace(pg.DSN, "/postgres?", "/"+name+"?", 1)
}

// newest returns the number of the theme's newest revision and the live
// one, as the editor shows them.
func newest(t *testing.T, srv *httptest.Server, tenant string, id string) (string, string) {
	t.Helper()
	status, body := do(t, srv, tenant, http.MethodGet, "/admin/themes/"+id, nil)
	require.Equal(t, http.StatusOK, status)
	return inputs(t, body, `<form method="post">`).Get("base"), inputs(t, body, `action="/admin/themes/`+id+`/publish">`).Get("live")
}

var inputRE = regexp.MustCompile(`<input (?:type="hidden" )?name="([^"]*)" value="([^"]*)">`)

// inputs returns the named inputs of the form of page that starts with
// start, as a browser would post them.
func inputs(t *testing.T, page, start string) url.Values {
	t.Helper()
	_, form, ok := strings.Cut(page, start)
	require.True(t, ok, "no form %s in the page", start)
	form, _, _ = strings.Cut(form, "</form>")
	out := url.Values{}
	for _, m := range inputRE.FindAllStringSubmatch(form, -1) {
		out.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	return out
}

// Every state-changing route refuses a request a browser sends from
// another origin, a sibling subdomain included (where SameSite cookies
// go along); it accepts the host's own pages' requests and those of
// clients that are no browser.
func testACrossOriginPostIsRefused(t *testing.T, dsn string) {
	srv := startReplica(t, dsn)
	status, _ := do(t, srv, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {"1"}, "name": {"Harbor, draft"}, "author": {"alice"}})
	require.Equal(t, http.StatusSeeOther, status, "premise: revision 2 is saved")

	routes := []struct {
		name, path string
		form       url.Values
	}{
		{"a save", "/admin/themes/1", url.Values{"base": {"2"}, "name": {"Harbor, mallory's"}, "author": {"mallory"}}},
		{"a publish", "/admin/themes/1/publish", url.Values{"n": {"2"}, "live": {"1"}, "author": {"mallory"}}},
		{"a preview", "/admin/themes/1/preview", url.Values{"n": {"2"}}},
		{"the end of a preview", "/admin/preview/stop", nil},
	}
	refused := []struct {
		name   string
		header http.Header
	}{
		{"a sibling subdomain's form (same-site)", http.Header{"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://evil.localhost"}}},
		{"another tenant's page (same-site)", http.Header{"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://globex.localhost"}}},
		{"another site's form", http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}},
		{"a browser without Sec-Fetch-Site, from a sibling subdomain", http.Header{"Origin": {"http://globex.localhost"}}},
		{"a request whose origin is hidden (Origin: null)", http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"null"}}},
	}
	for _, rt := range routes {
		for _, from := range refused {
			t.Run(rt.name+" from "+from.name+" is refused", func(t *testing.T) {
				resp, body := send(t, srv.URL, "acme", http.MethodPost, rt.path, rt.form.Encode(), from.header)
				assert.Equal(t, http.StatusForbidden, resp.StatusCode, body)
				assert.Empty(t, resp.Cookies(), "no preview cookie")
			})
		}
	}
	base, live := newest(t, srv, "acme", "1")
	assert.Equal(t, "2", base, "nothing saved")
	assert.Equal(t, "1", live, "nothing published")

	accepted := []struct {
		name   string
		header http.Header
	}{
		{"the host's own page", http.Header{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"http://acme.localhost"}}},
		{"a browser without Sec-Fetch-Site, from the host's origin", http.Header{"Origin": {"http://acme.localhost"}}},
		{"a client that is no browser (curl)", nil},
	}
	for _, from := range accepted {
		t.Run("a preview from "+from.name+" is accepted", func(t *testing.T) {
			resp, body := send(t, srv.URL, "acme", http.MethodPost, "/admin/themes/1/preview", url.Values{"n": {"2"}}.Encode(), from.header)
			assert.Equal(t, http.StatusSeeOther, resp.StatusCode, body)
		})
	}
}

// Every admin page, whatever its status, is Cache-Control: private,
// no-store; behind nginx with a proxy cache that stores what it may for
// ten minutes, under a key that ignores the tenant and the cookies, no
// admin page is ever stored, nor a preview of the site.
func testNoCacheStoresAnAdminPage(t *testing.T, dsn string) {
	srv := startReplicaWith(t, dsn, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/premise" { // a page as the admin pages were: no Cache-Control
				_, _ = io.WriteString(w, "a page without Cache-Control")
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	pages := []struct {
		name, method, path string
		form               url.Values
		status             int
	}{
		{"the editor", http.MethodGet, "/admin/themes/1", nil, http.StatusOK},
		{"the editor's HEAD", http.MethodHead, "/admin/themes/1", nil, http.StatusOK},
		{"the history", http.MethodGet, "/admin/themes/1/history", nil, http.StatusOK},
		{"a saved draft's redirect", http.MethodPost, "/admin/themes/1", url.Values{"base": {"1"}, "name": {"Harbor, draft"}, "author": {"alice"}}, http.StatusSeeOther},
		{"the editor of the draft", http.MethodGet, "/admin/themes/1", nil, http.StatusOK},
		{"a conflict", http.MethodPost, "/admin/themes/1", url.Values{"base": {"1"}, "name": {"Harbor, late"}, "author": {"bob"}}, http.StatusConflict},
		{"a refused form", http.MethodPost, "/admin/themes/1", url.Values{"base": {"2"}, "name": {" "}}, http.StatusUnprocessableEntity},
		{"a form that cannot be read", http.MethodPost, "/admin/themes/1", url.Values{"x": {"%zz"}}, http.StatusBadRequest},
		{"a theme that does not exist", http.MethodGet, "/admin/themes/9", nil, http.StatusNotFound},
		{"a method the route does not take", http.MethodDelete, "/admin/themes/1", nil, http.StatusMethodNotAllowed},
		{"a preview's redirect", http.MethodPost, "/admin/themes/1/preview", url.Values{"n": {"2"}}, http.StatusSeeOther},
	}
	for _, p := range pages {
		t.Run(p.name+" is private, no-store", func(t *testing.T) {
			body := p.form.Encode()
			if p.name == "a form that cannot be read" {
				body = "x=%zz"
			}
			resp, text := send(t, srv.URL, "acme", p.method, p.path, body, nil)
			require.Equal(t, p.status, resp.StatusCode, text)
			assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
		})
	}

	proxy := nginxtest.Start(t, nginxtest.Options{
		Upstream:   srv.Listener.Addr().String(),
		Directives: []string{"proxy_set_header Host $http_host;", "proxy_cache_valid any 10m;"},
	})
	getVia := func(t *testing.T, path string, cookie *http.Cookie) (status int, body, cache string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, proxy+path, nil)
		require.NoError(t, err)
		req.Host = "acme.localhost"
		if cookie != nil {
			req.AddCookie(cookie)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b), resp.Header.Get("X-Cache")
	}
	t.Run("premise: nginx stores a page that does not forbid it", func(t *testing.T) {
		_, _, cache := getVia(t, "/premise", nil)
		assert.Equal(t, "MISS", cache)
		_, _, cache = getVia(t, "/premise", nil)
		assert.Equal(t, "HIT", cache)
	})
	for _, path := range []string{"/admin/themes/1", "/admin/themes/1/history", "/admin/themes/9"} {
		t.Run(path+" is never stored", func(t *testing.T) {
			for range 3 {
				_, _, cache := getVia(t, path, nil)
				assert.Equal(t, "MISS", cache)
			}
		})
	}
	t.Run("a draft saved meanwhile is what the next editor shows", func(t *testing.T) {
		base, _ := newest(t, srv, "acme", "1")
		status, _ := do(t, srv, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {base}, "name": {"Harbor, newer"}, "author": {"bob"}})
		require.Equal(t, http.StatusSeeOther, status)
		_, body, _ := getVia(t, "/admin/themes/1", nil)
		assert.Contains(t, body, `name="name" value="Harbor, newer"`)
	})
	t.Run("the site's preview is never stored, and the site's users get the live theme", func(t *testing.T) {
		token, err := testSigner(t).Sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 2, Expires: time.Now().Add(time.Hour)})
		require.NoError(t, err)
		cookie := &http.Cookie{Name: revision.PreviewCookie, Value: token}
		for range 2 {
			status, body, cache := getVia(t, "/", cookie)
			require.Equal(t, http.StatusOK, status)
			assert.Contains(t, body, `<strong id="theme-name">Harbor, draft</strong>`)
			assert.Equal(t, "MISS", cache)
		}
		_, body, cache := getVia(t, "/", nil)
		assert.Contains(t, body, `<strong id="theme-name">Harbor</strong>`)
		assert.Equal(t, "MISS", cache, "the live page is private")
	})
}

// A 409 page shows what the other admin changed, and its form is their
// revision with this admin's edits: submitted again as it is, it keeps
// their changes. A publish's 409 shows what went live, and its form
// publishes nothing older than that.
func testAResubmitted409PageRevertsNothing(t *testing.T, dsn string) {
	srv := startReplica(t, dsn)
	_, editor := do(t, srv, "acme", http.MethodGet, "/admin/themes/1", nil)
	alices := inputs(t, editor, `<form method="post">`) // alice opens the editor of revision 1
	require.Equal(t, "1", alices.Get("base"))

	status, _ := do(t, srv, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {"1"}, "author": {"bob"},
		"name": {"Harbor, bob's"}, "colors.link.light": {"hsl(10, 80%, 30%)"}, "colors.surface.dark": {"hsl(0, 0%, 12%)"}})
	require.Equal(t, http.StatusSeeOther, status, "bob saves revision 2 meanwhile")

	alices.Set("name", "Harbor, alice's")
	alices.Set("colors.primary.light", "hsl(250, 70%, 35%)")
	alices.Set("author", "alice")
	status, page := do(t, srv, "acme", http.MethodPost, "/admin/themes/1", alices)
	require.Equal(t, http.StatusConflict, status)
	for _, change := range []string{
		`colors.link.light: &#34;hsl(221, 80%, 40%)&#34; → &#34;hsl(10, 80%, 30%)&#34;`,
		`colors.surface.dark: &#34;&#34; → &#34;hsl(0, 0%, 12%)&#34;`,
		`name: &#34;Harbor&#34; → &#34;Harbor, bob&#39;s&#34;`,
	} {
		assert.Contains(t, page, change, "the 409 page lists bob's change")
	}
	assert.Contains(t, fieldErrors(page)["name"], `revision 2 has "Harbor, bob's"; the form keeps yours`)

	again := inputs(t, page, `<form method="post">`)
	again.Set("author", "alice")
	status, _ = do(t, srv, "acme", http.MethodPost, "/admin/themes/1", again)
	require.Equal(t, http.StatusSeeOther, status, "the 409 page submitted again as it is")
	_, editor = do(t, srv, "acme", http.MethodGet, "/admin/themes/1", nil)
	saved := inputs(t, editor, `<form method="post">`)
	assert.Equal(t, "3", saved.Get("base"))
	assert.Equal(t, "hsl(10, 80%, 30%)", saved.Get("colors.link.light"), "bob's change is kept")
	assert.Equal(t, "hsl(0, 0%, 12%)", saved.Get("colors.surface.dark"), "bob's change is kept")
	assert.Equal(t, "hsl(250, 70%, 35%)", saved.Get("colors.primary.light"), "alice's change is saved")
	assert.Equal(t, "Harbor, alice's", saved.Get("name"), "alice's value, shown beside bob's before she saved it")

	t.Run("a publish's 409 shows what went live, and publishing from it reverts nothing", func(t *testing.T) {
		// alice saw revision 1 live; bob publishes revision 3 meanwhile.
		status, _ := do(t, srv, "acme", http.MethodPost, "/admin/themes/1/publish", url.Values{"n": {"3"}, "live": {"1"}, "author": {"bob"}})
		require.Equal(t, http.StatusSeeOther, status)
		status, page := do(t, srv, "acme", http.MethodPost, "/admin/themes/1/publish", url.Values{"n": {"2"}, "live": {"1"}, "author": {"alice"}})
		require.Equal(t, http.StatusConflict, status)
		assert.Contains(t, page, `colors.primary.light: &#34;&#34; → &#34;hsl(250, 70%, 35%)&#34;`, "what went live")
		form := inputs(t, page, `action="/admin/themes/1/publish">`)
		assert.Equal(t, url.Values{"n": {"3"}, "live": {"3"}}, form)
		form.Set("author", "alice")
		do(t, srv, "acme", http.MethodPost, "/admin/themes/1/publish", form)
		_, live := newest(t, srv, "acme", "1")
		assert.Equal(t, "3", live, "bob's publish stands")
	})
}

// A form over its limits is a 413 (its size) or a 400 (its fields, its
// encoding), with a body that says so, never a 200 with nothing.
func testAFormOverItsLimitsIsRefused(t *testing.T, dsn string) {
	srv := startReplica(t, dsn)
	big := "base=1&name=" + strings.Repeat("x", maxFormBytes)
	many := "base=1" + strings.Repeat("&f=1", 10_000)
	for _, path := range []string{"/admin/themes/1", "/admin/themes/1/publish", "/admin/themes/1/preview"} {
		for _, tt := range []struct {
			name, body string
			status     int
			says       string
		}{
			{"a form of more than 1 MiB", big, http.StatusRequestEntityTooLarge, "the form is larger than 1048576 bytes"},
			{"a form of 10,001 fields", many, http.StatusBadRequest, "the form cannot be read"},
			{"a form with a bad escape", "base=%zz", http.StatusBadRequest, "the form cannot be read"},
		} {
			t.Run(tt.name+" posted to "+path+" is refused", func(t *testing.T) {
				resp, body := send(t, srv.URL, "acme", http.MethodPost, path, tt.body, nil)
				assert.Equal(t, tt.status, resp.StatusCode)
				assert.Contains(t, body, tt.says)
			})
		}
	}
	base, _ := newest(t, srv, "acme", "1")
	assert.Equal(t, "1", base, "nothing saved")
}

// Each route answers HEAD as GET without the body, OPTIONS with 204, and
// any other method with 405; Allow, on the 405 and the 204, lists exactly
// the methods that get no 405.
func testEveryRouteAnswersTheMethodsItAllows(t *testing.T, dsn string) {
	srv := startReplica(t, dsn)
	for _, path := range []string{"/", "/admin/themes/1", "/admin/themes/1/history", "/admin/themes/1/publish",
		"/admin/themes/1/preview", "/admin/preview/stop"} {
		t.Run(path, func(t *testing.T) {
			var answered []string
			var allow []string
			for _, m := range []string{"DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"} {
				resp, _ := send(t, srv.URL, "acme", m, path, "", nil)
				if resp.StatusCode != http.StatusMethodNotAllowed {
					answered = append(answered, m)
				}
				if resp.StatusCode == http.StatusMethodNotAllowed || m == http.MethodOptions {
					allow = append(allow, resp.Header.Get("Allow"))
				}
				if m == http.MethodOptions {
					assert.Equal(t, http.StatusNoContent, resp.StatusCode)
				}
			}
			for _, a := range allow {
				got := strings.Split(a, ", ")
				slices.Sort(got)
				assert.Equal(t, answered, got, "Allow %q", a)
			}
			if slices.Contains(answered, http.MethodGet) {
				get, getBody := send(t, srv.URL, "acme", http.MethodGet, path, "", nil)
				head, headBody := send(t, srv.URL, "acme", http.MethodHead, path, "", nil)
				assert.Equal(t, get.StatusCode, head.StatusCode)
				assert.NotEmpty(t, getBody)
				assert.Empty(t, headBody)
				for _, h := range []string{"Content-Type", "Cache-Control", "Vary"} {
					assert.Equal(t, get.Header.Get(h), head.Header.Get(h), h)
				}
			}
		})
	}
}

// tamper returns token with the last byte of its payload (the revision
// number's, for a token of no tenant and no user, or the user's) changed,
// and its signature as it was.
func tamper(t *testing.T, token string) string {
	t.Helper()
	payload, sig, ok := strings.Cut(token, ".")
	require.True(t, ok)
	b, err := base64.RawURLEncoding.DecodeString(payload)
	require.NoError(t, err)
	b[len(b)-1] ^= 1
	return base64.RawURLEncoding.EncodeToString(b) + "." + sig
}

// A preview token that does not grant its request the preview is served
// the live theme on every route, the catalog included, with a sign on the
// response and a banner on the site's page: never a 404.
func testAStalePreviewIsServedLive(t *testing.T, dsn string) {
	srv := startReplica(t, dsn)
	sign := func(p revision.PreviewToken) string {
		tok, err := testSigner(t).Sign(p)
		require.NoError(t, err)
		return tok
	}
	hour := time.Now().Add(time.Hour)
	valid := sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 1, Expires: hour})
	for _, tt := range []struct {
		name, token, reason string
	}{
		{"an expired token", sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 1, Expires: time.Now().Add(-time.Second)}), "expired"},
		{"a token whose revision was changed", tamper(t, valid), "signature"},
		{"another tenant's token", sign(revision.PreviewToken{Tenant: "globex", ThemeID: 2, Number: 1, Expires: hour}), "tenant"},
		{"a token of a revision that does not exist", sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 99, Expires: hour}), "unknown-revision"},
		{"a token of a theme that does not exist", sign(revision.PreviewToken{Tenant: "acme", ThemeID: 42, Number: 1, Expires: hour}), "unknown-revision"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			header := http.Header{"Cookie": {revision.PreviewCookie + "=" + tt.token}}
			for _, path := range []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/theme.css", "/"} {
				resp, body := send(t, srv.URL, "acme", http.MethodGet, path, "", header)
				assert.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", path, body)
				assert.Equal(t, "live; reason="+tt.reason, resp.Header.Get(revision.PreviewHeader), path)
				assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), path)
			}
			_, page := send(t, srv.URL, "acme", http.MethodGet, "/", "", header)
			assert.Contains(t, page, `<strong id="theme-name">Harbor</strong>`)
			assert.Contains(t, page, "Your preview is not shown (revision: ")
		})
	}
}

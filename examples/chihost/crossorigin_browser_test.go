package main

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/axepage"
	"github.com/themekit/themekit/internal/testkit/pgtest"
)

// TestACrossOriginFormIsRefusedInChromium: a page of a sibling
// subdomain (evil.shop.localhost, the same site as the tenant's
// acme.shop.localhost, so the admin's SameSite cookies would go with its
// requests) posts the admin's forms to the tenant's host in Chromium:
// every one is refused with 403, and nothing is saved, published or
// previewed. Chromium calls these requests same-site, which is why a
// SameSite cookie could not tell them apart.
func TestACrossOriginFormIsRefusedInChromium(t *testing.T) {
	b := axepage.Launch(t) // skips without chromium or axe-core
	db := pgtest.Start(t)
	seed(t, db.DSN)
	var mu sync.Mutex
	var posts []string // "Sec-Fetch-Site Origin" of each POST the host saw
	admin := startReplicaWith(t, db.DSN, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				mu.Lock()
				posts = append(posts, r.Header.Get("Sec-Fetch-Site")+" "+r.Header.Get("Origin"))
				mu.Unlock()
			}
			next.ServeHTTP(w, r)
		})
	})
	status, _ := do(t, admin, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {"1"}, "name": {"Harbor, draft"}, "author": {"alice"}})
	require.Equal(t, http.StatusSeeOther, status, "premise: a same-origin client saves revision 2")
	u, err := url.Parse(admin.URL)
	require.NoError(t, err)
	target := "http://acme.shop.localhost:" + u.Port()

	forms := []struct {
		name, action string
		fields       url.Values
	}{
		{"a save", "/admin/themes/1", url.Values{"base": {"2"}, "name": {"Harbor, mallory's"}, "author": {"mallory"}}},
		{"a publish", "/admin/themes/1/publish", url.Values{"n": {"2"}, "live": {"1"}, "author": {"mallory"}}},
		{"a preview", "/admin/themes/1/preview", url.Values{"n": {"2"}}},
	}
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f := forms[0]
		for _, g := range forms {
			if r.URL.Query().Get("form") == g.name {
				f = g
			}
		}
		var inputs strings.Builder
		for k, v := range f.fields {
			fmt.Fprintf(&inputs, `<input type="hidden" name="%s" value="%s">`, html.EscapeString(k), html.EscapeString(v[0]))
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>Win a prize</title></head><body>
<form method="post" action="%s%s">%s<button>Claim</button></form></body></html>`, target, f.action, inputs.String())
	}))
	t.Cleanup(evil.Close)
	eu, err := url.Parse(evil.URL)
	require.NoError(t, err)
	evilOrigin := "http://evil.shop.localhost:" + eu.Port()

	for _, f := range forms {
		t.Run(f.name+" from a sibling subdomain is refused", func(t *testing.T) {
			mu.Lock()
			posts = nil
			mu.Unlock()
			b.Open(t, evilOrigin+"/?form="+url.QueryEscape(f.name))
			b.Submit(t, `document.forms[0].requestSubmit()`)
			var body string
			b.Eval(t, `document.body.textContent`, &body)
			assert.Contains(t, body, "cross-origin request detected")
			mu.Lock()
			assert.Equal(t, []string{"same-site " + evilOrigin}, posts, "Chromium sent it as same-site")
			mu.Unlock()
		})
	}

	status, editor := do(t, admin, "acme", http.MethodGet, "/admin/themes/1", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, editor, "Theme 1: revision 2</h1>", "nothing saved: revision 2 is the newest")
	assert.Contains(t, editor, `name="live" value="1"`, "nothing published: revision 1 is live")
	b.Open(t, target+"/")
	var banner bool
	b.Eval(t, `document.querySelector("#preview") !== null`, &banner)
	assert.False(t, banner, "nothing previewed: the site shows no preview banner")
}

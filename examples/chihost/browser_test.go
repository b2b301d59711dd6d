package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/axepage"
	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming/revision"
)

// TestAdminFlowInChromium drives the admin pages in headless Chromium as
// an admin would, on one replica, while a second replica serves the
// tenant's users: a draft whose contrast fails is saved with its failures
// shown at their field, and its publish refused; a fixed draft is
// previewed on the site, on both replicas (users still get the live
// theme), and a preview of a revision that is gone shows the live theme,
// saying why, on every route; the draft is published and served by the
// other replica; another admin's save makes the first admin's stale one a
// 409 that lists their changes, and submitting it again keeps them; and
// the history rolls back to the first revision. Every page passes
// axe-core.
func TestAdminFlowInChromium(t *testing.T) {
	b := axepage.Launch(t) // skips without chromium or axe-core
	db := pgtest.Start(t)
	seed(t, db.DSN)
	admin, users := startReplica(t, db.DSN), startReplica(t, db.DSN)
	u, err := url.Parse(admin.URL)
	require.NoError(t, err)
	editor := "http://acme.localhost:" + u.Port() + "/admin/themes/1" // Chromium resolves *.localhost to loopback

	axeClean := func(t *testing.T, what string) {
		t.Helper()
		for _, v := range b.Axe(t) {
			t.Errorf("%s: axe-core: %s", what, v)
		}
	}
	text := func(t *testing.T, selector string) string {
		t.Helper()
		var s string
		b.Eval(t, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, selector), &s)
		return s
	}
	errorsAt := func(t *testing.T, field string) string {
		t.Helper()
		var s string
		b.Eval(t, fmt.Sprintf(`[...document.querySelectorAll('p.error[data-field=%q]')].map(p => p.textContent).join(" | ")`, field), &s)
		return s
	}
	// fill sets the named inputs of the form that holds the submit
	// button labelled button, and submits it.
	fill := func(t *testing.T, button string, values map[string]string) {
		t.Helper()
		js := fmt.Sprintf(`(() => {
			const btn = [...document.querySelectorAll("button")].find(b => b.textContent.startsWith(%q));
			const form = btn.form;
			for (const [k, v] of Object.entries(%s)) form.elements[k].value = v;
			form.requestSubmit(btn);
		})()`, button, jsonObject(values))
		b.Submit(t, js)
	}
	value := func(t *testing.T, name string) string {
		t.Helper()
		var s string
		b.Eval(t, fmt.Sprintf(`document.querySelector('input[name=%q]').value`, name), &s)
		return s
	}
	site := func(srv *httptest.Server) string {
		u, err := url.Parse(srv.URL)
		require.NoError(t, err)
		return "http://acme.localhost:" + u.Port() + "/"
	}
	served := func(t *testing.T, path string) string {
		t.Helper()
		status, body := do(t, users, "acme", http.MethodGet, path, nil)
		require.Equal(t, http.StatusOK, status)
		return body
	}

	b.Open(t, editor)
	require.Equal(t, "Theme 1: revision 1 (live)", text(t, "h1"))
	axeClean(t, "the editor")

	t.Run("a draft whose contrast fails is saved, its failures at their field, and its publish refused", func(t *testing.T) {
		fill(t, "Save draft", map[string]string{"colors.primary.light": "hsl(221, 80%, 80%)", "author": "alice", "note": "paler"})
		assert.Equal(t, "Theme 1: revision 2", text(t, "h1"))
		assert.Contains(t, errorsAt(t, "colors.primary.light"), "contrast: primary on page-background (light, non-text) is ")
		axeClean(t, "the editor with failures")
		fill(t, "Publish revision 2", map[string]string{"author": "alice"})
		assert.Contains(t, errorsAt(t, ""), "refused by the publish policy")
		assert.Contains(t, errorsAt(t, "colors.primary.light"), "contrast: primary on page-background")
		axeClean(t, "the refused publish")
	})
	t.Run("a fixed draft is previewed on the site, by its requester alone, on every replica", func(t *testing.T) {
		b.Open(t, editor)
		fill(t, "Save draft", map[string]string{"colors.primary.light": "hsl(250, 70%, 40%)", "name": "Harbor, violet", "author": "alice"})
		require.Equal(t, "Theme 1: revision 3", text(t, "h1"))
		assert.Empty(t, errorsAt(t, "colors.primary.light"), "it passes")
		fill(t, "Preview revision 3", nil)
		assert.Equal(t, "Harbor, violet", text(t, "#theme-name"))
		assert.Contains(t, text(t, "#preview"), "A preview of theme 1, revision 3")
		var primary string
		b.Eval(t, `getComputedStyle(document.documentElement).getPropertyValue("--primary")`, &primary)
		// hsl(250, 70%, 40%) by CSS Color 4's formula: C = 0.56, X = 0.0933, m = 0.12,
		// so (X+m, m, C+m) = (0.213, 0.12, 0.68): 54.4, 30.6, 173.4.
		assert.Equal(t, "rgb(54, 31, 173)", primary)
		axeClean(t, "the preview")
		assert.NotContains(t, served(t, "/theme.css"), "hsl(250, 70%, 40%)", "users get the live theme")

		// The cookie goes to the other replica too (cookies ignore ports), which verifies the token with the shared key.
		b.Open(t, site(users))
		assert.Equal(t, "Harbor, violet", text(t, "#theme-name"), "the other replica shows the preview")
		var sign string
		b.Eval(t, `fetch("/api/v2/theme/config/").then(r => r.status + " " + r.headers.get("Themekit-Preview") + " " + r.headers.get("Cache-Control"))`, &sign)
		assert.Equal(t, "200 preview; theme=1; revision=3 private, no-store", sign)

		fill(t, "Stop previewing", nil)
		assert.Equal(t, "Harbor", text(t, "#theme-name"), "the live theme again")
		assert.Empty(t, text(t, "#preview"))
	})
	t.Run("a preview of a revision that is gone shows the live theme and says why, on every route", func(t *testing.T) {
		token, err := testSigner(t).Sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 99, Expires: time.Now().Add(time.Hour)})
		require.NoError(t, err)
		b.Open(t, site(admin))
		b.Eval(t, fmt.Sprintf(`(document.cookie = %q, true)`, revision.PreviewCookie+"="+token+"; path=/"), new(bool))
		b.Open(t, site(admin))
		assert.Equal(t, "Harbor", text(t, "#theme-name"))
		assert.Contains(t, text(t, "#preview"), "Your preview is not shown (revision: unknown revision")
		axeClean(t, "the refused preview")
		for _, path := range []string{"/api/v2/theme/component-defs/", "/api/v2/theme/", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/theme.css"} {
			var got string
			b.Eval(t, fmt.Sprintf(`fetch(%q).then(r => r.status + " " + r.headers.get("Themekit-Preview"))`, path), &got)
			assert.Equal(t, "200 live; reason=unknown-revision", got, path)
		}
		fill(t, "Stop previewing", nil)
		assert.Empty(t, text(t, "#preview"))
	})
	t.Run("publishing it serves it on the other replica", func(t *testing.T) {
		b.Open(t, editor)
		fill(t, "Publish revision 3", map[string]string{"author": "alice"})
		assert.Equal(t, "Theme 1: revision 3 (live)", text(t, "h1"))
		assert.Eventually(t, func() bool { return strings.Contains(served(t, "/theme.css"), "--primary: hsl(250, 70%, 40%);") },
			2*time.Second, 5*time.Millisecond)
	})
	t.Run("a save from a revision someone else saved over is a 409 that shows their changes and keeps the edit", func(t *testing.T) {
		b.Open(t, editor) // the admin reads revision 3
		status, _ := do(t, admin, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {"3"}, "name": {"Harbor, bob's"},
			"colors.link.light": {"hsl(10, 80%, 30%)"}, "author": {"bob"}})
		require.Equal(t, http.StatusSeeOther, status, "bob saves revision 4 meanwhile")
		fill(t, "Save draft", map[string]string{"name": "Harbor, alice's", "colors.primary.light": "hsl(250, 70%, 35%)", "author": "alice"})
		assert.Contains(t, errorsAt(t, ""), "revision: conflict: save of theme 1 from revision 3, but revision 4 is now the newest one")
		assert.Contains(t, errorsAt(t, ""), "bob saved revision 4 meanwhile")
		assert.Equal(t, "Theme 1: revision 4", text(t, "h1"), "and now edits revision 4")
		assert.Contains(t, text(t, `li.theirs[data-field="colors.link.light"]`), `"hsl(221, 80%, 40%)" → "hsl(10, 80%, 30%)"`, "bob's changes are listed")
		assert.Contains(t, text(t, `li.theirs[data-field="name"]`), `"Harbor, violet" → "Harbor, bob's"`)
		assert.Equal(t, "Harbor, alice's", value(t, "name"), "the admin's edit is kept")
		assert.Contains(t, errorsAt(t, "name"), `revision 4 has "Harbor, bob's"; the form keeps yours`, "where both changed the field")
		assert.Equal(t, "hsl(250, 70%, 35%)", value(t, "colors.primary.light"))
		assert.Equal(t, "hsl(10, 80%, 30%)", value(t, "colors.link.light"), "bob's change is in the form")
		axeClean(t, "the conflict")

		fill(t, "Save draft", map[string]string{"author": "alice"}) // the 409 page, submitted again as it is
		assert.Equal(t, "Theme 1: revision 5", text(t, "h1"))
		assert.Equal(t, "hsl(10, 80%, 30%)", value(t, "colors.link.light"), "bob's change is not reverted")
		assert.Equal(t, "hsl(250, 70%, 35%)", value(t, "colors.primary.light"))
		assert.Equal(t, "Harbor, alice's", value(t, "name"))
	})
	t.Run("the history shows authors and changes, and rolls back", func(t *testing.T) {
		b.Open(t, editor+"/history")
		assert.Equal(t, "bob", strings.TrimSpace(text(t, "#revision-4 .author")))
		assert.Contains(t, text(t, "#revision-5"), `colors.primary.light: "hsl(250, 70%, 40%)" → "hsl(250, 70%, 35%)"`)
		assert.NotContains(t, text(t, "#revision-5"), "colors.link.light", "the resubmitted 409 page changed nothing of bob's")
		assert.Equal(t, "alice: paler", strings.TrimSpace(text(t, "#revision-2 .author")))
		assert.Contains(t, text(t, "#revision-3"), `colors.primary.light: "hsl(221, 80%, 80%)" → "hsl(250, 70%, 40%)"`)
		assert.Contains(t, text(t, "#revision-3"), "live")
		axeClean(t, "the history")
		b.Eval(t, `(() => { document.querySelector("#revision-1 input[name=author]").value = "carol"; return true })()`, new(bool))
		b.Submit(t, `document.querySelector("#revision-1 form").requestSubmit()`)
		b.Open(t, editor+"/history")
		assert.Contains(t, text(t, "#revision-1"), "live")
		assert.Eventually(t, func() bool { return strings.Contains(served(t, "/api/v2/theme/config/"), `"name":"Harbor"`) },
			2*time.Second, 5*time.Millisecond, "the other replica serves revision 1 again")
	})
}

// jsonObject writes m as a JavaScript object literal.
func jsonObject(m map[string]string) string {
	var b strings.Builder
	b.WriteByte('{')
	for k, v := range m {
		fmt.Fprintf(&b, "%q: %q,", k, v)
	}
	b.WriteByte('}')
	return b.String()
}

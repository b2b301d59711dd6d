package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/axepage"
	"github.com/themekit/themekit/internal/pgtest"
)

// TestAdminFlowInChromium drives the admin pages in headless Chromium as
// an admin would, on one replica, while a second replica serves the
// tenant's users: a draft whose contrast fails is saved with its failures
// shown at their field, and its publish refused; a fixed draft is
// previewed on the host's own page (users still get the live theme), then
// published and served by the other replica; another admin's save makes
// the first admin's stale one a 409; and the history rolls back to the
// first revision. Every page passes axe-core.
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
	t.Run("a fixed draft is previewed on the host's page, seen by its requester alone", func(t *testing.T) {
		b.Open(t, editor)
		fill(t, "Save draft", map[string]string{"colors.primary.light": "hsl(250, 70%, 40%)", "name": "Harbor, violet", "author": "alice"})
		require.Equal(t, "Theme 1: revision 3", text(t, "h1"))
		assert.Empty(t, errorsAt(t, "colors.primary.light"), "it passes")
		b.Submit(t, `[...document.querySelectorAll("a")].find(a => a.textContent === "Preview revision 3").click()`)
		assert.Equal(t, "Harbor, violet", text(t, "#theme-name"))
		var primary string
		b.Eval(t, `getComputedStyle(document.documentElement).getPropertyValue("--primary")`, &primary)
		// hsl(250, 70%, 40%) by CSS Color 4's formula: C = 0.56, X = 0.0933, m = 0.12,
		// so (X+m, m, C+m) = (0.213, 0.12, 0.68): 54.4, 30.6, 173.4.
		assert.Equal(t, "rgb(54, 31, 173)", primary)
		axeClean(t, "the preview")
		assert.NotContains(t, served(t, "/theme.css"), "hsl(250, 70%, 40%)", "users get the live theme")
	})
	t.Run("publishing it serves it on the other replica", func(t *testing.T) {
		b.Open(t, editor)
		fill(t, "Publish revision 3", map[string]string{"author": "alice"})
		assert.Equal(t, "Theme 1: revision 3 (live)", text(t, "h1"))
		assert.Eventually(t, func() bool { return strings.Contains(served(t, "/theme.css"), "--primary: hsl(250, 70%, 40%);") },
			2*time.Second, 5*time.Millisecond)
	})
	t.Run("a save from a revision someone else saved over is a 409 that keeps the edit", func(t *testing.T) {
		b.Open(t, editor) // the admin reads revision 3
		status, _ := do(t, admin, "acme", http.MethodPost, "/admin/themes/1", url.Values{"base": {"3"}, "name": {"Harbor, bob's"}, "author": {"bob"}})
		require.Equal(t, http.StatusSeeOther, status, "bob saves revision 4 meanwhile")
		fill(t, "Save draft", map[string]string{"name": "Harbor, alice's", "author": "alice"})
		assert.Contains(t, errorsAt(t, ""), "revision: conflict: save of theme 1 from revision 3, but revision 4 is now the newest one")
		var name string
		b.Eval(t, `document.querySelector("input[name=name]").value`, &name)
		assert.Equal(t, "Harbor, alice's", name, "the admin's edit is kept")
		assert.Equal(t, "Theme 1: revision 4", text(t, "h1"), "and now edits revision 4")
		axeClean(t, "the conflict")
	})
	t.Run("the history shows authors and changes, and rolls back", func(t *testing.T) {
		b.Open(t, editor+"/history")
		assert.Equal(t, "bob", strings.TrimSpace(text(t, "#revision-4 .author")))
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

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
)

var (
	revisionRow = regexp.MustCompile(`<tr id="revision-(\d+)">`)
	liveInput   = regexp.MustCompile(`name="live" value="(\d+)"`)
	olderLink   = regexp.MustCompile(`<a href="(/admin/themes/\d+/history\?before=\d+)">Older revisions</a>`)
)

// startMemoryHost starts a host whose revisions are kept in memory, with
// the tenant acme, and returns its server and store.
func startMemoryHost(t *testing.T) (*httptest.Server, *revision.Memory) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	mem := revision.NewMemory(cc, contrast.Policy{})
	require.NoError(t, mem.CreateTenant(context.Background(), "acme"))
	h, err := newHostOn(cc, cat.PalettePreview, mem, mem, testKey)
	require.NoError(t, err)
	srv := httptest.NewServer(h.routes())
	t.Cleanup(srv.Close)
	return srv, mem
}

// The admin pages read a theme's state from the store's Head and
// Revision, not from its history: with more revisions than a history
// page holds (revision.MaxLimit), and the live one older than all of
// that page's, the editor still edits the newest draft and publishes
// over the live revision, a publish's 409 shows what went live, and the
// history pages reach every revision.
func TestTheAdminPagesHoldPastAHistoryPage(t *testing.T) {
	srv, mem := startMemoryHost(t)
	ctx := context.Background()
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	th := themes[0]
	const n = revision.MaxLimit + 50
	for i := 1; i <= n; i++ {
		th.Name = "Harbor " + strconv.Itoa(i)
		_, err := mem.Save(ctx, "acme", th, i-1, revision.Change{Author: "seed"})
		require.NoError(t, err)
	}
	id := strconv.Itoa(th.ID)
	require.NoError(t, mem.Publish(ctx, "acme", th.ID, 3, 0, revision.Change{Author: "seed"}))

	t.Run("the editor shows the newest draft, and the old live revision", func(t *testing.T) {
		status, body := do(t, srv, "acme", http.MethodGet, "/admin/themes/"+id, nil)
		require.Equal(t, http.StatusOK, status)
		form := inputs(t, body, `<form method="post">`)
		assert.Equal(t, strconv.Itoa(n), form.Get("base"))
		assert.Equal(t, "Harbor "+strconv.Itoa(n), form.Get("name"))
		assert.Equal(t, url.Values{"n": {strconv.Itoa(n)}, "live": {"3"}}, inputs(t, body, `action="/admin/themes/`+id+`/publish">`))
		assert.Contains(t, body, "(revision 3 is live)")
	})

	t.Run("a publish's 409 shows what went live since the old live revision", func(t *testing.T) {
		// alice saw revision 3 live; bob publishes revision n-1 meanwhile.
		status, _ := do(t, srv, "acme", http.MethodPost, "/admin/themes/"+id+"/publish",
			url.Values{"n": {strconv.Itoa(n - 1)}, "live": {"3"}, "author": {"bob"}})
		require.Equal(t, http.StatusSeeOther, status)
		status, page := do(t, srv, "acme", http.MethodPost, "/admin/themes/"+id+"/publish",
			url.Values{"n": {strconv.Itoa(n)}, "live": {"3"}, "author": {"alice"}})
		require.Equal(t, http.StatusConflict, status)
		assert.Contains(t, page, `name: &#34;Harbor 3&#34; → &#34;Harbor `+strconv.Itoa(n-1)+`&#34;`, "what went live")
		assert.Equal(t, url.Values{"n": {strconv.Itoa(n)}, "live": {strconv.Itoa(n - 1)}}, inputs(t, page, `action="/admin/themes/`+id+`/publish">`))
	})

	t.Run("a draft saves from the newest revision", func(t *testing.T) {
		status, body := do(t, srv, "acme", http.MethodGet, "/admin/themes/"+id, nil)
		require.Equal(t, http.StatusOK, status)
		form := inputs(t, body, `<form method="post">`)
		form.Set("name", "Harbor, once more")
		form.Set("author", "alice")
		status, _ = do(t, srv, "acme", http.MethodPost, "/admin/themes/"+id, form)
		require.Equal(t, http.StatusSeeOther, status)
		head, err := mem.Head(ctx, "acme", th.ID)
		require.NoError(t, err)
		assert.Equal(t, revision.Head{Newest: n + 1, Live: n - 1}, head)
	})

	t.Run("the history pages reach the first revision, each with the live revision's number", func(t *testing.T) {
		seen, path := 0, "/admin/themes/"+id+"/history"
		for pages := 0; path != ""; pages++ {
			require.Less(t, pages, n, "the history pages end")
			status, body := do(t, srv, "acme", http.MethodGet, path, nil)
			require.Equal(t, http.StatusOK, status)
			rows := revisionRow.FindAllStringSubmatch(body, -1)
			require.NotEmpty(t, rows, path)
			for _, row := range rows {
				assert.Equal(t, strconv.Itoa(n+1-seen), row[1], "the revisions in order, newest first")
				seen++
			}
			for _, live := range liveInput.FindAllStringSubmatch(body, -1) {
				assert.Equal(t, strconv.Itoa(n-1), live[1], "a rollback publishes over the live revision")
			}
			path = ""
			if m := olderLink.FindStringSubmatch(body); m != nil {
				path = m[1]
			}
		}
		assert.Equal(t, n+1, seen)
	})
}

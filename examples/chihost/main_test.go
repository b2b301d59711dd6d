package main

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// testKey is the preview key every replica of a test shares.
var testKey = []byte("chihost's test key, 32 bytes or more")

// testSigner signs preview tokens with testKey.
func testSigner(t *testing.T) *revision.PreviewSigner {
	t.Helper()
	s, err := revision.NewPreviewSigner(testKey)
	require.NoError(t, err)
	return s
}

// startReplica starts a host on the database and serves it until the
// test ends.
func startReplica(t *testing.T, dsn string) *httptest.Server {
	t.Helper()
	return startReplicaWith(t, dsn, nil)
}

// startReplicaWith starts a host whose routes wrap wraps (nil: none).
func startReplicaWith(t *testing.T, dsn string, wrap func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	h, err := newHost(ctx, dsn, testKey)
	require.NoError(t, err)
	done := make(chan struct{})
	go func() { defer close(done); h.source.Run(ctx) }()
	routes := h.routes()
	if wrap != nil {
		routes = wrap(routes)
	}
	srv := httptest.NewServer(routes)
	t.Cleanup(func() { srv.Close(); cancel(); <-done; h.pool.Close() })
	return srv
}

// seed writes the tenants acme (the default themes) and globex (themes
// 2 and 3) as a host did before revisions: the old schema, rows written
// directly. The replicas' Migrate gives every theme its first revision.
func seed(t *testing.T, dsn string) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, pgsource.Schema+";insert into tenants values ('acme'), ('globex')")
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	for _, th := range themes { // Tables.Save: the save of the contract alone
		require.NoError(t, pgsource.Tables{}.Save(ctx, conn, cc, "acme", th))
		if th.ID == 2 || th.ID == 3 {
			require.NoError(t, pgsource.Tables{}.Save(ctx, conn, cc, "globex", th))
		}
	}
}

// do sends a request for tenant's host name without following
// redirects, and returns the status and body.
func do(t *testing.T, srv *httptest.Server, tenant, method, path string, form url.Values) (int, string) {
	t.Helper()
	resp, body := send(t, srv.URL, tenant, method, path, form.Encode(), nil)
	return resp.StatusCode, body
}

// send sends a request with body (a form) and the headers header to base
// (a server's URL) for tenant's host name, without following redirects,
// and returns the response and its body.
func send(t *testing.T, base, tenant, method, path, body string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Host = tenant + ".localhost"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

var errorLine = regexp.MustCompile(`<p class="error" data-field="([^"]*)">([^<]*)</p>`)

// fieldErrors returns the errors a form page shows, by field ("" for
// the theme as a whole), several at one field joined by " | ".
func fieldErrors(body string) map[string]string {
	out := map[string]string{}
	for _, m := range errorLine.FindAllStringSubmatch(body, -1) {
		field := html.UnescapeString(m[1])
		if out[field] != "" {
			out[field] += " | "
		}
		out[field] += html.UnescapeString(m[2])
	}
	return out
}

// TestSaveOnOneReplicaServedByTheOther: two replicas on one database; an
// admin's form on the first is checked field by field, and a saved theme
// is served by the second.
func TestSaveOnOneReplicaServedByTheOther(t *testing.T) {
	db := pgtest.Start(t)
	seed(t, db.DSN)
	first, second := startReplica(t, db.DSN), startReplica(t, db.DSN)
	themeList := func(srv *httptest.Server, tenant string) string {
		status, body := do(t, srv, tenant, http.MethodGet, "/api/v2/theme/", nil)
		require.Equal(t, http.StatusOK, status, body)
		return body
	}
	require.Contains(t, themeList(second, "acme"), `"name":"Harbor"`, "premise: the second replica built acme")

	t.Run("the form shows the theme", func(t *testing.T) {
		status, body := do(t, first, "acme", http.MethodGet, "/admin/themes/1", nil)
		assert.Equal(t, http.StatusOK, status)
		assert.Contains(t, body, `name="name" value="Harbor"`)
		assert.Contains(t, body, `name="colors.primary.light"`)
	})
	refused := []struct {
		name string
		form url.Values
		want map[string]string // field -> part of its error
	}{
		{"bad fields are refused, each error shown at its field", url.Values{
			"base": {"1"}, "name": {" "}, "colors.primary.light": {"oklch(62% 0.19)"}, "colors.link.dark": {"hsl(10, 50%)"}, "colors.surface.light": {"chat-bubble"},
		}, map[string]string{
			"name":                 "must not be blank",
			"colors.primary.light": `"oklch(62% 0.19)" is neither a color nor a component id: missing hue`,
			"colors.link.dark":     `"hsl(10, 50%)" is neither a color nor a component id`,
			"colors.surface.light": `refers to hidden component "chat-bubble"; the served catalog must be self-contained`,
		}},
		{"a fallback cycle, which only the whole theme shows, is refused above the form", url.Values{
			"base": {"1"}, "name": {"Harbor"}, "colors.primary.light": {"link"}, "colors.link.light": {"primary"},
		}, map[string]string{
			"": "colors: fallback cycle in light scheme",
		}},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			status, body := do(t, first, "acme", http.MethodPost, "/admin/themes/1", tt.form)
			assert.Equal(t, http.StatusUnprocessableEntity, status)
			got := fieldErrors(body)
			assert.Len(t, got, len(tt.want), "%v", got)
			for field, part := range tt.want {
				assert.Contains(t, got[field], part, "the error shown at %q", field)
			}
			assert.Contains(t, themeList(first, "acme"), `"name":"Harbor"`, "nothing saved")
		})
	}
	t.Run("a good form is saved as a draft, and once published the second replica serves it", func(t *testing.T) {
		status, _ := do(t, first, "acme", http.MethodPost, "/admin/themes/1", url.Values{
			"base": {"1"}, "author": {"alice"}, "name": {"Harbor, edited"}, "colors.primary.light": {"hsl(214 82% 40%)"}, "colors.link.dark": {"primary"},
			"colors.primary.dark": {"oklch(72% 0.13 258)"},
		})
		require.Equal(t, http.StatusSeeOther, status)
		status, body := do(t, second, "acme", http.MethodGet, "/admin/themes/1", nil)
		assert.Equal(t, http.StatusOK, status)
		assert.Contains(t, body, `name="colors.primary.light" value="hsl(214 82% 40%)"`, "the draft, on either replica")
		assert.Contains(t, body, `name="colors.primary.dark" value="oklch(72% 0.13 258)"`, "an oklch() value, kept as written")
		assert.NotContains(t, themeList(second, "acme"), "Harbor, edited", "a draft is not served")

		status, _ = do(t, first, "acme", http.MethodPost, "/admin/themes/1/publish", url.Values{"n": {"2"}, "live": {"1"}, "author": {"alice"}})
		require.Equal(t, http.StatusSeeOther, status)
		assert.Eventually(t, func() bool {
			return strings.Contains(themeList(second, "acme"), `"name":"Harbor, edited"`)
		}, 2*time.Second, 5*time.Millisecond)
		assert.Contains(t, themeList(second, "acme"), `"dark":"oklch(72% 0.13 258)"`, "the oklch() override served as written")
		assert.NotContains(t, themeList(second, "globex"), "edited", "the other tenant's data")
	})
	t.Run("a tenant or theme that does not exist is a 404", func(t *testing.T) {
		status, _ := do(t, first, "initech", http.MethodPost, "/admin/themes/1", url.Values{"name": {"x"}})
		assert.Equal(t, http.StatusNotFound, status)
		status, _ = do(t, first, "globex", http.MethodGet, "/admin/themes/1", nil)
		assert.Equal(t, http.StatusNotFound, status)
	})
}

// TestAFormsCostIsLinearInItsSize: an admin form of N fields that each
// name no component, and one of 4N, are refused field by field, and the
// larger costs about 4 times as much, not 16 (the finding: the errors
// were restated in O(fields x map size), 10 s for a 358 KB form). Bytes
// allocated in the process are counted (the database's work is not);
// so is the process's CPU time (user and system, getrusage), not the
// time that passed: a loaded machine stretches that by whatever share of
// the cores it leaves the test (wall time once gave 12.2 under -race at
// load 10-15 where a quiet machine measures 2.8 to 3.8), while CPU time
// moves only with the caches. The best of three requests of each size,
// the two sizes posted in turn, under a bound of 10, which a quadratic
// cost (16) crosses.
func TestAFormsCostIsLinearInItsSize(t *testing.T) {
	db := pgtest.Start(t)
	seed(t, db.DSN)
	srv := startReplica(t, db.DSN)
	formOf := func(n int) url.Values {
		form := url.Values{"base": {"1"}, "name": {"Harbor"}}
		for i := range n {
			form.Set(fmt.Sprintf("colors.nosuch-%d.light", i), "hsl(1, 2%, 3%)")
		}
		return form
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	post := func(n int, form url.Values) (took time.Duration, allocated uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := cpu()
		status, body := do(t, srv, "acme", http.MethodPost, "/admin/themes/1", form)
		took = cpu() - start
		runtime.ReadMemStats(&after)
		require.Equal(t, http.StatusUnprocessableEntity, status)
		require.Equal(t, n, strings.Count(fieldErrors(body)[""], "unknown component"), "every field refused")
		return took, after.TotalAlloc - before.TotalAlloc
	}
	const n = 1500
	sizes := [2]int{n, 4 * n}
	forms := [2]url.Values{formOf(sizes[0]), formOf(sizes[1])}
	var took [2]time.Duration
	var allocated [2]uint64
	for round := range 3 {
		for k := range 2 {
			d, b := post(sizes[k], forms[k])
			if round == 0 || d < took[k] {
				took[k] = d
			}
			allocated[k] = b
		}
	}
	t.Logf("N=%d fields: %v of CPU, %d bytes allocated; 4N: %v, %d bytes", n, took[0], allocated[0], took[1], allocated[1])
	assert.Less(t, float64(allocated[1])/float64(allocated[0]), 6.0, "bytes allocated at 4N over N")
	assert.Less(t, float64(took[1])/float64(took[0]), 10.0, "CPU time at 4N over N")
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
)

// renameAll commits, in one transaction, the name "<tenant> v<version>"
// for every theme of tenant and a nav-bar color that depends on version.
func renameAll(ctx context.Context, pool *pgxpool.Pool, tenant string, version int) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "update themes set name = $1 where tenant_id = $2", fmt.Sprintf("%s v%d", tenant, version), tenant); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `update theme_colors set value = $1 where tenant_id = $2 and component_id = 'nav-bar' and scheme = 'light'`,
			fmt.Sprintf("hsl(%d, 50%%, 30%%)", version%360), tenant)
		return err
	})
}

// TestTenantIsolationUnderLoad: many goroutines fetch two tenants from
// two replicas while both tenants are edited. A response for one tenant
// never carries the other's data, and every body is one whole version:
// all its theme names carry the same version. Once the edits stop, every
// replica serves each tenant's last version.
//
// The test counts work, not work done in a fixed time: a fixed number of
// edits, and readers that each check a fixed number of responses and go
// on until the edits are done, so that reads overlap every edit. Only a
// generous deadline bounds it; a slow machine takes longer, it does not
// fail (it failed at a load average of 18 when it counted responses in
// 3 s).
func TestTenantIsolationUnderLoad(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	tenants := []string{"acme", "globex"}
	for _, tenant := range tenants {
		require.NoError(t, renameAll(ctx, pool, tenant, 0))
	}
	replicas := []*replica{
		startReplica(t, db.DSN, config{}, nil),
		startReplica(t, db.DSN, config{}, nil),
	}

	const (
		editsPerTenant = 20
		readers        = 16
		readsPerReader = 20
		deadline       = 2 * time.Minute // generous: the work is fixed, not the time
	)
	runCtx, stop := context.WithTimeout(ctx, deadline)
	defer stop()
	var edits, readersWaiting sync.WaitGroup
	editsDone := make(chan struct{})
	for _, tenant := range tenants {
		edits.Go(func() {
			for v := 1; v <= editsPerTenant; v++ {
				if err := renameAll(runCtx, pool, tenant, v); err != nil {
					t.Errorf("edit %s v%d: %v", tenant, v, err)
					return
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
	go func() { edits.Wait(); close(editsDone) }()
	var checked atomic.Int32
	versionsSeen := sync.Map{}
	for w := range readers {
		readersWaiting.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 1))
			for n := 0; ; n++ {
				if n >= readsPerReader {
					select {
					case <-editsDone:
						return
					default:
					}
				}
				if runCtx.Err() != nil {
					t.Errorf("reader %d: %d responses checked when the %v deadline passed", w, n, deadline)
					return
				}
				tenant := tenants[rnd.IntN(2)]
				r := replicas[rnd.IntN(len(replicas))]
				status, body, err := r.fetch(tenant, "/api/v2/theme/", "")
				if err != nil || status != 200 {
					t.Errorf("%s: status %d, error %v", tenant, status, err)
					return
				}
				var themes []struct {
					Name string `json:"name"`
				}
				if err := json.Unmarshal([]byte(body), &themes); err != nil || len(themes) == 0 {
					t.Errorf("%s: body %q: %v", tenant, body, err)
					return
				}
				for _, th := range themes {
					if th.Name != themes[0].Name || !strings.HasPrefix(th.Name, tenant+" v") {
						t.Errorf("%s: one response, names %q and %q: another tenant's data or two versions", tenant, themes[0].Name, th.Name)
						return
					}
				}
				versionsSeen.Store(themes[0].Name, true)
				checked.Add(1)
			}
		})
	}
	readersWaiting.Wait()
	edits.Wait()
	distinct := 0
	versionsSeen.Range(func(any, any) bool { distinct++; return true })
	t.Logf("%d responses checked, %d edits committed, %d distinct versions seen", checked.Load(), len(tenants)*editsPerTenant, distinct)
	assert.GreaterOrEqual(t, int(checked.Load()), readers*readsPerReader, "responses checked")

	// The edits reach every replica: each serves each tenant's last version.
	last := fmt.Sprintf(" v%d", editsPerTenant)
	for i, r := range replicas {
		for _, tenant := range tenants {
			assert.Eventually(t, func() bool {
				_, body, err := r.fetch(tenant, "/api/v2/theme/", "")
				return err == nil && strings.Contains(body, `"name":"`+tenant+last+`"`)
			}, 30*time.Second, 20*time.Millisecond, "replica %d serves %s%s", i, tenant, last)
		}
	}
}

// TestDatabaseRestart: the database stops and restarts while two
// replicas serve. Built tenants keep answering 200 with their last data,
// a tenant never built answers 503 with Retry-After, the listeners
// reconnect, and a change committed after the restart but before they
// reconnected (so with no notification they could receive) reaches
// clients.
func TestDatabaseRestart(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	var replicas []*replica
	var before []string
	for range 2 {
		r := startReplica(t, db.DSN, config{}, func(l *pgsource.Options) {
			// A fixed, long reconnect delay, so that the change below is
			// committed while the listeners are still disconnected.
			l.MinDelay, l.MaxDelay = 2*time.Second, 2*time.Second
		})
		status, body := r.get(t, "acme", "/api/v2/theme/", "")
		require.Equal(t, 200, status)
		replicas = append(replicas, r)
		before = append(before, body)
	}

	db.Stop(t)
	for k, r := range replicas {
		for range 5 {
			status, body := r.get(t, "acme", "/api/v2/theme/", "")
			assert.Equal(t, 200, status)
			assert.Equal(t, before[k], body, "the last good data")
		}
		req, err := http.NewRequest(http.MethodGet, r.srv.URL+"/api/v2/theme/", nil)
		require.NoError(t, err)
		req.Host = "globex.localhost"
		resp, err := r.srv.Client().Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, 503, resp.StatusCode, "a tenant never built")
		assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	}

	db.Restart(t)
	pool.Reset() // the pool's connections died with the server
	conn, err := pgx.Connect(ctx, db.DSN)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, "update themes set name = 'Harbor, renamed during the outage' where tenant_id = 'acme' and id = 1")
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))
	for _, r := range replicas {
		require.EqualValues(t, 1, r.listening.Load(), "premise: the change was committed before the listeners reconnected")
	}

	for k, r := range replicas {
		require.Eventually(t, func() bool {
			_, body, err := r.fetch("acme", "/api/v2/theme/", "")
			return err == nil && strings.Contains(body, "Harbor, renamed during the outage")
		}, 15*time.Second, 10*time.Millisecond, "replica %d: the change made while disconnected arrives after reconnection", k)
		assert.EqualValues(t, 2, r.listening.Load())
		assert.Contains(t, r.logs.String(), "lost the database connection; reconnecting")
		status, _ := r.get(t, "globex", "/api/v2/theme/", "")
		assert.Equal(t, 200, status)
	}
}

// TestBadRow: a row written by raw SQL that does not validate never
// reaches a client: its theme is served as it last validated (its live
// revision), on a replica started later too; the problem is logged once
// with its tenant, theme and component; and a later good edit propagates.
func TestBadRow(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	r := startReplica(t, db.DSN, config{}, nil)
	_, css := r.get(t, "acme", "/theme.css", "dave") // dave prefers theme 1
	require.True(t, strings.HasPrefix(css, "/* theme 1: Harbor */"), css[:40])
	good := firstLine(css, "--nav-bar:")

	const bad = "hsl(10, 80%"
	_, err := pool.Exec(ctx, `update theme_colors set value = $1 where tenant_id = 'acme' and theme_id = 1 and component_id = 'nav-bar' and scheme = 'light'`, bad)
	require.NoError(t, err)
	logged := func() int {
		return countLines(r.logs.String(), "theme left out", "tenant=acme", "theme=1", "component=nav-bar", `serving="its last good version"`)
	}
	// Invalidation is lazy: the tenant reloads, and logs, on its next
	// request after the notification.
	require.Eventually(t, func() bool {
		_, css := r.get(t, "acme", "/theme.css", "dave")
		assert.NotContains(t, css, bad)
		return logged() > 0
	}, 2*time.Second, time.Millisecond, "the bad row is logged; log:\n%s", r.logs)

	themeIDs := func(r *replica) []int {
		_, body := r.get(t, "acme", "/api/v2/theme/", "")
		var themes []struct {
			ID int `json:"id"`
		}
		require.NoError(t, json.Unmarshal([]byte(body), &themes))
		var ids []int
		for _, th := range themes {
			ids = append(ids, th.ID)
		}
		return ids
	}
	assert.Equal(t, []int{1, 2, 3, 4}, themeIDs(r), "theme 1 is served as it last validated")
	late := startReplica(t, db.DSN, config{}, nil)
	assert.Equal(t, []int{1, 2, 3, 4}, themeIDs(late), "a replica started after the bad row serves it too, from its live revision")
	for _, r := range []*replica{r, late} {
		_, css = r.get(t, "acme", "/theme.css", "dave")
		assert.True(t, strings.HasPrefix(css, "/* theme 1: Harbor */"), "dave keeps theme 1: %s", css[:40])
		assert.Contains(t, css, good, "as it last validated")
	}
	left := r.source.LeftOut()
	require.Len(t, left, 1)
	assert.Equal(t, 1, left[0].ThemeID)
	assert.True(t, left[0].LastGood)

	// Another change reloads the tenant; the problem is not logged again.
	_, err = pool.Exec(ctx, "update themes set name = 'Ember II' where tenant_id = 'acme' and id = 2")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, body := r.get(t, "acme", "/api/v2/theme/", "")
		return strings.Contains(body, "Ember II")
	}, 2*time.Second, time.Millisecond)
	assert.Equal(t, 1, logged(), "logged once; log:\n%s", r.logs)
	t.Logf("the log line: %s", firstLine(r.logs.String(), "theme left out"))

	// The good edit that fixes the row brings theme 1's row back.
	_, err = pool.Exec(ctx, `update theme_colors set value = 'hsl(10, 80%, 25%)' where tenant_id = 'acme' and theme_id = 1 and component_id = 'nav-bar' and scheme = 'light'`)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, css := r.get(t, "acme", "/theme.css", "dave")
		return strings.Contains(css, "--nav-bar: hsl(10, 80%, 25%);")
	}, time.Second, time.Millisecond)
	assert.Equal(t, []int{1, 2, 3, 4}, themeIDs(r))
	assert.Empty(t, r.source.LeftOut())
}

// TestSetColor runs the set-color command against a seeded database:
// every write is a revision, published; a row changed past the store is
// found, recorded and not reverted.
func TestSetColor(t *testing.T) {
	db, pool := startDB(t)
	ctx := context.Background()
	revs := revisionsOn(t, pool)
	value := func(theme int, component, scheme string) string {
		var v string
		err := pool.QueryRow(ctx, "select value from theme_colors where tenant_id = 'acme' and theme_id = $1 and component_id = $2 and scheme = $3",
			theme, component, scheme).Scan(&v)
		if err == pgx.ErrNoRows {
			return "(none)"
		}
		require.NoError(t, err)
		return v
	}
	setColorCmd := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(ctx, append([]string{"-dsn", db.DSN, "set-color", "-tenant", "acme"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	head := func() revision.Head {
		h, err := revs.Head(ctx, "acme", 1)
		require.NoError(t, err)
		return h
	}
	original := value(1, "nav-bar", "light")

	tests := []struct {
		name       string
		give       []string
		wantCode   int
		wantErr    string // in stderr
		wantValue  string // of theme 1's light nav-bar afterwards
		wantOutput string
		wantHead   revision.Head
	}{
		{"a bad color is refused and changes nothing", []string{"-theme", "1", "-component", "nav-bar", "-scheme", "light", "-value", "hsl(10, 80%"},
			1, "refused, nothing changed:\n  tenant acme: theme 1: colors", original, "", revision.Head{Newest: 1, Live: 1}},
		{"an unknown component is refused", []string{"-theme", "1", "-component", "nav-bgg", "-scheme", "light", "-value", "hsl(10, 80%, 25%)"},
			1, "nav-bgg", original, "", revision.Head{Newest: 1, Live: 1}},
		{"a reference to an unknown component is refused", []string{"-theme", "1", "-component", "nav-bar", "-scheme", "light", "-value", "nav-bgg"},
			1, "nav-bgg", original, "", revision.Head{Newest: 1, Live: 1}},
		{"a theme the tenant does not have is an error", []string{"-theme", "9", "-component", "nav-bar", "-scheme", "light", "-value", "hsl(10, 80%, 25%)"},
			1, `tenant "acme", theme 9: no such theme`, original, "", revision.Head{Newest: 1, Live: 1}},
		{"a scheme other than light and dark is a usage error", []string{"-theme", "1", "-component", "nav-bar", "-scheme", "dim", "-value", "hsl(10, 80%, 25%)"},
			2, `-scheme "dim": want light or dark`, original, "", revision.Head{Newest: 1, Live: 1}},
		{"a good color is saved and published as a revision", []string{"-theme", "1", "-component", "nav-bar", "-scheme", "light", "-value", "hsl(10, 80%, 25%)", "-author", "alice"},
			0, "", "hsl(10, 80%, 25%)", "tenant acme: theme 1: colors.nav-bar.light = \"hsl(10, 80%, 25%)\": revision 2, live\n", revision.Head{Newest: 2, Live: 2}},
		{"a color the contrast policy refuses is saved as a draft, not published", []string{"-theme", "1", "-component", "nav-text", "-scheme", "light", "-value", "nav-bar"},
			1, "saved as revision 3, not published: revision: theme 1, revision 3: refused by the publish policy", "hsl(10, 80%, 25%)", "", revision.Head{Newest: 3, Live: 2}},
		{"an empty value removes the override", []string{"-theme", "1", "-component", "nav-bar", "-scheme", "light", "-value="},
			0, "", "(none)", "tenant acme: theme 1: colors.nav-bar.light = \"\": revision 4, live\n", revision.Head{Newest: 4, Live: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := setColorCmd(tt.give...)
			assert.Equal(t, tt.wantCode, code, stderr)
			assert.Contains(t, stderr, tt.wantErr)
			assert.Equal(t, tt.wantOutput, stdout)
			assert.Equal(t, tt.wantValue, value(1, "nav-bar", "light"))
			assert.Equal(t, tt.wantHead, head())
		})
	}
	t.Run("each publish is in the log, by its author", func(t *testing.T) {
		l, err := revs.Log(ctx, "acme", 1, revision.Page{})
		require.NoError(t, err)
		require.Len(t, l, 3)
		assert.Equal(t, [3]any{revision.ActionPublish, 2, "alice"}, [3]any{l[1].Action, l[1].To, l[1].Author})
		assert.Equal(t, [3]any{revision.ActionPublish, 4, "set-color"}, [3]any{l[0].Action, l[0].To, l[0].Author})
	})

	t.Run("a row changed by plain SQL is found by the next edit, recorded, and not reverted", func(t *testing.T) {
		_, err := pool.Exec(ctx, "update theme_colors set value = 'hsl(213, 90%, 70%)' where tenant_id = 'acme' and theme_id = 1 and component_id = 'link' and scheme = 'dark'")
		require.NoError(t, err)
		code, _, stderr := setColorCmd("-theme", "1", "-component", "nav-bar", "-scheme", "dark", "-value", "hsl(200, 50%, 10%)")
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, "saved as revision 5, not published: revision: conflict: publish of theme 1 from live revision 4, "+
			"but the theme served was changed past the store (recorded as revision 6, live now): colors.link.dark \"hsl(213, 90%, 74%)\" -> \"hsl(213, 90%, 70%)\"")
		assert.Equal(t, "hsl(213, 90%, 70%)", value(1, "link", "dark"), "not reverted")
		r, err := revs.Revision(ctx, "acme", 1, 6)
		require.NoError(t, err)
		assert.True(t, r.Outside && r.Live, "revision 6 records the change, live")
		assert.Equal(t, []revision.FieldChange{{Field: "colors.link.dark", From: "hsl(213, 90%, 74%)", To: "hsl(213, 90%, 70%)"}}, r.Changes[:1])

		code, stdout, stderr := setColorCmd("-theme", "1", "-component", "nav-bar", "-scheme", "dark", "-value", "hsl(200, 50%, 10%)")
		assert.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "revision 7, live")
		assert.Equal(t, "hsl(200, 50%, 10%)", value(1, "nav-bar", "dark"))
		assert.Equal(t, "hsl(213, 90%, 70%)", value(1, "link", "dark"), "the edit was made on what was live: the change made past the store kept")
	})

	t.Run("a bad row written by plain SQL is recorded, never live, and the next edit replaces it", func(t *testing.T) {
		_, err := pool.Exec(ctx, "update theme_colors set value = 'not a color' where tenant_id = 'acme' and theme_id = 1 and component_id = 'link' and scheme = 'dark'")
		require.NoError(t, err)
		code, _, stderr := setColorCmd("-theme", "1", "-component", "nav-bar", "-scheme", "dark", "-value", "hsl(200, 50%, 12%)")
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, "(recorded as revision 9, which does not validate; revision 7 stays live)")
		code, _, stderr = setColorCmd("-theme", "1", "-component", "nav-bar", "-scheme", "dark", "-value", "hsl(200, 50%, 12%)")
		assert.Equal(t, 0, code, stderr)
		assert.Equal(t, "hsl(213, 90%, 70%)", value(1, "link", "dark"), "the live revision's value, over the bad row")
		assert.Equal(t, revision.Head{Newest: 10, Live: 10}, head())
	})
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/htmlreport"
)

// hostileName is a theme name that is markup.
const hostileName = `<script>alert(1)</script>`

// failingThemes returns the default themes.json with theme 1 renamed to
// hostileName and given colors that fail contrast rules: a pale link and
// a faint translucent border in the light scheme, a translucent surface
// under text, and a dim text color in the dark scheme.
func failingThemes(t *testing.T) string {
	t.Helper()
	raw, err := fs.ReadFile(theming.DefaultFS(), theming.ThemesFile)
	require.NoError(t, err)
	var doc struct {
		Themes []map[string]any `json:"themes"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	th := doc.Themes[0]
	require.Equal(t, float64(1), th["id"], "the first default theme")
	th["name"] = hostileName
	colors := th["colors"].(map[string]any)
	colors["link"] = map[string]any{"light": "hsl(221, 80%, 78%)", "dark": "hsl(213, 90%, 74%)"}
	colors["border"] = map[string]any{"light": "hsla(220, 10%, 50%, 0.2)", "dark": "hsla(0, 0%, 60%, 0.15)"}
	colors["surface"] = map[string]any{"light": "hsla(220, 10%, 50%, 0.3)"}
	colors["text-secondary"] = map[string]any{"dark": "hsl(220, 8%, 30%)"}
	out, err := json.Marshal(doc)
	require.NoError(t, err)
	return string(out)
}

// failingSnapshot loads the default catalog with failingThemes.
func failingSnapshot(t *testing.T) *theming.Snapshot {
	t.Helper()
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	snap, err := theming.Load(catalog, []byte(failingThemes(t)))
	require.NoError(t, err, "loading failingThemes")
	require.NotZero(t, defaultAudit(t, snap).Failed, "failingThemes fails some rules")
	return snap
}

// defaultAudit is snap's audit under the default policy.
func defaultAudit(t testing.TB, snap *theming.Snapshot) *fix.Report {
	t.Helper()
	rep, err := engineOf(snap).Audit(snap, contrast.Policy{})
	require.NoError(t, err)
	return rep
}

// engineOf is a new engine of snap's catalog: what the server's handlers
// take from the adapter, for the tests that build them alone.
func engineOf(snap *theming.Snapshot) *fix.Engine { return fix.New(snap.CompiledCatalog()) }

// reportOf is the page the report route must serve for snap.
func reportOf(t *testing.T, snap *theming.Snapshot) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, htmlreport.Write(&b, defaultAudit(t, snap), htmlreport.Options{HighContrast: engineOf(snap).HighContrastAudit(snap)}))
	return b.String()
}

func TestTheContrastReportRoute(t *testing.T) {
	ts, srv := start(t, config{Logger: discard()})
	snap := srv.store.Load()
	want := reportOf(t, snap)
	// A client that sends no Accept-Encoding of its own: identity.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	t.Cleanup(client.CloseIdleConnections)
	resp, err := client.Get(ts.URL + "/theme/report")
	require.NoError(t, err)
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	require.NotEmpty(t, etag, "GET /theme/report: ETag")

	tests := []struct {
		name     string
		method   string
		header   map[string]string
		wantCode int
		wantBody string
	}{
		{"GET serves the current data's report", http.MethodGet, nil, 200, want},
		{"HEAD has GET's headers and no body", http.MethodHead, nil, 200, ""},
		{"a matching If-None-Match is a 304 without a body", http.MethodGet, map[string]string{"If-None-Match": etag}, 304, ""},
		{"a stale If-None-Match gets the page", http.MethodGet, map[string]string{"If-None-Match": `"stale"`}, 200, want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := must(http.NewRequest(tt.method, ts.URL+"/theme/report", nil))
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			resp, err := client.Do(req)
			require.NoError(t, err, "%s /theme/report %v", tt.method, tt.header)
			defer resp.Body.Close()
			var body bytes.Buffer
			_, err = body.ReadFrom(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, tt.wantCode, resp.StatusCode, "%s /theme/report %v", tt.method, tt.header)
			assert.Equal(t, tt.wantBody, body.String(), "%s /theme/report %v: the body", tt.method, tt.header)
			assert.Equal(t, etag, resp.Header.Get("ETag"), "%s /theme/report %v: ETag", tt.method, tt.header)
			assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "%s /theme/report %v", tt.method, tt.header)
			if tt.wantCode == 200 {
				assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"), "%s /theme/report %v", tt.method, tt.header)
				assert.Equal(t, htmlreport.ContentSecurityPolicy, resp.Header.Get("Content-Security-Policy"), "%s /theme/report %v", tt.method, tt.header)
				assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), "%s /theme/report %v", tt.method, tt.header)
			}
		})
	}

	t.Run("the report is served precompressed", func(t *testing.T) {
		req := must(http.NewRequest(http.MethodGet, ts.URL+"/theme/report", nil))
		req.Header.Set("Accept-Encoding", "br")
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
		assert.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding")
		page, err := io.ReadAll(brotli.NewReader(resp.Body))
		require.NoError(t, err)
		assert.Equal(t, want, string(page), "the decoded report")
		assert.NotEqual(t, etag, resp.Header.Get("ETag"), "the br form's ETag is its own")
	})

	t.Run("the start page is served precompressed", func(t *testing.T) {
		_, page := get(t, ts.URL+"/", nil) // Go's client asks for gzip and decodes it
		req := must(http.NewRequest(http.MethodGet, ts.URL+"/", nil))
		req.Header.Set("Accept-Encoding", "br")
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
		decoded, err := io.ReadAll(brotli.NewReader(resp.Body))
		require.NoError(t, err)
		assert.Equal(t, string(page), string(decoded), "the decoded start page")
	})

	t.Run("the start page links the report", func(t *testing.T) {
		_, body := get(t, ts.URL+"/", nil)
		assert.Contains(t, string(body), `<a href="/theme/report">`, "GET /")
	})

	t.Run("other methods are not allowed", func(t *testing.T) {
		resp, err := http.Post(ts.URL+"/theme/report", "text/plain", nil)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "POST /theme/report")
	})

	t.Run("new data gets its own report", func(t *testing.T) {
		failing := failingSnapshot(t)
		srv.store.Replace(failing)
		t.Cleanup(func() { srv.store.Replace(snap) })
		resp, body := get(t, ts.URL+"/theme/report", nil)
		assert.Equal(t, reportOf(t, failing), string(body), "GET /theme/report after the data changed")
		assert.NotEqual(t, etag, resp.Header.Get("ETag"), "GET /theme/report after the data changed: ETag")
	})
}

func TestTheReportIsRenderedOncePerSnapshot(t *testing.T) {
	first, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	second := failingSnapshot(t)
	h := newReportHandler(theming.NewCurrent(first), engineOf, discard())
	ctx := context.Background()

	p1, err := h.page.get(ctx, first)
	require.NoError(t, err)
	again, err := h.page.get(ctx, first)
	require.NoError(t, err)
	assert.Same(t, p1, again, "the same snapshot's page is not rendered again")
	assert.Equal(t, reportOf(t, first), string(p1.body), "the first snapshot's page")

	p2, err := h.page.get(ctx, second)
	require.NoError(t, err)
	assert.NotSame(t, p1, p2, "another snapshot gets its own page")
	assert.Equal(t, reportOf(t, second), string(p2.body), "the second snapshot's page")
	assert.Equal(t, int64(2), h.page.builds.Load(), "renderings")
}

// manyThemes is the default catalog with n themes, copies of
// failingThemes' four with ids 1 to n, so that every fourth has failures.
func manyThemes(t testing.TB, n int) *theming.Snapshot {
	t.Helper()
	catalog, err := fs.ReadFile(theming.DefaultFS(), theming.CatalogFile)
	require.NoError(t, err)
	var doc struct {
		Themes []map[string]any `json:"themes"`
	}
	require.NoError(t, json.Unmarshal([]byte(failingThemes(t.(*testing.T))), &doc))
	four := doc.Themes
	doc.Themes = nil
	for i := range n {
		th := maps.Clone(four[i%len(four)])
		th["id"], th["is_default"] = i+1, i == 0
		doc.Themes = append(doc.Themes, th)
	}
	themes, err := json.Marshal(doc)
	require.NoError(t, err)
	snap, err := theming.Load(catalog, themes)
	require.NoError(t, err)
	return snap
}

// reportServer serves h's two routes as the server mounts them. Each
// request that reaches the page is counted in pageArrived first, and one
// that reaches the JSON in jsonArrived (either may be nil).
func reportServer(t *testing.T, h *reportHandler, pageArrived, jsonArrived func()) *httptest.Server {
	t.Helper()
	counted := func(arrived func(), next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if arrived != nil {
				arrived()
			}
			next.ServeHTTP(w, r)
		})
	}
	mux := http.NewServeMux()
	mux.Handle("GET /theme/report", counted(pageArrived, h.Page()))
	mux.Handle("GET /theme/report.json", counted(jsonArrived, h.JSON()))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// heldUntilAllArrive makes each of form's renderings wait until n
// requests have reached the routes (the returned arrived, for
// reportServer), so that every one of n concurrent first requests is in
// flight while the first rendering runs, however fast it is and however
// the machine schedules them: a request that did not share the rendering
// would start its own. A rendering that waits a minute fails the test.
func heldUntilAllArrive(t *testing.T, form *perSnapshot, n int) (arrived func()) {
	var count atomic.Int64
	all := make(chan struct{})
	render := form.render
	form.render = func(s *theming.Snapshot) ([]byte, error) {
		select {
		case <-all:
		case <-time.After(time.Minute):
			t.Errorf("a rendering waited a minute for %d requests; %d arrived", n, count.Load())
		}
		return render(s)
	}
	return func() {
		if count.Add(1) == int64(n) {
			close(all)
		}
	}
}

// concurrently sends n GETs of url at once, asking for no compression,
// and returns the bodies; with keep false it reads and drops them (so
// that the figures measure the server, not n copies in the clients) and
// returns their lengths only.
func concurrently(t *testing.T, n int, url string, keep bool) (bodies []string, lengths []int64) {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	t.Cleanup(client.CloseIdleConnections)
	bodies, lengths = make([]string, n), make([]int64, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			resp, err := client.Get(url)
			if !assert.NoError(t, err, "GET %s #%d", url, i) {
				return
			}
			defer resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode, "GET %s #%d", url, i)
			if keep {
				var b bytes.Buffer
				lengths[i], _ = b.ReadFrom(resp.Body)
				bodies[i] = b.String()
				return
			}
			lengths[i], _ = io.Copy(io.Discard, resp.Body)
		})
	}
	close(start)
	wg.Wait()
	return bodies, lengths
}

// TestConcurrentFirstRequestsShareOneRendering: requests that arrive
// together after a reload wait for one rendering of the new snapshot's
// report instead of each rendering it (before, each did: three at once on
// 500 themes peaked at 1.24 GB). The four themes of failingThemes are
// under the bound, so the whole page is rendered; the rendering is held
// until all six requests have arrived, so that they overlap on any
// machine.
func TestConcurrentFirstRequestsShareOneRendering(t *testing.T) {
	snap := failingSnapshot(t)
	h := newReportHandler(theming.NewCurrent(snap), engineOf, discard())
	ts := reportServer(t, h, heldUntilAllArrive(t, &h.page, 6), nil)
	bodies, _ := concurrently(t, 6, ts.URL+"/theme/report", true)
	assert.Equal(t, int64(1), h.page.builds.Load(), "renderings for 6 concurrent first requests")
	want := reportOf(t, snap)
	for i, b := range bodies {
		assert.Equal(t, want, b, "request %d got the whole report", i)
	}
}

// heapPeak samples the live heap every few milliseconds until stop is
// called, and returns the highest figure seen.
func heapPeak() (stop func() uint64) {
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var ms runtime.MemStats
		top := uint64(0)
		for {
			runtime.ReadMemStats(&ms)
			top = max(top, ms.HeapAlloc)
			select {
			case <-done:
				peak <- top
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); return <-peak }
}

// reportThemesEnv names the environment variable that sets how many
// themes TestAReportOverItsBoundLinksTheJSON loads.
const reportThemesEnv = "THEMEKIT_REPORT_THEMES"

// TestAReportOverItsBoundLinksTheJSON: a snapshot over the page's bound:
// concurrent first requests get, from one rendering, a short page that
// says so and links the JSON report, which lists every finding, also
// rendered once (each rendering held until the three requests have
// arrived, so they overlap).
//
// By default it loads 8 themes (1,680 findings) and lowers the page's
// bound under them, so that it takes seconds under -race on a loaded
// machine; THEMEKIT_REPORT_THEMES=500 loads 500 themes (105,000 findings)
// against the server's own bound, maxReportFindings, and logs the memory
// figures RELIABILITY.md gives:
//
//	THEMEKIT_REPORT_THEMES=500 go test -count=1 -run TestAReportOverItsBoundLinksTheJSON -v ./examples/server
func TestAReportOverItsBoundLinksTheJSON(t *testing.T) {
	themes, bound := 8, 1000
	if v := os.Getenv(reportThemesEnv); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "%s=%q", reportThemesEnv, v)
		themes, bound = n, maxReportFindings
	}
	snap := manyThemes(t, themes)
	audit := defaultAudit(t, snap) // the snapshot's own, as at load; not the page's cost
	h := newReportHandler(theming.NewCurrent(snap), engineOf, discard())
	require.Equal(t, maxReportFindings, h.maxFindings, "the server's bound")
	h.maxFindings = bound
	require.Greater(t, len(audit.Findings), h.maxFindings, "%d themes are over the bound", themes)
	ts := reportServer(t, h, heldUntilAllArrive(t, &h.page, 3), heldUntilAllArrive(t, &h.json, 3))

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	stop := heapPeak()
	start := time.Now()
	pages, _ := concurrently(t, 3, ts.URL+"/theme/report", true)
	pageTime := time.Since(start)
	peak := stop()
	runtime.ReadMemStats(&after)
	t.Logf("page: 3 concurrent first requests, %v, %d bytes, %.1f MiB allocated, live heap peak %.1f MiB over %.1f MiB before",
		pageTime.Round(time.Millisecond), len(pages[0]), mib(after.TotalAlloc-before.TotalAlloc), mib(peak-min(peak, before.HeapAlloc)), mib(before.HeapAlloc))

	assert.Equal(t, int64(1), h.page.builds.Load(), "page renderings")
	for i, p := range pages {
		if !assert.Less(t, len(p), 4096, "request %d: the page over the bound is short", i) {
			continue // not printed: it is the whole report
		}
		assert.Contains(t, p, `<a href="report.json">`, "request %d: the page links the JSON report", i)
		assert.Contains(t, p, fmt.Sprintf("%d findings (%d failing) in %d themes", len(audit.Findings), audit.Failed, themes), "request %d: the page says why", i)
	}

	runtime.GC()
	runtime.ReadMemStats(&before)
	stop = heapPeak()
	start = time.Now()
	_, lengths := concurrently(t, 3, ts.URL+"/theme/report.json", false)
	jsonTime := time.Since(start)
	peak = stop()
	runtime.ReadMemStats(&after)
	t.Logf("JSON: 3 concurrent first requests, %v, %d bytes, %.1f MiB allocated, live heap peak %.1f MiB over %.1f MiB before",
		jsonTime.Round(time.Millisecond), lengths[0], mib(after.TotalAlloc-before.TotalAlloc), mib(peak-min(peak, before.HeapAlloc)), mib(before.HeapAlloc))
	assert.Equal(t, int64(1), h.json.builds.Load(), "JSON renderings")
	_, doc := get(t, ts.URL+"/theme/report.json", nil)
	var got fix.Report
	require.NoError(t, json.Unmarshal(doc, &got))
	assert.Len(t, got.Findings, len(audit.Findings), "the JSON lists every finding")
	assert.Equal(t, audit.Failed, got.Failed, "failed")
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }

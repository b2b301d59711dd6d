package httpadapter

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// draftOf returns draft k of theme 1 of the default data: its text,
// link, navigation and button colors in both schemes set to one hue at
// mid lightness, next to the backgrounds they are drawn on, so that the
// high-contrast solver has pairs to fix; k turns the hue, so that no two
// drafts are alike. With all set true, every visible component's fields
// are, and the solver has the most work: a hostile draft.
func draftOf(t testing.TB, cc *theming.CompiledCatalog, live theming.Theme, k int, all bool) theming.Theme {
	t.Helper()
	d := live
	d.Colors = nil
	d.Name = fmt.Sprintf("%s, draft %d", live.Name, k)
	color := fmt.Sprintf("hsl(%d, %d%%, 50%%)", (k*7)%360, 30+k%40)
	for f := range cc.ThemeFields() {
		id, _, err := theming.ParseField(f)
		require.NoError(t, err)
		switch id {
		case "text-primary", "link", "nav-text", "primary-button-text", "surface", "nav-bar":
		default:
			if !all {
				continue
			}
		}
		require.NoError(t, d.SetField(f, color))
	}
	return d
}

// previewCycle returns a Memory store whose tenant acme serves theme 1 of
// the default data live, with n drafts of it saved (draftOf), and the
// contexts of a request of the live theme and of a request previewing
// each draft.
func previewCycle(t testing.TB, n int, all bool) (*revision.Memory, *theming.CompiledCatalog, context.Context, []context.Context) {
	t.Helper()
	cat, err := theming.DefaultCatalog()
	require.NoError(t, err)
	cc, err := theming.CompileCatalog(cat)
	require.NoError(t, err)
	themes, err := theming.DefaultThemes()
	require.NoError(t, err)
	m := revision.NewMemory(cc, contrast.Policy{})
	ctx := tenant.With(context.Background(), "acme")
	require.NoError(t, m.CreateTenant(ctx, "acme"))
	rv, err := m.Save(ctx, "acme", themes[0], 0, revision.Change{Author: "seed"})
	require.NoError(t, err)
	require.NoError(t, m.Publish(ctx, "acme", rv.ThemeID, rv.Number, 0, revision.Change{Author: "seed"}))
	previews := make([]context.Context, n)
	for k := range n {
		if rv, err = m.Save(ctx, "acme", draftOf(t, cc, themes[0], k, all), rv.Number, revision.Change{Author: "admin"}); err != nil {
			require.NoError(t, err)
		}
		previews[k] = revision.WithPreview(ctx, rv.ThemeID, rv.Number)
	}
	return m, cc, ctx, previews
}

// previewPaths are what a previewing admin's page asks for: every
// endpoint whose response the preview changes.
var previewPaths = []string{"/theme.css", "/api/v2/theme/config/", "/api/v2/theme/colors/", "/api/v2/theme/"}

// serveAll asks a for each of previewPaths in ctx, as a browser does
// (br, gzip), and checks each answer is a 200.
func serveAll(t testing.TB, a *Adapter, ctx context.Context) {
	for _, path := range previewPaths {
		var h http.Handler = a
		if path == "/theme.css" {
			h = a.Stylesheet()
		}
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, w.Code, w.Body)
		}
	}
}

// An admin cycling drafts through a Source that makes a new preview
// snapshot on every request (revision.PreviewSource makes one again past
// the MaxPreviews it keeps, at a rate bounded per tenant; a host's own
// Source may on every request, and every source on a new live snapshot).
// What the adapter serves a preview is kept by the previewed theme's
// content, not by snapshot: each draft's stylesheet (its high-contrast
// variant, the solver's work) is rendered once, its documents compressed
// once, and cycling the drafts again renders and compresses nothing, so
// that a request costs a fraction of one variant's work. Its budget holds
// every draft's forms here; the mean and worst time of a request are in
// BenchmarkPreviewCycle.
func TestCyclingDraftsPastThePreviewCacheRendersEachOnce(t *testing.T) {
	n := revision.MaxPreviews + 16
	m, cc, liveCtx, previews := previewCycle(t, n, false)
	var made atomic.Int64
	fresh := theming.SourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		live, err := m.Snapshot(liveCtx)
		if err != nil {
			return nil, err
		}
		id, n, ok := revision.PreviewFrom(ctx)
		if !ok {
			return live, nil
		}
		rv, err := m.Revision(ctx, "acme", id, n)
		if err != nil {
			return nil, err
		}
		made.Add(1)
		return live.Preview(rv.Theme)
	})
	a := New(Options{Source: fresh, CacheBytes: 32 << 20})
	for _, ctx := range previews {
		serveAll(t, a, ctx)
	}
	require.EqualValues(t, n, a.sheets.built.Load(), "the first round renders each draft's sheet once")

	const rounds = 3
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range rounds {
		for _, ctx := range previews {
			serveAll(t, a, ctx)
		}
	}
	runtime.ReadMemStats(&after)
	assert.EqualValues(t, n, a.sheets.built.Load(), "cycling the drafts again renders no sheet")
	assert.Equal(t, n, a.sheets.shared.len(), "one sheet kept a draft")
	require.GreaterOrEqual(t, made.Load(), int64((1+rounds)*n*len(previewPaths)), "a new preview snapshot on every request")

	// One variant's work, measured apart: the allocation of the solver
	// on a few of the drafts.
	live, err := m.Snapshot(previews[0])
	require.NoError(t, err)
	eng := fix.New(cc)
	var vb, va runtime.MemStats
	runtime.ReadMemStats(&vb)
	for k := range 4 {
		rt, err := live.ChooseTheme(0)
		require.NoError(t, err)
		s, err := live.Preview(draftOf(t, cc, rt.Theme(), k, false))
		require.NoError(t, err)
		rt, err = s.ChooseTheme(0)
		require.NoError(t, err)
		eng.HighContrast(rt)
	}
	runtime.ReadMemStats(&va)
	variant := (va.TotalAlloc - vb.TotalAlloc) / 4
	perRequest := (after.TotalAlloc - before.TotalAlloc) / uint64(rounds*n*len(previewPaths))
	t.Logf("%d drafts, %d rounds: %d B allocated a request; one variant %d B", n, rounds, perRequest, variant)
	assert.Less(t, perRequest, variant/4, "a request costs a fraction of one variant's work")
}

// BenchmarkPreviewCycle measures a request of the live theme's
// stylesheet and config and, with the adapter's defaults, one of an
// admin cycling hostile drafts (every field of a draft set to one
// mid-lightness hue: the solver's most work), more of them than the
// previews the Source keeps, each request previewing the next with a
// signed token (revision.PreviewMiddleware), as a browser does; and, for
// what the token alone costs, one admin previewing one draft. The
// worst-ns/op metric is the slowest request of the run.
func BenchmarkPreviewCycle(b *testing.B) {
	n := revision.MaxPreviews + 16
	m, _, live, previews := previewCycle(b, n, true)
	key := make([]byte, revision.MinPreviewKeyLen)
	for i := range key {
		key[i] = byte(i)
	}
	signer, err := revision.NewPreviewSigner(key)
	require.NoError(b, err)
	cookies := make([]string, n)
	for k, ctx := range previews {
		id, number, _ := revision.PreviewFrom(ctx)
		tok, err := signer.Sign(revision.PreviewToken{Tenant: "acme", ThemeID: id, Number: number, Expires: time.Now().Add(time.Hour)})
		require.NoError(b, err)
		cookies[k] = revision.PreviewCookie + "=" + tok
	}
	withTokens := revision.PreviewMiddleware(revision.PreviewOptions{Signer: signer})
	a := New(Options{Source: m})
	// page is a host's page: the theme's name, and its stylesheet inlined.
	page := template.Must(template.New("").Parse(`<!doctype html><title>{{.Name}}</title><style>{{.Sheet}}</style><h1>{{.Name}}</h1>`))
	for _, path := range []string{"/theme.css", "/api/v2/theme/config/", "a host's page"} {
		var h http.Handler = a
		target := path
		switch path {
		case "/theme.css":
			h = a.Stylesheet()
		case "a host's page":
			target = "/"
			h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				t, err := a.ThemeForPage(w, r)
				if err != nil {
					b.Fatal(err)
				}
				sheet, err := a.StylesheetFor(r)
				if err != nil {
					b.Fatal(err)
				}
				page.Execute(w, struct {
					Name  string
					Sheet template.CSS
				}{t.Name(), template.CSS(sheet)})
			})
		}
		h = withTokens(h)
		for _, bm := range []struct {
			name   string
			cookie func(i int) string
		}{
			{"live", func(int) string { return "" }},
			{"one draft", func(int) string { return cookies[0] }},
			{"preview cycle", func(i int) string { return cookies[i%n] }},
		} {
			b.Run(path+"/"+bm.name, func(b *testing.B) {
				serve := func(i int) {
					req := httptest.NewRequestWithContext(live, http.MethodGet, target, nil)
					req.Header.Set("Accept-Encoding", "br, gzip")
					if c := bm.cookie(i); c != "" {
						req.Header.Set("Cookie", c)
					}
					w := httptest.NewRecorder()
					h.ServeHTTP(w, req)
					if w.Code != http.StatusOK {
						b.Fatalf("%d %s", w.Code, w.Body)
					}
				}
				for i := range n { // every draft's first request: the cycle's first round
					serve(i)
				}
				var worst time.Duration
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					start := time.Now()
					serve(i)
					worst = max(worst, time.Since(start))
				}
				b.ReportMetric(float64(worst.Nanoseconds()), "worst-ns/op")
			})
		}
	}
}

// Each preview is served its own draft's stylesheet and config, whether
// the adapter keeps them by content (with a budget) or per snapshot
// (without one), checked against the sheet a host renders with an engine
// of its own and the snapshot's own encoding.
func TestEachPreviewIsServedItsOwnDraft(t *testing.T) {
	m, _, _, previews := previewCycle(t, 3, false)
	for _, budget := range []int64{0, -1} {
		t.Run(fmt.Sprintf("CacheBytes %d", budget), func(t *testing.T) {
			a := New(Options{Source: m, CacheBytes: budget})
			for range 2 { // the second time from what the adapter kept
				for k, ctx := range previews {
					s, err := m.Snapshot(ctx)
					require.NoError(t, err)
					rt, err := s.ChooseTheme(0)
					require.NoError(t, err)
					require.Equal(t, fmt.Sprintf("Harbor, draft %d", k), rt.Name())
					sheet, err := a.StylesheetFor(httptest.NewRequestWithContext(ctx, http.MethodGet, "/theme.css", nil))
					require.NoError(t, err)
					assert.Equal(t, string(css.Stylesheet(rt, fix.New(s.CompiledCatalog()).HighContrast(rt))), sheet, "draft %d's sheet", k)
					want, err := s.ThemeJSON(rt.ID(), "")
					require.NoError(t, err)
					w := httptest.NewRecorder()
					a.ServeHTTP(w, httptest.NewRequestWithContext(ctx, http.MethodGet, "/api/v2/theme/config/", nil))
					require.Equal(t, http.StatusOK, w.Code)
					assert.JSONEq(t, string(want), w.Body.String(), "draft %d's config", k)
					assert.Equal(t, "private, no-store", w.Header().Get("Cache-Control"))
				}
			}
		})
	}
}

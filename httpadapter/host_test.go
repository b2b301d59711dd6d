package httpadapter_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/css"
	"github.com/themekit/themekit/theming/fix"
)

// The statuses are the ones the package documentation's Decisions give
// for each error; each is checked against StatusFor and against what the
// endpoints answer when the Source returns that error.
func TestStatusForIsWhatTheEndpointsAnswer(t *testing.T) {
	tests := []struct {
		name string
		give error
		want int
	}{
		{"an unknown tenant is not found", fmt.Errorf("tenant %q: %w", "x", theming.ErrUnknownTenant), http.StatusNotFound},
		{"a snapshot without themes is not found", fmt.Errorf("x: %w", theming.ErrNoThemes), http.StatusNotFound},
		{"a theme the source does not have (a preview of no revision) is not found", fmt.Errorf("revision 9 of theme 1: %w", theming.ErrUnknownTheme), http.StatusNotFound},
		{"nothing loaded yet is unavailable", fmt.Errorf("tenant x: %w", theming.ErrNoSnapshot), http.StatusServiceUnavailable},
		{"a canceled context is unavailable", fmt.Errorf("loading: %w", context.Canceled), http.StatusServiceUnavailable},
		{"a passed deadline is unavailable", fmt.Errorf("loading: %w", context.DeadlineExceeded), http.StatusServiceUnavailable},
		{"any other error is a server error", errors.New("db: connection refused"), http.StatusInternalServerError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, httpadapter.StatusFor(tt.give))
			var logs logBuffer
			src := sourceFunc(func(context.Context) (*theming.Snapshot, error) { return nil, tt.give })
			ts := serve(t, httpadapter.New(httpadapter.Options{Source: src, Logger: logs.logger()}))
			resp, _ := do(t, ts, http.MethodGet, themesPath, nil)
			assert.Equal(t, tt.want, resp.StatusCode, "GET %s", themesPath)
		})
	}
	t.Run("no error is OK", func(t *testing.T) {
		assert.Equal(t, http.StatusOK, httpadapter.StatusFor(nil))
	})
}

func TestAContextErrorIsLoggedOnlyWhenTheRequestsContextDidNotEnd(t *testing.T) {
	t.Run("the Source's own deadline is a 503 and is logged", func(t *testing.T) {
		var logs logBuffer
		src := sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			return nil, fmt.Errorf("db: %w", context.DeadlineExceeded)
		})
		ts := serve(t, httpadapter.New(httpadapter.Options{Source: src, Logger: logs.logger()}))
		resp, _ := do(t, ts, http.MethodGet, themesPath, nil)
		assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
		assert.Equal(t, "1", resp.Header.Get("Retry-After"))
		assert.Contains(t, logs.String(), "db: context deadline exceeded")
	})
	t.Run("the request's ended context is a 503 and is not logged", func(t *testing.T) {
		var logs logBuffer
		src := sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) { return nil, ctx.Err() })
		h := httpadapter.New(httpadapter.Options{Source: src, Logger: logs.logger()})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodGet, themesPath, nil))
		assert.Equal(t, http.StatusServiceUnavailable, rec.Code)
		assert.Empty(t, logs.String())
	})
}

func TestThemeForFindsTheThemeTheEndpointsServe(t *testing.T) {
	snap := defaultSnapshot(t)
	empty := snapshotWith(t, func([]map[string]any) []map[string]any { return nil })
	byHeader := func(r *http.Request) (int, error) { return len(r.Header.Get("X-Pref")), nil } // "xx" prefers 2
	const secret = "session store is down"
	tests := []struct {
		name    string
		source  theming.Source
		hook    func(*http.Request) (int, error)
		pref    string
		wantID  int // 0: an error
		wantErr error
		wantMsg string
	}{
		{"no preference gets the default theme", theming.NewCurrent(snap), byHeader, "", 1, nil, ""},
		{"a preference gets that theme", theming.NewCurrent(snap), byHeader, "xx", 2, nil, ""},
		{"an unknown preference falls back to the default", theming.NewCurrent(snap), byHeader, strings.Repeat("x", 99), 1, nil, ""},
		{"no theme at all is ErrNoThemes", theming.NewCurrent(empty), nil, "", 0, theming.ErrNoThemes, ""},
		{"a tenant source's unknown tenant is its error", sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			return nil, fmt.Errorf("tenant x: %w", theming.ErrUnknownTenant)
		}), nil, "", 0, theming.ErrUnknownTenant, ""},
		{"a failing hook's error is returned", theming.NewCurrent(snap), func(*http.Request) (int, error) {
			return 0, errors.New(secret)
		}, "", 0, nil, secret},
		{"a panicking hook is an error, not a panic", theming.NewCurrent(snap), func(*http.Request) (int, error) {
			panic(secret)
		}, "", 0, nil, "PreferredTheme panicked: " + secret},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := httpadapter.Options{Source: tt.source, PreferredTheme: tt.hook, Logger: (&logBuffer{}).logger()}
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.Header.Set("X-Pref", tt.pref)
			a := httpadapter.New(opts)
			got, err := a.ThemeFor(req)

			// The endpoint answers the same request with that theme, or
			// with the status StatusFor gives the error.
			rec := httptest.NewRecorder()
			a.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, configPath, nil).WithContext(req.Context()))
			if tt.wantID == 0 {
				require.Error(t, err)
				assert.Nil(t, got)
				if tt.wantErr != nil {
					assert.ErrorIs(t, err, tt.wantErr)
				}
				assert.Contains(t, err.Error(), tt.wantMsg)
				assert.Equal(t, httpadapter.StatusFor(err), rec.Code, "the endpoint's status")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantID, got.ID())
		})
	}
	t.Run("the stylesheet, StylesheetFor and ThemeFor agree for the same request", func(t *testing.T) {
		a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(snap), PreferredTheme: byHeader})
		css := a.Stylesheet()
		for _, pref := range []string{"", "x", "xx", "xxx", "xxxx"} {
			req := httptest.NewRequest(http.MethodGet, "/theme.css", nil)
			req.Header.Set("X-Pref", pref)
			rt, err := a.ThemeFor(req)
			require.NoError(t, err, "X-Pref %q", pref)
			inline, err := a.StylesheetFor(req)
			require.NoError(t, err, "X-Pref %q", pref)
			rec := httptest.NewRecorder()
			css.ServeHTTP(rec, req)
			require.Equal(t, http.StatusOK, rec.Code, "X-Pref %q", pref)
			assert.Equal(t, sheetOf(snap, rt), rec.Body.String(), "X-Pref %q: the sheet of ThemeFor's theme", pref)
			assert.Equal(t, rec.Body.String(), inline, "X-Pref %q: the sheet StylesheetFor gives", pref)
		}
	})
	t.Run("a nil Source panics at construction", func(t *testing.T) {
		assert.PanicsWithValue(t, "httpadapter: Options.Source is nil", func() { httpadapter.New(httpadapter.Options{}) })
	})
}

func TestAnInlinedStylesheetCannotChangeWhatIsServed(t *testing.T) {
	opts := httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t)), PreferredTheme: func(*http.Request) (int, error) { return 2, nil }}
	a := httpadapter.New(opts)
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	sheet, err := a.StylesheetFor(req)
	require.NoError(t, err)
	b := []byte(sheet) // what a host might do to edit the sheet
	for i := range b {
		b[i] = 'x'
	}
	ts := serve(t, a.Stylesheet())
	resp, body := do(t, ts, http.MethodGet, "/", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.True(t, strings.HasPrefix(string(body), "/* theme 2: Ember */\n@property --page-background "), "the served sheet starts %q", string(body[:min(len(body), 40)]))
	again, err := a.StylesheetFor(req)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(again, "/* theme 2: Ember */\n@property --page-background "), "the next call starts %q", again[:40])
}

// A host inlines the user's sheet into every page it renders: after the
// first call for a theme, StylesheetFor hands out the sheet the adapter
// keeps, at no allocation.
func TestStylesheetForIsRenderedOnceAndKept(t *testing.T) {
	a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t)), PreferredTheme: func(*http.Request) (int, error) { return 2, nil }})
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	first, err := a.StylesheetFor(req)
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = a.StylesheetFor(req) }))
	again, _ := a.StylesheetFor(req)
	assert.Equal(t, first, again)
	t.Run("concurrent first calls all get the same sheet", func(t *testing.T) {
		a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(defaultSnapshot(t))})
		got := make([]string, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i], _ = a.StylesheetFor(httptest.NewRequest(http.MethodGet, "/", nil)) })
		}
		wg.Wait()
		for i := range got {
			assert.True(t, strings.HasPrefix(got[i], "/* theme 1: Harbor */\n"), "call %d", i)
			assert.Equal(t, got[0], got[i], "call %d", i)
		}
	})
	t.Run("its errors are ThemeFor's", func(t *testing.T) {
		a := httpadapter.New(httpadapter.Options{Source: theming.NewCurrent(nil)})
		_, err := a.StylesheetFor(req)
		assert.ErrorIs(t, err, theming.ErrNoSnapshot)
	})
}

// The engine the stylesheet's variants come from is the one a host's own
// pages get: the variant a host works out from it is the one the sheet
// was rendered with.
func TestTheStylesheetAndTheHostShareOneEnginePerCatalog(t *testing.T) {
	snap := defaultSnapshot(t)
	st := theming.NewCurrent(snap)
	a := httpadapter.New(httpadapter.Options{Source: st, PreferredTheme: func(*http.Request) (int, error) { return 3, nil }})
	e := a.Engine(snap)
	assert.Same(t, e, a.Engine(snap), "one engine, asked twice")
	rt, _ := snap.Theme(3)
	v := e.HighContrast(rt)
	sheet, err := a.StylesheetFor(httptest.NewRequest(http.MethodGet, "/", nil))
	require.NoError(t, err)
	assert.Equal(t, string(css.Stylesheet(rt, v)), sheet)

	preview, err := snap.Preview(theming.Theme{ID: 3, Name: "Draft"})
	require.NoError(t, err)
	assert.Same(t, e, a.Engine(preview), "a snapshot of the same catalog shares the engine")
	other := defaultSnapshot(t)
	assert.NotSame(t, e, a.Engine(other), "another compiled catalog has its own")
	assert.NotNil(t, a.Engine(nil), "a nil snapshot gets an engine of no catalog")
}

// With Options.LightDark the stylesheet, served and inlined, is the
// light-dark() form of the same theme and variant (theming/css's Chromium
// test shows that both forms compute to the same colors in every
// context); without it, the default form.
func TestTheStylesheetTakesItsLightDarkFormByOption(t *testing.T) {
	snap := defaultSnapshot(t)
	rt, ok := snap.Theme(3)
	require.True(t, ok)
	for _, tt := range []struct {
		name      string
		lightDark bool
		render    func(*theming.ResolvedTheme, *fix.Variant) []byte
	}{
		{"the default form without the option", false, css.Stylesheet},
		{"the light-dark() form with it", true, css.LightDark},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := httpadapter.New(httpadapter.Options{
				Source:         theming.NewCurrent(snap),
				PreferredTheme: func(*http.Request) (int, error) { return 3, nil },
				LightDark:      tt.lightDark,
			})
			want := string(tt.render(rt, a.Engine(snap).HighContrast(rt)))
			rec := httptest.NewRecorder()
			a.Stylesheet().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/theme.css", nil))
			require.Equal(t, http.StatusOK, rec.Code)
			assert.Equal(t, "text/css; charset=utf-8", rec.Header().Get("Content-Type"))
			assert.Equal(t, want, rec.Body.String(), "served")
			inline, err := a.StylesheetFor(httptest.NewRequest(http.MethodGet, "/", nil))
			require.NoError(t, err)
			assert.Equal(t, want, inline, "inlined")
			assert.Equal(t, tt.lightDark, strings.Contains(want, "light-dark("), "the form")
		})
	}
}

// BenchmarkStatusFor measures the mapping for each kind of error; the
// wrapped ones walk their chain for each sentinel.
func BenchmarkStatusFor(b *testing.B) {
	for _, bm := range []struct {
		name string
		err  error
	}{
		{"unknown tenant", fmt.Errorf("tenant x: %w", theming.ErrUnknownTenant)},
		{"no snapshot", theming.ErrNoSnapshot},
		{"context canceled", fmt.Errorf("load: %w", context.Canceled)},
		{"other", errors.New("db: connection refused")},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = httpadapter.StatusFor(bm.err)
			}
		})
	}
}

// ThemeForPage sets the headers the theme config endpoint sends with the
// theme, less the endpoint's own negotiation (Accept, Accept-Encoding,
// Origin): the host page is cached as the endpoint is, and a preview by
// no cache at all.
func TestThemeForPageSetsTheHeadersTheEndpointsSend(t *testing.T) {
	live := defaultSnapshot(t)
	rt, ok := live.Theme(1)
	require.True(t, ok)
	draft := rt.Theme()
	draft.Name = "Harbor, draft"
	preview, err := live.Preview(draft)
	require.NoError(t, err)
	src := sourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		if ctx.Value(previewKey{}) != nil {
			return preview, nil
		}
		return live, nil
	})
	previewing := func(r *http.Request) *http.Request {
		return r.WithContext(context.WithValue(r.Context(), previewKey{}, true))
	}
	cors := &httpadapter.CORS{AllowedOrigins: []string{"https://app.example"}}
	opts := httpadapter.Options{Source: src, SourceVary: []string{"Host", "cookie"}, CORS: cors}
	a := httpadapter.New(opts)

	// The endpoint's Vary, as it answers a live request.
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, configPath, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	var endpointVary []string
	for _, tok := range varyTokens(rec.Result()) {
		if tok != "Accept" && tok != "Accept-Encoding" && tok != "Origin" {
			endpointVary = append(endpointVary, tok)
		}
	}
	require.Equal(t, []string{"Host", "Cookie", "Authorization"}, endpointVary, "premise: SourceVary then UserVary, Cookie once")

	tests := []struct {
		name      string
		preview   bool
		set       map[string]string // what the page set before
		wantCC    string
		wantVary  []string
		wantTheme string
	}{
		{"a live page gets the endpoint's Vary and Cache-Control", false, nil, "private, no-cache", endpointVary, "Harbor"},
		{"a live page keeps its own Cache-Control", false, map[string]string{"Cache-Control": "private, max-age=5"}, "private, max-age=5", endpointVary, "Harbor"},
		{"a page's own Vary is kept, and the theme's added", false, map[string]string{"Vary": "Accept-Language, cookie"},
			"private, no-cache", []string{"Accept-Language, cookie", "Host, Authorization"}, "Harbor"},
		{"a preview is private, no-store", true, nil, "private, no-store", endpointVary, "Harbor, draft"},
		{"a preview is private, no-store whatever the page set", true, map[string]string{"Cache-Control": "public, max-age=60"}, "private, no-store", endpointVary, "Harbor, draft"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			if tt.preview {
				r = previewing(r)
			}
			w := httptest.NewRecorder()
			for k, v := range tt.set {
				w.Header().Set(k, v)
			}
			got, err := a.ThemeForPage(w, r)
			require.NoError(t, err)
			assert.Equal(t, tt.wantTheme, got.Name())
			assert.Equal(t, tt.wantCC, w.Header().Get("Cache-Control"))
			if tt.set["Vary"] == "" {
				assert.Equal(t, []string{strings.Join(tt.wantVary, ", ")}, w.Header()["Vary"])
			} else {
				assert.Equal(t, tt.wantVary, w.Header()["Vary"])
			}
			if tt.preview {
				rec := httptest.NewRecorder()
				a.ServeHTTP(rec, previewing(httptest.NewRequest(http.MethodGet, configPath, nil)))
				assert.Equal(t, rec.Header().Get("Cache-Control"), w.Header().Get("Cache-Control"), "the endpoint's, previewing")
			}
		})
	}
	t.Run("without SourceVary and UserVary a page gets no Vary", func(t *testing.T) {
		a := httpadapter.New(httpadapter.Options{Source: src, UserVary: []string{}})
		w := httptest.NewRecorder()
		_, err := a.ThemeForPage(w, httptest.NewRequest(http.MethodGet, "/", nil))
		require.NoError(t, err)
		assert.NotContains(t, w.Header(), "Vary")
	})
	t.Run("an error sets nothing", func(t *testing.T) {
		a := httpadapter.New(httpadapter.Options{Source: sourceFunc(func(context.Context) (*theming.Snapshot, error) {
			return nil, fmt.Errorf("tenant x: %w", theming.ErrUnknownTenant)
		})})
		w := httptest.NewRecorder()
		got, err := a.ThemeForPage(w, httptest.NewRequest(http.MethodGet, "/", nil))
		assert.Nil(t, got)
		assert.ErrorIs(t, err, theming.ErrUnknownTenant)
		assert.Empty(t, w.Header())
	})
}

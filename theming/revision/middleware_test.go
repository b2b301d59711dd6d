package revision_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// previewHost is a host as the package doc describes it: the tenant from
// the X-Tenant header, the user from X-User, the preview token from its
// cookie, the API, the stylesheet and a page of its own, all on a Memory
// store. Tenant acme's theme 1 has revision 1 live ("Live") and
// revision 2 a draft ("Draft"); its theme 2 has one live revision.
type previewHost struct {
	*httptest.Server
	signer *revision.PreviewSigner
	store  *revision.Memory
	now    time.Time
}

func newPreviewHost(t *testing.T) *previewHost {
	t.Helper()
	cc := defaultCatalog(t)
	m := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	for _, tenant := range []string{"acme", "globex"} {
		require.NoError(t, m.CreateTenant(ctx, tenant))
	}
	for _, th := range []theming.Theme{{ID: 1, Name: "Live"}, {ID: 2, Name: "Second"}} {
		r, err := m.Save(ctx, "acme", th, 0, revision.Change{Author: "alice"})
		require.NoError(t, err)
		require.NoError(t, m.Publish(ctx, "acme", th.ID, r.Number, 0, revision.Change{Author: "alice"}))
	}
	_, err := m.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Draft"}, 1, revision.Change{Author: "alice"})
	require.NoError(t, err)
	_, err = m.Save(ctx, "globex", theming.Theme{ID: 1, Name: "Globex"}, 0, revision.Change{Author: "carol"})
	require.NoError(t, err)

	h := &previewHost{signer: testSigner(t), store: m, now: tokenNow}
	api := httpadapter.New(httpadapter.Options{Source: m, SourceVary: []string{"X-Tenant"}})
	mux := http.NewServeMux()
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/theme.css", api.Stylesheet())
	mux.HandleFunc("GET /page", func(w http.ResponseWriter, r *http.Request) {
		rt, err := api.ThemeForPage(w, r)
		if err != nil {
			code := httpadapter.StatusFor(err)
			http.Error(w, http.StatusText(code), code)
			return
		}
		fmt.Fprintf(w, "theme: %s\n", rt.Name())
		if err := revision.PreviewError(r.Context()); err != nil {
			fmt.Fprintf(w, "not previewed: %v\n", err)
		} else if id, n, ok := revision.PreviewFrom(r.Context()); ok {
			fmt.Fprintf(w, "previewing theme %d, revision %d\n", id, n)
		}
	})
	preview := revision.PreviewMiddleware(revision.PreviewOptions{
		Signer: h.signer,
		User:   func(r *http.Request) string { return r.Header.Get("X-User") },
		Now:    func() time.Time { return h.now },
	})
	handler := preview(mux)
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), r.Header.Get("X-Tenant"))))
	}))
	t.Cleanup(h.Close)
	return h
}

// get requests path as alice of acme with the token in its cookie.
func (h *previewHost) get(t *testing.T, path, token string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, h.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("X-Tenant", "acme")
	req.Header.Set("X-User", "alice")
	if token != "" {
		req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: token})
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(body)
}

func (h *previewHost) sign(t *testing.T, p revision.PreviewToken) string {
	t.Helper()
	tok, err := h.signer.Sign(p)
	require.NoError(t, err)
	return tok
}

// paths are every route of the host, the catalog included, and what
// each shows of theme 1's draft when it previews it ("" where the
// draft does not show).
var previewPaths = []struct{ path, draft string }{
	{"/api/v2/theme/component-defs/", ""},
	{"/api/v2/theme/", `"name":"Draft"`},
	{"/api/v2/theme/config/", `"name":"Draft"`},
	{"/api/v2/theme/colors/", `"name":"Draft"`},
	{"/theme.css", "theme 1: Draft"},
	{"/page", "theme: Draft"},
}

func TestAPreviewTokenIsAppliedToEveryRoute(t *testing.T) {
	h := newPreviewHost(t)
	token := h.sign(t, revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 1, Number: 2, Expires: tokenExpires})
	for _, p := range previewPaths {
		t.Run(p.path+" serves the draft, private, no-store, saying so", func(t *testing.T) {
			live, liveBody := h.get(t, p.path, "")
			require.Equal(t, http.StatusOK, live.StatusCode)
			assert.Empty(t, live.Header.Get(revision.PreviewHeader), "a request without a token is not marked")
			assert.NotEqual(t, "private, no-store", live.Header.Get("Cache-Control"))

			resp, body := h.get(t, p.path, token)
			require.Equal(t, http.StatusOK, resp.StatusCode, body)
			assert.Equal(t, "preview; theme=1; revision=2", resp.Header.Get(revision.PreviewHeader))
			assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"))
			if p.draft != "" {
				assert.Contains(t, body, p.draft)
				assert.NotContains(t, liveBody, p.draft)
			}
		})
	}
	t.Run("the host page says what it previews", func(t *testing.T) {
		_, body := h.get(t, "/page", token)
		assert.Equal(t, "theme: Draft\npreviewing theme 1, revision 2\n", body)
	})
}

// A token that does not grant this request its preview, or whose
// revision cannot be served, is served as live on every route, the
// catalog included: never a 404, and a sign that says why.
func TestARefusedPreviewTokenIsServedLiveWithASign(t *testing.T) {
	h := newPreviewHost(t)
	alices := revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 1, Number: 2, Expires: tokenExpires}
	with := func(edit func(*revision.PreviewToken)) string {
		p := alices
		edit(&p)
		return h.sign(t, p)
	}
	good := h.sign(t, alices)
	tests := []struct {
		name, token string
		reason      string
		sentinel    error
	}{
		{"a tampered token", tamper(t, good, 0, 3), "signature", revision.ErrTokenSignature},
		{"a token of another key", func() string {
			s, err := revision.NewPreviewSigner([]byte(strings.Repeat("k", 32)))
			require.NoError(t, err)
			tok, err := s.Sign(alices)
			require.NoError(t, err)
			return tok
		}(), "signature", revision.ErrTokenSignature},
		{"an expired token", with(func(p *revision.PreviewToken) { p.Expires = tokenNow }), "expired", revision.ErrTokenExpired},
		{"a token of another tenant", with(func(p *revision.PreviewToken) { p.Tenant = "globex"; p.Number = 1 }), "tenant", revision.ErrTokenTenant},
		{"a token of another user", with(func(p *revision.PreviewToken) { p.User = "bob" }), "user", revision.ErrTokenUser},
		{"a token of another theme, whose revision 2 does not exist", with(func(p *revision.PreviewToken) { p.ThemeID = 2 }), "unknown-revision", revision.ErrUnknownRevision},
		{"a token of a revision that no longer exists", with(func(p *revision.PreviewToken) { p.Number = 9 }), "unknown-revision", revision.ErrUnknownRevision},
		{"a token of a theme the tenant does not have", with(func(p *revision.PreviewToken) { p.ThemeID = 7 }), "unknown-revision", revision.ErrUnknownRevision},
		{"a string that is no token", "cookie-monster", "malformed", revision.ErrTokenMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range previewPaths {
				live, liveBody := h.get(t, p.path, "")
				resp, body := h.get(t, p.path, tt.token)
				require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", p.path, body)
				assert.Equal(t, "live; reason="+tt.reason, resp.Header.Get(revision.PreviewHeader), p.path)
				assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "%s: the sign is seen by its requester alone", p.path)
				if p.path != "/page" {
					assert.Equal(t, liveBody, body, "%s: the live response", p.path)
					assert.Equal(t, live.Header.Get("ETag"), resp.Header.Get("ETag"), p.path)
				}
			}
			_, page := h.get(t, "/page", tt.token)
			theme, why, _ := strings.Cut(page, "\n")
			assert.Equal(t, "theme: Live", theme)
			assert.True(t, strings.HasPrefix(why, "not previewed: "), "the page shows why: %q", why)
		})
	}
	t.Run("PreviewError gives the sentinel", func(t *testing.T) {
		for _, tt := range tests {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: tt.token})
			var got error
			revision.PreviewMiddleware(revision.PreviewOptions{
				Signer: h.signer,
				User:   func(*http.Request) string { return "alice" },
				Tenant: func(*http.Request) string { return "acme" },
				Now:    func() time.Time { return tokenNow },
			})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = h.store.Snapshot(tenant.With(r.Context(), "acme"))
				got = revision.PreviewError(r.Context())
			})).ServeHTTP(httptest.NewRecorder(), req)
			assert.ErrorIs(t, got, tt.sentinel, tt.name)
		}
	})
}

// WithPreview, the host's own grant, stays strict: a revision that does
// not exist is the Source's error (httpadapter's 404), as revisiontest
// checks.
func TestWithPreviewOfNoRevisionIsStillAnError(t *testing.T) {
	h := newPreviewHost(t)
	_, err := h.store.Snapshot(revision.WithPreview(tenant.With(context.Background(), "acme"), 1, 9))
	assert.ErrorIs(t, err, revision.ErrUnknownRevision)
	assert.Nil(t, revision.PreviewError(revision.WithPreview(context.Background(), 1, 9)))
}

// A revision that today's catalog refuses (saved under an older one) is
// served live to a token's request, with the reason invalid-revision.
func TestATokenForARevisionTheCatalogRefusesIsServedLive(t *testing.T) {
	cc := defaultCatalog(t)
	live, err := cc.Snapshot([]theming.Theme{{ID: 1, Name: "Live"}})
	require.NoError(t, err)
	old := theming.Theme{ID: 1, Name: "Old", Colors: map[string]theming.PerScheme{"no-longer-a-component": {Light: "hsl(0, 0%, 0%)"}}}
	src := revision.PreviewSource(theming.NewCurrent(live), nil, func(context.Context, string, int, int) (theming.Theme, error) {
		return old, nil
	})
	signer := testSigner(t)
	token, err := signer.Sign(revision.PreviewToken{ThemeID: 1, Number: 4, Expires: tokenExpires})
	require.NoError(t, err)
	api := httpadapter.New(httpadapter.Options{Source: src})
	h := revision.PreviewMiddleware(revision.PreviewOptions{Signer: signer, Now: func() time.Time { return tokenNow }})(api)

	req := httptest.NewRequest(http.MethodGet, "/api/v2/theme/config/", nil)
	req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: token})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), `"name":"Live"`)
	assert.Equal(t, "live; reason=invalid-revision", rec.Header().Get(revision.PreviewHeader))

	_, err = src.Snapshot(revision.WithPreview(context.Background(), 1, 4))
	var ve *theming.ValidationError
	assert.ErrorAs(t, err, &ve, "WithPreview gets the catalog's refusal")
}

func TestPreviewMiddlewareWithoutASignerPanics(t *testing.T) {
	assert.PanicsWithValue(t, "revision: PreviewOptions.Signer is nil", func() { revision.PreviewMiddleware(revision.PreviewOptions{}) })
}

// The writer the middleware wraps a response in still flushes, and
// gives http.ResponseController the connection underneath.
func TestThePreviewWriterKeepsTheResponseWritersFeatures(t *testing.T) {
	signer := testSigner(t)
	token, err := signer.Sign(revision.PreviewToken{ThemeID: 1, Number: 1, Expires: tokenExpires})
	require.NoError(t, err)
	errs := make(chan [2]error, 1) // the deadline's and the flush's
	h := revision.PreviewMiddleware(revision.PreviewOptions{Signer: signer, Now: func() time.Time { return tokenNow }})(
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rc := http.NewResponseController(w)
			deadlineErr := rc.SetReadDeadline(time.Now().Add(time.Minute))
			w.Header().Set("Cache-Control", "public, max-age=600")
			flushErr := rc.Flush()
			_, _ = io.WriteString(w, "ok")
			errs <- [2]error{deadlineErr, flushErr}
		}))
	ts := httptest.NewServer(h)
	defer ts.Close()
	req, err := http.NewRequest(http.MethodGet, ts.URL, nil)
	require.NoError(t, err)
	req.AddCookie(&http.Cookie{Name: revision.PreviewCookie, Value: token})
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	got := <-errs
	deadlineErr, flushErr := got[0], got[1]
	assert.NoError(t, flushErr)
	assert.NoError(t, deadlineErr)
	assert.Equal(t, "private, no-store", resp.Header.Get("Cache-Control"), "whatever the handler set")
	assert.Equal(t, "preview; theme=1; revision=1", resp.Header.Get(revision.PreviewHeader))
	assert.False(t, errors.Is(flushErr, http.ErrNotSupported))
}

// The default token reader finds the preview cookie among a request's
// cookies, and nothing in cookies that merely contain its name.
func TestThePreviewCookieIsReadByItsName(t *testing.T) {
	signer := testSigner(t)
	token, err := signer.Sign(revision.PreviewToken{ThemeID: 1, Number: 1, Expires: tokenExpires})
	require.NoError(t, err)
	h := revision.PreviewMiddleware(revision.PreviewOptions{Signer: signer, Now: func() time.Time { return tokenNow }})(
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") }))
	for _, tt := range []struct {
		cookie, want string
	}{
		{"", ""},
		{"session=abc; lang=en", ""},
		{"session=themekit-preview", ""},
		{"x" + revision.PreviewCookie + "=" + token, ""},
		{"session=abc; " + revision.PreviewCookie + "=" + token + "; lang=en", "preview; theme=1; revision=1"},
		{revision.PreviewCookie + "=", ""},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.cookie != "" {
			req.Header.Set("Cookie", tt.cookie)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Equal(t, tt.want, rec.Header().Get(revision.PreviewHeader), "Cookie: %s", tt.cookie)
	}
}

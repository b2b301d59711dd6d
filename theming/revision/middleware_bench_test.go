package revision_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// discard is a ResponseWriter that keeps nothing, so that a benchmark
// measures the handler rather than a recorder.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkPreviewMiddleware measures a GET of the theme config endpoint
// on a Memory store: without the middleware (the baseline), behind it
// without a token (every user's request, with and without cookies of
// the host's), with a token it applies (an admin's), and with one it
// refuses.
func BenchmarkPreviewMiddleware(b *testing.B) {
	cc := defaultCatalog(b)
	m := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	r1, err := m.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Live"}, 0, revision.Change{})
	if err != nil {
		b.Fatal(err)
	}
	if err := m.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{}); err != nil {
		b.Fatal(err)
	}
	r2, err := m.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Draft"}, r1.Number, revision.Change{})
	if err != nil {
		b.Fatal(err)
	}
	signer := testSigner(b)
	token, err := signer.Sign(revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 1, Number: r2.Number, Expires: tokenExpires})
	if err != nil {
		b.Fatal(err)
	}
	const cookies = "session=0123456789abcdef0123456789abcdef; lang=en; consent=yes" // a user's, without a preview
	api := httpadapter.New(httpadapter.Options{Source: m})
	mw := revision.PreviewMiddleware(revision.PreviewOptions{
		Signer: signer,
		User:   func(*http.Request) string { return "alice" },
		Now:    func() time.Time { return tokenNow },
	})(api)
	for _, bm := range []struct {
		name   string
		h      http.Handler
		cookie string
	}{
		{"no middleware", api, ""},
		{"no token", mw, ""},
		{"no middleware, cookies", api, cookies},
		{"no token, cookies", mw, cookies},
		{"a token applied", mw, revision.PreviewCookie + "=" + token},
		{"a token refused", mw, revision.PreviewCookie + "=" + token[:len(token)-1] + "A"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			req := httptest.NewRequestWithContext(tenant.With(ctx, "acme"), http.MethodGet, "/api/v2/theme/config/", nil)
			if bm.cookie != "" {
				req.Header.Set("Cookie", bm.cookie)
			}
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				bm.h.ServeHTTP(w, req)
			}
		})
	}
}

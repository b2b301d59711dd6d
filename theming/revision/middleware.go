package revision

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// PreviewCookie is the cookie [PreviewMiddleware] reads a preview token
// from, unless [PreviewOptions].Token says otherwise.
const PreviewCookie = "themekit-preview"

// PreviewHeader is the response header [PreviewMiddleware] sets on every
// response to a request that carried a preview token, saying what became
// of it, as an RFC 9651 structured item:
//
//	preview; theme=1; revision=3          the revision is served in place of the live theme
//	live; reason=expired                  the token was refused: the live theme is served
//
// The reasons: malformed, signature, expired, tenant, user (the token's
// sentinels, [ErrTokenMalformed] and the others), unknown-revision (the
// revision does not exist: [ErrUnknownRevision]), invalid-revision (today's
// catalog refuses it: a *theming.ValidationError), too-many-previews (the
// tenant's requests built more previews than [PreviewSource] allows:
// [ErrTooManyPreviews]).
const PreviewHeader = "Themekit-Preview"

// PreviewOptions configure [PreviewMiddleware]. Only Signer is required.
type PreviewOptions struct {
	// Signer verifies the tokens: the one the host signs them with.
	Signer *PreviewSigner
	// Token returns the preview token a request carries, "" for none;
	// nil reads the cookie [PreviewCookie].
	Token func(r *http.Request) string
	// User returns the id of the requesting user, which a token issued
	// for a user must name; nil means no user is known, so only tokens
	// issued for no user ("") are accepted.
	User func(r *http.Request) string
	// Tenant returns the request's tenant, which a token must name; nil
	// reads it from the context ([tenant.FromContext]), so the host's
	// tenant middleware runs first.
	Tenant func(r *http.Request) string
	// Now is the clock tokens expire by; nil is time.Now.
	Now func() time.Time
}

// PreviewMiddleware returns middleware that applies signed preview
// tokens ([PreviewSigner]): a request that carries a token that verifies
// for its tenant and user, and has not expired, is served revision Number
// of theme ThemeID in place of the live theme by a source made by
// [PreviewSource] (as [WithPreview] asks), through every endpoint, the
// stylesheet and the host's pages; every other request is served as
// before.
//
// A token that does not verify (tampered with, expired, another tenant's
// or user's) and a revision the source cannot serve (it does not exist,
// today's catalog refuses it, or its tenant built too many previews of
// late) never fail the request: it is served the
// live theme, as if it carried no token, and [PreviewError] says why, for
// the host's page to show. Every response to a request that carried a
// token, accepted or not, has the header [PreviewHeader] saying what
// became of it, and Cache-Control: private, no-store, set as the handler
// writes its header, whatever the handler set: what a previewer is served
// is kept by no cache, and never replaces the live responses in the
// previewer's own.
//
// It panics if opts.Signer is nil.
func PreviewMiddleware(opts PreviewOptions) func(http.Handler) http.Handler {
	if opts.Signer == nil {
		panic("revision: PreviewOptions.Signer is nil")
	}
	if opts.Token == nil {
		opts.Token = previewCookie
	}
	if opts.User == nil {
		opts.User = func(*http.Request) string { return "" }
	}
	if opts.Tenant == nil {
		opts.Tenant = func(r *http.Request) string {
			name, _ := tenant.FromContext(r.Context())
			return name
		}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := opts.Token(r)
			if token == "" {
				next.ServeHTTP(w, r)
				return
			}
			p := preview{state: &previewState{}}
			if tok, err := opts.Signer.Verify(token, opts.Tenant(r), opts.User(r), opts.Now()); err != nil {
				p.state.err = err
			} else {
				p.themeID, p.n, p.active = tok.ThemeID, tok.Number, true
			}
			ctx := context.WithValue(r.Context(), previewKey{}, p)
			next.ServeHTTP(&previewWriter{ResponseWriter: w, p: p}, r.WithContext(ctx))
		})
	}
}

// previewCookie returns the value of r's PreviewCookie, "" when it has
// none. A request whose Cookie header does not name it, every user's,
// costs a substring search and no allocation.
func previewCookie(r *http.Request) string {
	for _, line := range r.Header["Cookie"] {
		if strings.Contains(line, PreviewCookie) {
			if c, err := r.Cookie(PreviewCookie); err == nil {
				return c.Value
			}
			return ""
		}
	}
	return ""
}

// previewWriter marks the response to a request that carried a preview
// token as it is written.
type previewWriter struct {
	http.ResponseWriter
	p       preview
	written bool
}

func (w *previewWriter) WriteHeader(code int) {
	if !w.written {
		h := w.Header()
		h.Set("Cache-Control", "private, no-store")
		h.Set(PreviewHeader, w.p.header())
		w.written = code >= 200 // a 1xx is followed by the final header
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *previewWriter) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Flush flushes the response, as http.Flusher does.
func (w *previewWriter) Flush() {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap returns the ResponseWriter underneath, for
// http.ResponseController.
func (w *previewWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// header returns the value of PreviewHeader for p as it stands.
func (p preview) header() string {
	if err := p.state.refused(); err != nil {
		return "live; reason=" + reason(err)
	}
	return "preview; theme=" + strconv.Itoa(p.themeID) + "; revision=" + strconv.Itoa(p.n)
}

// reasons name the errors of a preview that is served live, for
// PreviewHeader.
var reasons = []struct {
	err    error
	reason string
}{
	{ErrTokenMalformed, "malformed"},
	{ErrTokenSignature, "signature"},
	{ErrTokenExpired, "expired"},
	{ErrTokenTenant, "tenant"},
	{ErrTokenUser, "user"},
	{ErrUnknownRevision, "unknown-revision"},
	{ErrTooManyPreviews, "too-many-previews"},
}

func reason(err error) string {
	for _, r := range reasons {
		if errors.Is(err, r.err) {
			return r.reason
		}
	}
	var ve *theming.ValidationError
	if errors.As(err, &ve) {
		return "invalid-revision"
	}
	return "error"
}

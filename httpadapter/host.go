package httpadapter

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/themekit/themekit/internal/httpwire"
	"github.com/themekit/themekit/theming"
)

// StatusFor returns the HTTP status the handlers answer err with, for a
// host's own handler that reports the errors of [Adapter.ThemeFor], of a
// theming.Source or of its PreferredTheme hook the way the endpoints do:
//
//   - 404 Not Found for an error wrapping theming.ErrUnknownTenant (the
//     request names no known tenant), theming.ErrNoThemes (there is no
//     theme to serve) or theming.ErrUnknownTheme (a Source was asked for a
//     theme it does not have: a preview of a revision that does not
//     exist, say);
//   - 503 Service Unavailable for one wrapping theming.ErrNoSnapshot
//     (nothing loaded yet), context.Canceled or context.DeadlineExceeded
//     (the request's context ended, or the Source gave up waiting);
//   - 500 Internal Server Error for any other error;
//   - 200 OK for nil.
//
// The handlers send Retry-After: 1 with a 503 and log the cause of a 500
// (and of a 503 from a context that was not the request's); StatusFor
// neither logs nor writes.
func StatusFor(err error) int {
	switch {
	case err == nil:
		return http.StatusOK
	case errors.Is(err, theming.ErrUnknownTenant), errors.Is(err, theming.ErrNoThemes), errors.Is(err, theming.ErrUnknownTheme):
		return http.StatusNotFound
	case errors.Is(err, theming.ErrNoSnapshot), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// ThemeForPage is [Adapter.ThemeFor] for a page the host renders in the
// user's theme (its stylesheet inlined, say): it returns the same theme,
// and sets on w's header what the theme-for-user endpoints send with it,
// so that every cache treats the page as it treats them:
//
//   - Vary: the request headers the theme depends on, Options.SourceVary
//     and Options.UserVary, added to what the page set;
//   - Cache-Control: private, no-store while the theme is a preview
//     ([theming.Snapshot.Previewing]), replacing what the page set, since
//     no cache may keep what only its requester may see; otherwise
//     Options.UserCacheControl, unless the page set a Cache-Control of its
//     own.
//
// Vary leaves out Accept, Accept-Encoding and Origin, which are the
// endpoints' own negotiation, not the theme's. Call it before the page
// writes its header. On an error it sets nothing, and the error is
// ThemeFor's ([StatusFor] gives its status).
func (a *Adapter) ThemeForPage(w http.ResponseWriter, r *http.Request) (*theming.ResolvedTheme, error) {
	s, rt, err := a.themeFor(r)
	if err != nil {
		return nil, err
	}
	h := w.Header()
	if len(a.pageVary[0]) > 0 {
		httpwire.AddVary(h, a.pageVary[0], a.pageVary[1])
	}
	if _, ok := s.Previewing(); ok {
		h["Cache-Control"] = a.c.k.previewCC
	} else if _, set := h["Cache-Control"]; !set {
		h["Cache-Control"] = a.c.userCC
	}
	return rt, nil
}

// themeFor returns the snapshot the Source gives r and the theme chosen
// from it for r's user: what ThemeFor and ThemeForPage share.
func (a *Adapter) themeFor(r *http.Request) (*theming.Snapshot, *theming.ResolvedTheme, error) {
	s, err := a.c.snapshot(r.Context())
	if err != nil {
		return nil, nil, err
	}
	pref, err := a.c.preference(r)
	if err != nil {
		return nil, nil, err
	}
	rt, err := s.ChooseTheme(pref)
	if err != nil {
		return nil, nil, err
	}
	return s, rt, nil
}

// pageVary returns the Vary of a host page (ThemeForPage): the
// SourceVary and UserVary headers, each once, and them joined.
func (c *config) pageVary() [2][]string {
	var vary []string
	for _, n := range slices.Concat(c.sourceVary, c.userVary) {
		if !slices.ContainsFunc(vary, func(v string) bool { return strings.EqualFold(v, n) }) {
			vary = append(vary, n)
		}
	}
	if len(vary) == 0 {
		return [2][]string{}
	}
	return [2][]string{vary, httpwire.One(strings.Join(vary, ", "))}
}

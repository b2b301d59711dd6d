package httpadapter

import (
	"context"
	"errors"
	"net/http"

	"github.com/themekit/themekit/theming"
)

// StatusFor returns the HTTP status the handlers answer err with, for a
// host's own handler that reports the errors of [Chooser.ThemeFor], of a
// theming.Source or of its PreferredTheme hook the way the endpoints do:
//
//   - 404 Not Found for an error wrapping theming.ErrUnknownTenant (the
//     request names no known tenant) or theming.ErrNoThemes (there is no
//     theme to serve);
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
	case errors.Is(err, theming.ErrUnknownTenant), errors.Is(err, theming.ErrNoThemes):
		return http.StatusNotFound
	case errors.Is(err, theming.ErrNoSnapshot), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// Chooser finds the requesting user's theme as the theme-for-user
// endpoints ([ThemeConfig], [Stylesheet], New's config path) find it:
// the snapshot from Options.Source, the preference from
// Options.PreferredTheme, and the snapshot's choice
// (theming.Snapshot.ChooseTheme: the preferred theme, else the default).
// A host uses it in its own handlers, to inline the user's stylesheet
// into a page it renders, say, with the same Options it gives the
// endpoints, so the page and the endpoints never disagree. Build it once
// with [NewChooser]; it is safe for concurrent use.
type Chooser struct {
	c *config
}

// NewChooser returns a [Chooser] for opts. Like the handlers' constructors
// it checks opts once and panics if they are misconfigured (see
// [Options]); only Source and PreferredTheme matter to it.
func NewChooser(opts Options) *Chooser { return &Chooser{c: newConfig(opts)} }

// ThemeFor returns the theme the theme-for-user endpoints would serve r.
// Its errors are those the endpoints answer with an error status, which
// [StatusFor] gives: an error wrapping theming.ErrNoThemes when the
// snapshot has no theme, the Source's errors (theming.ErrUnknownTenant,
// theming.ErrNoSnapshot, the request context's error, ...) and the
// PreferredTheme hook's, a panic of either turned into an error.
func (ch *Chooser) ThemeFor(r *http.Request) (*theming.ResolvedTheme, error) {
	s, err := ch.c.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	return chooseTheme(ch.c, r, s)
}

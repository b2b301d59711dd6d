package httpadapter

import (
	"context"
	"errors"
	"net/http"

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

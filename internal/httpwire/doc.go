// Package httpwire holds the HTTP mechanics the theming adapter
// (httpadapter) and the example servers share and that know nothing of
// themes: content codings made once per representation and negotiated by
// Accept-Encoding ([Rep], [Precompressed]), the Accept and format
// negotiation of Django REST Framework's renderers ([Negotiate]), Vary
// merging ([AddVary]), cross-origin resource sharing with origins and
// origin patterns checked once ([NewCORS]), and what a handler that never
// reads a request's body does with one ([LeaveBodyUnread]).
//
// Every function is safe for concurrent use; the header value slices it
// stores in responses are shared and never written to (see [One]).
package httpwire

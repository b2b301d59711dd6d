package httpwire

import (
	"net/http"
	"strings"
	"time"
)

// One returns a header value slice whose capacity is its length, so that
// appending to it (Header.Add) copies instead of writing into an array
// that responses share.
func One(s string) []string { return []string{s}[:1:1] }

// AddVary adds the tokens of want to the response's Vary field, keeping
// whatever the host set and adding only what is missing. When Vary is
// unset it stores joined, which must be want joined with ", ", made
// with [One].
func AddVary(h http.Header, want, joined []string) {
	have := h["Vary"]
	if len(have) == 0 {
		h["Vary"] = joined
		return
	}
	var missing []string
	for _, w := range want {
		if !hasToken(have, w) {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		h["Vary"] = append(have[:len(have):len(have)], strings.Join(missing, ", "))
	}
}

// hasToken reports whether a comma-separated header field contains tok,
// or "*", which in Vary covers every header.
func hasToken(lines []string, tok string) bool {
	for _, line := range lines {
		for line != "" {
			var t string
			t, line, _ = strings.Cut(line, ",")
			t = strings.TrimSpace(t)
			if t == "*" || strings.EqualFold(t, tok) {
				return true
			}
		}
	}
	return false
}

// ValidToken reports whether s is an RFC 9110 token, as header names and
// media types are.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTchar(s[i]) {
			return false
		}
	}
	return true
}

func isTchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// closeValue is the Connection header of a response after which the
// connection is closed.
var closeValue = []string{"close"}

// LeaveBodyUnread is for a handler that never reads a request's content:
// when r has some (a Content-Length above 0, or chunked), it sets
// Connection: close on the response and the connection's read deadline
// to now, so that net/http reads nothing more from the client, neither
// before the response goes out nor after it, and closes the connection
// once the response is written. Left to net/http, up to 256 KB of unread
// content is read before the response is sent, so a client sending one
// byte at a time holds the connection for as long as it likes. Call it
// before writing the response; a request without content is left alone.
// When the writer cannot set deadlines (a middleware's that does not
// unwrap, a test recorder), Connection: close alone still keeps net/http
// from reading the rest.
func LeaveBodyUnread(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength == 0 {
		return
	}
	w.Header()["Connection"] = closeValue
	_ = http.NewResponseController(w).SetReadDeadline(time.Now())
}

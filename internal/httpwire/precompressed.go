package httpwire

import "net/http"

// Precompressed is a fixed response body served in the content coding
// the client prefers, as the adapter serves its own representations
// ([Rep]): gzip, br and zstd forms made once each, on the first request
// that accepts them; Accept-Encoding negotiated by RFC 9110 (q-values,
// identity;q=0, "*", the smallest body among equally preferred codings);
// a distinct strong ETag per coding, If-None-Match answered with 304;
// Vary: Accept-Encoding merged with the Vary the host set; an exact
// Content-Length; HEAD gets GET's headers and no body. The example
// servers use it for pages of their own that change once per data
// version (a start page, a report, token files).
//
// It answers every method the same way; route only GET and HEAD to it
// when that matters. Headers set before ServeHTTP (Cache-Control, say)
// are kept. A Precompressed is safe for concurrent use; the zero value
// serves an empty body.
type Precompressed struct {
	ctype []string
	rep   *Rep
}

// NewPrecompressed returns body, served with the given Content-Type. It
// keeps body; the caller must not modify it afterwards.
func NewPrecompressed(contentType string, body []byte) *Precompressed {
	return &Precompressed{ctype: One(contentType), rep: NewRep(body, true)}
}

// varyAcceptEncoding is the Vary token of compressed representations.
var varyAcceptEncoding = []string{"Accept-Encoding"}

// ServeHTTP writes the body in the negotiated coding.
func (p *Precompressed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rp := emptyRep
	var ctype []string
	if p != nil && p.rep != nil {
		rp, ctype = p.rep, p.ctype
	}
	AddVary(w.Header(), varyAcceptEncoding, varyAcceptEncoding[:1:1])
	rp.Write(w, r, ctype)
}

// emptyRep is what a zero Precompressed serves. It is never modified:
// an empty body has no coding smaller than itself.
var emptyRep = NewRep(nil, false)

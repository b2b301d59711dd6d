package httpadapter

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// coding is a content coding the adapter precompresses representations
// in (RFC 9110, section 8.4.1).
type coding uint8

const (
	codingGzip coding = iota
	codingBr
	codingZstd
	numCodings
)

// codingNames are the codings' tokens, as Content-Encoding carries them.
var codingNames = [numCodings]string{"gzip", "br", "zstd"}

// encode compresses b in coding c, once per representation and data
// version, at a high level whose cost stays in milliseconds: gzip -9 with
// the standard library (klauspost/compress's gzip is slower at level 9
// and saves under 1%), Brotli quality 9 and zstd's SpeedBetterCompression,
// each with a window no larger than the body. On the default data,
// Brotli 10 and 11 save 3-15% more bytes for 10-60 times the time (over
// 100 ms for the 16 KB stylesheet) and zstd's SpeedBestCompression 5%
// for 4 times the time and 36 MB of encoder tables per call: too much for
// the first request of each representation, or for thousands of tenants'
// first requests after a restart.
func encode(c coding, b []byte) ([]byte, error) {
	var buf bytes.Buffer
	switch c {
	case codingGzip:
		w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	case codingBr:
		// A window no larger than the body: a larger one finds nothing
		// more to refer back to, and costs its allocation.
		w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotliQuality, LGWin: windowLog(len(b), 10, 24)})
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
	case codingZstd:
		// EncodeAll writes one frame with the content size and a window
		// no larger than the body, well under the 8 MB that RFC 8878
		// lets HTTP clients limit decoders to.
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderConcurrency(1),
			zstd.WithWindowSize(1<<windowLog(len(b), 10, 23)), zstd.WithLowerEncoderMem(true))
		if err != nil {
			return nil, err
		}
		out := enc.EncodeAll(b, nil)
		if err := enc.Close(); err != nil {
			return nil, err
		}
		return bytes.Clone(out), nil // kept for the data version: no spare capacity
	}
	return bytes.Clone(buf.Bytes()), nil
}

// windowLog is the base-2 logarithm of the smallest window that holds n
// bytes, within lo..hi.
func windowLog(n, lo, hi int) int {
	l := lo
	for l < hi && 1<<l < n {
		l++
	}
	return l
}

// brotliQuality is the Brotli quality of the br forms (see encode).
const brotliQuality = 9

// form is a representation in one content coding, ready to write: the
// bytes, their strong entity tag and the header values that go with them.
type form struct {
	body  []byte
	etag  string   // quoted
	hETag []string // {etag}
	hLen  []string // {len(body)}
	hEnc  []string // {coding name}; nil for identity
}

// newForm makes a form of body. Its entity tag is the first 16 bytes of
// the SHA-256 of the bytes sent, in hex, so every content coding of a
// representation has its own strong tag, as RFC 9110 (section 8.8.3)
// requires of a strong validator.
func newForm(body []byte, enc []string) *form {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	return &form{body: body, etag: etag, hETag: one(etag), hLen: one(strconv.Itoa(len(body))), hEnc: enc}
}

// rep is one representation: its identity form and, when compression is
// on, its gzip, br and zstd forms, each made on the first request that
// accepts the coding and then kept. A coding that does not make the body
// smaller is never served.
type rep struct {
	identity *form
	compress bool
	enc      [numCodings]lazyForm
}

type lazyForm struct {
	once sync.Once
	f    *form // nil: not smaller, or the encoder failed
}

func newRep(body []byte, compress bool) *rep {
	return &rep{identity: newForm(body, nil), compress: compress}
}

// encoded returns the form in coding c, making it on first use.
// Concurrent first requests make it once; the others wait for it.
func (rp *rep) encoded(c coding) *form {
	l := &rp.enc[c]
	l.once.Do(func() {
		b, err := encode(c, rp.identity.body)
		if err == nil && len(b) < len(rp.identity.body) {
			l.f = newForm(b, one(codingNames[c]))
		}
	})
	return l.f
}

// pick returns the form to send for the Accept-Encoding ranks a: the
// highest rank, and among equal ranks the smallest body. Identity is
// sent when the client accepts nothing the representation has.
func (rp *rep) pick(a accepted) *form {
	best, bestRank := rp.identity, a.identity
	if !rp.compress {
		return best
	}
	for c := range numCodings {
		rank := a.codings[c]
		if rank == 0 || rank < bestRank {
			continue
		}
		f := rp.encoded(c)
		if f == nil {
			continue
		}
		if rank > bestRank || len(f.body) < len(best.body) {
			best, bestRank = f, rank
		}
	}
	return best
}

// write answers r with the representation in the coding the request
// asks for: 304 when If-None-Match matches that form's entity tag, else
// 200 with the body (none for HEAD). The caller has set every other
// header, Vary included.
func (rp *rep) write(w http.ResponseWriter, r *http.Request, contentType []string) {
	f := rp.pick(acceptEncoding(r))
	h := w.Header()
	h["Etag"] = f.hETag
	if noneMatch(r, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if contentType != nil {
		h["Content-Type"] = contentType
	}
	h["Content-Length"] = f.hLen
	if f.hEnc != nil {
		h["Content-Encoding"] = f.hEnc
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(f.body)
	}
}

// accepted ranks the content codings by a request's Accept-Encoding:
// twice the q-value in thousandths (0 refuses), with 1 for an identity
// that the field leaves acceptable without naming it, so that any coding
// the client names with a q above 0 is preferred to it.
type accepted struct {
	identity int
	codings  [numCodings]int
}

// acceptEncoding reads the Accept-Encoding fields of r by RFC 9110,
// section 12.5.3. Tokens are case-insensitive; "x-gzip" is gzip; "*"
// ranks every coding the field does not name, identity included; a
// malformed element is skipped. With no field, or an empty one, only
// identity is acceptable.
func acceptEncoding(r *http.Request) accepted {
	lines := r.Header["Accept-Encoding"]
	if len(lines) == 1 {
		// What browsers send, every request: no need to parse it.
		switch lines[0] {
		case "gzip, deflate, br, zstd", "gzip, deflate, br, zstd, dcb, dcz", "gzip, deflate, br":
			return acceptedBrowser(lines[0])
		}
	}
	return parseAcceptEncoding(lines)
}

// acceptedBrowser is parseAcceptEncoding of a browser's field, which names
// every coding it accepts at q=1.
func acceptedBrowser(field string) accepted {
	a := accepted{identity: 1, codings: [numCodings]int{2000, 2000, 0}}
	if strings.HasSuffix(field, "zstd") || strings.Contains(field, "zstd,") {
		a.codings[codingZstd] = 2000
	}
	return a
}

// parseAcceptEncoding parses Accept-Encoding field lines (see
// acceptEncoding).
func parseAcceptEncoding(lines []string) accepted {
	var a accepted
	star, named := -1, [numCodings + 1]bool{} // named[numCodings]: identity
	for _, line := range lines {
		for line != "" {
			var el string
			el, line, _ = strings.Cut(line, ",")
			tok, params, _ := strings.Cut(el, ";")
			tok = strings.TrimSpace(tok)
			if tok == "" {
				continue
			}
			q, ok := qValue(params)
			if !ok {
				continue
			}
			rank := 2 * q
			switch {
			case tok == "*":
				if star < 0 {
					star = rank
				}
			case strings.EqualFold(tok, "identity"):
				if !named[numCodings] {
					named[numCodings], a.identity = true, rank
				}
			default:
				for c := range numCodings {
					if !named[c] && (strings.EqualFold(tok, codingNames[c]) || c == codingGzip && strings.EqualFold(tok, "x-gzip")) {
						named[c], a.codings[c] = true, rank
					}
				}
			}
		}
	}
	if !named[numCodings] {
		a.identity = 1
		if star == 0 {
			a.identity = 0
		}
	}
	if star > 0 {
		if !named[numCodings] {
			a.identity = star
		}
		for c := range numCodings {
			if !named[c] {
				a.codings[c] = star
			}
		}
	}
	return a
}

// qValue parses the parameters of an Accept-Encoding element and returns
// its q-value in thousandths (1000 when absent), or !ok when the weight
// is malformed (parseQValue).
func qValue(params string) (int, bool) {
	q := 1000
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		n, ok := parseQValue(strings.TrimSpace(v))
		if !ok {
			return 0, false
		}
		q = n
	}
	return q, true
}

// Precompressed is a fixed response body that is served in the content
// coding the client prefers, as the adapter serves its own
// representations: gzip, br and zstd forms made once each, on the first
// request that accepts them, at the levels the package documentation's
// section on compression gives;
// Accept-Encoding negotiated by RFC 9110 (q-values, identity;q=0, "*",
// the smallest body among equally preferred codings); a distinct strong
// ETag per coding, If-None-Match answered with 304; Vary: Accept-Encoding
// merged with the Vary the host set; an exact Content-Length; HEAD gets
// GET's headers and no body. Hosts use it for pages of their own that
// change once per data version (a start page, a report).
//
// It answers every method the same way; route only GET and HEAD to it
// when that matters. Headers the host sets before ServeHTTP (for example
// Cache-Control) are kept. A Precompressed is safe for concurrent use;
// the zero value serves an empty body.
type Precompressed struct {
	ctype []string
	rep   *rep
}

// NewPrecompressed returns body, served with the given Content-Type.
// NewPrecompressed keeps body; the caller must not modify it afterwards.
func NewPrecompressed(contentType string, body []byte) *Precompressed {
	return &Precompressed{ctype: one(contentType), rep: newRep(body, true)}
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
	addVary(w.Header(), varyAcceptEncoding, varyAcceptEncoding[:1:1])
	rp.write(w, r, ctype)
}

// emptyRep is what a zero Precompressed serves. It is never modified:
// an empty body has no coding smaller than itself.
var emptyRep = newRep(nil, false)

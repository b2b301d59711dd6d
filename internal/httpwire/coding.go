package httpwire

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// coding is a content coding representations are precompressed in
// (RFC 9110, section 8.4.1).
type coding uint8

const (
	codingGzip coding = iota
	codingBr
	codingZstd
	numCodings
)

// codingNames are the codings' tokens, as Content-Encoding carries them.
var codingNames = [numCodings]string{"gzip", "br", "zstd"}

// brotliQuality is the Brotli quality of the br forms (see encode).
const brotliQuality = 9

// encode compresses b in coding c, once per representation and data
// version, at a high level whose cost stays in milliseconds: gzip -9 with
// the standard library (klauspost/compress's gzip is slower at level 9
// and saves under 1%), Brotli quality 9 and zstd's SpeedBetterCompression,
// each with a window no larger than the body. On the default data,
// Brotli 10 and 11 save 3-15% more bytes for 10-60 times the time (over
// 100 ms for a 16 KB stylesheet) and zstd's SpeedBestCompression 5%
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
	// The header values in one array, which a response reads together.
	vals := []string{etag, strconv.Itoa(len(body))}
	return &form{body: body, etag: etag, hETag: vals[0:1:1], hLen: vals[1:2:2], hEnc: enc}
}

// Rep is one representation of a resource: its identity body and, when
// compression is on, its gzip, br and zstd forms, each made on the first
// request that accepts the coding and then kept (concurrent first
// requests make it once; the others wait for it). A coding that does not
// make the body smaller is never served. Each form has its own strong
// ETag, the first 16 bytes of the SHA-256 of its bytes, in hex, quoted.
type Rep struct {
	identity *form
	compress bool
	enc      [numCodings]lazyForm
	charge   func(n int) // told the bytes of each form made; nil for none
}

type lazyForm struct {
	once sync.Once
	f    *form // nil: not smaller, or the encoder failed
}

// NewRep returns the representation of body, compressed on demand when
// compress is set. It keeps body; the caller must not modify it.
func NewRep(body []byte, compress bool) *Rep { return NewChargedRep(body, compress, nil) }

// NewChargedRep is NewRep for a cache that counts the bytes it keeps:
// charge, when not nil, is told the size of each form the representation
// keeps (FormSize), the identity form's at once and each encoded one's
// when it is made.
func NewChargedRep(body []byte, compress bool, charge func(n int)) *Rep {
	rp := &Rep{identity: newForm(body, nil), compress: compress, charge: charge}
	if charge != nil {
		charge(FormSize(body))
	}
	return rp
}

// FormSize is what a form of body takes in memory: its bytes, and a
// bound on its entity tag and header values.
func FormSize(body []byte) int { return len(body) + formOverhead }

// formOverhead bounds what a form holds besides its body: the form, its
// quoted entity tag and the header values made of it (about 200 bytes).
const formOverhead = 256

// Body returns the identity body. The caller must not modify it.
func (rp *Rep) Body() []byte { return rp.identity.body }

// ETag returns the identity body's entity tag, quoted.
func (rp *Rep) ETag() string { return rp.identity.etag }

// encoded returns the form in coding c, making it on first use.
func (rp *Rep) encoded(c coding) *form {
	l := &rp.enc[c]
	l.once.Do(func() {
		b, err := encode(c, rp.identity.body)
		if err == nil && len(b) < len(rp.identity.body) {
			l.f = newForm(b, One(codingNames[c]))
			if rp.charge != nil {
				rp.charge(FormSize(b))
			}
		}
	})
	return l.f
}

// pick returns the form to send for the Accept-Encoding ranks a: the
// highest rank, and among equal ranks the smallest body. Identity is
// sent when the client accepts nothing the representation has.
func (rp *Rep) pick(a accepted) *form {
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

// Write answers r with the representation in the coding the request
// asks for: 304 when If-None-Match matches that form's entity tag, else
// 200 with the body (none for HEAD) and contentType, when not nil. The
// caller has set every other header, Vary included.
func (rp *Rep) Write(w http.ResponseWriter, r *http.Request, contentType []string) {
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

// WriteRaw writes a complete response that is no cached representation
// (an error, a small document) in identity coding; HEAD gets the headers
// only.
func WriteRaw(w http.ResponseWriter, r *http.Request, status int, contentType []string, body []byte) {
	h := w.Header()
	h["Content-Type"] = contentType
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

package revision

import (
	"bytes"
	"testing"
	"time"
)

// FuzzDecodeToken: the payload decoder, which only a signed payload
// reaches, never panics on any bytes, and accepts only what encode
// writes: a payload has one decoding, and a token one encoding.
func FuzzDecodeToken(f *testing.F) {
	for _, p := range []PreviewToken{
		{Tenant: "acme", User: "alice", ThemeID: 1, Number: 3, Expires: time.Unix(1893456000, 0)},
		{ThemeID: 1<<31 - 1, Number: 1<<31 - 1, Expires: time.Unix(1<<62, 0)},
		{Tenant: "zoë", ThemeID: 200, Number: 1, Expires: time.Unix(1, 0)},
	} {
		f.Add(p.encode())
	}
	f.Add([]byte{})
	f.Add([]byte{1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01})
	f.Add([]byte{1, 1, 1, 1, 0x80, 0x00, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, bad := decodeToken(b)
		if bad != "" {
			if p != (PreviewToken{}) {
				t.Fatalf("decodeToken(%x) refused (%s) yet returned %+v", b, bad, p)
			}
			return
		}
		if err := p.check(); err != nil {
			t.Fatalf("decodeToken(%x) = %+v, which Sign refuses: %v", b, p, err)
		}
		if again := p.encode(); !bytes.Equal(again, b) {
			t.Fatalf("decodeToken(%x) = %+v, which encodes as %x", b, p, again)
		}
	})
}

package revision

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/themekit/themekit/theming/tenant"
)

// PreviewToken is what a signed preview token grants: the requests of
// User (any requester, when User is "") of Tenant see revision Number of
// theme ThemeID in place of the live theme, until Expires. A host mints
// one with [PreviewSigner.Sign] when an admin asks to preview a
// revision, and [PreviewMiddleware] applies it.
type PreviewToken struct {
	Tenant  string
	User    string
	ThemeID int
	Number  int
	// Expires is kept to the second, rounded down.
	Expires time.Time
}

// Bounds of a [PreviewToken]: a user id of at most MaxPreviewUserLen
// bytes (a tenant name has at most [tenant.MaxNameLen]), and a signed
// token of at most MaxPreviewTokenLen bytes, which [PreviewSigner.Verify]
// refuses before decoding anything.
const (
	MaxPreviewUserLen  = 256
	MaxPreviewTokenLen = 1024
)

// MinPreviewKeyLen is the length in bytes of the shortest key
// [NewPreviewSigner] accepts: the size of the HMAC-SHA-256 it signs with.
const MinPreviewKeyLen = sha256.Size

// Errors of preview tokens. Every error of [PreviewSigner.Verify] is a
// *[TokenError] wrapping one of ErrTokenMalformed, ErrTokenSignature,
// ErrTokenExpired, ErrTokenTenant or ErrTokenUser, each of which wraps
// ErrPreviewToken.
var (
	// ErrPreviewToken is wrapped by every error of a token that is not
	// accepted.
	ErrPreviewToken = errors.New("revision: preview token refused")
	// ErrTokenMalformed: the string is no preview token (its syntax, its
	// encoding, its length or its version).
	ErrTokenMalformed = fmt.Errorf("%w: malformed", ErrPreviewToken)
	// ErrTokenSignature: the signature does not verify: the token was
	// changed, or signed with another key.
	ErrTokenSignature = fmt.Errorf("%w: the signature does not verify", ErrPreviewToken)
	// ErrTokenExpired: the token's time is past.
	ErrTokenExpired = fmt.Errorf("%w: expired", ErrPreviewToken)
	// ErrTokenTenant: the token was issued for another tenant.
	ErrTokenTenant = fmt.Errorf("%w: issued for another tenant", ErrPreviewToken)
	// ErrTokenUser: the token was issued for another user.
	ErrTokenUser = fmt.Errorf("%w: issued for another user", ErrPreviewToken)

	// ErrPreviewKey is wrapped by the error of a key [NewPreviewSigner]
	// refuses.
	ErrPreviewKey = fmt.Errorf("revision: a preview key needs at least %d bytes", MinPreviewKeyLen)
)

// TokenError is the error of a preview token [PreviewSigner.Verify] does
// not accept. It wraps the sentinel that says why (Err).
type TokenError struct {
	// Err is ErrTokenMalformed, ErrTokenSignature, ErrTokenExpired,
	// ErrTokenTenant or ErrTokenUser.
	Err error
	// Token is what the token grants, when its signature verified (Err
	// is ErrTokenExpired, ErrTokenTenant or ErrTokenUser); zero otherwise.
	Token PreviewToken
	// Detail says what is wrong, in a few words.
	Detail string
}

func (e *TokenError) Error() string {
	if e.Detail == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Detail
}

// Unwrap returns Err.
func (e *TokenError) Unwrap() error { return e.Err }

// PreviewSigner signs preview tokens and verifies them, with HMAC-SHA-256
// under a key the host keeps secret and gives every replica, so that a
// token minted on one is accepted by all. A PreviewSigner is safe for
// concurrent use.
type PreviewSigner struct {
	key []byte
}

// NewPreviewSigner returns the signer of key, which it copies: at least
// [MinPreviewKeyLen] random bytes (crypto/rand), kept as a secret. A
// shorter key is an error wrapping [ErrPreviewKey].
func NewPreviewSigner(key []byte) (*PreviewSigner, error) {
	if len(key) < MinPreviewKeyLen {
		return nil, fmt.Errorf("%w; got %d", ErrPreviewKey, len(key))
	}
	return &PreviewSigner{key: append([]byte(nil), key...)}, nil
}

// tokenVersion is the first byte of a token's payload.
const tokenVersion = 1

// tokenContext is written before the payload into the MAC, so that a
// MAC made with the same key for another purpose never verifies as a
// preview token.
const tokenContext = "themekit preview token\x00"

// Sign returns the token of p: its payload and its signature, both in
// unpadded base64url (RFC 4648, section 5), joined by a dot, safe in a
// cookie, a URL's query and a header. p needs a ThemeID and a Number from
// 1 to math.MaxInt32, an Expires after 1970, a Tenant of at most
// [tenant.MaxNameLen] bytes and a User of at most [MaxPreviewUserLen],
// both valid UTF-8; the error says which field is not. A nil
// PreviewSigner signs nothing.
func (s *PreviewSigner) Sign(p PreviewToken) (string, error) {
	if s == nil {
		return "", errors.New("revision: a nil PreviewSigner")
	}
	if err := p.check(); err != nil {
		return "", err
	}
	payload := p.encode()
	enc := base64.RawURLEncoding
	out := make([]byte, 0, enc.EncodedLen(len(payload))+1+enc.EncodedLen(sha256.Size))
	out = enc.AppendEncode(out, payload)
	out = append(out, '.')
	out = enc.AppendEncode(out, s.mac(payload))
	return string(out), nil
}

// check returns the error of a token Sign refuses.
func (p PreviewToken) check() error {
	field := func(name, value, want string) error {
		return fmt.Errorf("revision: a preview token's %s %s; want %s", name, value, want)
	}
	switch {
	case p.ThemeID < 1 || p.ThemeID > math.MaxInt32:
		return field("ThemeID", strconv.Itoa(p.ThemeID), "1 to 2147483647")
	case p.Number < 1 || p.Number > math.MaxInt32:
		return field("Number", strconv.Itoa(p.Number), "1 to 2147483647")
	case p.Expires.Unix() < 1:
		return field("Expires", p.Expires.String(), "a time after 1970")
	case len(p.Tenant) > tenant.MaxNameLen || !utf8.ValidString(p.Tenant):
		return field("Tenant", "of "+strconv.Itoa(len(p.Tenant))+" bytes", "at most 256 bytes of UTF-8")
	case len(p.User) > MaxPreviewUserLen || !utf8.ValidString(p.User):
		return field("User", "of "+strconv.Itoa(len(p.User))+" bytes", "at most 256 bytes of UTF-8")
	}
	return nil
}

// encode returns p's payload: the version, then the expiry in Unix
// seconds, the theme id and the revision number as uvarints, then the
// tenant and the user, each its length as a uvarint and its bytes.
func (p PreviewToken) encode() []byte {
	b := make([]byte, 0, 1+3*binary.MaxVarintLen64+len(p.Tenant)+len(p.User)+2*binary.MaxVarintLen16)
	b = append(b, tokenVersion)
	b = binary.AppendUvarint(b, uint64(p.Expires.Unix()))
	b = binary.AppendUvarint(b, uint64(p.ThemeID))
	b = binary.AppendUvarint(b, uint64(p.Number))
	b = binary.AppendUvarint(b, uint64(len(p.Tenant)))
	b = append(b, p.Tenant...)
	b = binary.AppendUvarint(b, uint64(len(p.User)))
	b = append(b, p.User...)
	return b
}

// decodeToken returns the token of a payload, or a description of what
// is wrong with it. It accepts exactly what encode writes of a token
// check accepts, varints in their shortest form included, so that a
// payload has one decoding and a token one encoding.
func decodeToken(b []byte) (PreviewToken, string) {
	if len(b) == 0 || b[0] != tokenVersion {
		return PreviewToken{}, "unknown version"
	}
	b = b[1:]
	var bad string
	uvarint := func(limit uint64) uint64 {
		v, n := binary.Uvarint(b)
		if bad != "" {
			return 0
		}
		if n <= 0 || v > limit || n != len(binary.AppendUvarint(nil, v)) {
			bad = "a bad number"
			return 0
		}
		b = b[n:]
		return v
	}
	text := func(limit uint64) string {
		n := uvarint(limit)
		if bad != "" {
			return ""
		}
		if n > uint64(len(b)) || !utf8.Valid(b[:n]) {
			bad = "a bad string"
			return ""
		}
		s := string(b[:n])
		b = b[n:]
		return s
	}
	var p PreviewToken
	expires := uvarint(math.MaxInt64)
	p.ThemeID = int(uvarint(math.MaxInt32))
	p.Number = int(uvarint(math.MaxInt32))
	p.Tenant = text(tenant.MaxNameLen)
	p.User = text(MaxPreviewUserLen)
	switch {
	case bad != "":
		return PreviewToken{}, bad
	case len(b) != 0:
		return PreviewToken{}, "bytes after the payload"
	}
	p.Expires = time.Unix(int64(expires), 0).UTC()
	if p.check() != nil {
		return PreviewToken{}, "a field out of range"
	}
	return p, ""
}

// mac returns the HMAC-SHA-256 of payload under s's key.
func (s *PreviewSigner) mac(payload []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(tokenContext))
	m.Write(payload)
	return m.Sum(nil)
}

// strictBase64 decodes what Sign encodes, and nothing else: no padding,
// no other alphabet, no stray bits in the last character.
var strictBase64 = base64.RawURLEncoding.Strict()

// Verify returns what token grants to a request of user in tenantName at
// now: the token's signature must verify (compared in constant time), its
// tenant must be tenantName and its user, when it names one, user, and it
// must not have expired. Otherwise the error is a *[TokenError] wrapping
// [ErrTokenMalformed], [ErrTokenSignature], [ErrTokenTenant],
// [ErrTokenUser] or [ErrTokenExpired], in the order checked. Nothing but
// the length is read of a token whose signature does not verify. A nil
// PreviewSigner accepts no token.
func (s *PreviewSigner) Verify(token, tenantName, user string, now time.Time) (PreviewToken, error) {
	malformed := func(detail string) (PreviewToken, error) {
		return PreviewToken{}, &TokenError{Err: ErrTokenMalformed, Detail: detail}
	}
	if s == nil {
		return PreviewToken{}, &TokenError{Err: ErrTokenSignature, Detail: "no key"}
	}
	if len(token) > MaxPreviewTokenLen {
		return malformed("longer than " + strconv.Itoa(MaxPreviewTokenLen) + " bytes")
	}
	payload64, mac64, ok := strings.Cut(token, ".")
	if !ok {
		return malformed("no dot")
	}
	mac, err := strictBase64.DecodeString(mac64)
	if err != nil || len(mac) != sha256.Size {
		return malformed("a bad signature encoding")
	}
	payload, err := strictBase64.DecodeString(payload64)
	if err != nil {
		return malformed("a bad payload encoding")
	}
	if !hmac.Equal(mac, s.mac(payload)) {
		return PreviewToken{}, &TokenError{Err: ErrTokenSignature}
	}
	p, bad := decodeToken(payload)
	if bad != "" { // signed by this key, yet not by Sign
		return malformed(bad)
	}
	refused := func(err error, detail string) (PreviewToken, error) {
		return PreviewToken{}, &TokenError{Err: err, Token: p, Detail: detail}
	}
	switch {
	case p.Tenant != tenantName:
		return refused(ErrTokenTenant, fmt.Sprintf("theme %d, revision %d: for tenant %q, not %q", p.ThemeID, p.Number, p.Tenant, tenantName))
	case p.User != "" && p.User != user:
		return refused(ErrTokenUser, fmt.Sprintf("theme %d, revision %d: for user %q, not %q", p.ThemeID, p.Number, p.User, user))
	case !now.Before(p.Expires):
		return refused(ErrTokenExpired, fmt.Sprintf("theme %d, revision %d: at %s", p.ThemeID, p.Number, p.Expires.Format(time.RFC3339)))
	}
	return p, nil
}

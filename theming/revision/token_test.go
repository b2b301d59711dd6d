package revision_test

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming/revision"
)

// testKey is the key of the vectors in testdata/preview_tokens.json.
var testKey = func() []byte {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i)
	}
	return k
}()

func testSigner(t testing.TB) *revision.PreviewSigner {
	t.Helper()
	s, err := revision.NewPreviewSigner(testKey)
	require.NoError(t, err)
	return s
}

var (
	tokenNow     = time.Date(2029, 6, 1, 12, 0, 0, 0, time.UTC)
	tokenExpires = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
)

// Sign and Verify agree with the format as testdata/preview_token_vectors.py
// computes it with Python's hmac and base64, from the documentation alone.
func TestPreviewTokenVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/preview_tokens.json")
	require.NoError(t, err)
	var file struct {
		KeyHex  string `json:"key_hex"`
		Vectors []struct {
			Tenant, User  string
			Theme, Number int
			Expires       int64
			Token         string
		}
	}
	require.NoError(t, json.Unmarshal(raw, &file))
	key, err := hex.DecodeString(file.KeyHex)
	require.NoError(t, err)
	require.Equal(t, testKey, key)
	s := testSigner(t)
	require.NotEmpty(t, file.Vectors)
	for _, v := range file.Vectors {
		want := revision.PreviewToken{Tenant: v.Tenant, User: v.User, ThemeID: v.Theme, Number: v.Number, Expires: time.Unix(v.Expires, 0).UTC()}
		t.Run("the token of theme "+want.Tenant+"/"+want.User, func(t *testing.T) {
			got, err := s.Sign(want)
			require.NoError(t, err)
			assert.Equal(t, v.Token, got, "Sign")
			p, err := s.Verify(v.Token, v.Tenant, v.User, tokenNow)
			require.NoError(t, err)
			assert.Equal(t, want, p, "Verify")
		})
	}
}

func TestNewPreviewSignerChecksTheKeysLength(t *testing.T) {
	for _, n := range []int{0, 16, 31} {
		_, err := revision.NewPreviewSigner(make([]byte, n))
		assert.ErrorIs(t, err, revision.ErrPreviewKey, "a key of %d bytes", n)
	}
	_, err := revision.NewPreviewSigner(make([]byte, 32))
	assert.NoError(t, err, "32 bytes")

	t.Run("the signer keeps a copy of the key", func(t *testing.T) {
		key := bytes.Clone(testKey)
		s, err := revision.NewPreviewSigner(key)
		require.NoError(t, err)
		tok, err := s.Sign(revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 1, Expires: tokenExpires})
		require.NoError(t, err)
		key[0] ^= 1
		_, err = s.Verify(tok, "acme", "", tokenNow)
		assert.NoError(t, err)
	})
}

func TestSignRefusesWhatNoTokenHolds(t *testing.T) {
	s := testSigner(t)
	good := revision.PreviewToken{Tenant: "acme", ThemeID: 1, Number: 1, Expires: tokenExpires}
	for _, tt := range []struct {
		name string
		edit func(*revision.PreviewToken)
		want string
	}{
		{"a theme id of 0", func(p *revision.PreviewToken) { p.ThemeID = 0 }, "ThemeID 0"},
		{"a theme id past 2^31-1", func(p *revision.PreviewToken) { p.ThemeID = 1 << 31 }, "ThemeID 2147483648"},
		{"a revision number of -1", func(p *revision.PreviewToken) { p.Number = -1 }, "Number -1"},
		{"no expiry", func(p *revision.PreviewToken) { p.Expires = time.Time{} }, "Expires"},
		{"a tenant that is not UTF-8", func(p *revision.PreviewToken) { p.Tenant = "\xff" }, "Tenant"},
		{"a tenant of 257 bytes", func(p *revision.PreviewToken) { p.Tenant = strings.Repeat("a", 257) }, "Tenant of 257 bytes"},
		{"a user of 257 bytes", func(p *revision.PreviewToken) { p.User = strings.Repeat("a", 257) }, "User of 257 bytes"},
	} {
		t.Run(tt.name+" is refused", func(t *testing.T) {
			p := good
			tt.edit(&p)
			tok, err := s.Sign(p)
			assert.Empty(t, tok)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

// tamper returns token with one bit of its decoded part k (0: the
// payload, 1: the signature) flipped at byte i, encoded again.
func tamper(t *testing.T, token string, k, i int) string {
	t.Helper()
	parts := strings.Split(token, ".")
	require.Len(t, parts, 2)
	b, err := base64.RawURLEncoding.DecodeString(parts[k])
	require.NoError(t, err)
	b[i%len(b)] ^= 0x04
	parts[k] = base64.RawURLEncoding.EncodeToString(b)
	return strings.Join(parts, ".")
}

func TestVerifyRefusesEveryTokenThatDoesNotGrantThisRequest(t *testing.T) {
	s := testSigner(t)
	other, err := revision.NewPreviewSigner(bytes.Repeat([]byte{7}, 32))
	require.NoError(t, err)
	sign := func(s *revision.PreviewSigner, p revision.PreviewToken) string {
		tok, err := s.Sign(p)
		require.NoError(t, err)
		return tok
	}
	alices := revision.PreviewToken{Tenant: "acme", User: "alice", ThemeID: 1, Number: 3, Expires: tokenExpires}
	tok := sign(s, alices)
	theme2 := alices
	theme2.ThemeID = 2
	payloadOf := func(tok string) string { p, _, _ := strings.Cut(tok, "."); return p }
	sigOf := func(tok string) string { _, m, _ := strings.Cut(tok, "."); return m }

	tests := []struct {
		name               string
		token, tenant, who string
		now                time.Time
		want               error
	}{
		{"a payload with a bit flipped", tamper(t, tok, 0, 5), "acme", "alice", tokenNow, revision.ErrTokenSignature},
		{"a signature with a bit flipped", tamper(t, tok, 1, 9), "acme", "alice", tokenNow, revision.ErrTokenSignature},
		{"another theme's payload under this token's signature", payloadOf(sign(s, theme2)) + "." + sigOf(tok), "acme", "alice", tokenNow, revision.ErrTokenSignature},
		{"a token signed with another key", sign(other, alices), "acme", "alice", tokenNow, revision.ErrTokenSignature},
		{"a token of another tenant", tok, "globex", "alice", tokenNow, revision.ErrTokenTenant},
		{"a token of another user", tok, "acme", "bob", tokenNow, revision.ErrTokenUser},
		{"a token of a user, to a request of none", tok, "acme", "", tokenNow, revision.ErrTokenUser},
		{"a token at its expiry", tok, "acme", "alice", tokenExpires, revision.ErrTokenExpired},
		{"a token after its expiry", tok, "acme", "alice", tokenExpires.Add(time.Hour), revision.ErrTokenExpired},
		{"an empty string", "", "acme", "alice", tokenNow, revision.ErrTokenMalformed},
		{"a token without its dot", strings.Replace(tok, ".", "", 1), "acme", "alice", tokenNow, revision.ErrTokenMalformed},
		{"a token with padding", tok + "=", "acme", "alice", tokenNow, revision.ErrTokenMalformed},
		{"a token in standard base64", strings.NewReplacer("-", "+", "_", "/").Replace(tok) + "+/", "acme", "alice", tokenNow, revision.ErrTokenMalformed},
		{"a truncated signature", tok[:len(tok)-2], "acme", "alice", tokenNow, revision.ErrTokenMalformed},
		{"a token of 2 KB", tok + strings.Repeat("A", 2048), "acme", "alice", tokenNow, revision.ErrTokenMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name+" is refused", func(t *testing.T) {
			p, err := s.Verify(tt.token, tt.tenant, tt.who, tt.now)
			assert.ErrorIs(t, err, tt.want)
			assert.ErrorIs(t, err, revision.ErrPreviewToken)
			var te *revision.TokenError
			require.ErrorAs(t, err, &te)
			assert.Equal(t, revision.PreviewToken{}, p, "nothing granted")
			if tt.want == revision.ErrTokenTenant || tt.want == revision.ErrTokenUser || tt.want == revision.ErrTokenExpired {
				assert.Equal(t, alices, te.Token, "the refusal names what the token grants")
			} else {
				assert.Equal(t, revision.PreviewToken{}, te.Token, "nothing is read of a token whose signature does not verify")
			}
		})
	}

	t.Run("the token is accepted by its tenant, its user, before its expiry", func(t *testing.T) {
		p, err := s.Verify(tok, "acme", "alice", tokenExpires.Add(-time.Second))
		require.NoError(t, err)
		assert.Equal(t, alices, p)
	})
	t.Run("a token of no user is accepted from any user of its tenant", func(t *testing.T) {
		anyone := alices
		anyone.User = ""
		for _, who := range []string{"", "bob"} {
			_, err := s.Verify(sign(s, anyone), "acme", who, tokenNow)
			assert.NoError(t, err, "user %q", who)
		}
	})
	t.Run("an error names the token and the request", func(t *testing.T) {
		_, err := s.Verify(tok, "globex", "alice", tokenNow)
		assert.EqualError(t, err, `revision: preview token refused: issued for another tenant: theme 1, revision 3: for tenant "acme", not "globex"`)
	})
}

// FuzzVerifyPreviewToken: Verify never panics, and accepts a string only
// if it is exactly what Sign writes for what Verify returns.
func FuzzVerifyPreviewToken(f *testing.F) {
	s := testSigner(f)
	for _, p := range []revision.PreviewToken{
		{Tenant: "acme", User: "alice", ThemeID: 1, Number: 3, Expires: tokenExpires},
		{Tenant: "", ThemeID: 1 << 30, Number: 7, Expires: tokenExpires},
	} {
		tok, err := s.Sign(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(tok, p.Tenant, p.User)
		f.Add(tok[:len(tok)/2], p.Tenant, p.User)
	}
	f.Add("..", "", "")
	f.Add("AQ.AQ", "acme", "")
	f.Fuzz(func(t *testing.T, token, tenantName, user string) {
		p, err := s.Verify(token, tenantName, user, tokenNow)
		if err != nil {
			var te *revision.TokenError
			if !errors.As(err, &te) || !errors.Is(err, revision.ErrPreviewToken) {
				t.Fatalf("Verify(%q) = %v; want a *TokenError wrapping ErrPreviewToken", token, err)
			}
			return
		}
		again, err := s.Sign(p)
		if err != nil || again != token {
			t.Fatalf("Verify(%q) accepted %+v, which signs as %q, %v", token, p, again, err)
		}
	})
}

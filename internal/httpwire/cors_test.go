package httpwire_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/httpwire"
)

// TestAnOriginPatternMatchesWholeLabelsOnly: the "*" of a pattern stands
// for one or more whole DNS labels before the rest of the host, on the
// pattern's scheme and port; the expectations are read off the Fetch
// standard's serialized origin (scheme "://" host [":" port]) and DNS
// labels, not computed.
func TestAnOriginPatternMatchesWholeLabelsOnly(t *testing.T) {
	o, err := httpwire.ParseOrigins([]string{"https://*.example.com", "http://*.dev.test:5173", "https://app.example.net"}, false)
	require.NoError(t, err)
	tests := []struct {
		origin string
		want   bool
	}{
		{"https://a.example.com", true},
		{"https://a.b.example.com", true},
		{"https://A.Example.COM", true},
		{"https://a-1.example.com", true},
		{"https://example.com", false},
		{"https://evilexample.com", false},
		{"https://.example.com", false},
		{"https://a..example.com", false},
		{"https://a_b.example.com", false},
		{"https://a.example.com.evil.net", false},
		{"https://a.example.com:8443", false},
		{"http://a.example.com", false},
		{"https://evil.net/.example.com", false},
		{"http://a.dev.test:5173", true},
		{"http://a.dev.test", false},
		{"http://a.dev.test:51730", false},
		{"https://app.example.net", true},
		{"https://APP.example.net", true},
		{"https://x.app.example.net", false},
		{"null", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.origin, func(t *testing.T) {
			assert.Equal(t, tt.want, o.Allows(tt.origin), "Allows(%q)", tt.origin)
		})
	}
}

func TestOriginListsAreCheckedAtConstruction(t *testing.T) {
	tests := []struct {
		name        string
		origins     []string
		credentials bool
		wantErr     string // "" for none
		wantWild    bool   // the error wraps ErrCredentialedWildcard
	}{
		{"an origin", []string{"https://app.example.com"}, true, "", false},
		{"a pattern without credentials", []string{"https://*.example.com:8443"}, false, "", false},
		{"any origin without credentials", []string{"*"}, false, "", false},
		{"any origin with credentials", []string{"*"}, true, `"*" cannot be combined with AllowCredentials`, true},
		{"any https origin with credentials", []string{"https://*"}, true, `"https://*": a pattern cannot be combined with AllowCredentials`, true},
		{"a subdomain pattern with credentials", []string{"https://app.example.com", "https://*.example.com"}, true, "a pattern cannot be combined", true},
		{"a star that is no whole label", []string{"https://*example.com"}, false, "whole leading labels", false},
		{"a star for the whole host", []string{"https://*"}, false, "whole leading labels", false},
		{"a star inside the host", []string{"https://app.*.com"}, false, "whole leading labels", false},
		{"two stars", []string{"https://*.*.example.com"}, false, "whole leading labels", false},
		{"a star in the scheme", []string{"*://app.example.com"}, false, "whole leading labels", false},
		{"a pattern with a path", []string{"https://*.example.com/x"}, false, "is not a host name", false},
		{"a pattern with a bad port", []string{"https://*.example.com:99999"}, false, "bad port", false},
		{"an origin with a path", []string{"https://app.example.com/x"}, false, "has a path", false},
		{"a bare host", []string{"app.example.com"}, false, "is not an origin", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := httpwire.ParseOrigins(tt.origins, tt.credentials)
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.Equal(t, tt.wantWild, errors.Is(err, httpwire.ErrCredentialedWildcard), "errors.Is ErrCredentialedWildcard: %v", err)
		})
	}
}

package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/internal/testkit/pgtest"
)

func TestRunUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		give    []string
		wantErr string
	}{
		{"no -dsn", []string{"-seed"}, "-dsn is required"},
		{"an unknown command", []string{"-dsn", "postgres://127.0.0.1:1/x", "frobnicate"}, `unknown command "frobnicate"`},
		{"set-color without its flags", []string{"-dsn", "postgres://127.0.0.1:1/x", "set-color", "-tenant", "acme"},
			"need -tenant, -theme, -component, -scheme and -value (missing -theme, -component, -scheme)"},
		{"an unknown flag", []string{"-dsn", "postgres://127.0.0.1:1/x", "-colour"}, "flag provided but not defined: -colour"},
		{"a protocol-relative -media-url", []string{"-dsn", "postgres://127.0.0.1:1/x", "-media-url", "//cdn.example/m/"},
			`postgres: -media-url: theming: invalid media base URL "//cdn.example/m/": a protocol-relative URL`},
		{"a javascript: -media-url", []string{"-dsn", "postgres://127.0.0.1:1/x", "-media-url", "javascript:alert(1)//"},
			`postgres: -media-url: theming: invalid media base URL "javascript:alert(1)//": scheme "javascript"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			assert.Equal(t, 2, run(context.Background(), tt.give, &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.wantErr)
			assert.Empty(t, stdout.String())
		})
	}
}

func TestRunSeed(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	for i := range 2 { // a second -seed resets the demo tenants and keeps the schema
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run(ctx, []string{"-dsn", db.DSN, "-seed"}, &stdout, &stderr), "run %d: %s", i, stderr.String())
		assert.Equal(t, "seeded: tenants acme (themes 1-4) and globex (themes 2, 3)\n", stdout.String())
	}
	conn, err := pgx.Connect(ctx, db.DSN)
	require.NoError(t, err)
	defer conn.Close(ctx)
	themes, err := loadThemes(ctx, conn, "acme")
	require.NoError(t, err)
	assert.Len(t, themes, 4)
	themes, err = loadThemes(ctx, conn, "globex")
	require.NoError(t, err)
	assert.Len(t, themes, 2)
}

// FuzzTenantOf: whatever the Host header, the tenant is "" or the host's
// first label, lower-cased, of at most 63 letters, digits, "-" and "_".
func FuzzTenantOf(f *testing.F) {
	for _, h := range []string{"acme.localhost:8080", "ACME.example.com", "localhost", "127.0.0.1:80", "[::1]:8080", "", ".", ":"} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, host string) {
		got := tenantOf(host)
		if got == "" {
			return
		}
		assert.Regexp(t, `^[a-z0-9_-]{1,63}$`, got)
		assert.True(t, strings.HasPrefix(strings.ToLower(host), got), "host %q, tenant %q", host, got)
	})
}

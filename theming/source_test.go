package theming_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

func TestSourceFunc(t *testing.T) {
	want, err := theming.LoadFS(theming.DefaultFS())
	require.NoError(t, err)
	boom := errors.New("boom")
	tests := []struct {
		name     string
		give     theming.SourceFunc
		wantSnap *theming.Snapshot
		wantErr  error
	}{
		{"calls the function and returns its snapshot", func(context.Context) (*theming.Snapshot, error) { return want, nil }, want, nil},
		{"returns the function's error", func(context.Context) (*theming.Snapshot, error) { return nil, boom }, nil, boom},
		{"a nil SourceFunc has no snapshot", nil, nil, theming.ErrNoSnapshot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var src theming.Source = tt.give
			got, err := src.Snapshot(context.Background())
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Same(t, tt.wantSnap, got)
		})
	}

	t.Run("passes the request's context", func(t *testing.T) {
		type key struct{}
		ctx := context.WithValue(context.Background(), key{}, "acme")
		var got any
		_, _ = theming.SourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
			got = ctx.Value(key{})
			return want, nil
		}).Snapshot(ctx)
		assert.Equal(t, "acme", got)
	})
}

// A host with a few fixed tenants can pick a Current per tenant with a
// SourceFunc; tenant.Source does this for many tenants built on demand.
func ExampleSourceFunc() {
	snap, err := theming.LoadFS(theming.DefaultFS())
	if err != nil {
		panic(err)
	}
	stores := map[string]*theming.Current{"acme": theming.NewCurrent(snap)}
	src := theming.SourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
		name, _ := tenant.FromContext(ctx)
		st, ok := stores[name]
		if !ok {
			return nil, fmt.Errorf("tenant %q: %w", name, theming.ErrUnknownTenant)
		}
		return st.Snapshot(ctx)
	})

	for _, name := range []string{"acme", "initech"} {
		s, err := src.Snapshot(tenant.With(context.Background(), name))
		switch {
		case errors.Is(err, theming.ErrUnknownTenant): // httpadapter answers 404
			fmt.Println(name+":", err)
		case err != nil:
			fmt.Println(name+":", err)
		default:
			fmt.Println(name+":", len(s.Themes()), "themes")
		}
	}
	// Output:
	// acme: 4 themes
	// initech: tenant "initech": theming: unknown tenant
}

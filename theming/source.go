package theming

import "context"

// Source supplies the snapshot to serve for a request. [Current] is the
// in-memory Source; a host can supply its own, for example one backed by
// its database or one that picks a tenant's snapshot from ctx.
type Source interface {
	Snapshot(ctx context.Context) (*Snapshot, error)
}

// SourceFunc adapts an ordinary function to the [Source] interface, as
// [net/http.HandlerFunc] does for [net/http.Handler]:
//
//	src := theming.SourceFunc(func(ctx context.Context) (*theming.Snapshot, error) {
//		return stores[tenantOf(ctx)].Snapshot(ctx)
//	})
//
// A nil SourceFunc has no snapshot: it returns [ErrNoSnapshot]. For many
// tenants built on demand, use
// [github.com/themekit/themekit/theming/tenant.Source].
type SourceFunc func(ctx context.Context) (*Snapshot, error)

// Snapshot calls f(ctx).
func (f SourceFunc) Snapshot(ctx context.Context) (*Snapshot, error) {
	if f == nil {
		return nil, ErrNoSnapshot
	}
	return f(ctx)
}

var _ Source = SourceFunc(nil)

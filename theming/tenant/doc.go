// Package tenant serves each tenant of a multi-tenant host its own
// [theming.Snapshot]. A [Source] builds a tenant's snapshot on first use
// with the host's [Options].Load (usually
// [theming.CompiledCatalog.SnapshotLenient] on the tenant's rows) and looks
// it up by the tenant that [Options].Tenant reads from the request's
// context (by default the one [With] put there). httpadapter asks the
// Source with each request's context. Where the choice is open, this
// package decides:
//
//   - Invalidate is lazy: the tenant's next request reloads it and waits,
//     with every request arriving meanwhile, so once Invalidate returns no
//     request is answered from older data; tenants not asked for again
//     cost nothing, which keeps InvalidateAll cheap after a lost
//     database connection.
//   - Last known good: a reload that fails keeps the previous snapshot,
//     reports to OnError, and is retried in the background no sooner than
//     RetryInterval (1 s), while requests get the previous snapshot
//     without waiting. A reload that says the tenant no longer exists
//     ([theming.ErrUnknownTenant]) drops it.
//   - Lenient by default in practice: a Load that returns a snapshot and
//     an error has the snapshot served and the error reported, which is
//     what returning SnapshotLenient's results does; a Load that returns
//     only an error serves nothing new. The example hosts use
//     SnapshotLenient, so one bad theme never takes a tenant down.
//   - Errors: theming.ErrUnknownTenant is a 404 in httpadapter; a tenant never
//     built whose Load failed is an error wrapping [theming.ErrNoSnapshot] (503
//     with Retry-After) and the cause goes to OnError; anything else is a
//     500.
//   - MaxTenants (default 1,000) bounds the built tenants; the least
//     recently used leave first, and only successful builds count.
//   - Load runs without the request's cancellation (a client that leaves
//     does not fail the others waiting), bounded by LoadTimeout (10 s);
//     a panic in Load is an error.
package tenant

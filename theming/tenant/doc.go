// Package tenant serves each tenant of a multi-tenant host its own
// [theming.Snapshot]. A [Source] builds a tenant's snapshot on first use
// with the host's [Options].Load (usually
// [theming.CompiledCatalog.SnapshotLenient] on the tenant's rows) and looks
// it up by the tenant that [Options].Tenant reads from the request's
// context (by default the one [With] put there; [FromContext] reads it).
// Build it with [NewSource]; httpadapter asks it with each request's
// context, and [github.com/themekit/themekit/theming/pgsource] drives it
// from PostgreSQL. Where the choice is open, this package decides:
//
//   - [Source.Invalidate] is lazy: the tenant's next request reloads it
//     and waits, with every request arriving meanwhile, for up to
//     [Options].ReloadWait ([DefaultReloadWait]), so once Invalidate
//     returns no request is answered from older data unless the reload
//     hangs; then the last snapshot is served until it ends, and the
//     [Options].Logger says so once. Tenants not asked for again cost
//     nothing, which keeps [Source.InvalidateAll] cheap after a lost
//     database connection.
//   - Last known good: a reload that fails keeps the previous snapshot,
//     reports to [Options].OnError, and is retried in the background no
//     sooner than [Options].RetryInterval ([DefaultRetryInterval]), while
//     requests get the previous snapshot without waiting. A reload that
//     says the tenant no longer exists ([theming.ErrUnknownTenant]) drops
//     it.
//   - Names are checked before any lookup: a name longer than
//     [MaxNameLen] bytes, not valid UTF-8, or holding a NUL byte is
//     answered [theming.ErrUnknownTenant] at once, never passed to Load and
//     never remembered, so whatever a request's host name or header holds
//     costs no database round trip and no memory.
//   - Misses are remembered: a tenant that Load found unknown is answered
//     [theming.ErrUnknownTenant] without a Load for [Options].MissTTL
//     ([DefaultMissTTL]), at most [Options].MaxMisses ([DefaultMaxMisses])
//     of them, oldest forgotten first; Invalidate and InvalidateAll forget
//     them. Each holds its name once (Load's error, which may quote it, is
//     not kept: later requests get an error that names the tenant and wraps
//     ErrUnknownTenant), about 450 bytes for a name of MaxNameLen, so random
//     names cost at most a few MB.
//   - Lenient by default in practice: a Load that returns a snapshot and
//     an error has the snapshot served and the error reported, which is
//     what returning SnapshotLenient's results does; a Load that returns
//     only an error serves nothing new. The example hosts use
//     SnapshotLenient, so one bad theme never takes a tenant down.
//   - The last good version of every theme: when a Load's error (a
//     lenient build's *theming.ValidationError) names a theme as left out
//     and the tenant's current snapshot has that theme, its version there
//     (the last that validated) is served in its place, so a bad row never
//     takes a theme down once it was served. [Source.LeftOut] says which
//     themes are left out, why and whether an earlier version is served;
//     each problem is logged once, through [Options].Logger, when it first
//     appears, and the theme's return when it validates again.
//   - A tenant with no servable theme (a new one, or one whose every theme
//     is left out with no earlier version) is served the catalog's
//     defaults, [DefaultTheme], as its one theme, rather than a 404;
//     [Options].NoDefaultTheme keeps the snapshot without themes, whose
//     theme endpoints answer 404 (theming.ErrNoThemes).
//   - Errors: [theming.ErrUnknownTenant] is a 404 in httpadapter; a tenant
//     never built whose Load failed is an error wrapping
//     [theming.ErrNoSnapshot] (503 with Retry-After) and the cause goes to
//     OnError; anything else is a 500.
//   - [Options].MaxTenants ([DefaultMaxTenants], 1,000) bounds the built
//     tenants; the least recently used leave first, and only successful
//     builds count.
//   - Load runs without the request's cancellation (a client that leaves
//     does not fail the others waiting), bounded by [Options].LoadTimeout
//     ([DefaultLoadTimeout], 10 s); a panic in Load is an error.
package tenant

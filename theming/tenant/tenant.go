package tenant

import (
	"cmp"
	"container/list"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/themekit/themekit/theming"
)

// Defaults of the Options fields.
const (
	// DefaultMaxTenants is how many tenants a [Source] keeps built
	// when [Options].MaxTenants is 0.
	DefaultMaxTenants = 1000
	// DefaultLoadTimeout bounds one call of Options.Load when
	// Options.LoadTimeout is 0.
	DefaultLoadTimeout = 10 * time.Second
	// DefaultRetryInterval is the least time between two attempts to
	// reload a tenant whose reload failed, when
	// Options.RetryInterval is 0.
	DefaultRetryInterval = time.Second
	// DefaultMissTTL is how long an unknown tenant is remembered when
	// Options.MissTTL is 0.
	DefaultMissTTL = 2 * time.Second
	// DefaultMaxMisses is how many unknown tenants are remembered when
	// Options.MaxMisses is 0.
	DefaultMaxMisses = 10000
	// DefaultReloadWait is how long a request waits for the reload of an
	// invalidated tenant before it gets the last snapshot, when
	// Options.ReloadWait is 0.
	DefaultReloadWait = 250 * time.Millisecond
)

// Options configures a [Source]. Only Load is required; every
// other zero value is a working default.
type Options struct {
	// Load builds the snapshot of one tenant, typically by reading the
	// tenant's themes from the host's database and building them on a
	// [theming.CompiledCatalog] shared by all tenants. Required: [NewSource]
	// panics when it is nil.
	//
	// What Load returns decides what is served:
	//   - a snapshot and no error: it is served;
	//   - a snapshot and an error (a lenient build that left out the
	//     themes that do not validate, and says which): the snapshot is
	//     served and the error is passed to OnError;
	//   - an error wrapping [theming.ErrUnknownTenant]: the tenant is forgotten, and
	//     Snapshot returns that error;
	//   - any other error: a tenant that was built keeps its last snapshot
	//     and the error goes to OnError; a tenant that was not built yet
	//     gets an error wrapping both [theming.ErrNoSnapshot] and Load's error.
	//
	// Load runs in its own goroutine with the context of the request that
	// needed it, without that request's cancellation (a client that goes
	// away does not fail the other requests waiting for the same load),
	// and bounded by LoadTimeout: a Load that ignores its context and
	// runs longer is abandoned, and the call fails with the timeout. It
	// runs at most once at a time for a tenant and data version; a panic
	// in Load is recovered and treated as an error that carries the stack.
	Load func(ctx context.Context, tenant string) (*theming.Snapshot, error)

	// Tenant returns the tenant of a request from its context. An error
	// is returned by Snapshot as it is: wrap theming.ErrUnknownTenant for a
	// request that names no tenant the host serves. nil means
	// [FromContext], which reads the tenant put there by [With].
	Tenant func(ctx context.Context) (string, error)

	// MaxTenants bounds how many tenants stay built; when another tenant
	// is built, the least recently used one is dropped and built again on
	// its next request. Only a successful build counts: requests for
	// tenants that do not exist never push a built tenant out. 0 means
	// DefaultMaxTenants; a negative value means no bound.
	MaxTenants int

	// OnError receives every error of Load except an unknown tenant's:
	// the problems of a snapshot that Load returned together with an
	// error, a reload that failed while the tenant keeps serving its last
	// snapshot, and a first load that failed (whose requests are answered
	// with an error wrapping theming.ErrNoSnapshot that does not say why). It is
	// called from the goroutine that ran Load, possibly concurrently for
	// different tenants, before the requests that waited for that load
	// are answered. nil means the errors are dropped. A panic in OnError
	// is recovered and logged through slog.Default with its stack.
	OnError func(tenant string, err error)

	// LoadTimeout bounds each call of Load. 0 means DefaultLoadTimeout.
	LoadTimeout time.Duration

	// RetryInterval is the least time between two reloads of a tenant
	// after a reload failed. Meanwhile, and while the retry runs, the
	// tenant's requests get its last snapshot without waiting. 0 means
	// DefaultRetryInterval.
	RetryInterval time.Duration

	// MissTTL is how long a tenant that Load found unknown (an error
	// wrapping [theming.ErrUnknownTenant]) is remembered: its requests get an
	// error wrapping ErrUnknownTenant that names the tenant, without a Load,
	// until then, or until Invalidate names it or InvalidateAll runs. 0
	// means DefaultMissTTL; a negative value remembers nothing.
	MissTTL time.Duration
	// MaxMisses bounds how many unknown tenants are remembered, so that
	// requests for random tenant names take bounded memory (each holds its
	// name, at most MaxNameLen bytes, once); past it, the oldest is
	// forgotten. 0 means DefaultMaxMisses.
	MaxMisses int

	// ReloadWait is how long a request for an invalidated tenant waits
	// for its reload before it is answered with the tenant's last
	// snapshot (the reload goes on, and the tenant's requests get the
	// last snapshot without waiting until it ends); the Logger says so,
	// once per reload. A tenant never built always waits for its first
	// load. 0 means DefaultReloadWait; a host that prefers every request
	// to wait for the new data sets it to LoadTimeout or more.
	ReloadWait time.Duration

	// NoDefaultTheme keeps a tenant whose snapshot has no theme without
	// one: its theme endpoints answer 404 (theming.ErrNoThemes). By
	// default such a tenant is served the catalog's defaults,
	// [DefaultTheme], as its one theme.
	NoDefaultTheme bool

	// Logger receives the line about a slow reload and one line per
	// problem of a theme left out (see [Source.LeftOut]); nil means
	// slog.Default().
	Logger *slog.Logger
}

// Source is a [theming.Source] that serves each tenant its own [theming.Snapshot],
// built on first use by the host's [Options].Load and kept until it is
// invalidated or, beyond MaxTenants, least recently used.
//
// Concurrent first requests for one tenant share one Load. [Source.Invalidate]
// (the host calls it when a tenant's data changed, for example on a
// database notification) is lazy: it marks the tenant's snapshot
// outdated, and the tenant's next request reloads it, waiting for the new
// snapshot together with every request that arrives meanwhile, for up to
// ReloadWait: so once Invalidate has returned, no request is answered
// from the data as it was before, unless the reload is slow (a hung
// database), when the last snapshot is served until it ends and the
// Logger says so. Tenants that are not asked for again are never reloaded, so
// invalidating many tenants at once (after a lost database connection,
// [Source.InvalidateAll]) costs nothing until they are used.
//
// A tenant that Load finds unknown is remembered for MissTTL (at most
// MaxMisses of them), so that requests for a name that is no tenant do not
// each cost a Load; Invalidate and InvalidateAll forget them. A name that
// no tenant can have (over [MaxNameLen] bytes, not UTF-8, with a NUL) is
// unknown before any lookup.
//
// Build tenants leniently: a Load that returns both results of
// [theming.CompiledCatalog.SnapshotLenient] has the themes that validate served
// and the others reported to OnError, so one bad row leaves one theme out
// instead of taking its tenant down. A Load that returns only an error
// (the strict [theming.CompiledCatalog.Snapshot]'s) keeps the last good snapshot.
//
// A reload that fails keeps the last snapshot served (last known good),
// reports the error to OnError, and is retried by a later request no
// sooner than RetryInterval, in the background: while a tenant's reloads
// fail, its requests do not wait for them. A later Invalidate makes the
// next request wait for a reload again.
//
// Errors returned by Snapshot, and how httpadapter answers them:
//   - the tenant is unknown (from Tenant or Load, or a name no tenant
//     can have; wrapping ErrUnknownTenant): 404 Not Found;
//   - the tenant has never been built and its Load failed (wrapping
//     ErrNoSnapshot and Load's error): 503 Service Unavailable with
//     Retry-After;
//   - anything else (a Tenant error, a missing tenant in the context):
//     500, with the cause logged.
//
// Use [NewSource]. The zero Source has no Load: its Snapshot
// returns an error wrapping [theming.ErrNoSnapshot].
type Source struct {
	opts Options

	mu    sync.Mutex
	byKey map[string]*tenantEntry // built tenants and first loads in flight
	built int                     // entries with a snapshot
	// lru is the sentinel of a circular list of the entries, the most
	// recently used first.
	lru tenantEntry
	// misses are the unknown tenants remembered, oldest first: elements
	// of type *tenantMiss, indexed by missByKey.
	misses    list.List
	missByKey map[string]*list.Element
}

// tenantMiss is an unknown tenant remembered until expires. Its error,
// which answers the tenant's requests meanwhile, holds its key.
type tenantMiss struct {
	missError
	expires time.Time
}

// tenantEntry is one tenant's state. All fields are guarded by
// Source.mu.
type tenantEntry struct {
	key        string
	prev, next *tenantEntry

	snap     *theming.Snapshot // the snapshot served; nil until the first load succeeds
	loaded   *theming.Snapshot // the snapshot Load returned that snap was made from
	leftOut  []LeftOut         // the themes snap leaves out, or serves an earlier version of
	defaults bool              // snap is the catalog's defaults (DefaultTheme)
	gen      uint64            // bumped by Invalidate
	snapGen  uint64            // gen when the load that produced snap started
	call     *tenantLoad       // the newest load in flight, or nil
	failed   bool              // the last reload failed: serve snap without waiting
	retryAt  time.Time         // after a failed reload: no new one before this
}

// outdated reports whether e has no snapshot or an invalidated one.
func (e *tenantEntry) outdated() bool { return e.snap == nil || e.snapGen != e.gen }

// tenantLoad is one call of Load. snap and err are set before done is
// closed and never change after.
type tenantLoad struct {
	gen  uint64
	done chan struct{}
	snap *theming.Snapshot
	err  error
	slow bool // it outlasted ReloadWait (guarded by Source.mu)
}

// NewSource returns a Source configured by opts. It panics
// when opts.Load is nil.
func NewSource(opts Options) *Source {
	if opts.Load == nil {
		panic("tenant: Options.Load is nil")
	}
	if opts.Tenant == nil {
		opts.Tenant = tenantFromContextErr
	}
	// cmp.Or for the fields where only 0 means the default (a negative
	// value has a meaning of its own), positiveOr for the others.
	opts.MaxTenants = cmp.Or(opts.MaxTenants, DefaultMaxTenants)
	opts.LoadTimeout = positiveOr(opts.LoadTimeout, DefaultLoadTimeout)
	opts.RetryInterval = positiveOr(opts.RetryInterval, DefaultRetryInterval)
	opts.MissTTL = cmp.Or(opts.MissTTL, DefaultMissTTL)
	opts.MaxMisses = positiveOr(opts.MaxMisses, DefaultMaxMisses)
	opts.ReloadWait = positiveOr(opts.ReloadWait, DefaultReloadWait)
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	ts := &Source{opts: opts, byKey: make(map[string]*tenantEntry), missByKey: make(map[string]*list.Element)}
	ts.lru.next, ts.lru.prev = &ts.lru, &ts.lru
	return ts
}

// positiveOr returns v, or def when v is 0 or less: how [NewSource]
// reads the [Options] fields for which a negative value means nothing.
func positiveOr[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// errNoLoad is what the zero Source answers.
var errNoLoad = fmt.Errorf("%w: tenant.Source has no Load function (use tenant.NewSource)", theming.ErrNoSnapshot)

// Snapshot returns the snapshot of the tenant that ctx names, building it
// with Load if needed. It implements Source; the type's documentation
// lists its errors.
func (ts *Source) Snapshot(ctx context.Context) (*theming.Snapshot, error) {
	if ts.opts.Load == nil {
		return nil, errNoLoad
	}
	tenant, err := ts.opts.Tenant(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkName(tenant); err != nil {
		return nil, err
	}

	ts.mu.Lock()
	if err := ts.missed(tenant); err != nil {
		ts.mu.Unlock()
		return nil, err
	}
	e := ts.entry(tenant)
	if !e.outdated() {
		s := e.snap
		ts.mu.Unlock()
		return s, nil
	}
	c := e.call
	if c == nil || c.gen != e.gen {
		if e.failed && time.Now().Before(e.retryAt) {
			s := e.snap
			ts.mu.Unlock()
			return s, nil
		}
		c = ts.start(ctx, e)
	}
	if e.failed || c.slow && e.snap != nil {
		// The last reload failed, or this one outlasted ReloadWait: serve
		// the last snapshot while it runs, rather than making requests
		// wait on a failing or slow backend.
		s := e.snap
		ts.mu.Unlock()
		return s, nil
	}
	last := e.snap
	ts.mu.Unlock()

	var slow <-chan time.Time
	if last != nil && ts.opts.ReloadWait < ts.opts.LoadTimeout {
		timer := time.NewTimer(ts.opts.ReloadWait)
		defer timer.Stop()
		slow = timer.C
	}
	select {
	case <-c.done:
		return c.snap, c.err
	case <-slow:
		ts.markSlow(tenant, c)
		return last, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("tenant: %q: %w", tenant, context.Cause(ctx))
	}
}

// markSlow records that reload c of tenant outlasted ReloadWait, and logs
// it once per reload.
func (ts *Source) markSlow(tenant string, c *tenantLoad) {
	ts.mu.Lock()
	first := !c.slow
	c.slow = true
	ts.mu.Unlock()
	if first {
		ts.opts.Logger.Warn("tenant: reload is slow; serving the last snapshot until it ends",
			"tenant", tenant, "waited", ts.opts.ReloadWait, "load_timeout", ts.opts.LoadTimeout)
	}
}

// missed returns the error of tenant's remembered miss, or nil when
// tenant is not remembered as unknown. ts.mu must be held.
func (ts *Source) missed(tenant string) error {
	el := ts.missByKey[tenant]
	if el == nil {
		return nil
	}
	m := el.Value.(*tenantMiss)
	if time.Now().Before(m.expires) {
		return &m.missError
	}
	ts.forgetMiss(el)
	return nil
}

// rememberMiss remembers tenant as unknown for MissTTL, forgetting the
// oldest miss when MaxMisses are remembered. ts.mu must be held.
func (ts *Source) rememberMiss(tenant string) {
	if ts.opts.MissTTL < 0 {
		return
	}
	if el := ts.missByKey[tenant]; el != nil {
		ts.forgetMiss(el)
	}
	for ts.misses.Len() >= ts.opts.MaxMisses {
		ts.forgetMiss(ts.misses.Front())
	}
	ts.missByKey[tenant] = ts.misses.PushBack(&tenantMiss{missError: missError{tenant}, expires: time.Now().Add(ts.opts.MissTTL)})
}

func (ts *Source) forgetMiss(el *list.Element) {
	delete(ts.missByKey, el.Value.(*tenantMiss).tenant)
	ts.misses.Remove(el)
}

// entry returns the entry of tenant, creating it if needed, and marks
// it most recently used. ts.mu must be held.
func (ts *Source) entry(tenant string) *tenantEntry {
	e := ts.byKey[tenant]
	if e != nil {
		if ts.lru.next != e {
			e.unlink()
			ts.pushFront(e)
		}
		return e
	}
	e = &tenantEntry{key: tenant}
	ts.byKey[tenant] = e
	ts.pushFront(e)
	return e
}

// evict drops the least recently used built entries other than keep
// while more than MaxTenants are built. ts.mu must be held.
func (ts *Source) evict(keep *tenantEntry) {
	for e := ts.lru.prev; e != &ts.lru && ts.opts.MaxTenants > 0 && ts.built > ts.opts.MaxTenants; {
		prev := e.prev
		if e != keep && e.snap != nil {
			ts.remove(e)
		}
		e = prev
	}
}

func (ts *Source) pushFront(e *tenantEntry) {
	e.prev, e.next = &ts.lru, ts.lru.next
	e.prev.next, e.next.prev = e, e
}

func (e *tenantEntry) unlink() {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

// remove drops e from the map and the list. ts.mu must be held.
func (ts *Source) remove(e *tenantEntry) {
	delete(ts.byKey, e.key)
	e.unlink()
	if e.snap != nil {
		ts.built--
	}
}

// start runs Load for e in a new goroutine and returns the call. ts.mu
// must be held.
func (ts *Source) start(ctx context.Context, e *tenantEntry) *tenantLoad {
	c := &tenantLoad{gen: e.gen, done: make(chan struct{})}
	e.call = c
	go ts.run(context.WithoutCancel(ctx), e, c)
	return c
}

// run calls Load and records its result. A Load that outlives
// LoadTimeout (one that ignores its context) is abandoned: the call ends
// with the timeout, so the tenant is not stuck behind it, and whatever the
// abandoned Load returns later is dropped.
func (ts *Source) run(ctx context.Context, e *tenantEntry, c *tenantLoad) {
	ctx, cancel := context.WithTimeout(ctx, ts.opts.LoadTimeout)
	defer cancel()
	type result struct {
		snap *theming.Snapshot
		err  error
	}
	res := make(chan result, 1) // buffered: an abandoned Load never blocks
	go func() {
		snap, err := ts.callLoad(ctx, e.key)
		res <- result{snap, err}
	}()
	var r result
	select {
	case r = <-res:
	case <-ctx.Done():
		r.err = fmt.Errorf("tenant: %q: Options.Load did not return within %v: %w", e.key, ts.opts.LoadTimeout, context.Cause(ctx))
	}
	defer close(c.done)
	var sv served
	if r.snap != nil {
		sv = ts.serve(e, r.snap, r.err)
	}
	before, kept, report := ts.finish(e, c, r.snap, sv, r.err)
	if kept {
		ts.logLeftOut(e.key, before, sv.leftOut)
	}
	if report != nil && ts.opts.OnError != nil {
		ts.onError(e.key, report)
	}
}

// onError calls OnError. A panic in it is recovered and logged with its
// stack through slog.Default, since it runs on the load's goroutine,
// where nothing else could recover it.
func (ts *Source) onError(tenant string, err error) {
	defer func() {
		if r := recover(); r != nil {
			slog.Default().Error("tenant: Options.OnError panicked", "tenant", tenant, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	ts.opts.OnError(tenant, err)
}

// callLoad calls Load, turning a panic and a nil result into errors.
func (ts *Source) callLoad(ctx context.Context, tenant string) (snap *theming.Snapshot, err error) {
	defer func() {
		if r := recover(); r != nil {
			snap, err = nil, fmt.Errorf("tenant: Options.Load panicked: %v\n%s", r, debug.Stack())
		}
	}()
	snap, err = ts.opts.Load(ctx, tenant)
	if snap == nil && err == nil {
		err = errors.New("tenant: Options.Load returned no snapshot and no error")
	}
	return snap, err
}

// finish records the result of call c for e (what Load returned, and sv,
// what is served of it) and returns the error to report to OnError, if
// any, and, when sv is now served, the themes left out before. The caller
// then closes c.done.
func (ts *Source) finish(e *tenantEntry, c *tenantLoad, snap *theming.Snapshot, sv served, err error) (before []LeftOut, kept bool, report error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if e.call == c {
		e.call = nil
	}
	live := ts.byKey[e.key] == e
	switch {
	case snap != nil:
		// A load that started before a newer one succeeded must not
		// replace the newer data.
		if e.snap == nil || c.gen >= e.snapGen {
			first := e.snap == nil
			before, kept = e.leftOut, true
			e.snap, e.snapGen, e.loaded, e.leftOut, e.defaults = sv.snap, c.gen, snap, sv.leftOut, sv.defaults
			e.failed = false
			if first && live {
				ts.built++
				ts.evict(e)
			}
		}
		c.snap = e.snap
		return before, kept, err
	case errors.Is(err, theming.ErrUnknownTenant):
		if live {
			ts.remove(e)
		}
		if c.gen == e.gen { // no change was notified since the load began
			ts.rememberMiss(e.key)
		}
		c.err = err
		return nil, false, nil
	case e.snap == nil:
		if live && e.call == nil {
			ts.remove(e) // nothing to keep: the next request tries again
		}
		c.err = fmt.Errorf("%w: tenant %q: %w", theming.ErrNoSnapshot, e.key, err)
		return nil, false, fmt.Errorf("tenant: %q: load failed: %w", e.key, err)
	default:
		e.failed = true
		e.retryAt = time.Now().Add(ts.opts.RetryInterval)
		c.snap = e.snap
		return nil, false, fmt.Errorf("tenant: %q: reload failed, serving the last snapshot: %w", e.key, err)
	}
}

// Invalidate marks tenant's snapshot outdated: its next request reloads
// it (see Source for how). A tenant that is not built is left
// alone; its first request loads it anyway. A tenant remembered as
// unknown is forgotten: its next request loads it.
func (ts *Source) Invalidate(tenant string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if el := ts.missByKey[tenant]; el != nil {
		ts.forgetMiss(el)
	}
	if e := ts.byKey[tenant]; e != nil {
		e.invalidate()
	}
}

// InvalidateAll marks every built tenant's snapshot outdated, as if
// [Source.Invalidate] were called for each. A host calls it when it may have
// missed changes, such as after reconnecting to the database whose
// notifications it follows.
func (ts *Source) InvalidateAll() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.misses.Init()
	clear(ts.missByKey)
	for _, e := range ts.byKey {
		e.invalidate()
	}
}

func (e *tenantEntry) invalidate() {
	e.gen++
	e.failed = false
	e.retryAt = time.Time{}
}

// Len returns how many tenants are built.
func (ts *Source) Len() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.built
}

// tenantKey is the context key of With.
type tenantKey struct{}

// With returns a copy of ctx that carries tenant, for
// [FromContext] and so for a [Source] with the default
// [Options].Tenant: a host's middleware calls it with the tenant it took
// from the request (its host name, a path segment, the user's account).
func With(ctx context.Context, tenant string) context.Context {
	return context.WithValue(ctx, tenantKey{}, tenant)
}

// FromContext returns the tenant that [With] put in ctx.
func FromContext(ctx context.Context) (string, bool) {
	t, ok := ctx.Value(tenantKey{}).(string)
	return t, ok
}

// errNoTenant is the default Tenant function's error for a context
// without a tenant: the host's middleware did not run, a 500.
var errNoTenant = errors.New("tenant: no tenant in the request context (call tenant.With in a middleware, or set Options.Tenant)")

func tenantFromContextErr(ctx context.Context) (string, error) {
	if t, ok := FromContext(ctx); ok {
		return t, nil
	}
	return "", errNoTenant
}

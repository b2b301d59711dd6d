package pgsource

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// DefaultChannel is the channel the triggers of [Schema] notify on.
const DefaultChannel = "themekit_tenant"

// Defaults of the listener's Options.
const (
	DefaultMinDelay    = 100 * time.Millisecond // first reconnect delay
	DefaultMaxDelay    = 10 * time.Second       // reconnect backoff cap
	DefaultPingEvery   = 3 * time.Second        // keep-alive interval without notifications
	DefaultPingTimeout = time.Second            // deadline of one keep-alive ping
	// DefaultRecheckInterval is Options.RecheckInterval's default.
	DefaultRecheckInterval = 250 * time.Millisecond
)

// Options configures a [Source]. Pool and Catalog are required.
type Options struct {
	// Pool reads the tenants. The listener opens a connection of its own
	// (LISTEN holds a session) with the pool's connection settings.
	Pool *pgxpool.Pool
	// Catalog builds every tenant's snapshot.
	Catalog *theming.CompiledCatalog

	// Tables names the tables of the contract; the zero value is
	// [Schema]'s.
	Tables Tables
	// Query, if set, reads a tenant's themes instead of Tables.Read: for
	// a host whose tables are not the contract's. It must return an error
	// wrapping theming.ErrUnknownTenant for a tenant that does not exist.
	Query func(ctx context.Context, db Querier, tenant string) ([]theming.Theme, error)
	// Channel is the channel to LISTEN on; "" is DefaultChannel. The
	// payload of each notification is a tenant id.
	Channel string

	// Tenant is the tenant source's options ([tenant.Options]). Load is pgsource's and must
	// be nil. A nil Tenant function reads tenant.FromContext,
	// and an empty or missing tenant is unknown without a trip to the
	// database; a nil OnError and a nil Logger log to Logger.
	Tenant tenant.Options

	// Logger receives the listener's and the loads' log lines; nil is
	// slog.Default().
	Logger *slog.Logger

	// MinDelay and MaxDelay bound the reconnect backoff (doubling, with
	// up to 50% jitter so that replicas do not reconnect in step); 0 is
	// DefaultMinDelay, DefaultMaxDelay.
	MinDelay, MaxDelay time.Duration
	// PingEvery is how long the listener waits for a notification before
	// it pings the connection; PingTimeout is how long the ping may take
	// before the connection counts as dead. A connection that died
	// silently is noticed within PingEvery+PingTimeout. 0 is
	// DefaultPingEvery, DefaultPingTimeout.
	PingEvery, PingTimeout time.Duration

	// RecheckInterval bounds the work that notifications cause, since any
	// role that can connect may send them: after a re-check found a
	// tenant's rows unchanged, the notifications for it within
	// RecheckInterval are merged into one invalidation at its end. A
	// change committed meanwhile is served at most that much later; one
	// that follows a change is not delayed. 0 is DefaultRecheckInterval.
	RecheckInterval time.Duration

	// Listening, if set, is called each time the listener listens again,
	// after it invalidated every tenant. Notified, if set, is called with
	// the payload of every notification, after the tenant was invalidated
	// or its invalidation merged (see RecheckInterval). Both run on the
	// listener's goroutine.
	Listening func()
	Notified  func(tenant string)
}

// ErrOptions is wrapped by New's error for options it cannot work with.
var ErrOptions = errors.New("pgsource: bad options")

// Source is a [tenant.Source] on PostgreSQL; its methods, Snapshot
// among them, are the tenant source's. Use [New], then [Source.Run].
type Source struct {
	*tenant.Source

	opts     Options
	log      *slog.Logger
	problems problemLog
	builds   builds
}

// New returns a Source configured by opts. It does not connect; the
// first request for a tenant reads it, and [Source.Run] follows changes.
func New(opts Options) (*Source, error) {
	switch {
	case opts.Pool == nil:
		return nil, fmt.Errorf("%w: Pool is nil", ErrOptions)
	case opts.Catalog == nil:
		return nil, fmt.Errorf("%w: Catalog is nil", ErrOptions)
	case opts.Tenant.Load != nil:
		return nil, fmt.Errorf("%w: Tenant.Load is set; pgsource loads the tenants", ErrOptions)
	}
	if _, err := opts.Catalog.Snapshot(nil); err != nil {
		return nil, fmt.Errorf("pgsource: %w", err)
	}
	s := &Source{opts: opts, log: opts.Logger}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.problems.log = s.log
	if s.opts.Query == nil {
		s.opts.Query = opts.Tables.Read
	}
	if s.opts.Channel == "" {
		s.opts.Channel = DefaultChannel
	}
	to := opts.Tenant
	if to.Tenant == nil {
		to.Tenant = func(ctx context.Context) (string, error) {
			if tenant, _ := tenant.FromContext(ctx); tenant != "" {
				return tenant, nil
			}
			return "", fmt.Errorf("pgsource: the request names no tenant: %w", theming.ErrUnknownTenant)
		}
	}
	if to.OnError == nil {
		to.OnError = func(tenant string, err error) {
			s.log.Warn("pgsource: tenant load failed", "tenant", tenant, "error", err)
		}
	}
	if to.Logger == nil {
		to.Logger = s.log
	}
	to.Load = s.load
	s.Source = tenant.NewSource(to)
	return s, nil
}

// load reads and builds one tenant, leniently: a theme that does not
// validate is left out and logged. Rows as they were at the tenant's last
// build give that build's snapshot again, so a notification that changed
// nothing costs a read, not a build and the re-rendering of every
// document served from the snapshot.
func (s *Source) load(ctx context.Context, tenant string) (*theming.Snapshot, error) {
	themes, err := s.opts.Query(ctx, s.opts.Pool, tenant)
	if err != nil {
		if errors.Is(err, theming.ErrUnknownTenant) {
			s.builds.forget(tenant)
		}
		return nil, err
	}
	sum := digest(themes)
	if snap := s.builds.reuse(tenant, sum); snap != nil {
		return snap, nil // its problems were logged when it was built
	}
	snap, err := s.opts.Catalog.SnapshotLenient(themes)
	s.problems.record(tenant, err)
	if snap == nil {
		return nil, err
	}
	s.builds.put(tenant, sum, snap)
	return snap, nil
}

// problemLog logs the problems of each tenant's themes once: a problem
// is logged when it first appears in a load of that tenant and again only
// if it went away and came back.
type problemLog struct {
	log    *slog.Logger
	mu     sync.Mutex
	logged map[string]map[string]bool // tenant -> problem text
}

// record takes the error of a lenient build of tenant: nil, or a
// *theming.ValidationError naming the themes left out.
func (pl *problemLog) record(tenant string, err error) {
	var ve *theming.ValidationError
	if err != nil && !errors.As(err, &ve) {
		pl.log.Error("pgsource: tenant build failed", "tenant", tenant, "error", err)
		return
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if ve == nil {
		delete(pl.logged, tenant)
		return
	}
	now := make(map[string]bool, len(ve.Problems))
	for _, p := range ve.Problems {
		key := p.Error()
		now[key] = true
		if pl.logged[tenant][key] {
			continue
		}
		pl.log.Error("pgsource: theme left out: it does not validate",
			"tenant", tenant, "theme", p.ThemeID, "component", p.ComponentID, "scheme", string(p.Scheme),
			"path", p.Path, "message", p.Msg)
	}
	if pl.logged == nil {
		pl.logged = map[string]map[string]bool{}
	}
	pl.logged[tenant] = now
}

// connConfig is the listener's connection settings: the pool's.
func (s *Source) connConfig() *pgx.ConnConfig {
	return s.opts.Pool.Config().ConnConfig.Copy()
}

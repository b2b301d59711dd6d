package pgsource

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/revision"
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
	// role that can connect may send them, naming any tenant: of the
	// notifications for built tenants, the first of an interval
	// invalidates its tenant at once, and those that follow within it are
	// merged, and the tenants they name re-checked together at its end,
	// in one read (with Query, one call per tenant in one transaction):
	// those whose rows changed are invalidated, the others keep their
	// snapshots. So a flood costs at most one read per RecheckInterval
	// however many tenants it names, and a change committed meanwhile is
	// served at most that much later; a notification for a tenant whose
	// last read found a change is not delayed. 0 is
	// DefaultRecheckInterval.
	RecheckInterval time.Duration

	// PublishPolicy is the policy a revision must pass to be published
	// through [Source.Revisions]; the zero value is WCAG 2 AA under
	// contrast.Both, theming's default.
	PublishPolicy contrast.Policy

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

// Source is a [tenant.Source] on PostgreSQL, whose other methods
// (Invalidate, LeftOut, ...) are the tenant source's, and the source of
// previews ([revision.WithPreview]) of the revisions [Source.Revisions]
// keeps. Use [New], then [Source.Run].
type Source struct {
	*tenant.Source

	opts     Options
	ownQuery bool // Options.Query is the host's, not Tables.Read
	log      *slog.Logger
	builds   builds
	previews theming.Source // the tenant source with previews
}

// New returns a Source configured by opts, once it has connected to the
// database: a bad connection string, an unreachable server or refused
// credentials are New's error, with the reason, rather than a listener
// that never connects, and so is a schema this release does not run on
// (an error wrapping [ErrSchemaNewer]). The first request for a tenant
// reads it, and [Source.Run] follows changes. New does not change the
// schema: apply [Migrate] first.
func New(ctx context.Context, opts Options) (*Source, error) {
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
	if err := opts.Pool.Ping(ctx); err != nil {
		return nil, fmt.Errorf("pgsource: connecting to the database: %w", err)
	}
	if _, err := checkSchema(ctx, opts.Pool); err != nil {
		return nil, err
	}
	s := &Source{opts: opts, log: opts.Logger}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.opts.Query == nil {
		s.opts.Query = opts.Tables.Read
	} else {
		s.ownQuery = true
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
			var ve *theming.ValidationError
			if !errors.As(err, &ve) { // the tenant source logs themes left out, once
				s.log.Warn("pgsource: tenant load failed", "tenant", tenant, "error", err)
			}
		}
	}
	if to.Logger == nil {
		to.Logger = s.log
	}
	to.Load = s.load
	s.Source = tenant.NewSource(to)
	s.previews = revision.PreviewSource(s.Source, to.Tenant, func(ctx context.Context, tenant string, themeID, n int) (theming.Theme, error) {
		r, err := s.Revisions().Revision(ctx, tenant, themeID, n)
		return r.Theme, err
	})
	return s, nil
}

// Snapshot returns the snapshot of the request's tenant, or, for a
// request that previews a revision ([revision.WithPreview]), that
// snapshot with the revision in place of its theme. It implements
// [theming.Source]; the errors are the tenant source's, and one wrapping
// [revision.ErrUnknownRevision] for a preview of a revision that does not
// exist.
func (s *Source) Snapshot(ctx context.Context) (*theming.Snapshot, error) {
	return s.previews.Snapshot(ctx)
}

// Revisions returns the revision store on the Source's pool, catalog,
// tables and publish policy. Its publishes reach every replica that runs
// [Source.Run], by the triggers' notifications.
func (s *Source) Revisions() Revisions {
	return Revisions{DB: s.opts.Pool, Catalog: s.opts.Catalog, Policy: s.opts.PublishPolicy, Tables: s.opts.Tables}
}

// load reads and builds one tenant, leniently: a theme that does not
// validate is left out, and the error saying so returned beside the
// snapshot. A theme left out is served as its live revision (theme_live),
// when it validates: the last good version of the theme; else as its
// stand-in (the catalog's defaults under its id and name, as migration 3
// gives a theme with no revision that validates): the same on every
// replica, restarted or not, whatever each served before. Rows as they were at the tenant's
// last build give that build's results again, so a notification that
// changed nothing costs a read, not a build and the re-rendering of every
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
	if snap, err := s.builds.reuse(tenant, sum); snap != nil {
		return snap, err
	}
	snap, err := s.opts.Catalog.SnapshotLenient(themes)
	if snap == nil {
		return nil, err
	}
	if ids := leftOut(err); len(ids) > 0 {
		snap = s.withLiveRevisions(ctx, tenant, themes, ids, snap)
	}
	s.builds.put(tenant, sum, snap, err)
	return snap, err
}

// leftOut returns the ids of the themes a lenient build's error names.
func leftOut(err error) []int {
	var ve *theming.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var ids []int
	for _, p := range ve.Problems {
		if p.ThemeID > 0 && !slices.Contains(ids, p.ThemeID) {
			ids = append(ids, p.ThemeID)
		}
	}
	return ids
}

// withLiveRevisions returns snap with each theme of ids served as its
// live revision, when it validates, else as its stand-in, built again
// from themes; snap itself when the database has no revision tables (a
// schema before migration 2, or a host's own tables), whose themes left
// out are served as each replica served them last.
func (s *Source) withLiveRevisions(ctx context.Context, tenant string, themes []theming.Theme, ids []int, snap *theming.Snapshot) *theming.Snapshot {
	rows, err := s.opts.Pool.Query(ctx, `select r.theme from theme_live l join theme_revisions r
		on r.tenant_id = l.tenant_id and r.theme_id = l.theme_id and r.number = l.number
		where l.tenant_id = $1 and l.theme_id = any($2)`, tenant, ids)
	if err != nil {
		return snap
	}
	live, err := pgx.CollectRows(rows, pgx.RowTo[theming.Theme])
	if err != nil {
		return snap
	}
	cc := s.opts.Catalog
	var served, kept []theming.Theme
	for _, t := range themes {
		if !slices.Contains(ids, t.ID) {
			kept = append(kept, t)
			continue
		}
		i := slices.IndexFunc(live, func(l theming.Theme) bool { return l.ID == t.ID })
		if i >= 0 && cc.CheckTheme(live[i]) == nil {
			served = append(served, live[i])
		} else {
			served = append(served, standIn(cc, t))
		}
	}
	if again, _ := cc.SnapshotLenient(append(kept, served...)); again != nil {
		return again
	}
	return snap
}

// connConfig is the listener's connection settings: the pool's.
func (s *Source) connConfig() *pgx.ConnConfig {
	return s.opts.Pool.Config().ConnConfig.Copy()
}

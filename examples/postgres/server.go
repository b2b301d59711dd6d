package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// config is what the flags set.
type config struct {
	MediaURL   string // the media base URL put in theme records; "" is /media/
	MaxTenants int    // tenants kept built; 0 is tenant.DefaultMaxTenants
	// CacheControl of the shared endpoints; "" is httpadapter's default.
	CacheControl string
	Logger       *slog.Logger
}

// app is one replica: a pool for loading tenants, the tenant source, the
// handler, and the listener that keeps the source current.
type app struct {
	pool     *pgxpool.Pool
	source   *tenant.Source
	listener *listener
	handler  http.Handler
}

// newApp connects to the database and wires the replica. It does not
// start the listener (see app.run).
func newApp(ctx context.Context, dsn string, cfg config) (*app, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	defaultCatalog, err := theming.DefaultCatalog()
	if err != nil {
		return nil, err
	}
	cat, err := theming.CompileCatalog(defaultCatalog)
	if err != nil {
		return nil, err
	}
	users, err := demo.LoadUsers("") // examples/server's demo users
	if err != nil {
		return nil, err
	}
	media, err := fs.Sub(theming.DefaultFS(), "media") // the images the seeded themes name
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	a := &app{pool: pool}
	problems := &problemLog{log: log}
	a.source = tenant.NewSource(tenant.Options{
		MaxTenants: cfg.MaxTenants,
		// A host name that names no tenant (an IP address, as health
		// checks and curl without a Host send) is a 404 without a trip
		// to the database.
		Tenant: func(ctx context.Context) (string, error) {
			if name, _ := tenant.FromContext(ctx); name != "" {
				return name, nil
			}
			return "", fmt.Errorf("postgres: the host name names no tenant: %w", theming.ErrUnknownTenant)
		},
		// Lenient: a theme that does not validate (a row written by raw
		// SQL) is left out and logged; the tenant's other themes are
		// served, and its next good change is too.
		Load: func(ctx context.Context, tenant string) (*theming.Snapshot, error) {
			themes, err := loadThemes(ctx, pool, tenant)
			if err != nil {
				return nil, err
			}
			s, err := cat.SnapshotLenient(themes)
			problems.record(tenant, err)
			return s, nil
		},
		OnError: func(tenant string, err error) {
			log.Warn("tenant load failed", "tenant", tenant, "error", err)
		},
	})
	a.listener = &listener{DSN: dsn, Source: a.source, Log: log}

	opts := httpadapter.Options{
		Source:         a.source,
		MediaBase:      cfg.MediaURL,
		Logger:         log,
		CacheControl:   cfg.CacheControl,
		PreferredTheme: demo.PreferredTheme(users),
		UserVary:       []string{demo.UserHeader},
		// The tenant is the Host: shared caches must key every
		// response, the catalog and the theme list included, by it.
		SourceVary: []string{"Host"},
	}
	mux := http.NewServeMux()
	api := httpadapter.New(opts)
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api)
	mux.Handle("/theme.css", httpadapter.Stylesheet(opts))
	mux.Handle("/media/", http.StripPrefix("/media/", demo.MediaHandler(media)))
	a.handler = withTenant(mux)
	return a, nil
}

// run keeps the tenants current until ctx is done.
func (a *app) run(ctx context.Context) { a.listener.run(ctx) }

// close releases the pool.
func (a *app) close() { a.pool.Close() }

// withTenant puts the request's tenant, the first label of its host name
// ("acme" for acme.localhost:8080), in its context for the tenant source.
func withTenant(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), tenantOf(r.Host))))
	})
}

// tenantOf returns the first label of host's name, lower-cased: "acme"
// for "acme.localhost:8080". It returns "", which names no tenant, for an
// IP address and for a label with characters other than letters, digits,
// "-" and "_".
func tenantOf(host string) string {
	if strings.HasPrefix(host, "[") {
		return "" // an IPv6 literal
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if net.ParseIP(host) != nil {
		return ""
	}
	label, _, _ := strings.Cut(host, ".")
	for i := 0; i < len(label); i++ {
		c := label[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return ""
		}
	}
	return strings.ToLower(label)
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
		pl.log.Error("tenant build failed", "tenant", tenant, "error", err)
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
		pl.log.Error("theme left out: it does not validate",
			"tenant", tenant, "theme", p.ThemeID, "component", p.ComponentID, "scheme", string(p.Scheme),
			"path", p.Path, "message", p.Msg)
	}
	if pl.logged == nil {
		pl.logged = map[string]map[string]bool{}
	}
	pl.logged[tenant] = now
}

package main

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/internal/demo"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/tenant"
)

// config is what the flags set.
type config struct {
	MediaURL   string // the media base URL put in theme records; "" is /media/
	MaxTenants int    // tenants kept built; 0 is tenant.DefaultMaxTenants
	CacheBytes int64  // the adapter's Options.CacheBytes; 0 is its default
	// CacheControl of the shared endpoints; "" is httpadapter's default.
	CacheControl string
	Logger       *slog.Logger
	// Tune, if set, adjusts the source's options before it is built (the
	// tests shorten the listener's delays).
	Tune func(*pgsource.Options)
	// LeftOutEvery is how often the replica logs the themes left out, in
	// one line, while there are any; 0 is a minute.
	LeftOutEvery time.Duration
	// CatalogFile is the catalog.json to serve; "" is the embedded one.
	CatalogFile string
}

// app is one replica: a pool for loading tenants, the tenant source that
// follows the database's changes, and the handler.
type app struct {
	pool         *pgxpool.Pool
	source       *pgsource.Source
	handler      http.Handler
	log          *slog.Logger
	leftOutEvery time.Duration
}

// newApp connects to the database, brings its schema to the version the
// library needs (every replica does: one migrates, the others wait) and
// wires the replica. It does not start following changes (see app.run).
func newApp(ctx context.Context, dsn string, cfg config) (*app, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	cat, err := loadCatalog(cfg.CatalogFile)
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
	if _, err := pgsource.Migrate(ctx, pool, cat); err != nil {
		pool.Close()
		return nil, err
	}
	opts := pgsource.Options{Pool: pool, Catalog: cat, Logger: log, Tenant: tenant.Options{MaxTenants: cfg.MaxTenants}}
	if cfg.Tune != nil {
		cfg.Tune(&opts)
	}
	source, err := pgsource.New(ctx, opts)
	if err != nil {
		pool.Close()
		return nil, err
	}
	a := &app{pool: pool, source: source, log: log, leftOutEvery: cmp.Or(cfg.LeftOutEvery, time.Minute)}

	hopts := httpadapter.Options{
		Source:         source,
		MediaBase:      cfg.MediaURL,
		Logger:         log,
		CacheControl:   cfg.CacheControl,
		CacheBytes:     cfg.CacheBytes,
		PreferredTheme: demo.PreferredTheme(users),
		UserVary:       []string{demo.UserHeader},
		// The tenant is the Host: shared caches must key every
		// response, the catalog and the theme list included, by it.
		SourceVary: []string{"Host"},
	}
	mux := http.NewServeMux()
	api := httpadapter.New(hopts)
	mux.Handle("/api/v2/theme/", api)
	mux.Handle("/api/v2/theme", api)
	mux.Handle("/theme.css", api.Stylesheet())
	mux.Handle("/media/", http.StripPrefix("/media/", demo.MediaHandler(media)))
	a.handler = withTenant(mux)
	return a, nil
}

// run keeps the tenants current, and says which themes are left out at
// a steady rate, until ctx is done.
func (a *app) run(ctx context.Context) {
	go a.reportLeftOut(ctx)
	_ = a.source.Run(ctx)
}

// reportLeftOut logs, every leftOutEvery while there are any, the themes
// the built tenants leave out, in one line: each as tenant/theme, with
// what is served in its place. Each problem was logged once, in full,
// when it appeared.
func (a *app) reportLeftOut(ctx context.Context) {
	tick := time.NewTicker(a.leftOutEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		left := a.source.LeftOut()
		if len(left) == 0 {
			continue
		}
		var b strings.Builder
		for i, lo := range left {
			if i > 0 {
				b.WriteString(", ")
			}
			served := "not served"
			if lo.LastGood {
				served = "last good version served"
			}
			fmt.Fprintf(&b, "%s/%d (%d problems, %s)", lo.Tenant, lo.ThemeID, len(lo.Problems), served)
		}
		a.log.Warn("themes left out", "count", len(left), "themes", b.String())
	}
}

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
// IP address, for a label longer than DNS allows (63 bytes) and for a
// label with characters other than letters, digits, "-" and "_".
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
	if len(label) > 63 {
		return ""
	}
	for i := 0; i < len(label); i++ {
		c := label[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return ""
		}
	}
	return strings.ToLower(label)
}

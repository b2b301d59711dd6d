// Command postgres is a themekit host that keeps its themes in
// PostgreSQL, per tenant, and serves them from any number of replicas that
// follow every committed change.
//
//	go run ./examples/postgres -dsn postgres://localhost/themes -seed
//	go run ./examples/postgres -dsn postgres://localhost/themes
//	curl http://acme.localhost:8080/api/v2/theme/
//
// It serves the four v2 endpoints (an httpadapter.Adapter) and the requesting
// user's theme as CSS at /theme.css for every tenant in the database, and
// the embedded default images (those the seeded themes name) under
// /media/, the default -media-url. The tenant is the first label of the
// request's host name (acme.localhost:8080 is the tenant acme); a host
// name that names no tenant is a 404.
//
// Flags:
//
//	-dsn URL          the PostgreSQL connection string (required)
//	-addr HOST:PORT   where to listen (default 127.0.0.1:8080)
//	-media-url URL    the media base URL in theme records (default /media/)
//	-max-tenants N    tenants kept built per replica (default 1000)
//	-cache-bytes N    bytes of served documents kept, in every coding,
//	                  across the tenants (default 8 MiB,
//	                  httpadapter.DefaultCacheBytes)
//	-cache-control V  Cache-Control of the catalog and the theme list
//	                  (default no-cache; behind nginx's proxy_cache, e.g.
//	                  "public, max-age=0, s-maxage=5")
//	-catalog FILE     the catalog.json to serve, decoded strictly
//	                  (theming.ParseCatalog); default: the embedded one
//	-left-out-every D how often to log the themes left out, in one line,
//	                  while there are any (default 1m)
//	-seed             migrate the schema, write the demo tenants (acme
//	                  with the four default themes, globex with themes 2
//	                  and 3, each saved and published as revision 1), and
//	                  exit
//
// The admin's save path writes through revisions (theming/revision, on
// pgsource.Revisions), the one write path of a database that keeps them:
//
//	go run ./examples/postgres -dsn ... set-color -tenant acme -theme 1 \
//	    -component nav-bar -scheme light -value 'hsl(10, 80%, 25%)' \
//	    -author alice -note 'darker nav bar'
//
// takes the theme's live revision, sets one override (an empty value,
// -value=, removes it), saves it as a new revision and publishes it, if
// the WCAG 2 AA contrast policy passes it. An edit that makes the theme
// invalid is refused with the problem's message and changes nothing. A
// publish that is refused, or that finds another revision gone live or
// the theme's rows changed past the store (plain SQL: the change is then
// recorded in the theme's history, and live when it validates), leaves
// the new revision as a draft and says so; run set-color again to edit
// what is live now.
//
// # How the replicas stay current
//
// The tenant source is theming/pgsource's; this command is a thin host
// around it. Triggers on tenants, themes and theme_colors (pgsource's
// schema.sql) send NOTIFY themekit_tenant with the tenant id on every
// committed change. Each
// replica LISTENs on a connection of its own and invalidates that tenant
// in its tenant.Source, whose next request reloads it. After a lost
// connection the replica reconnects with backoff, LISTENs again and
// invalidates every built tenant, so a change made meanwhile is not
// missed. Nothing polls.
//
// Every replica migrates the schema at start (pgsource.Migrate: one
// migrates, the others wait for it under an advisory lock).
//
// A theme that does not validate (a row written by raw SQL, past the
// admin path) is served as its live revision, the last good version of
// it, on every replica, and logged once with the tenant, theme id,
// component and message; a tenant with no servable theme is served the
// catalog's defaults. While any theme is left out, one line a minute
// (-left-out-every) lists them.
//
// The user rule is the demo's of examples/server: the X-Demo-User request
// header names the user, and alice, bob, carol, dave and mallory prefer
// themes 2, 3, 4, 1 and 99. Anyone can send any name.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"

	"github.com/themekit/themekit/internal/demo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program; it returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("postgres", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dsn := fl.String("dsn", "", "PostgreSQL connection `URL` (required)")
	addr := fl.String("addr", "127.0.0.1:8080", "`host:port` to listen on")
	mediaURL := fl.String("media-url", "", "media base `URL` in theme records (default /media/)")
	maxTenants := fl.Int("max-tenants", tenant.DefaultMaxTenants, "tenants kept built per replica")
	cacheBytes := fl.Int64("cache-bytes", httpadapter.DefaultCacheBytes, "bytes of served documents kept, in every coding, across the tenants")
	cacheControl := fl.String("cache-control", "", "Cache-Control of the catalog and the theme list (default no-cache)")
	doSeed := fl.Bool("seed", false, "migrate the schema, write the demo tenants, and exit")
	catalogFile := fl.String("catalog", "", "the catalog.json `file` to serve (default: the embedded catalog)")
	leftOutEvery := fl.Duration("left-out-every", time.Minute, "how often to log the themes left out, while there are any")
	var timeouts demo.Timeouts
	timeouts.Flags(fl)
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *dsn == "" {
		fmt.Fprintln(stderr, "postgres: -dsn is required")
		return 2
	}
	// The media-base rule is theming's: a bad base is a usage error at start.
	if _, err := theming.NormalizeMediaBase(*mediaURL); err != nil {
		fmt.Fprintf(stderr, "postgres: -media-url: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))

	switch {
	case fl.NArg() > 0 && fl.Arg(0) == "set-color":
		return runSetColor(ctx, *dsn, *catalogFile, fl.Args()[1:], stdout, stderr)
	case fl.NArg() > 0:
		fmt.Fprintf(stderr, "postgres: unknown command %q (want set-color, or none to serve)\n", fl.Arg(0))
		return 2
	case *doSeed:
		conn, err := pgx.Connect(ctx, *dsn)
		if err != nil {
			fmt.Fprintf(stderr, "postgres: %v\n", err)
			return 1
		}
		defer conn.Close(context.Background())
		if err := seed(ctx, conn); err != nil {
			fmt.Fprintf(stderr, "postgres: seed: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, "seeded: tenants acme (themes 1-4) and globex (themes 2, 3)")
		return 0
	}

	a, err := newApp(ctx, *dsn, config{MediaURL: *mediaURL, MaxTenants: *maxTenants, CacheBytes: *cacheBytes, CacheControl: *cacheControl, Logger: log, LeftOutEvery: *leftOutEvery, CatalogFile: *catalogFile})
	if err != nil {
		fmt.Fprintf(stderr, "postgres: %v\n", err)
		return 1
	}
	defer a.close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "postgres: %v\n", err)
		return 1
	}
	hs := demo.NewHTTPServer(a.handler, log, timeouts)
	go a.run(ctx)
	log.Info("serving", "addr", ln.Addr().String(), "try", "http://acme.localhost:"+port(ln.Addr())+"/api/v2/theme/")
	if err := demo.Serve(ctx, hs, ln, log); err != nil {
		fmt.Fprintf(stderr, "postgres: %v\n", err)
		return 1
	}
	return 0
}

func port(a net.Addr) string {
	_, p, _ := net.SplitHostPort(a.String())
	return p
}

// runSetColor is the set-color command: one color override of one theme,
// checked before it commits.
func runSetColor(ctx context.Context, dsn, catalogFile string, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("set-color", flag.ContinueOnError)
	fl.SetOutput(stderr)
	tenant := fl.String("tenant", "", "the `tenant` id")
	themeID := fl.Int("theme", 0, "the theme `id`")
	component := fl.String("component", "", "the component `id`")
	scheme := fl.String("scheme", "", "light or dark")
	value := fl.String("value", "", "a color (#hex, hsl(), rgb(), oklch(), oklab(), color(display-p3 …)) or a component id; '' removes the override")
	author := fl.String("author", "set-color", "who makes the change, for the theme's history and publish log")
	note := fl.String("note", "", "why, for the theme's history and publish log")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	var missing []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"-tenant", *tenant != ""}, {"-theme", *themeID != 0}, {"-component", *component != ""}, {"-scheme", *scheme != ""}} {
		if !f.set {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 || fl.NArg() > 0 {
		fmt.Fprintf(stderr, "set-color: need -tenant, -theme, -component, -scheme and -value (missing %s)\n", strings.Join(missing, ", "))
		return 2
	}
	sc := theming.Scheme(*scheme)
	if sc != theming.Light && sc != theming.Dark {
		fmt.Fprintf(stderr, "set-color: -scheme %q: want light or dark\n", *scheme)
		return 2
	}
	cat, err := loadCatalog(catalogFile)
	if err != nil {
		fmt.Fprintf(stderr, "set-color: %v\n", err)
		return 1
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		fmt.Fprintf(stderr, "set-color: %v\n", err)
		return 1
	}
	defer conn.Close(context.Background())

	revs := pgsource.Revisions{DB: conn, Catalog: cat}
	r, err := setColor(ctx, revs, *tenant, *themeID, *component, sc, *value, revision.Change{Author: *author, Note: *note})
	var (
		ve       *theming.ValidationError
		refused  *revision.RefusedError
		conflict *revision.ConflictError
	)
	switch {
	case errors.As(err, &ve):
		fmt.Fprintf(stderr, "set-color: refused, nothing changed:\n")
		for _, p := range ve.Problems {
			fmt.Fprintf(stderr, "  tenant %s: %s\n", *tenant, p)
		}
		return 1
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "set-color: saved as revision %d, not published: %v\n", r.Number, err)
		for _, ff := range refused.Report.ByField() {
			fmt.Fprintf(stderr, "  %s: %d contrast rules fail\n", ff.Field, len(ff.Failing))
		}
		return 1
	case errors.As(err, &conflict):
		fmt.Fprintf(stderr, "set-color: saved as revision %d, not published: %v\n", r.Number, err)
		if conflict.Outside {
			fmt.Fprintf(stderr, "  the change made past the store is in theme %d's history; run set-color again to edit what is live now\n", *themeID)
		}
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "set-color: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "tenant %s: theme %d: colors.%s.%s = %q: revision %d, live\n", *tenant, *themeID, *component, sc, *value, r.Number)
	return 0
}

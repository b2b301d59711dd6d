package pgsource_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// A replica: the schema migrated, a Source on the pool, its listener run
// for as long as the replica serves, and the Source given to httpadapter.
// A middleware puts each request's tenant in its context.
func Example() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://localhost/themes")
	if err != nil {
		log.Fatal(err)
	}
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	// Every replica may migrate: one does, the others wait. A replica of
	// a release the schema has left behind stops here, with
	// pgsource.ErrSchemaNewer.
	if _, err := pgsource.Migrate(ctx, pool, cc); err != nil {
		log.Fatal(err)
	}
	source, err := pgsource.New(ctx, pgsource.Options{Pool: pool, Catalog: cc}) // connects, or says why not
	if err != nil {
		log.Fatal(err)
	}
	go source.Run(ctx)

	api := httpadapter.New(httpadapter.Options{Source: source, SourceVary: []string{"Host"}})
	withTenant := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(tenant.With(r.Context(), r.Host)))
		})
	}
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", withTenant(api)))
}

// New checks its options before it connects.
func ExampleNew_error() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	_, err := pgsource.New(context.Background(), pgsource.Options{Catalog: cc})
	fmt.Println(err)
	fmt.Println(errors.Is(err, pgsource.ErrOptions))
	// Output:
	// pgsource: bad options: Pool is nil
	// true
}

// Migrate checks its arguments before it connects.
func ExampleMigrate_error() {
	_, err := pgsource.Migrate(context.Background(), nil, nil)
	fmt.Println(err)
	fmt.Println(errors.Is(err, pgsource.ErrOptions))
	// Output:
	// pgsource: bad options: Migrate's catalog is nil
	// true
}

// An editor's round: the theme's state read without its history (Head),
// the revision to edit, a save from it and a publish over the live one;
// each conflict says what changed meanwhile, a change made past the
// store (plain SQL) among them.
func ExampleRevisions() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://localhost/themes")
	if err != nil {
		log.Fatal(err)
	}
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	revs := pgsource.Revisions{DB: pool, Catalog: cc} // or source.Revisions()
	alice := revision.Change{Author: "alice", Note: "darker nav bar"}

	head, err := revs.Head(ctx, "acme", 1)
	if err != nil {
		log.Fatal(err)
	}
	r, err := revs.Revision(ctx, "acme", 1, head.Newest)
	if err != nil {
		log.Fatal(err)
	}
	t := r.Theme
	t.SetOverride("nav-bar", theming.Light, "hsl(214, 60%, 20%)")
	saved, err := revs.Save(ctx, "acme", t, head.Newest, alice)
	if err != nil {
		log.Fatal(err) // a *theming.ValidationError, or a conflict: someone saved meanwhile
	}
	err = revs.Publish(ctx, "acme", 1, saved.Number, head.Live, alice)
	var conflict *revision.ConflictError
	switch {
	case errors.As(err, &conflict) && conflict.Outside:
		fmt.Println("the theme was changed past the store, recorded as revision", conflict.Recorded, conflict.Drift)
	case errors.As(err, &conflict):
		fmt.Println("revision", conflict.Now, "went live meanwhile")
	case err != nil:
		log.Fatal(err) // a *revision.RefusedError: the contrast audit
	}
	// What was live an hour ago, and who made it so.
	p, err := revs.LiveAt(ctx, "acme", 1, time.Now().Add(-time.Hour))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("revision", p.To, "made live by", p.Author, "at", p.At)
}

// On a database that keeps revisions, Tables.Save writes nothing and
// names the revision API; on one of the contract alone it checks the
// theme with CheckTheme in the transaction that writes it.
func ExampleTables_Save() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://localhost/themes")
	if err != nil {
		log.Fatal(err)
	}
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	theme := theming.Theme{ID: 5, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "oklch(62% 0.19 260)"}}}
	err = pgsource.Tables{}.Save(ctx, pool, cc, "acme", theme)
	var ve *theming.ValidationError
	switch {
	case errors.Is(err, pgsource.ErrUseRevisions):
		fmt.Println(err) // save with Revisions.Save, then Revisions.Publish
	case errors.As(err, &ve):
		for _, p := range ve.Problems {
			fmt.Println(p.Path, "-", p.Msg)
		}
	}
}

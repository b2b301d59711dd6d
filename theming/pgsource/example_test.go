package pgsource_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/themekit/themekit/httpadapter"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/pgsource"
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
	if _, err := pgsource.Migrate(ctx, pool); err != nil { // every replica may: one migrates, the others wait
		log.Fatal(err)
	}
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
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

// An admin's save: checked with CheckTheme in the transaction that
// writes it; a theme that does not validate is refused with its
// problems and nothing is written.
func ExampleTables_Save() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://localhost/themes")
	if err != nil {
		log.Fatal(err)
	}
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	theme := theming.Theme{ID: 5, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "#1a73e8"}}}
	err = pgsource.Tables{}.Save(ctx, pool, cc, "acme", theme)
	var ve *theming.ValidationError
	if errors.As(err, &ve) {
		for _, p := range ve.Problems {
			fmt.Println(p.Path, "-", p.Msg)
		}
	}
}

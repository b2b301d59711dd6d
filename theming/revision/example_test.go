package revision_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/fix"
	"github.com/themekit/themekit/theming/revision"
	"github.com/themekit/themekit/theming/tenant"
)

// An admin's edits over time: a draft saved, its publish refused by the
// contrast policy, a fixed draft published, another admin's stale save
// refused, and a rollback.
func Example() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{}) // publish only what passes WCAG 2 AA
	ctx := context.Background()
	alice := revision.Change{Author: "alice", Note: "brand colors"}

	draft := theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 80%)"}}}
	r1, _ := store.Save(ctx, "acme", draft, 0, alice) // saved: contrast need not pass yet
	err := store.Publish(ctx, "acme", 1, r1.Number, 0, alice)
	var refused *revision.RefusedError
	if errors.As(err, &refused) {
		fmt.Println("refused:", len(refused.Report.ByField()), "field fails", refused.Report.Failed, "rules")
	}

	fixed, _, _ := fix.New(cc).FixTheme(draft, fix.FixOptions{})
	r2, _ := store.Save(ctx, "acme", fixed, r1.Number, alice)
	fmt.Println("publish:", store.Publish(ctx, "acme", 1, r2.Number, 0, alice))

	_, err = store.Save(ctx, "acme", draft, r1.Number, revision.Change{Author: "bob"}) // bob edited revision 1
	fmt.Println(errors.Is(err, revision.ErrConflict), err)

	history, _ := store.History(ctx, "acme", 1)
	for _, r := range history {
		var fields []string
		for _, c := range r.Changes {
			fields = append(fields, c.Field)
		}
		fmt.Println(r.Number, r.Author, r.Live, fields)
	}

	fmt.Println("rollback:", store.Publish(ctx, "acme", 1, r1.Number, r2.Number, alice) != nil) // r1 fails the policy too
	// Output:
	// refused: 1 field fails 27 rules
	// publish: <nil>
	// true revision: conflict: save of theme 1 from revision 1, but revision 2 is now the newest one
	// 2 alice true [colors.primary.light]
	// 1 alice false [colors.primary.light name]
	// rollback: true
}

// A request whose context carries a preview sees the draft; every other
// request the live theme. A host's middleware decides who may preview.
func ExampleWithPreview() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := tenant.With(context.Background(), "acme")
	r1, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Live"}, 0, revision.Change{})
	_ = store.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{})
	r2, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Draft"}, r1.Number, revision.Change{})

	for _, c := range []context.Context{ctx, revision.WithPreview(ctx, 1, r2.Number)} {
		snap, _ := store.Snapshot(c)
		rt, _ := snap.ChooseTheme(0)
		_, preview := snap.Previewing()
		fmt.Println(rt.Name(), preview)
	}
	// Output:
	// Live false
	// Draft true
}

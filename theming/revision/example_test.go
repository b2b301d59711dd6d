package revision_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/themekit/themekit/contrast"
	"github.com/themekit/themekit/theming"
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
	_ = store.CreateTenant(ctx, "acme")
	alice := revision.Change{Author: "alice", Note: "brand colors"}

	draft := theming.Theme{ID: 1, Name: "Brand", Colors: map[string]theming.PerScheme{"primary": {Light: "hsl(214, 82%, 80%)"}}}
	r1, _ := store.Save(ctx, "acme", draft, 0, alice) // saved: contrast need not pass yet
	err := store.Publish(ctx, "acme", 1, r1.Number, 0, alice)
	var refused *revision.RefusedError
	if errors.As(err, &refused) {
		fmt.Println("refused:", len(refused.Report.ByField()), "field fails", refused.Report.Failed, "rules")
	}

	fixed, _, _ := cc.FixTheme(draft, theming.FixOptions{})
	r2, _ := store.Save(ctx, "acme", fixed, r1.Number, alice)
	fmt.Println("publish:", store.Publish(ctx, "acme", 1, r2.Number, 0, alice))

	_, err = store.Save(ctx, "acme", draft, r1.Number, revision.Change{Author: "bob"}) // bob edited revision 1
	fmt.Println(errors.Is(err, revision.ErrConflict), err)

	history, _ := store.History(ctx, "acme", 1, revision.Page{}) // the newest DefaultLimit
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
	_ = store.CreateTenant(ctx, "acme")
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

// An editor needs two numbers, not the history: the base of its save and
// the live revision its publish replaces. Head gives both without reading
// a revision.
func ExampleMemory_Head() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	by := revision.Change{Author: "alice"}

	h, _ := store.Head(ctx, "acme", 1) // a theme never saved: the zero Head
	r, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, h.Newest, by)
	_ = store.Publish(ctx, "acme", 1, r.Number, h.Live, by)
	h, _ = store.Head(ctx, "acme", 1)
	fmt.Printf("%+v\n", h)

	edit, _ := store.Revision(ctx, "acme", 1, h.Newest) // the revision the form edits
	edit.Theme.Name = "Harbor II"
	r, _ = store.Save(ctx, "acme", edit.Theme, h.Newest, by)
	fmt.Println(r.Number, r.Changes)
	// Output:
	// {Newest:1 Live:1 Deleted:false}
	// 2 [{name Harbor Harbor II}]
}

// Every change of what is served is logged; LiveAt says what was live at
// an instant, and who made it so.
func ExampleMemory_LiveAt() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	r1, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{Author: "alice"})
	r2, _ := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor II"}, r1.Number, revision.Change{Author: "alice"})
	_ = store.Publish(ctx, "acme", 1, r1.Number, 0, revision.Change{Author: "alice", Note: "launch"})
	time.Sleep(time.Millisecond)
	tuesday := time.Now()
	time.Sleep(time.Millisecond)
	_ = store.Publish(ctx, "acme", 1, r2.Number, r1.Number, revision.Change{Author: "bob", Note: "new season"})
	_ = store.Publish(ctx, "acme", 1, r1.Number, r2.Number, revision.Change{Author: "carol", Note: "roll back"})

	p, _ := store.LiveAt(ctx, "acme", 1, tuesday)
	fmt.Println("then: revision", p.To, "by", p.Author)
	log, _ := store.Log(ctx, "acme", 1, revision.Page{})
	for _, e := range log {
		fmt.Println(e.Seq, e.Action, e.From, "->", e.To, e.Author, e.Note)
	}
	// Output:
	// then: revision 1 by alice
	// 3 publish 2 -> 1 carol roll back
	// 2 publish 1 -> 2 bob new season
	// 1 publish 0 -> 1 alice launch
}

// A history is read a page at a time, newest first: the next page starts
// below the last revision of this one.
func ExamplePage() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	for n := range 5 {
		_, _ = store.Save(ctx, "acme", theming.Theme{ID: 1, Name: fmt.Sprint("Harbor ", n+1)}, n, revision.Change{})
	}
	for page := (revision.Page{Limit: 2}); ; {
		h, _ := store.History(ctx, "acme", 1, page)
		if len(h) == 0 {
			break
		}
		var numbers []int
		for _, r := range h {
			numbers = append(numbers, r.Number)
		}
		fmt.Println(numbers)
		page.Before = h[len(h)-1].Number
	}
	// Output:
	// [5 4]
	// [3 2]
	// [1]
}

// A deleted theme is served no more and takes no change; its history is
// kept, with nothing live.
func ExampleMemory_Delete() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()
	_ = store.CreateTenant(ctx, "acme")
	r, _ := store.Save(ctx, "acme", theming.Theme{ID: 3, Name: "Winter"}, 0, revision.Change{})
	_ = store.Publish(ctx, "acme", 3, r.Number, 0, revision.Change{})

	err := store.Delete(ctx, "acme", 3, 0, revision.Change{Author: "dave"}) // dave saw nothing live
	fmt.Println(err)
	fmt.Println(store.Delete(ctx, "acme", 3, r.Number, revision.Change{Author: "dave", Note: "season over"}))
	h, _ := store.Head(ctx, "acme", 3)
	fmt.Printf("%+v\n", h)
	_, err = store.Save(ctx, "acme", theming.Theme{ID: 3, Name: "Winter again"}, h.Newest, revision.Change{})
	fmt.Println(errors.Is(err, revision.ErrDeleted), err)
	// Output:
	// revision: conflict: delete of theme 3 from revision 0, but revision 1 is now the live one
	// <nil>
	// {Newest:1 Live:0 Deleted:true}
	// true revision: the theme was deleted: theme 3
}

// A store keeps what every store can keep: a tenant that does not exist,
// a name no tenant can have and a note over its bound are errors of
// their own, whatever the store.
func ExampleMemory_CreateTenant() {
	cat, _ := theming.DefaultCatalog()
	cc, _ := theming.CompileCatalog(cat)
	store := revision.NewMemory(cc, contrast.Policy{})
	ctx := context.Background()

	_, err := store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{})
	fmt.Println(errors.Is(err, theming.ErrUnknownTenant), err) // a save makes no tenant
	fmt.Println(store.CreateTenant(ctx, "acme"))
	err = store.CreateTenant(ctx, "acme")
	fmt.Println(errors.Is(err, revision.ErrTenantExists), err)
	err = store.CreateTenant(ctx, "ac\x00me")
	fmt.Println(errors.Is(err, revision.ErrInput), err)
	_, err = store.Save(ctx, "acme", theming.Theme{ID: 1, Name: "Harbor"}, 0, revision.Change{Note: strings.Repeat("n", revision.MaxNoteLen+1)})
	fmt.Println(errors.Is(err, revision.ErrInput), err)
	// Output:
	// true revision: tenant "acme": theming: unknown tenant
	// <nil>
	// true revision: the tenant exists: "acme"
	// true revision: tenant: a name with a NUL byte
	// true revision: note: 4097 bytes; the limit is 4096
}
